import PencilSupport

/// A half-open range of UTF-8 byte offsets into one source file. Stored
/// in 32 bits each (sources are at most 128 MiB, `SourceFile.maximumSize`):
/// every syntax node carries ranges, so this halves their share of the tree.
public struct SourceRange: Hashable, Comparable, Sendable {
  private var storedStart: Int32
  private var storedEnd: Int32

  public var start: Int {
    get { Int(storedStart) }
    set { storedStart = Int32(clamping: newValue) }
  }

  public var end: Int {
    get { Int(storedEnd) }
    set { storedEnd = Int32(clamping: newValue) }
  }

  public init(_ start: Int, _ end: Int) {
    storedStart = Int32(clamping: start)
    storedEnd = Int32(clamping: max(start, end))
  }

  public static func < (a: SourceRange, b: SourceRange) -> Bool {
    a.start != b.start ? a.start < b.start : a.end < b.end
  }

  /// The smallest range covering both.
  public func union(_ other: SourceRange) -> SourceRange {
    SourceRange(min(start, other.start), max(end, other.end))
  }
}

/// A printable position: 1-based line, 1-based byte column and UTF-16 column.
public struct SourceLocation: Equatable, Sendable {
  public var line: Int
  public var column: Int
  public var utf16Column: Int
  public var offset: Int
}

/// The text of one input, kept as UTF-8 bytes; line tables are built only
/// when a diagnostic is printed, so the hot path never pays for them.
public final class SourceFile: Sendable {
  /// The largest input compiled, 128 MiB: far beyond any hand-written
  /// scene, room for a generated one of a million pencils (89 MB), and it
  /// keeps every offset within the 32 bits that tokens and ranges store.
  public static let maximumSize = 128 << 20

  public let name: String
  public let bytes: [UInt8]
  /// Locked: threads printing diagnostics of one file may ask at once.
  private let cachedLineStarts = Locked<[Int]?>(nil)
  /// UTF-16 code units before every multiple of `checkpointStride` bytes,
  /// so a UTF-16 column costs at most one stride's scan, even on a line
  /// of megabytes.
  private let cachedUTF16Checkpoints = Locked<[Int]?>(nil)
  private static let checkpointStride = 4096

  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
  }

  public convenience init(name: String, text: String) {
    self.init(name: name, bytes: Array(text.utf8))
  }

  var lineStarts: [Int] {
    cachedLineStarts.withLock { cached in
      if let starts = cached { return starts }
      let starts = SourceFile.lineStarts(of: bytes)
      cached = starts
      return starts
    }
  }

  /// Where each line starts: after LF, CRLF or a CR alone, as the lexer,
  /// editors and the language server's line index end lines.
  package static func lineStarts(of bytes: [UInt8]) -> [Int] {
    var starts = [0]
    for (index, byte) in bytes.enumerated() where isLineBreak(byte) {
      let crlf = byte == UInt8(ascii: "\r") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n")
      if !crlf { starts.append(index + 1) }
    }
    return starts
  }

  /// Index of the line holding `offset` (0-based).
  func lineIndex(of offset: Int) -> Int {
    let starts = lineStarts
    var low = 0
    var high = starts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if starts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low
  }

  public func location(of offset: Int) -> SourceLocation {
    let clamped = min(max(0, offset), bytes.count)
    let line = lineIndex(of: clamped)
    let start = lineStarts[line]
    return SourceLocation(
      line: line + 1, column: clamped - start + 1,
      utf16Column: utf16Length(from: start, to: clamped) + 1, offset: clamped)
  }

  /// The bytes of line `index` (0-based) without its line break.
  func lineBytes(_ index: Int) -> ArraySlice<UInt8> {
    let starts = lineStarts
    let start = starts[index]
    var end = index + 1 < starts.count ? starts[index + 1] - 1 : bytes.count
    // CRLF: the CR before the LF.
    if end > start, end < bytes.count, bytes[end] == UInt8(ascii: "\n"), bytes[end - 1] == UInt8(ascii: "\r") {
      end -= 1
    }
    return bytes[start..<max(start, end)]
  }

  /// UTF-16 code units between two byte offsets.
  private func utf16Length(from start: Int, to end: Int) -> Int {
    utf16Offset(of: end) - utf16Offset(of: start)
  }

  /// UTF-16 code units before a byte offset, from the nearest checkpoint.
  private func utf16Offset(of offset: Int) -> Int {
    let checkpoints = utf16Checkpoints
    let slot = offset / Self.checkpointStride
    return checkpoints[slot] + utf16Units(from: slot * Self.checkpointStride, to: offset)
  }

  private var utf16Checkpoints: [Int] {
    cachedUTF16Checkpoints.withLock { cached in
      if let checkpoints = cached { return checkpoints }
      var checkpoints = [0]
      var start = 0
      while start + Self.checkpointStride <= bytes.count {
        checkpoints.append(
          checkpoints[checkpoints.count - 1] + utf16Units(from: start, to: start + Self.checkpointStride))
        start += Self.checkpointStride
      }
      cached = checkpoints
      return checkpoints
    }
  }

  /// Lead bytes of 4-byte sequences count twice (a surrogate pair),
  /// continuation bytes not at all.
  private func utf16Units(from start: Int, to end: Int) -> Int {
    var count = 0
    var index = start
    while index < end {
      let byte = bytes[index]
      if byte & 0xC0 != 0x80 { count += byte >= 0xF0 ? 2 : 1 }
      index += 1
    }
    return count
  }
}

/// A line ends at LF, CRLF or a CR alone, for the line tables here and for
/// the lexer, the completion context and the formatter alike.
package func isLineBreak(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
