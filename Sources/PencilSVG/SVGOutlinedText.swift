import PencilFont
import PencilGeometry
import PencilIR

/// A glyph of the built-in font at one size and weight.
struct GlyphKey: Hashable {
  /// The code point, or -1 for the replacement box.
  var id: Int
  var fontSize: Double
  var bold: Bool
}

/// `--text-as-paths`: text drawn with the built-in stroke font, as the
/// raster backends draw it. Each distinct glyph (per size and weight) is
/// defined once as a path at the origin, in a `<defs>` written where it is
/// first needed, and each character is a `<use>` of it at its origin, so
/// the output grows by one short element per character rather than by the
/// glyph's whole outline (a megabyte of text was over 500 MB of SVG).
/// The definitions carry no fill, so they take the colour of the group.
extension SVGWriter {
  mutating func outlinedText(_ item: TextItem, dark: DisplayItem?) {
    out.write("<g")
    fill(item.color, opacity: 1)
    if case .text(let darkText)? = dark { appearanceClass(.fill, item.color, darkText.color) }
    writeAnnotation()
    out.write(">\n")
    StrokeFont.forEachGlyph(in: item) { glyph, id, origin in
      guard !glyph.strokes.isEmpty else { return }
      let key = GlyphKey(id: id, fontSize: item.fontSize, bold: item.bold)
      let number = glyphDefinitions[key] ?? define(glyph, as: key)
      out.write("<use xlink:href=\"#t")
      out.write(number)
      out.write("\" x=\"")
      out.write(origin.x)
      out.write("\" y=\"")
      out.write(origin.y)
      out.write("\"/>\n")
    }
    out.write("</g>\n")
  }

  private mutating func define(_ glyph: StrokeFont.Glyph, as key: GlyphKey) -> Int {
    let number = glyphDefinitions.count + 1
    glyphDefinitions[key] = number
    out.write("<defs><path id=\"t")
    out.write(number)
    out.write("\" d=\"")
    for stroke in StrokeFont.outlines(of: glyph, at: Point(0, 0), fontSize: key.fontSize, bold: key.bold) {
      pathData(stroke, IdentityMap())
    }
    out.write("\"/></defs>\n")
    return number
  }
}
