#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one lock of every target: a POSIX mutex with a condition variable
/// (the library depends on nothing beyond the C library). `wait` and
/// `signal` are for a caller inside `withLock` that waits for a state
/// another thread makes (a worker waiting for a job, a job for its turn).
///
/// `@unchecked Sendable`: the mutex and the condition live behind pointers
/// that never change, and are used only through the pthread calls.
public final class Lock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  public init() {
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

  public func withLock<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Inside `withLock`: releases the lock until `signal`, then takes it
  /// again. Call it in a loop over the awaited condition.
  public func wait() { pthread_cond_wait(condition, mutex) }

  /// Inside `withLock`: wakes every waiter.
  public func signal() { pthread_cond_broadcast(condition) }
}

/// A value reached only under its own `Lock`, for state shared by the
/// threads of one compilation (the files it read) or of a command.
public final class Locked<Value> {
  private let lock = Lock()
  private var value: Value

  public init(_ value: Value) { self.value = value }

  public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    try lock.withLock { try body(&value) }
  }
}

/// `@unchecked`: the value is read and written only inside `withLock`.
extension Locked: @unchecked Sendable where Value: Sendable {}
