/// A half-open range of UTF-8 byte offsets into one source file.
public struct SourceRange: Hashable, Comparable, Sendable {
  public var start: Int
  public var end: Int

  public init(_ start: Int, _ end: Int) {
    self.start = start
    self.end = max(start, end)
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
public final class SourceFile: @unchecked Sendable {
  public let name: String
  public let bytes: [UInt8]
  private var cachedLineStarts: [Int]?

  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
  }

  public convenience init(name: String, text: String) {
    self.init(name: name, bytes: Array(text.utf8))
  }

  var lineStarts: [Int] {
    if let starts = cachedLineStarts { return starts }
    var starts = [0]
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(index + 1)
    }
    cachedLineStarts = starts
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

  /// The bytes of line `index` (0-based) without its newline.
  func lineBytes(_ index: Int) -> ArraySlice<UInt8> {
    let starts = lineStarts
    let start = starts[index]
    var end = index + 1 < starts.count ? starts[index + 1] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return bytes[start..<max(start, end)]
  }

  /// UTF-16 code units between two byte offsets; lead bytes of 4-byte
  /// sequences count twice (a surrogate pair), continuation bytes not at all.
  private func utf16Length(from start: Int, to end: Int) -> Int {
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
