#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns text runs into filled outlines with the built-in stroke font, so
/// raster backends draw text through the same path filler as shapes and
/// the SVG backend can emit identical outlines (`--text-as-paths`).
enum StrokeFont {
  struct Glyph {
    var advance: Double
    /// Centre lines in font units, y up.
    var strokes: [[Point]]
  }

  /// Printable ASCII, indexed by code point − 32.
  static let ascii: [Glyph] = {
    var table = [Glyph](repeating: Glyph(advance: 0, strokes: []), count: 95)
    for (character, advance, strokes) in GlyphData.glyphs {
      guard let value = character.asciiValue, value >= 32, value < 127 else { continue }
      table[Int(value) - 32] = Glyph(advance: advance, strokes: parse(strokes))
    }
    return table
  }()

  static let replacement = Glyph(advance: GlyphData.replacement.0, strokes: parse(GlyphData.replacement.1))

  static func glyph(for scalar: Unicode.Scalar) -> Glyph? {
    if scalar == "\t" { return ascii[0] }
    guard scalar.value >= 32, scalar.value < 127 else { return nil }
    return ascii[Int(scalar.value) - 32]
  }

  /// Whether the font draws the scalar itself rather than the box.
  static func covers(_ scalar: Unicode.Scalar) -> Bool { glyph(for: scalar) != nil }

  private static func parse(_ text: String) -> [[Point]] {
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

  /// One outline per stroke, for renderers that combine strokes themselves.
  static func strokeOutlines(of text: TextItem) -> [[PathSegment]] {
    var strokes: [[PathSegment]] = []
    forEachGlyph(in: text) { glyph, _, origin in
      strokes += outlines(of: glyph, at: origin, fontSize: text.fontSize, bold: text.bold)
    }
    return strokes
  }

  /// The outlines of one glyph's strokes with its origin (on the baseline) at `origin`.
  static func outlines(of glyph: Glyph, at origin: Point, fontSize: Double, bold: Bool) -> [[PathSegment]] {
    let unit = fontSize / GlyphData.unitsPerEm
    let half = (bold ? GlyphData.boldStrokeWidth : GlyphData.strokeWidth) * unit / 2
    return glyph.strokes.map { stroke in
      var segments: [PathSegment] = []
      StrokeOutliner.append(
        stroke.map { Point(origin.x + $0.x * unit, origin.y - $0.y * unit) }, halfWidth: half, to: &segments)
      return segments
    }
  }

  /// Calls `body(glyph, id, origin)` for every character of the text, in
  /// order, with the glyph's origin on its line's baseline; `id` names the
  /// glyph (its code point, or -1 for the replacement box).
  static func forEachGlyph(in text: TextItem, _ body: (Glyph, Int, Point) -> Void) {
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
