import PencilGeometry

/// Builds the letters of Latin-1 and Latin Extended-A that are a base
/// letter with marks: which base and which mark comes from Unicode itself
/// (a base letter followed by a combining mark is the same `Character` as
/// the precomposed letter), the mark's shape from `GlyphData.marks`, and
/// its place from the base's centre lines:
///
/// - marks above are centred over the base, in the lower mark zone over
///   x-height letters (`i` and `j` lose their dot), in the upper one over
///   capitals and ascenders;
/// - a cedilla hangs from the middle of the base, an ogonek from its
///   right; on G K L N R (Latvian) the cedilla is a comma below, and on `g`
///   a turned comma above; the caron of ď ľ Ľ ť is an apostrophe;
/// - a stroke or middle dot (Đ Ł Ø Ŀ…) is listed with its base in
///   `GlyphData.struck`; Ĳ ĳ are two bases side by side; superscripts,
///   fractions and ª º are scaled digits and letters; ¨ ¯ ´ ¸ are marks alone.
enum GlyphComposer {
  typealias Design = (advance: Double, strokes: [[Point]])

  /// The composed glyphs by code point, given the drawn ones.
  static func compose(_ drawn: [UInt32: Design]) -> [UInt32: Design] {
    var result: [UInt32: Design] = [:]
    let marks = Dictionary(uniqueKeysWithValues: GlyphData.marks.map { ($0.0, StrokeFont.parse($0.1)) })
    var decompositions: [Character: (UInt32, UInt32)] = [:]
    for base in Array(0x41...0x5A) + Array(0x61...0x7A) {
      for (mark, _) in GlyphData.marks {
        guard let b = Unicode.Scalar(UInt32(base)), let m = Unicode.Scalar(mark) else { continue }
        decompositions[Character(String(b) + String(m))] = (UInt32(base), mark)
      }
    }
    for value in UInt32(0xC0)...0x17F where drawn[value] == nil {
      guard let scalar = Unicode.Scalar(value), let (base, mark) = decompositions[Character(scalar)] else { continue }
      let above = mark < 0x327
      let baseValue: UInt32 = above && base == 0x69 ? 0x131 : above && base == 0x6A ? 0x237 : base
      guard let design = drawn[baseValue], let shape = marks[mark] else { continue }
      result[value] = withMark(design, base: Character(Unicode.Scalar(base)!), mark: mark, shape: shape)
    }
    for (value, base, extra) in GlyphData.struck {
      guard let scalar = base.unicodeScalars.first, let design = drawn[scalar.value] else { continue }
      result[value] = (design.advance, design.strokes + StrokeFont.parse(extra))
    }
    for (value, first, second) in [(0x132, 0x49, 0x4A), (0x133, 0x69, 0x6A)] as [(UInt32, UInt32, UInt32)] {
      guard let a = drawn[first], let b = drawn[second] else { continue }
      result[value] = (a.advance + b.advance, a.strokes + moved(b.strokes, x: a.advance, y: 0))
    }
    small(drawn, into: &result)
    for (value, mark) in [(0xA8, 0x308), (0xAF, 0x304), (0xB4, 0x301), (0xB8, 0x327)] as [(UInt32, UInt32)] {
      guard let shape = marks[mark] else { continue }
      let zone = GlyphData.lowerMarkZone.lowerBound
      result[value] = (4.5, moved(shape, x: 2.2, y: mark < 0x327 ? zone : 0))
    }
    return result
  }

  private static func withMark(_ design: Design, base: Character, mark: UInt32, shape: [[Point]]) -> Design {
    let points = design.strokes.joined()
    let minX = points.map(\.x).min() ?? 0
    let maxX = points.map(\.x).max() ?? design.advance
    let top = points.map(\.y).max() ?? 0
    let centre = (minX + maxX) / 2
    var strokes = design.strokes
    switch mark {
    case 0x30C where "dlLt".contains(base):
      strokes += moved(StrokeFont.parse(GlyphData.apostrophe), x: base == "L" ? 2.6 : maxX + 1.2, y: 0)
    case 0x327 where "GKLNRklnr".contains(base):
      strokes += moved(StrokeFont.parse(GlyphData.commaBelow), x: centre, y: 0)
    case 0x327 where base == "g":
      strokes += moved(StrokeFont.parse(GlyphData.commaAbove), x: centre, y: GlyphData.lowerMarkZone.lowerBound)
    case 0x327:
      strokes += moved(shape, x: centre, y: 0)
    case 0x328:
      strokes += moved(shape, x: maxX - 0.3, y: 0)
    default:
      let zone = top > GlyphData.xHeight + 0.5 ? GlyphData.upperMarkZone : GlyphData.lowerMarkZone
      strokes += moved(shape, x: centre, y: zone.lowerBound)
    }
    return (design.advance, strokes)
  }

  /// Superscript digits, fractions and the ordinal indicators.
  private static func small(_ drawn: [UInt32: Design], into result: inout [UInt32: Design]) {
    func scaled(_ value: UInt32, x: Double, y: Double) -> Design? {
      guard let design = drawn[value] else { return nil }
      let strokes = design.strokes.map { $0.map { Point(x + $0.x * 0.5, y + $0.y * 0.5) } }
      return (design.advance * 0.5, strokes)
    }
    for (value, digit) in [(0xB9, 0x31), (0xB2, 0x32), (0xB3, 0x33)] as [(UInt32, UInt32)] {
      if let glyph = scaled(digit, x: 0.4, y: 5) { result[value] = (glyph.advance + 0.8, glyph.strokes) }
    }
    for (value, numerator, denominator) in [(0xBC, 0x31, 0x34), (0xBD, 0x31, 0x32), (0xBE, 0x33, 0x34)]
      as [(UInt32, UInt32, UInt32)]
    {
      guard let top = scaled(numerator, x: 0.2, y: 5), let bottom = scaled(denominator, x: 5.4, y: 0) else { continue }
      result[value] = (9.6, top.strokes + bottom.strokes + StrokeFont.parse("2.2,0 8,10"))
    }
    for (value, letter) in [(0xAA, 0x61), (0xBA, 0x6F)] as [(UInt32, UInt32)] {
      guard let glyph = scaled(letter, x: 0.6, y: 6.4) else { continue }
      result[value] = (glyph.advance + 1.2, glyph.strokes + [[Point(0.6, 4.2), Point(glyph.advance + 0.6, 4.2)]])
    }
  }

  static func moved(_ strokes: [[Point]], x: Double, y: Double) -> [[Point]] {
    strokes.map { $0.map { Point($0.x + x, $0.y + y) } }
  }
}
