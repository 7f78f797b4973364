/// Builds small TrueType fonts byte by byte for the reader's tests: the
/// tables a test names, in a directory, big-endian as the format wants.
struct SyntheticFont {
  var tables: [(tag: String, bytes: [UInt8])] = []

  static func u16(_ value: Int) -> [UInt8] {
    [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
  }
  static func u32(_ value: Int) -> [UInt8] { u16(value >> 16) + u16(value) }

  mutating func add(_ tag: String, _ bytes: [UInt8]) { tables.append((tag, bytes)) }

  /// The font file: the directory, then each table padded to four bytes.
  var bytes: [UInt8] {
    var out = SyntheticFont.u32(0x0001_0000) + SyntheticFont.u16(tables.count) + [0, 0, 0, 0, 0, 0]
    var offset = 12 + 16 * tables.count
    var body: [UInt8] = []
    for table in tables {
      out +=
        Array(table.tag.utf8) + SyntheticFont.u32(0) + SyntheticFont.u32(offset)
        + SyntheticFont.u32(table.bytes.count)
      body += table.bytes + [UInt8](repeating: 0, count: (4 - table.bytes.count % 4) % 4)
      offset = 12 + 16 * tables.count + body.count
    }
    return out + body
  }

  /// A font of four glyphs: 0 empty, 1 a square (four on-curve points),
  /// 2 a diamond of four off-curve points (every on-curve point implied),
  /// 3 a composite of glyph 1 moved by (100, 50) and glyph 2 at half size;
  /// advances 500, 600, 700 (and 700 again for glyph 3, from the last
  /// metric); 'A' → 1, 'B' → 2, 'C' → 3 (format 4, with an idRangeOffset
  /// segment for 'C'); the kern pair (1, 2) = −50; names, OS/2 and post.
  static func fourGlyphs(format12: Bool = false) -> SyntheticFont {
    var font = SyntheticFont()
    var head = u32(0x0001_0000) + u32(0) + u32(0) + u32(0x5F0F_3CF5) + u16(0) + u16(1000)
    head += [UInt8](repeating: 0, count: 16) + u16(0) + u16(0) + u16(1000) + u16(1000)
    head += u16(0) + u16(8) + u16(2) + u16(0) + u16(0)  // macStyle, lowestRecPPEM, direction, loca short, format
    font.add("head", head)
    font.add("hhea", u32(0x0001_0000) + u16(800) + u16(-200) + u16(90) + [UInt8](repeating: 0, count: 24) + u16(3))
    font.add("maxp", u32(0x0000_5000) + u16(4))
    font.add("hmtx", u16(500) + u16(0) + u16(600) + u16(0) + u16(700) + u16(0) + u16(0))
    // Glyph 1: a square, one contour of four on-curve points.
    let square =
      u16(1) + u16(0) + u16(0) + u16(400) + u16(400) + u16(3) + u16(0)
      + [0x01, 0x01, 0x01, 0x01] + u16(0) + u16(400) + u16(0) + u16(-400) + u16(0) + u16(0) + u16(400) + u16(0)
    // Glyph 2: four off-curve points (100,0) (200,100) (100,200) (0,100).
    let diamond =
      u16(1) + u16(0) + u16(0) + u16(200) + u16(200) + u16(3) + u16(0)
      + [0x00, 0x00, 0x00, 0x00] + u16(100) + u16(100) + u16(-100) + u16(-100) + u16(0) + u16(100)
      + u16(100) + u16(-100)
    // Glyph 3: glyph 1 at (100, 50) (words, x-y values, more), then glyph 2
    // at (0, 0) scaled by 0.5 (bytes, x-y values, a scale).
    let composite =
      u16(-1) + u16(0) + u16(0) + u16(500) + u16(450)
      + u16(0x0001 | 0x0002 | 0x0020) + u16(1) + u16(100) + u16(50)
      + u16(0x0002 | 0x0008) + u16(2) + [0, 0] + u16(0x2000)
    var glyf: [UInt8] = []
    var loca = u16(0) + u16(0)
    for glyph in [square, diamond, composite] {
      glyf += glyph + [UInt8](repeating: 0, count: glyph.count % 2)
      loca += u16(glyf.count / 2)
    }
    font.add("glyf", glyf)
    font.add("loca", loca)
    font.add("cmap", format12 ? format12Map() : format4Map())
    font.add(
      "kern",
      u16(0) + u16(1) + u16(0) + u16(20) + u16(0x0001) + u16(1) + u16(6) + u16(0) + u16(0)
        + u16(1) + u16(2) + u16(-50))
    var os2 = u16(4) + u16(0) + u16(700) + u16(3) + [UInt8](repeating: 0, count: 54) + u16(0x0001)
    os2 += [UInt8](repeating: 0, count: 86 - os2.count) + u16(480) + u16(700) + [UInt8](repeating: 0, count: 8)
    font.add("OS/2", os2)
    font.add("post", u32(0x0003_0000) + u32(0) + u16(0) + u16(0) + u32(1) + [UInt8](repeating: 0, count: 16))
    font.add("name", names([(1, "Test Sans Bold"), (2, "Italic"), (16, "Test Sans"), (17, "Bold Italic")]))
    return font
  }

  /// Format 4: 'A'...'B' → 1, 2 by delta; 'C' through idRangeOffset → 3.
  static func format4Map() -> [UInt8] {
    let segments = 3
    var subtable = u16(4) + u16(0) + u16(0) + u16(2 * segments) + u16(4) + u16(1) + u16(2)
    subtable += u16(0x42) + u16(0x43) + u16(0xFFFF) + u16(0)  // ends, pad
    subtable += u16(0x41) + u16(0x43) + u16(0xFFFF)  // starts
    subtable += u16(1 - 0x41) + u16(0) + u16(1)  // deltas
    subtable += u16(0) + u16(4) + u16(0)  // range offsets: 'C' reads the array after them
    subtable += u16(3)
    subtable.replaceSubrange(2..<4, with: u16(subtable.count))
    return u16(0) + u16(1) + u16(3) + u16(1) + u32(12) + subtable
  }

  /// Format 12: 'A'...'C' → 1...3, and U+1F600 → 3.
  static func format12Map() -> [UInt8] {
    let subtable =
      u16(12) + u16(0) + u32(16 + 24) + u32(0) + u32(2) + u32(0x41) + u32(0x43) + u32(1)
      + u32(0x1F600) + u32(0x1F600) + u32(3)
    return u16(0) + u16(1) + u16(3) + u16(10) + u32(12) + subtable
  }

  /// A `name` table of Windows English (US) records (encoding 0 is a
  /// symbol font's).
  static func names(_ records: [(Int, String)], encoding: Int = 1) -> [UInt8] {
    var strings: [UInt8] = []
    var table = u16(0) + u16(records.count) + u16(6 + 12 * records.count)
    for (id, text) in records {
      let utf16 = text.utf16.flatMap { u16(Int($0)) }
      table += u16(3) + u16(encoding) + u16(0x409) + u16(id) + u16(utf16.count) + u16(strings.count)
      strings += utf16
    }
    return table + strings
  }
}
