#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Removes the temporary output file when the process is interrupted.
/// The path lives in memory allocated once, and the handler calls only
/// `unlink`, `signal` and `raise`, which are async-signal-safe; it then
/// dies of the same signal, so the exit status still tells what happened.
enum SignalCleanup {
  private static let capacity = Int(PATH_MAX) + 1
  nonisolated(unsafe) private static let path: UnsafeMutablePointer<CChar> = {
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
    buffer[0] = 0
    return buffer
  }()
  nonisolated(unsafe) private static var installed = false

  static func install() {
    guard !installed else { return }
    installed = true
    _ = path
    // A file size limit becomes a write error (EFBIG), handled like any other.
    signal(SIGXFSZ, SIG_IGN)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      signal(signalNumber) { received in
        if SignalCleanup.path[0] != 0 { unlink(SignalCleanup.path) }
        signal(received, SIG_DFL)
        raise(received)
      }
    }
  }

  /// The temporary file to remove if a signal arrives now.
  static func remember(_ temporary: String) {
    let bytes = Array(temporary.utf8)
    guard bytes.count < capacity else { return }
    // The terminating zero goes in last, so the handler never sees half a path.
    path[0] = 0
    for (index, byte) in bytes.enumerated().dropFirst() { path[index] = CChar(bitPattern: byte) }
    path[bytes.count] = 0
    if let first = bytes.first { path[0] = CChar(bitPattern: first) }
  }

  static func forget() { path[0] = 0 }
}
