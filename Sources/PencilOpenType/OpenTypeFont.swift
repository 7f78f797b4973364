/// One face of a font file, read: its metrics, names and style, its
/// character map, the advance of every glyph and its kerning, and its
/// glyphs' outlines (read when asked for). All in font units (`unitsPerEm`
/// to the em), y up, as the file has them.
public struct OpenTypeFont: Sendable {
  let file: FontReader
  let directory: TableDirectory
  public let unitsPerEm: Int
  public let glyphCount: Int
  /// `hhea`'s ascender (positive), descender (negative) and line gap.
  public let ascender: Int
  public let descender: Int
  public let lineGap: Int
  /// `OS/2`'s, where the font has them.
  public let capHeight: Int?
  public let xHeight: Int?
  public let names: FontNames
  public let style: FontStyle
  let advances: [UInt16]
  let characters: CharacterMap
  let kerning: Kerning
  /// `head`'s indexToLocFormat: `loca` in 32-bit offsets.
  let longOffsets: Bool
  /// The CFF outlines, for an OpenType font that has them.
  let cff: CFFTable?

  /// Face `face` (0 for a font that is not a collection) of `bytes`.
  public init(_ bytes: [UInt8], face: Int = 0) throws(FontError) {
    let offsets = try FontFile.faceOffsets(bytes)
    guard face >= 0, face < offsets.count else {
      throw FontError(table: "file", message: "there is no face \(face) (the file has \(offsets.count))")
    }
    file = FontReader(bytes)
    directory = try TableDirectory(file, at: offsets[face])
    let head = try directory.required("head", in: file)
    unitsPerEm = Int(try head.u16(18))
    guard (16...16384).contains(unitsPerEm) else { throw head.error("\(unitsPerEm) units to the em") }
    longOffsets = try head.i16(50) == 1
    let maxp = try directory.required("maxp", in: file)
    glyphCount = Int(try maxp.u16(4))
    let hhea = try directory.required("hhea", in: file)
    ascender = Int(try hhea.i16(4))
    descender = Int(try hhea.i16(6))
    lineGap = Int(try hhea.i16(8))
    let metricsCount = Int(try hhea.u16(34))
    advances = try OpenTypeFont.advances(
      try directory.required("hmtx", in: file), metrics: metricsCount, glyphs: glyphCount)
    let os2 = try directory.table("OS/2", in: file)
    let version = try os2.map { table throws(FontError) in try table.u16(0) } ?? 0
    capHeight = try os2.flatMap { table throws(FontError) in version >= 2 ? Int(try table.i16(88)) : nil }
    xHeight = try os2.flatMap { table throws(FontError) in version >= 2 ? Int(try table.i16(86)) : nil }
    names = try FontNames(try directory.table("name", in: file))
    style = try FontStyle(os2: os2, head: head, post: try directory.table("post", in: file))
    characters = try CharacterMap(try directory.required("cmap", in: file))
    kerning = try Kerning(gpos: try directory.table("GPOS", in: file), kern: try directory.table("kern", in: file))
    cff = try directory.table("CFF ", in: file).map { table throws(FontError) in try CFFTable(table) }
  }

  /// The glyph for a character; 0 (`.notdef`) when the font has none.
  public func glyph(for scalar: Unicode.Scalar) -> UInt16 {
    let glyph = characters.glyph(for: scalar.value)
    return Int(glyph) < glyphCount ? glyph : 0
  }

  /// A glyph's advance width; 0 for a glyph the font does not have.
  public func advance(of glyph: UInt16) -> Int {
    Int(glyph) < advances.count ? Int(advances[Int(glyph)]) : 0
  }

  /// The kerning between two glyphs written one after the other: what
  /// to add to the first's advance.
  public func kerning(_ left: UInt16, _ right: UInt16) -> Int { kerning.value(left, right) }

  /// Whether the outlines are CFF (cubic) rather than TrueType (quadratic).
  public var hasCFFOutlines: Bool { directory.hasCFF }

  /// `hmtx`: an advance for each of the first `metrics` glyphs, the last
  /// one repeated for the rest (monospaced tails).
  static func advances(_ hmtx: FontReader, metrics: Int, glyphs: Int) throws(FontError) -> [UInt16] {
    guard metrics >= 1, metrics <= glyphs || glyphs == 0 else {
      throw hmtx.error("\(metrics) metrics for \(glyphs) glyphs")
    }
    var advances: [UInt16] = []
    advances.reserveCapacity(glyphs)
    for index in 0..<metrics { advances.append(try hmtx.u16(4 * index)) }
    let last = advances.last ?? 0
    while advances.count < glyphs { advances.append(last) }
    return advances
  }
}
