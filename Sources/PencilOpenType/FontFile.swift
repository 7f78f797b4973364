/// An OpenType or TrueType file, or a collection of them (`.ttc`): the
/// offsets of its faces' table directories.
public enum FontFile {
  /// At most this many faces in a collection (Noto Sans CJK has 10).
  static let maximumFaces = 256

  /// The offsets of the faces' table directories: one for a font, each
  /// face's for a collection.
  public static func faceOffsets(_ bytes: [UInt8]) throws(FontError) -> [Int] {
    let file = FontReader(bytes)
    let version = try file.u32(0)
    guard version == tableTag("ttcf") else {
      guard FontFile.isFontVersion(version) else {
        throw file.error("not an OpenType or TrueType font (it starts with '\(tableTagName(version))')")
      }
      return [0]
    }
    let count = Int(try file.u32(8))
    guard count >= 1, count <= maximumFaces else { throw file.error("a collection of \(count) faces") }
    var offsets: [Int] = []
    for index in 0..<count { offsets.append(Int(try file.u32(12 + 4 * index))) }
    return offsets
  }

  /// TrueType outlines (1.0, or 'true' on Apple's), CFF ('OTTO').
  static func isFontVersion(_ version: UInt32) -> Bool {
    version == 0x0001_0000 || version == tableTag("true") || version == tableTag("OTTO")
  }
}

/// A face's table directory: where each table is.
struct TableDirectory {
  let tables: [UInt32: (offset: Int, length: Int)]
  let hasCFF: Bool

  init(_ file: FontReader, at offset: Int) throws(FontError) {
    let version = try file.u32(offset)
    guard FontFile.isFontVersion(version) else {
      throw file.error("the face at \(offset) is not an OpenType or TrueType font ('\(tableTagName(version))')")
    }
    let count = Int(try file.u16(offset + 4))
    var tables: [UInt32: (Int, Int)] = [:]
    for index in 0..<count {
      let record = offset + 12 + 16 * index
      let tag = try file.u32(record)
      let start = Int(try file.u32(record + 8))
      let length = Int(try file.u32(record + 12))
      guard start <= file.count, length <= file.count - start else {
        throw file.error(
          "table '\(tableTagName(tag))' at \(start) of \(length) bytes runs past the file's \(file.count)")
      }
      tables[tag] = (start, length)
    }
    self.tables = tables
    hasCFF = version == tableTag("OTTO") || tables[tableTag("CFF ")] != nil
  }

  /// The table `name`'s reader; nil when the face has none.
  func table(_ name: StaticString, in file: FontReader) throws(FontError) -> FontReader? {
    guard let (offset, length) = tables[tableTag(name)] else { return nil }
    return try file.window(offset, length, table: name.description)
  }

  /// The same, required.
  func required(_ name: StaticString, in file: FontReader) throws(FontError) -> FontReader {
    guard let table = try table(name, in: file) else {
      throw FontError(table: name.description, message: "the font has no '\(name)' table")
    }
    return table
  }
}
