/// Bytes queued for one or more connections, never copied: a broadcast
/// event is one `SharedBytes`, referenced by every stream that has it
/// queued, each with its own offset (`HTTPConnection`'s output queue). So
/// 250 clients that never read hold one copy of each event, not 250.
/// Only the loop thread touches it.
final class SharedBytes {
  let bytes: [UInt8]
  /// How many connections have it queued (`OutputLedger`).
  fileprivate var holders = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }
}

/// What all the connections' queued output holds in memory, each shared
/// buffer counted once however many connections hold it: the figure the
/// server's total cap (`Configuration.totalOutputLimit`) bounds.
final class OutputLedger {
  private(set) var total = 0

  func retain(_ buffer: SharedBytes) {
    if buffer.holders == 0 { total += buffer.bytes.count }
    buffer.holders += 1
  }

  func release(_ buffer: SharedBytes) {
    buffer.holders -= 1
    if buffer.holders == 0 { total -= buffer.bytes.count }
  }
}
