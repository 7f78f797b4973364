import PencilCore
import PencilPreview

/// The files a run's imports asked for, found or not, for `--watch`: an
/// import of a file that does not exist yet must be rebuilt when it
/// appears. Jobs on several threads note paths at once, under a lock. Each
/// path keeps its stamp from before its first read, so a change after that
/// read and before the watch is armed is not lost.
final class ImportRecorder: Sendable {
  private let paths = Locked<[String: FileStamp]>([:])

  func note(_ path: String) {
    let stamp = FileStamp(path)
    paths.withLock { paths in
      if paths[path] == nil { paths[path] = stamp }
    }
  }

  /// Every path noted since the last call, with its first stamp; the
  /// record starts empty again.
  func take() -> [String: FileStamp] {
    paths.withLock { paths in
      defer { paths = [:] }
      return paths
    }
  }
}
