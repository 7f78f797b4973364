import PencilDiagnostics
import XCTest

@testable import PencilGeometry
@testable import PencilIR
@testable import PencilRaster
@testable import PencilSVG
@testable import PencilSema

/// Transforms (`rotation`, `scale`, `offset`, `anchor`) and clipping
/// (`clip=`), applied after layout (issue 10).
final class EffectsTests: XCTestCase {
  private func scene(_ source: String, line: UInt = #line) throws -> Scene {
    let compilation = compile(source)
    XCTAssertEqual(compilation.diagnostics.map(\.message), [], line: line)
    return try XCTUnwrap(compilation.scene, line: line)
  }

  private func pixels(_ scene: Scene) throws -> PixelCanvas {
    var diagnostics: [Diagnostic] = []
    return try XCTUnwrap(RasterRenderer.render(scene, options: RasterOptions(), diagnostics: &diagnostics))
  }

  /// Premultiplied red, green, blue and alpha of a pixel.
  private func rgba(_ canvas: PixelCanvas, _ x: Int, _ y: Int) -> [Int] {
    let (r, g, b, a) = canvas.withPixels { PixelCanvas.channels($0[y * canvas.width + x]) }
    return [Int(r), Int(g), Int(b), Int(a)]
  }

  func testAQuarterTurnAboutTheCentreIsExact() throws {
    let scene = try scene("rect at 10,20 size 40x10 rotation=90")
    guard case .path(let path) = scene.items[0] else { return XCTFail("a path") }
    // Clockwise on screen: (x, y) → (−y, x) about the centre (30, 25).
    XCTAssertEqual(path.transform, Affine(a: 0, b: 1, c: -1, d: 0, e: 55, f: -5))
    XCTAssertEqual(scene.viewport, Rect(x: 25, y: 5, width: 10, height: 40))
  }

  func testTheAnchorAndOffsetMoveThePivot() throws {
    let scene = try scene("rect at 0,0 size 20x20 rotation=180 anchor=bottomTrailing offset=5,0")
    guard case .path(let path) = scene.items[0] else { return XCTFail("a path") }
    let corner = try XCTUnwrap(path.transform).apply(Point(0, 0))
    XCTAssertEqual(corner.x, 45, accuracy: 1e-9)
    XCTAssertEqual(corner.y, 40, accuracy: 1e-9)
  }

  func testAGradientTurnsWithItsShape() throws {
    // Black at the top, white at the bottom, turned a quarter: black on the right.
    let canvas = try pixels(
      scene(
        """
        canvas 40x40
        gradient fade rgb top to bottom { stop black; stop white }
        rect at 10,0 size 20x40 gradient=fade rotation=90
        """))
    XCTAssertLessThan(rgba(canvas, 38, 20)[0], 20)
    XCTAssertGreaterThan(rgba(canvas, 1, 20)[0], 235)
  }

  func testAScaleWidensTheStroke() throws {
    let canvas = try pixels(
      scene(
        """
        canvas 100x40 background=white
        rect at 20,10 size 20x20 fill=.clear stroke=black lineWidth=2 scale=2,1
        """))
    // The left side at x 10 is 4 wide (8…12), the top 2 high (9…11).
    XCTAssertEqual(rgba(canvas, 9, 20)[0], 0)
    XCTAssertEqual(rgba(canvas, 11, 20)[0], 0)
    XCTAssertEqual(rgba(canvas, 13, 20)[0], 255)
    XCTAssertEqual(rgba(canvas, 30, 9)[0], 0)
    XCTAssertEqual(rgba(canvas, 30, 11)[0], 255)
  }

  func testAClipCutsTheChildrenToItsShape() throws {
    let canvas = try pixels(
      scene(
        """
        canvas 100x100
        zstack at 0,0 size 100x100 clip=ellipse { rect fill=red }
        """))
    XCTAssertEqual(rgba(canvas, 50, 50), [255, 0, 0, 255])
    XCTAssertEqual(rgba(canvas, 2, 2)[3], 0)
    XCTAssertEqual(rgba(canvas, 97, 97)[3], 0)
    // On the edge the coverage is partial, as a filled ellipse's would be.
    let edge = rgba(canvas, 50, 0)[3]
    XCTAssertGreaterThan(edge, 0)
    XCTAssertLessThan(edge, 255)
  }

