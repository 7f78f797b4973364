import PencilSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Ctrl-C and `kill` for a long-running server: SIGINT and SIGTERM are
/// blocked in every thread (call `install` on the main thread before any
/// other starts, so all inherit the mask), and one thread takes them with
/// `sigwait` and calls `action` (for each signal) in ordinary code, where a signal handler
/// could do almost nothing (it may not take a lock). `SIGPIPE` is ignored:
/// a client gone mid-write is an error return, not the end of the process.
public enum ShutdownSignals {
  public static func install(_ action: @escaping @Sendable () -> Void) {
    signal(SIGPIPE, SIG_IGN)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &set, nil)
    let blocked = set
    let started = WorkerThread(stackSize: 64 << 10) {
      var received: Int32 = 0
      var waited = blocked
      while true {
        if sigwait(&waited, &received) == 0 { action() }
      }
    }
    // Without a thread, the signals' default action (ending the process) is best.
    if started == nil { pthread_sigmask(SIG_UNBLOCK, &set, nil) }
  }
}
