import PencilDiagnostics
import XCTest

@testable import PencilGeometry
@testable import PencilRaster

/// What a raster output holds for text is proportional to the text on the
/// canvas: a glyph is outlined and flattened only when its ink box
/// reaches the canvas, and its outline is dropped once flattened.
final class RasterTextCullingTests: XCTestCase {
  private func prepared(_ source: String) throws -> PreparedItem {
    let scene = try XCTUnwrap(compile(source).scene)
    let space = DeviceSpace(
      scaleX: 1, scaleY: 1, origin: Point(scene.viewport.x, scene.viewport.y), width: Int(scene.viewport.width),
      height: Int(scene.viewport.height), bandHeight: RasterRenderer.bandHeight)
    var planner = RasterPlanner(space: space)
    var diagnostics: [Diagnostic] = []
    let item = try XCTUnwrap(scene.items.last)
    let plan = try XCTUnwrap(planner.plan(item, diagnostics: &diagnostics))
    var store = EdgeStore()
    var lines: [(Point, Point)] = []
    return space.prepare(plan, store: &store, lines: &lines)
  }

  private func outlined(_ item: PreparedItem) -> Int {
    item.layers.reduce(0) { count, layer in
      if case .text(let text, _) = layer { count + text.outlinedGlyphs } else { count }
    }
  }

  private func strokes(_ item: PreparedItem) -> Int {
    item.layers.reduce(0) { count, layer in
      if case .text(let text, _) = layer { count + text.strokes.count } else { count }
    }
  }

  /// A line of 20,000 words, of which a few fit the canvas, holds the
  /// same strokes and edges as those few words alone; so do 5,000 lines
  /// below it.
  func testTextOffTheCanvasIsNeverOutlined() throws {
    let visible = "canvas 200x60 background=white\ntext \"hello world\" at 10,40\n"
    let long =
      "canvas 200x60 background=white\ntext \"hello world" + String(repeating: " pencil", count: 20_000)
      + "\" at 10,40\n"
    let tall =
      "canvas 200x60 background=white\ntext \"hello world" + String(repeating: "\\npencil", count: 5_000)
      + "\" at 10,40\n"
    let few = try prepared(visible)
    XCTAssertGreaterThan(strokes(few), 10)
    for source in [long, tall] {
      let many = try prepared(source)
      // The long line goes on to the canvas's right edge: those glyphs
      // count too, but none beyond.
      XCTAssertLessThan(strokes(many), strokes(few) * 4)
      XCTAssertLessThan(outlined(many), 40, "glyphs outlined")
      XCTAssertLessThan(many.store.count, few.store.count * 4)
    }
    // Only the first two lines of the tall text reach the canvas.
    let twoLines = try prepared("canvas 200x30 background=white\ntext \"hello world\\npencil\" at 10,20\n")
    let tallOnly =
      "canvas 200x30 background=white\ntext \"hello world" + String(repeating: "\\npencil", count: 5_000)
      + "\" at 10,20\n"
    XCTAssertEqual(strokes(try prepared(tallOnly)), strokes(twoLines))
    XCTAssertEqual(outlined(try prepared(tallOnly)), outlined(twoLines))
    XCTAssertEqual(try prepared(tallOnly).store.count, twoLines.store.count)
    // Wholly off the canvas: nothing at all.
    let away = try prepared("canvas 200x60\ntext \"" + String(repeating: "pencil ", count: 10_000) + "\" at 10,400\n")
    XCTAssertEqual(away.layers.count, 0)
    XCTAssertEqual(away.store.count, 0)
  }

  /// A text of more glyphs on the canvas than `glyphsAsEdges` is
  /// accumulated into a mask as it is prepared, a glyph at a time: the
  /// same pixels, bit for bit, as through the bands' edges, for text
  /// rotated, clipped, bold, centred, over several lines and bands, and
  /// at band heights that cut glyphs.
  func testTextThroughAMaskGivesTheSamePixels() throws {
    let words = String(repeating: "Pencils draw ÅÉÏ ŁĳŒ gÿj. ", count: 40)
    let source = """
      canvas 300x200 background=white
      text "\(words)\\n\(words)" at 5,20 font=7
      text "\(words)" at 150,90 font=headline align=center rotation=20 color=#0000ff80
      zstack at 20,120 size 200x60 clip=ellipse {
        text "\(words)\\n\(words)\\n\(words)" font=title
      }
      text "\(words)" at 0,190 font=3 color=red
      """
    let scene = try XCTUnwrap(compile(source).scene)
    for bandHeight in [64, 7] {
      var diagnostics: [Diagnostic] = []
      let edges = RasterRenderer.render(
        scene, width: 300, height: 200, scaleX: 1, scaleY: 1, diagnostics: &diagnostics, threads: 2,
        bandHeight: bandHeight, glyphsAsEdges: .max)
      let masks = RasterRenderer.render(
        scene, width: 300, height: 200, scaleX: 1, scaleY: 1, diagnostics: &diagnostics, threads: 2,
        bandHeight: bandHeight, glyphsAsEdges: 0)
      let (a, b) = (edges.withPixels { Array($0) }, masks.withPixels { Array($0) })
      XCTAssertEqual(a.count, b.count)
      XCTAssertEqual(zip(a, b).filter { $0 != $1 }.count, 0, "band height \(bandHeight)")
      XCTAssertGreaterThan(Set(a).count, 10, "the text is drawn")
    }
  }
}
