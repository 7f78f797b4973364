#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way any target starts a thread: a POSIX thread that can be
/// joined (the library depends on nothing beyond the C library).
///
/// `@unchecked Sendable`: `thread` and `started` are written by `init` and
/// by `join`, which only the thread that made it calls.
public final class WorkerThread: @unchecked Sendable {
  /// As much stack as the main thread has: checking recurses as deep as
  /// the nesting limit allows, so a thread that compiles needs this much.
  public static let compilerStackSize = 64 << 20

  #if canImport(Darwin)
    private var thread: pthread_t?
  #else
    private var thread = pthread_t()
  #endif
  private var started = false
  private let body: @Sendable () -> Void

  /// Starts `body` on a new thread with `stackSize` bytes of stack (the
  /// system's default when nil); nil when no thread can be made.
  public init?(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) {
    self.body = body
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
    let context = Unmanaged.passRetained(self).toOpaque()
    guard pthread_create(&thread, &attributes, runWorkerThread, context) == 0 else {
      Unmanaged<WorkerThread>.fromOpaque(context).release()
      return nil
    }
    started = true
  }

  /// Waits for the thread to end.
  public func join() {
    guard started else { return }
    started = false
    #if canImport(Darwin)
      if let thread { pthread_join(thread, nil) }
    #else
      pthread_join(thread, nil)
    #endif
  }

  fileprivate func run() { body() }
}

#if canImport(Darwin)
  private func runWorkerThread(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<WorkerThread>.fromOpaque(context).takeRetainedValue().run()
    return nil
  }
#else
  private func runWorkerThread(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<WorkerThread>.fromOpaque(context).takeRetainedValue().run()
    return nil
  }
#endif

/// Work done on a thread of its own while the caller goes on: an adaptive
/// picture's dark appearance is compiled beside the light one's lowering,
/// so a second appearance costs little wall time on a machine with two
/// cores. When no thread can be made, the work is done by `join`.
///
/// `@unchecked Sendable`: `work` and `result` are written by the thread
/// before `join` returns from `pthread_join`, and read only after it.
public final class BackgroundWork<Result>: @unchecked Sendable {
  private var work: (() -> Result)?
  private var result: Result?
  private var thread: WorkerThread?

  public init(_ work: @escaping () -> Result) {
    self.work = work
    thread = WorkerThread(stackSize: WorkerThread.compilerStackSize) { [self] in run() }
  }

  /// Waits for the work and returns its result (doing it here if no
  /// thread could be started).
  public func join() -> Result? {
    thread?.join()
    thread = nil
    if result == nil, let work { result = work() }
    work = nil
    return result
  }

  private func run() {
    result = work?()
    work = nil
  }
}
