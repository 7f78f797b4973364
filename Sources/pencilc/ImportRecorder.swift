import PencilPreview
import PencilSupport
import PencilWorld

/// The files a run's imports asked for, found or not, for `--watch`: an
/// import of a file that does not exist yet must be rebuilt when it
/// appears. Each job adds its World's watch list, from several threads at
/// once, under a lock. Each path keeps its stamp from before its first
/// read, so a change after that read and before the watch is armed is not
/// lost.
final class ImportRecorder: Sendable {
  private let paths = Locked<[String: FileStamp]>([:])

  func add(_ watchList: [String: FileStamp]) {
    paths.withLock { $0.merge(watchList) { first, _ in first } }
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
