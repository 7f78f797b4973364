import CSignalCleanup
import PencilCore
import PencilSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Removes the temporary output files being written when the process is
/// interrupted. With `-j N` up to N files are written at once, so there is
/// one slot per file that can be open: the slots are allocated once, before
/// any job starts, and never move, and the handler calls only `unlink`,
/// `signal` and `raise`, which are async-signal-safe; it then dies of the
/// same signal, so the exit status still tells what happened.
///
/// A slot holds a path while its first byte is not zero. Threads claim and
/// free slots under a mutex; the handler takes no lock (it could interrupt
/// the holder) and reads the first byte, which is written last when a path
/// is stored (after the unlock, which the compiler cannot move stores
/// across) and cleared first when it is dropped.
enum SignalCleanup {
  private static let slotSize = Int(PATH_MAX) + 1
  nonisolated(unsafe) private static var slots: UnsafeMutablePointer<CChar>?
  nonisolated(unsafe) private static var slotCount = 0
  nonisolated(unsafe) private static var used: [Bool] = []
  nonisolated(unsafe) private static var installed = false
  private static let lock = Lock()

  /// Makes room for `count` files written at once. Call once, on the main
  /// thread, before any other thread starts.
  static func reserve(_ count: Int) {
    guard slots == nil else { return }
    let count = max(1, count)
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: count * slotSize)
    buffer.initialize(repeating: 0, count: count * slotSize)
    used = Array(repeating: false, count: count)
    slotCount = count
    slots = buffer
    _ = lock
  }

  /// The temporary file to remove if a signal arrives before `forget`; the
  /// slot it took, or nil when it cannot be remembered (no slot reserved,
  /// or too long a path).
  static func remember(_ bytes: [UInt8]) -> Int? {
    guard let slots, let first = bytes.first, bytes.count < slotSize else { return nil }
    let claimed: Int? = lock.withLock {
      guard let slot = used.firstIndex(of: false) else { return nil }
      used[slot] = true
      let path = slots + slot * slotSize
      for (index, byte) in bytes.enumerated().dropFirst() { path[index] = CChar(bitPattern: byte) }
      path[bytes.count] = 0
      return slot
    }
    guard let slot = claimed else { return nil }
    let path = slots + slot * slotSize
    // Last, so the handler never sees half a path.
    path[0] = CChar(bitPattern: first)
    return slot
  }

  /// The file in `slot` is renamed or removed: a signal must not touch it.
  static func forget(_ slot: Int?) {
    guard let slot, let slots, slot < slotCount else { return }
    slots[slot * slotSize] = 0
    lock.withLock { used[slot] = false }
  }

  /// The signals that remove temporary files: every one whose default
  /// action ends the process (the real-time ones too), except the faults
  /// (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT), which the Swift
  /// runtime's crash handler reports, SIGSYS, which seccomp sends to the
  /// faulting thread (a worker holding it back would be killed outright),
  /// SIGKILL, which cannot be caught, and SIGXFSZ, which is ignored.
  private static let handled: [Int32] =
    [
      SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGVTALRM, SIGPROF, SIGPIPE, SIGIO,
      SIGPWR, SIGSTKFLT,
    ] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())

  /// Leaves the signals to the main thread, which makes no file while
  /// workers write (`whileBlocked` covers the thread that does).
  static func blockInThisThread() {
    var set = sigset_t()
    sigemptyset(&set)
    for signalNumber in handled { sigaddset(&set, signalNumber) }
    pthread_sigmask(SIG_BLOCK, &set, nil)
  }

  /// Runs `body` (making a temporary file and remembering it) with the
  /// signals held back in this thread, and counted in `making`, so that
  /// a signal handled by another thread meanwhile waits until the file is
  /// remembered (or, when the handler came first, no file is made).
  static func whileBlocked<Result>(_ body: () throws -> Result) rethrows -> Result {
    var set = sigset_t()
    var previous = sigset_t()
    sigemptyset(&set)
    for signalNumber in handled { sigaddset(&set, signalNumber) }
    pthread_sigmask(SIG_BLOCK, &set, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    // A signal is handled by whichever thread does not hold it back, which
    // can be any thread but this one: the handler waits until no thread is
    // between making a file and remembering it (CSignalCleanup's counters).
    guard signal_cleanup_begin_making() else {
      // The handler is removing the files and ending the process.
      while true { pause() }
    }
    defer { signal_cleanup_end_making() }
    return try body()
  }

  /// Installs the handlers, once, before the first temporary file is made.
  /// A signal the process was started with ignored (`nohup` ignores
  /// SIGHUP, a background shell job SIGINT) stays ignored: it ends nothing.
  static func install() {
    lock.withLock { installNow() }
  }

  private static func installNow() {
    guard !installed else { return }
    installed = true
    // A file size limit becomes a write error (EFBIG), handled like any other.
    signal(SIGXFSZ, SIG_IGN)
    for signalNumber in handled where !isIgnored(signalNumber) {
      signal(signalNumber) { received in
        // Lock-free atomics only: safe in a handler. A thread making a
        // file has the signals held back, so it is never this one.
        signal_cleanup_wait_for_makers()
        if let slots = SignalCleanup.slots {
          for slot in 0..<SignalCleanup.slotCount {
            let path = slots + slot * SignalCleanup.slotSize
            if path[0] != 0 { unlink(path) }
          }
        }
        // Dies of the same signal (dumping core where its default does) once
        // the handler returns and the signal is no longer held back.
        signal(received, SIG_DFL)
        raise(received)
      }
    }
  }

  private static func isIgnored(_ signalNumber: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(signalNumber, nil, &current) == 0 else { return false }
    return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  /// After a write failed with EPIPE: the reader is gone, and the process
  /// ends as `cat` does, of SIGPIPE, with its temporary files removed. A
  /// worker thread holds SIGPIPE back, so the signal the write raised is
  /// still pending: letting it through delivers it. When SIGPIPE is
  /// ignored (the language server, the preview) this returns, and the
  /// write error is reported.
  static func brokenPipe() {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGPIPE)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }
}