  func testNestedClipsBothCutAndFollowTheTransform() throws {
    let scene = try scene(
      """
      canvas 100x100
      zstack at 0,0 size 100x100 clip=rect rotation=45 {
        zstack size 50x50 clip=ellipse { rect fill=red }
      }
      """)
    guard case .path(let path) = scene.items[0], let clip = path.clip else { return XCTFail("a clipped path") }
    XCTAssertEqual(clip.chain.count, 2)
    // The outer clip is the square turned 45°: its corners reach the canvas edges' middles… and beyond.
    let outer = try XCTUnwrap(boundingBox(of: clip.chain[1].segments))
    XCTAssertEqual(outer.width, 100 * 2.squareRoot(), accuracy: 1e-9)
    var noDiagnostics: [Diagnostic] = []
    let svg = String(
      decoding: SVGBackend().render(scene, diagnostics: &noDiagnostics) ?? [], as: UTF8.self)
    XCTAssertTrue(svg.contains("<clipPath id=\"c2\" clip-path=\"url(#c1)\">"), svg)
    XCTAssertTrue(svg.contains("<g clip-path=\"url(#c2)\">"), svg)
    XCTAssertTrue(svg.contains("transform=\"matrix(0.7071"), svg)
  }

  func testTextTurnsInSVGAndInPixels() throws {
    let scene = try scene("canvas 100x100\ntext \"Hello\" at 20,50 rotation=90 font=20")
    guard case .text(let text) = scene.items[0], let transform = text.transform else {
      return XCTFail("a turned text")
    }
    // About the centre of its measured box, which stays where it was.
    let box = text.bounds
    let centre = transform.apply(Point(box.x + box.width / 2, box.y + box.height / 2))
    XCTAssertEqual(centre.x, box.x + box.width / 2, accuracy: 1e-9)
    XCTAssertEqual(centre.y, box.y + box.height / 2, accuracy: 1e-9)
    var noDiagnostics: [Diagnostic] = []
    let svg = String(
      decoding: SVGBackend().render(scene, diagnostics: &noDiagnostics) ?? [], as: UTF8.self)
    XCTAssertTrue(svg.contains("<g transform=\"matrix(0 1 -1 0"), svg)
    // Turned a quarter about its box's centre, the ink runs down, not across.
    let canvas = try pixels(scene)
    var inkRows = Set<Int>()
    var inkColumns = Set<Int>()
    for y in 0..<100 {
      for x in 0..<100 where rgba(canvas, x, y)[3] > 128 {
        inkRows.insert(y)
        inkColumns.insert(x)
      }
    }
    XCTAssertGreaterThan(inkRows.count, inkColumns.count)
  }

  func testEffectsHaveLimitsAndChecks() {
    let scale = compile("rect at 0,0 size 10x10 scale=5000").diagnostics
    XCTAssertEqual(scale.map(\.code), [SemaCodes.valueOutOfRange])
    let clip = compile("rect at 0,0 size 10x10 clip=ellipse").diagnostics
    XCTAssertEqual(clip.map(\.code), [SemaCodes.unknownAttribute])
  }

  func testADashPatternPastTheLimitIsWarnedAboutAndDrawnSolid() throws {
    // Along 100,000 points a pattern 1.9 long makes 52,632 dashes, under
    // the limit of 100,000; one 0.1 long makes 1,000,000, over it.
    XCTAssertEqual(compile("line from 0,0 to 100000,0 dash=[1, 0.9]").diagnostics.map(\.code), [])
    let fine = compile("line from 0,0 to 100000,0 dash=[0.05, 0.05]")
    XCTAssertEqual(fine.diagnostics.map(\.code), [GraphicsCodes.dashesTooFine])
    let scene = try XCTUnwrap(fine.scene)
    guard case .path(let line) = scene.items[0], let stroke = line.stroke else { return XCTFail("a stroked line") }
    // Drawn solid: one outline of four corners, not two million dashes.
    let outline = Stroker.outline(line.userSpaceSegments, style: stroke.style, tolerance: 0.2)
    XCTAssertLessThan(outline.count, 10)
  }

  func testRadiansInSinAreWarnedAboutWithAFix() throws {
    let diagnostics = compile(
      """
      shape star {
        move 0.5, 0
        for k in 1..<10 {
          let a = k * pi / 5
          line 0.5 + 0.4 * sin(a), 0.5 - 0.4 * cos(k * pi / 5)
        }
        close
      }
      star at 0,0 size 10x10
      """
    ).diagnostics
    XCTAssertEqual(diagnostics.map(\.code), [GraphicsCodes.radiansInDegrees, GraphicsCodes.radiansInDegrees])
    XCTAssertEqual(diagnostics.first?.notes.first?.message, "the value is computed with pi here")
    XCTAssertEqual(diagnostics.last?.fixes.first?.edits.map(\.newText), ["180"])
  }
}
