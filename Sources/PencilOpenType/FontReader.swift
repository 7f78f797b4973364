/// A font file's bytes read big-endian, every read bounds-checked: a read
/// past the end, or past the end of the table it is in, throws a
/// `FontError` naming the table and the offset, never traps. A reader is
/// a window (`start ..< end`) on the shared bytes; offsets are from its
/// start, as the tables' own offsets are.
public struct FontReader: Sendable {
  let bytes: [UInt8]
  let start: Int
  let end: Int
  /// The table the window is in, for errors.
  let table: String

  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
    start = 0
    end = bytes.count
    table = "file"
  }

  init(_ bytes: [UInt8], start: Int, end: Int, table: String) {
    (self.bytes, self.start, self.end, self.table) = (bytes, start, end, table)
  }

  var count: Int { end - start }

  func error(_ message: String) -> FontError { FontError(table: table, message: message) }

  /// The window `offset ..< offset + length` of this one (to the end when
  /// `length` is nil), for a subtable.
  func window(_ offset: Int, _ length: Int? = nil, table: String? = nil) throws(FontError) -> FontReader {
    let length = length ?? (count - offset)
    guard offset >= 0, length >= 0, offset <= count, length <= count - offset else {
      throw error("a subtable at \(offset) of \(length) bytes runs past the \(count) bytes of '\(self.table)'")
    }
    return FontReader(bytes, start: start + offset, end: start + offset + length, table: table ?? self.table)
  }

  @inline(__always) private func check(_ offset: Int, _ size: Int) throws(FontError) {
    guard offset >= 0, offset <= count - size else {
      throw error("a read of \(size) bytes at \(offset) runs past the table's \(count) bytes")
    }
  }

  @inline(__always) func u8(_ offset: Int) throws(FontError) -> UInt8 {
    try check(offset, 1)
    return bytes[start + offset]
  }

  @inline(__always) func i8(_ offset: Int) throws(FontError) -> Int8 { Int8(bitPattern: try u8(offset)) }

  @inline(__always) func u16(_ offset: Int) throws(FontError) -> UInt16 {
    try check(offset, 2)
    return UInt16(bytes[start + offset]) << 8 | UInt16(bytes[start + offset + 1])
  }

  @inline(__always) func i16(_ offset: Int) throws(FontError) -> Int16 { Int16(bitPattern: try u16(offset)) }

  @inline(__always) func u32(_ offset: Int) throws(FontError) -> UInt32 {
    try check(offset, 4)
    let base = start + offset
    return UInt32(bytes[base]) << 24 | UInt32(bytes[base + 1]) << 16 | UInt32(bytes[base + 2]) << 8
      | UInt32(bytes[base + 3])
  }

  @inline(__always) func i32(_ offset: Int) throws(FontError) -> Int32 { Int32(bitPattern: try u32(offset)) }

  /// A 16.16 fixed-point number.
  func fixed(_ offset: Int) throws(FontError) -> Double { Double(try i32(offset)) / 65536 }

  /// A 2.14 fixed-point number (component scales).
  func f2dot14(_ offset: Int) throws(FontError) -> Double { Double(try i16(offset)) / 16384 }

  /// `count` bytes at `offset`.
  func bytes(_ offset: Int, _ length: Int) throws(FontError) -> ArraySlice<UInt8> {
    try check(offset, length)
    return bytes[(start + offset)..<(start + offset + length)]
  }
}

/// What is wrong with a font: the table and what was found there.
public struct FontError: Error, Equatable, Sendable, CustomStringConvertible {
  public let table: String
  public let message: String

  public var description: String { "'\(table)': \(message)" }
}

/// A four-letter table tag as the number it is stored as.
func tableTag(_ text: StaticString) -> UInt32 {
  text.withUTF8Buffer { bytes in bytes.reduce(0) { $0 << 8 | UInt32($1) } }
}

/// A tag as its four letters.
func tableTagName(_ tag: UInt32) -> String {
  String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: UTF8.self)
}
