/// Splits the input byte stream into JSON-RPC message bodies by their
/// `Content-Length` headers (the LSP base protocol). Bytes arrive in any
/// pieces: a message split over many reads, or many messages in one read,
/// come out the same.
public struct MessageFramer {
  /// What the input held next.
  public enum Event: Equatable {
    case message([UInt8])
    /// A header announced a body over `maximumMessageSize`; its bytes are
    /// read and dropped as they come, never held.
    case tooLarge(Int)
    /// A header block without a usable `Content-Length`, dropped whole.
    case badHeader(String)
  }

  /// The largest body accepted, 64 MiB: half the compiler's largest input,
  /// so a whole document fits while a runaway client cannot make the
  /// server hold gigabytes.
  public static let maximumMessageSize = 64 << 20
  /// A header block longer than this without its blank line is garbage.
  public static let maximumHeaderSize = 8 << 10

  private var buffer: [UInt8] = []
  /// Where unread bytes start in `buffer` (the front is dropped lazily).
  private var start = 0
  /// Bytes of an oversized body still to drop.
  private var skipping = 0
  /// The body length of the header just read, waiting for its bytes.
  private var pendingLength: Int?

  public init() {}

  public mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
    var bytes = bytes[...]
    if skipping > 0 {
      let dropped = min(skipping, bytes.count)
      skipping -= dropped
      bytes = bytes.dropFirst(dropped)
    }
    buffer += bytes
  }

  /// Bytes received and not yet returned.
  public var bufferedCount: Int { buffer.count - start }

  public mutating func next() -> Event? {
    defer { compact() }
    if let length = pendingLength {
      guard buffer.count - start >= length else { return nil }
      let body = Array(buffer[start..<(start + length)])
      start += length
      pendingLength = nil
      return .message(body)
    }
    guard let end = headerEnd() else {
      if buffer.count - start > MessageFramer.maximumHeaderSize {
        // Keep the last bytes: a real header may have begun there.
        let keep = 32
        start = buffer.count - keep
        return .badHeader("no blank line ends \(MessageFramer.maximumHeaderSize) bytes of header")
      }
      return nil
    }
    let header = String(decoding: buffer[start..<end], as: UTF8.self)
    start = end + 4
    guard let length = MessageFramer.contentLength(in: header) else {
      return .badHeader("a header without a valid Content-Length: \(header.prefix(80).debugDescription)")
    }
    if length > MessageFramer.maximumMessageSize {
      let available = min(length, buffer.count - start)
      start += available
      skipping = length - available
      return .tooLarge(length)
    }
    pendingLength = length
    return next()
  }

  /// The offset of the `\r\n\r\n` that ends the header block, if it has arrived.
  private func headerEnd() -> Int? {
    var index = start
    while index + 3 < buffer.count {
      if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
        return index
      }
      index += 1
    }
    return nil
  }

  /// The value of the last `Content-Length:` in the block, found anywhere
  /// on its line, so that garbage before a header costs nothing more
  /// than the garbage itself.
  static func contentLength(in header: String) -> Int? {
    var found: Int? = nil
    for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
      let lowered = line.lowercased()
      guard let colon = lowered.range(of: "content-length:") else { continue }
      let value = lowered[colon.upperBound...].trimmingCharacters(in: " \t")
      guard !value.isEmpty, value.count <= 12, value.allSatisfy(\.isASCIIDigit) else { return nil }
      found = Int(value)
    }
    return found
  }

  private mutating func compact() {
    if start > 0, start >= buffer.count {
      buffer.removeAll(keepingCapacity: buffer.count < 1 << 20)
      start = 0
    } else if start > 1 << 16, start * 2 > buffer.count {
      buffer.removeFirst(start)
      start = 0
    }
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: String) -> Substring {
    var result = self
    while let first = result.first, set.contains(first) { result = result.dropFirst() }
    while let last = result.last, set.contains(last) { result = result.dropLast() }
    return result
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
  /// The first range of `needle` (the standard library without Foundation
  /// has no `range(of:)`).
  func range(of needle: String) -> Range<String.Index>? {
    guard !needle.isEmpty else { return nil }
    var index = startIndex
    while index < endIndex {
      if self[index...].hasPrefix(needle) { return index..<(self.index(index, offsetBy: needle.count)) }
      index = self.index(after: index)
    }
    return nil
  }
}
