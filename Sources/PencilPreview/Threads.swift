#if canImport(Glibc)
  import Glibc
#endif

/// A mutex with a condition variable, over pthreads (the library uses
/// nothing beyond the C library).
// Unchecked: a pthread mutex and condition are made to be shared; the pointers never change.
final class Lock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init() {
    mutex.initialize(to: pthread_mutex_t())
    condition.initialize(to: pthread_cond_t())
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  func withLock<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Inside `withLock`: releases the lock until `signal`.
  func wait() { pthread_cond_wait(condition, mutex) }

  /// Inside `withLock`: wakes every waiter.
  func signal() { pthread_cond_broadcast(condition) }
}

/// A POSIX thread that can be joined.
// Unchecked: `body` runs only on the new thread; `thread` and `started` only in `init` and `join`.
final class WorkerThread: @unchecked Sendable {
  private var thread = pthread_t()
  private var started = false
  private let body: () -> Void

  /// Starts `body` on a new thread with `stackSize` bytes of stack (64 MiB
  /// for compiling: checking recurses as deep as the nesting limit allows);
  /// nil when no thread can be made.
  init?(stackSize: Int = 1 << 20, _ body: @escaping () -> Void) {
    self.body = body
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    let context = Unmanaged.passRetained(self).toOpaque()
    let created = pthread_create(
      &thread, &attributes,
      { context in
        guard let context else { return nil }
        let worker = Unmanaged<WorkerThread>.fromOpaque(context).takeRetainedValue()
        worker.body()
        return nil
      }, context)
    guard created == 0 else {
      Unmanaged<WorkerThread>.fromOpaque(context).release()
      return nil
    }
    started = true
  }

  /// Waits for the thread to end.
  func join() {
    guard started else { return }
    started = false
    pthread_join(thread, nil)
  }
}

/// Seconds on a monotonic clock.
func monotonicNow() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}
