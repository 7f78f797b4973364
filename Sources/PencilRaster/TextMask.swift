import PencilFont
import PencilGeometry
import PencilIR

/// A text with very many glyphs on the canvas (a page of tiny type) is not
/// held as edges until its bands draw it, about 2.6 KB a glyph: its
/// coverage is accumulated while it is prepared, one glyph's outline at a
/// time, into a mask over its region on the canvas, which the bands then
/// blend. The mask is at most the canvas in floats, whatever the text's
/// length. Each stroke is accumulated band by band over the same rows, from
/// the same edges and resume points, and combined in the same order as
/// `BandRenderer` combines a text's strokes, so the pixels are the same
/// bit for bit either way (`RasterTextCullingTests`).
struct TextMask {
  let x0: Int
  let y0: Int
  let width: Int
  let height: Int
  let values: [Float]
}

extension DeviceSpace {
  /// Above this many glyphs on the canvas, a text is drawn through a
  /// `TextMask`: about 20 MB of edges, as `RasterRenderer.edgesAtOnce`.
  package static let glyphsAsEdges = 8192

  /// How many of the text's glyphs reach the canvas, and the region they
  /// reach (padded a pixel, so it holds every stroke's own region).
  func visibleGlyphs(of text: TextItem) -> (count: Int, region: Region?) {
    var count = 0
    var region: Region?
    StrokeFont.forEachGlyph(in: text) { glyph, _, origin in
      let ink = glyph.ink(at: origin, fontSize: text.fontSize, bold: text.bold)
      guard let reach = deviceRegion(of: ink, text.transform) else { return }
      count += 1
      region =
        region.map { (min($0.x0, reach.x0), min($0.y0, reach.y0), max($0.x1, reach.x1), max($0.y1, reach.y1)) }
        ?? reach
    }
    return (count, region)
  }

  /// The text's coverage over `region`, glyph by glyph; `store` and
  /// `lines` are scratch space.
  func textMask(
    _ text: TextItem, region: Region, store: inout EdgeStore, lines: inout [(Point, Point)]
  ) -> TextMask {
    let width = region.x1 - region.x0
    var mask = [Float](repeating: 0, count: width * (region.y1 - region.y0))
    var accumulator = CoverageAccumulator()
    var coverage: [Float] = []
    StrokeFont.forEachGlyph(in: text) { glyph, _, origin in
      let ink = glyph.ink(at: origin, fontSize: text.fontSize, bold: text.bold)
      guard deviceRegion(of: ink, text.transform) != nil else { return }
      for var outline in StrokeFont.outlines(of: glyph, at: origin, fontSize: text.fontSize, bold: text.bold) {
        if let transform = text.transform { outline = outline.map(transform.apply) }
        store.clear()
        guard let stroke = edges(outline, rule: .nonzero, into: &store, lines: &lines) else { continue }
        let left = stroke.x0 - region.x0
        let visible = min(stroke.width, region.x1 - stroke.x0)
        store.withView { view in
          // Band by band, as the bands would accumulate it.
          var band = stroke.y0 / bandHeight
          while band * bandHeight < stroke.y0 + stroke.height {
            let rows = stroke.rows(within: band * bandHeight..<(band + 1) * bandHeight)
            accumulator.accumulate(stroke, view, rows: rows, coverage: &coverage) { row, coverage in
              let start = (stroke.y0 + row - region.y0) * width + left
              for index in 0..<min(coverage.count, visible) {
                let c = coverage[index]
                if c > 0 { mask[start + index] = 1 - (1 - mask[start + index]) * (1 - c) }
              }
            }
            band += 1
          }
        }
      }
    }
    store.clear()
    return TextMask(
      x0: region.x0, y0: region.y0, width: width, height: region.y1 - region.y0, values: mask)
  }
}
