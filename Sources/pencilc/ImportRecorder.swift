#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files a run's imports asked for, found or not, for `--watch`: an
/// import of a file that does not exist yet must be rebuilt when it
/// appears. Jobs on several threads note paths at once, under a lock.
final class ImportRecorder: @unchecked Sendable {
  private var paths: Set<String> = []
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
    pthread_mutex_lock(lock)
    paths.insert(path)
    pthread_mutex_unlock(lock)
  }

  /// Every path noted since the last call, sorted; the set starts empty again.
  func take() -> [String] {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    let taken = paths.sorted()
    paths = []
    return taken
  }
}
