#if canImport(Glibc)
  import Glibc
#endif

/// A self-pipe: other threads (and signal handlers, since `write` is
/// async-signal-safe) wake the event loop's `poll` by writing a byte.
final class WakePipe: Sendable {
  let readEnd: Int32
  let writeEnd: Int32

  init?() {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    readEnd = ends[0]
    writeEnd = ends[1]
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
  }

  deinit {
    close(readEnd)
    close(writeEnd)
  }

  /// Never blocks: a full pipe is already a pending wake-up.
  func wake() {
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  /// Empties the pipe after a wake-up.
  func drain() {
    var buffer = [UInt8](repeating: 0, count: 256)
    while read(readEnd, &buffer, buffer.count) > 0 {}
  }
}
