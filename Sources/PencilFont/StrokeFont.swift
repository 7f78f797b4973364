import PencilGeometry
import PencilIR
import PencilSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns text runs into filled outlines with the built-in stroke font, so
/// raster backends draw text through the same path filler as shapes and
/// the SVG backend can emit identical outlines (`--text-as-paths`).
package enum StrokeFont {
  package struct Glyph {
    var advance: Double
    /// Centre lines in font units, y up, moved for the side bearings.
    package var strokes: [[Point]]
    /// The outline rings of each stroke in font units, regular and bold.
    var regular: [[[Point]]]
    var bold: [[[Point]]]
    /// The box of each weight's ink in font units (y up), for skipping a
    /// glyph that lies off the canvas before its outline is built.
    var regularInk = Rect(x: 0, y: 0, width: 0, height: 0)
    var boldInk = Rect(x: 0, y: 0, width: 0, height: 0)

    init(advance: Double, strokes: [[Point]]) {
      // Side bearings: the bold ink moved and the advance widened so
      // that the ink keeps `sideBearing` from both edges.
      let bold = strokes.map { StrokeOutliner.rings($0, halfWidth: GlyphData.boldStrokeWidth / 2) }
      let xs = bold.joined().joined().map(\.x)
      let bearing = GlyphData.sideBearing
      let shift = max(0, bearing - (xs.min() ?? bearing))
      self.advance = max(advance + shift, (xs.max() ?? 0) + shift + bearing)
      self.strokes = GlyphComposer.moved(strokes, x: shift, y: 0)
      self.regular = self.strokes.map { StrokeOutliner.rings($0, halfWidth: GlyphData.strokeWidth / 2) }
      self.bold = bold.map { $0.map { $0.map { Point($0.x + shift, $0.y) } } }
      regularInk = Glyph.box(of: regular)
      boldInk = Glyph.box(of: self.bold)
    }

    private static func box(of strokes: [[[Point]]]) -> Rect {
      let points = strokes.joined().joined()
      guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
        let minY = points.map(\.y).min(), let maxY = points.map(\.y).max()
      else { return Rect(x: 0, y: 0, width: 0, height: 0) }
      return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The user-space box of the ink of the glyph set at `origin`.
    package func ink(at origin: Point, fontSize: Double, bold: Bool) -> Rect {
      let unit = fontSize / GlyphData.unitsPerEm
      let box = bold ? boldInk : regularInk
      return Rect(
        x: origin.x + box.x * unit, y: origin.y - box.maxY * unit, width: box.width * unit,
        height: box.height * unit)
    }
  }

  /// U+0000–U+017F by code point (nil where the font has no glyph), and
  /// the few glyphs beyond, sorted by code point for a binary search.
  private static let tables: (direct: [Glyph?], beyond: [(UInt32, Glyph)]) = {
    var designs: [UInt32: GlyphComposer.Design] = [:]
    for (character, advance, strokes) in GlyphData.glyphs {
      guard let scalar = character.unicodeScalars.first else { continue }
      designs[scalar.value] = (advance, parse(strokes))
    }
    for (value, advance, strokes) in GlyphData.moreGlyphs { designs[value] = (advance, parse(strokes)) }
    designs.merge(GlyphComposer.compose(designs)) { drawn, _ in drawn }
    var direct = [Glyph?](repeating: nil, count: Int(directCount))
    var beyond: [(UInt32, Glyph)] = []
    for (value, design) in designs {
      let glyph = Glyph(advance: design.advance, strokes: design.strokes)
      if value < directCount { direct[Int(value)] = glyph } else { beyond.append((value, glyph)) }
    }
    return (direct, beyond.sorted { $0.0 < $1.0 })
  }()

  private static let directCount: UInt32 = 0x180

  static let replacement = Glyph(advance: GlyphData.replacement.0, strokes: parse(GlyphData.replacement.1))

  static func glyph(for scalar: Unicode.Scalar) -> Glyph? {
    let value = scalar == "\t" ? 32 : scalar.value
    if value < directCount { return tables.direct[Int(value)] }
    let beyond = tables.beyond
    var (low, high) = (0, beyond.count)
    while low < high {
      let middle = (low + high) / 2
      if beyond[middle].0 < value { low = middle + 1 } else { high = middle }
    }
    return low < beyond.count && beyond[low].0 == value ? beyond[low].1 : nil
  }

  /// Every code point the font draws, in order.
  static var coverage: [UInt32] {
    tables.direct.indices.filter { tables.direct[$0] != nil }.map { UInt32($0) } + tables.beyond.map(\.0)
  }

  /// Whether the font draws the scalar itself rather than the box (from
  /// the table of advances: asking does not build the font).
  static func covers(_ scalar: Unicode.Scalar) -> Bool { GlyphAdvances.advance(of: scalar).covered }

  static func parse(_ text: String) -> [[Point]] {
    text.split(separator: "|").map { stroke in
      var points: [Point] = []
      for token in stroke.split(separator: " ") {
        if token.hasPrefix("@") {
          let v = token.dropFirst().split(separator: ",").compactMap { Double($0) }
          guard v.count == 6 else { continue }
          points += arc(center: Point(v[0], v[1]), radii: Point(v[2], v[3]), from: v[4], to: v[5])
        } else {
          let v = token.split(separator: ",").compactMap { Double($0) }
          if v.count == 2 { points.append(Point(v[0], v[1])) }
        }
      }
      return points
    }
  }

  /// Points along an elliptical arc, at most 12° apart.
  private static func arc(center: Point, radii: Point, from: Double, to: Double) -> [Point] {
    let steps = max(2, clampedInt((abs(to - from) / 12).rounded(.up), 2, 360))
    return (0...steps).map { index in
      let angle = (from + (to - from) * Double(index) / Double(steps)) * Double.pi / 180
      return Point(center.x + radii.x * cos(angle), center.y + radii.y * sin(angle))
    }
  }

  /// The width of a line of text in points.
  static func width(of line: Substring, size: Double) -> Double { TextMetrics.width(of: line, size: size) }

  /// The outlines of one glyph's strokes with its origin (on the baseline) at `origin`.
  package static func outlines(of glyph: Glyph, at origin: Point, fontSize: Double, bold: Bool) -> [[PathSegment]] {
    let unit = fontSize / GlyphData.unitsPerEm
    return (bold ? glyph.bold : glyph.regular).map { rings in
      var segments: [PathSegment] = []
      for ring in rings {
        guard let first = ring.first else { continue }
        segments.append(.move(Point(origin.x + first.x * unit, origin.y - first.y * unit)))
        for point in ring.dropFirst() {
          segments.append(.line(Point(origin.x + point.x * unit, origin.y - point.y * unit)))
        }
        segments.append(.close)
      }
      return segments
    }
  }

  /// Calls `body(glyph, id, origin)` for every character of the text, in
  /// order, with the glyph's origin on its line's baseline; `id` names the
  /// glyph (its code point, or -1 for the replacement box).
  package static func forEachGlyph(in text: TextItem, _ body: (Glyph, Int, Point) -> Void) {
    let unit = text.fontSize / GlyphData.unitsPerEm
    for (index, line) in text.lines.enumerated() {
      let baseline = text.position.y + Double(index) * text.lineHeight
      let width = StrokeFont.width(of: line[...], size: text.fontSize)
      var x: Double
      switch text.alignment {
      case .leading: x = text.position.x
      case .center: x = text.position.x - width / 2
      case .trailing: x = text.position.x - width
      }
      for scalar in line.unicodeScalars {
        let known = self.glyph(for: scalar)
        let glyph = known ?? replacement
        body(glyph, known == nil ? -1 : scalar == "\t" ? 32 : Int(scalar.value), Point(x, baseline))
        x += glyph.advance * unit
      }
    }
  }
}
