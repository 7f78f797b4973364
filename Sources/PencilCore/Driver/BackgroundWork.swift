#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Work done on a thread of its own while the caller goes on: an adaptive
/// picture's dark appearance is compiled beside the light one's lowering,
/// so a second appearance costs little wall time on a machine with two
/// cores. A plain POSIX thread: the library depends on nothing beyond the
/// C library. When no thread can be made, the work is done by `join`.
// Unchecked: the new thread runs `run` alone; `join` reads its result after `pthread_join`.
final class BackgroundWork<Result>: @unchecked Sendable {
  private var work: (() -> Result)?
  private var result: Result?
  #if canImport(Darwin)
    private var thread: pthread_t?
  #else
    private var thread = pthread_t()
  #endif
  private var started = false

  init(_ work: @escaping () -> Result) {
    self.work = work
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    // As much stack as the main thread has: checking recurses as deep as
    // the nesting limit allows.
    pthread_attr_setstacksize(&attributes, 64 << 20)
    let context = Unmanaged.passRetained(Runner(self)).toOpaque()
    if pthread_create(&thread, &attributes, runOnThread, context) == 0 {
      started = true
    } else {
      Unmanaged<Runner>.fromOpaque(context).release()
    }
  }

  /// Waits for the work and returns its result (doing it here if no
  /// thread could be started).
  func join() -> Result? {
    if started {
      #if canImport(Darwin)
        if let thread { pthread_join(thread, nil) }
      #else
        pthread_join(thread, nil)
      #endif
      started = false
    }
    if result == nil, let work {
      result = work()
    }
    work = nil
    return result
  }

  fileprivate func run() {
    result = work?()
    work = nil
  }
}

/// Type-erased so a C function pointer (which captures nothing) can run it.
private final class Runner {
  let body: () -> Void
  init<Result>(_ work: BackgroundWork<Result>) { body = { work.run() } }
}

#if canImport(Darwin)
  private func runOnThread(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<Runner>.fromOpaque(context).takeRetainedValue().body()
    return nil
  }
#else
  private func runOnThread(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<Runner>.fromOpaque(context).takeRetainedValue().body()
    return nil
  }
#endif
