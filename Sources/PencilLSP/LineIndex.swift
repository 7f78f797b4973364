import PencilDiagnostics

/// An LSP position: a 0-based line and a column in the negotiated unit
/// (UTF-16 code units unless the client accepts UTF-8).
public struct Position: Equatable, Sendable {
  public var line: Int
  public var character: Int

  public init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }
}

/// How positions count columns.
public enum PositionEncoding: String, Sendable {
  case utf16 = "utf-16"
  case utf8 = "utf-8"
}

/// Converts between the core's UTF-8 byte offsets and LSP positions for
/// one text. Lines end at `\n` (a `\r` before it is part of the line, as
/// it is a character to the client too) and at a `\r` alone, which LSP
/// clients take as a line end too. Built once per text version.
public struct LineIndex: Sendable {
  public let bytes: [UInt8]
  /// 32 bits: half the memory of `Int`s; a text is at most a message
  /// (64 MiB) or an imported file (`SourceFile.maximumSize`, 128 MiB).
  private let lineStarts: [UInt32]

  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var starts: [UInt32] = [0]
    for (index, byte) in bytes.enumerated()
    where byte == 10 || (byte == 13 && (index + 1 == bytes.count || bytes[index + 1] != 10)) {
      starts.append(UInt32(truncatingIfNeeded: index + 1))
    }
    lineStarts = starts
  }

  private init(bytes: [UInt8], lineStarts: [UInt32]) {
    self.bytes = bytes
    self.lineStarts = lineStarts
  }

  /// Whether the byte at `index` ends a line: a `\n`, or a `\r` not
  /// followed by one.
  private static func endsLine(_ bytes: [UInt8], _ index: Int) -> Bool {
    bytes[index] == 10 || (bytes[index] == 13 && (index + 1 == bytes.count || bytes[index + 1] != 10))
  }

  /// The index of `edited`, which is this text with `from..<to` replaced
  /// by `insertedCount` bytes: the line starts before the edit are kept,
  /// those after it shifted, and only the bytes around and inside the
  /// inserted text scanned, so typing costs a copy of the starts rather
  /// than a scan of the whole text. (A line end's kind depends on the
  /// byte after it: the bytes just before and after the edit are scanned
  /// again too.)
  func replacing(_ from: Int, _ to: Int, insertedCount: Int, in edited: [UInt8]) -> LineIndex {
    let delta = insertedCount - (to - from)
    guard 0 <= from, from <= to, to <= bytes.count, bytes.count + delta == edited.count else {
      return LineIndex(edited)
    }
    var starts: [UInt32] = []
    starts.reserveCapacity(lineStarts.count + max(0, delta / 8))
    // Starts made by a line end before `from - 1` (whose next byte is not edited).
    for start in lineStarts where start == 0 || Int(start) <= from - 1 { starts.append(start) }
    let scanEnd = min(from + insertedCount, edited.count - 1)
    if scanEnd >= max(0, from - 1) {
      for index in max(0, from - 1)...scanEnd where LineIndex.endsLine(edited, index) {
        starts.append(UInt32(truncatingIfNeeded: index + 1))
      }
    }
    // Starts made by a line end after the old `to`, shifted.
    for start in lineStarts where Int(start) >= to + 2 {
      starts.append(UInt32(truncatingIfNeeded: Int(start) + delta))
    }
    return LineIndex(bytes: edited, lineStarts: starts)
  }

  public var lineCount: Int { lineStarts.count }

  /// Whether two indexes are of the same text with the same line starts
  /// (tests compare an edited index with one made from scratch).
  func isSame(as other: LineIndex) -> Bool { bytes == other.bytes && lineStarts == other.lineStarts }

  /// The bytes of a UTF-8 sequence starting with `lead` (1 for a stray
  /// continuation byte, which the client sees as one replacement character).
  private static func sequenceLength(_ lead: UInt8) -> Int {
    switch lead {
    case 0xF0...0xF7: 4
    case 0xE0...0xEF: 3
    case 0xC0...0xDF: 2
    default: 1
    }
  }

  /// The end of line `line`, before its `\n` (or lone `\r`).
  private func lineEnd(_ line: Int) -> Int {
    line + 1 < lineStarts.count ? Int(lineStarts[line + 1]) - 1 : bytes.count
  }

  /// The byte offset of `position`. A line past the end is the end of the
  /// text; a column past the line's end is its end (as LSP specifies); a
  /// column inside a character (half of a surrogate pair) is its start.
  public func offset(of position: Position, encoding: PositionEncoding = .utf16) -> Int {
    guard position.line >= 0 else { return 0 }
    guard position.line < lineStarts.count else { return bytes.count }
    let end = lineEnd(position.line)
    var offset = Int(lineStarts[position.line])
    var units = 0
    while offset < end, units < position.character {
      let length = min(LineIndex.sequenceLength(bytes[offset]), end - offset)
      let width = encoding == .utf8 ? length : (length == 4 ? 2 : 1)
      if units + width > position.character { break }
      units += width
      offset += length
    }
    return offset
  }

  /// The position of byte `offset` (clamped to the text); an offset inside
  /// a character counts as its start.
  public func position(of offset: Int, encoding: PositionEncoding = .utf16) -> Position {
    let offset = max(0, min(offset, bytes.count))
    let line = line(containing: offset)
    var index = Int(lineStarts[line])
    var units = 0
    walk(&index, &units, to: offset, encoding)
    return Position(line: line, character: units)
  }

  /// The line `offset` is on, searched from line `first` on.
  func line(containing offset: Int, from first: Int = 0) -> Int {
    var low = first
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if Int(lineStarts[middle]) <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// Moves `index` on to `target` within one line, counting the code units
  /// of `encoding` in `units`; a character `target` falls inside is not
  /// counted (its start stands for it).
  func walk(_ index: inout Int, _ units: inout Int, to target: Int, _ encoding: PositionEncoding) {
    while index < target {
      let length = LineIndex.sequenceLength(bytes[index])
      if index + length > target, length > 1 { break }
      units += encoding == .utf8 ? min(length, target - index) : (length == 4 ? 2 : 1)
      index += length
    }
  }

  public func range(_ range: SourceRange, encoding: PositionEncoding = .utf16) -> (start: Position, end: Position) {
    (position(of: range.start, encoding: encoding), position(of: range.end, encoding: encoding))
  }
}

extension LineIndex {
  /// Positions of increasing offsets, each found from the one before: a
  /// walk of the text once, where `position(of:)` searches the lines and
  /// counts the line's columns again for every offset (semantic tokens ask
  /// for two positions a token).
  struct Cursor {
    private let index: LineIndex
    private let encoding: PositionEncoding
    private var line = 0
    private var offset = 0
    private var units = 0

    init(_ index: LineIndex, encoding: PositionEncoding) {
      self.index = index
      self.encoding = encoding
    }

    /// The position of `target`, as `LineIndex.position(of:encoding:)`
    /// gives it; an offset before the last one asked for is searched.
    mutating func position(of target: Int) -> Position {
      let target = max(0, min(target, index.bytes.count))
      guard target >= offset else { return index.position(of: target, encoding: encoding) }
      let starts = index.lineStarts
      if line + 1 < starts.count, Int(starts[line + 1]) <= target {
        // Another line: from its start.
        line = index.line(containing: target, from: line + 1)
        (offset, units) = (Int(starts[line]), 0)
      }
      index.walk(&offset, &units, to: target, encoding)
      return Position(line: line, character: units)
    }
  }
}
