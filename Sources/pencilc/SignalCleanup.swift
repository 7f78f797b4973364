import CSignalCleanup
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
  /// signals held back in this thread and counted as making a file.
  ///
  /// A signal is handled by whichever thread does not hold it back: any
  /// thread but this one, which may be between making its file and
  /// remembering it. The handler cannot wait for it (the thread may need a
  /// lock the interrupted one holds, the allocator's or the slots'), so
  /// the work is left to whoever is last: the handler records the signal
  /// and, when no thread is making a file, removes the files and ends the
  /// process; otherwise it returns, and the last thread to finish making
  /// one, seeing the signal recorded, does it. A thread that would start
  /// making a file after the signal makes none and does the same.
  static func whileBlocked<Result>(_ body: () throws -> Result) rethrows -> Result {
    var set = sigset_t()
    var previous = sigset_t()
    sigemptyset(&set)
    for signalNumber in handled { sigaddset(&set, signalNumber) }
    pthread_sigmask(SIG_BLOCK, &set, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    _ = signal_cleanup_add_making(1)
    if signal_cleanup_ending() != 0 {
      // Too late to make a file: the last thread making one ends the process.
      doneMaking()
      while true { pause() }
    }
    defer { doneMaking() }
    return try body()
  }

  /// This thread is no longer making a file: when a signal came meanwhile
  /// and no other thread is making one, the process ends here.
  private static func doneMaking() {
    let left = signal_cleanup_add_making(-1)
    let received = signal_cleanup_ending()
    guard received != 0, left == 0 else { return }
    removeFilesAndDie(of: received)
  }

  /// Removes every remembered file and ends the process of `received`,
  /// dumping core where its default does. Async-signal-safe: the handler
  /// calls it too.
  private static func removeFilesAndDie(of received: Int32) -> Never {
    if let slots = SignalCleanup.slots {
      for slot in 0..<SignalCleanup.slotCount {
        let path = slots + slot * SignalCleanup.slotSize
        if path[0] != 0 { unlink(path) }
      }
    }
    signal(received, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, received)
    // In the handler the signal is held back until it returns; elsewhere
    // this thread holds it back: let it through, then send it.
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(received)
    // A signal whose default is to stop, not end (none of `handled`), or
    // one that raced to SIG_IGN: end anyway, as the signal meant.
    _exit(128 + received)
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
        // Lock-free atomics only: safe in a handler. Recorded first, then
        // the count read (see `whileBlocked`).
        signal_cleanup_set_ending(received)
        guard signal_cleanup_add_making(0) == 0 else { return }
        SignalCleanup.removeFilesAndDie(of: received)
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
