import PencilPreview

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files a run's imports asked for, found or not, for `--watch`: an
/// import of a file that does not exist yet must be rebuilt when it
/// appears. Jobs on several threads note paths at once, under a lock. Each
/// path keeps its stamp from before its first read, so a change after that
/// read and before the watch is armed is not lost.
// Unchecked: `paths` is only touched under the pthread mutex `lock`.
final class ImportRecorder: @unchecked Sendable {
  private var paths: [String: FileStamp] = [:]
  private let lock: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    lock = .allocate(capacity: 1)
    lock.initialize(to: pthread_mutex_t())
    pthread_mutex_init(lock, nil)
  }

  deinit {
    pthread_mutex_destroy(lock)
    lock.deallocate()
  }

  func note(_ path: String) {
    let stamp = FileStamp(path)
    pthread_mutex_lock(lock)
    if paths[path] == nil { paths[path] = stamp }
    pthread_mutex_unlock(lock)
  }

  /// Every path noted since the last call, with its first stamp; the
  /// record starts empty again.
  func take() -> [String: FileStamp] {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    let taken = paths
    paths = [:]
    return taken
  }
}
