import PencilDiagnostics
import PencilGeometry
import XCTest

@testable import PencilASCII
@testable import PencilCore
@testable import PencilIR
@testable import PencilRaster
@testable import PencilSVG

/// `shadow=` and `blur=`: layers in the IR, SVG filters, the raster's
/// blurred composite, and the ASCII backend leaving them out.
final class ShadowAndBlurTests: XCTestCase {
  private func scene(_ source: String) throws -> Scene {
    let compilation = compile(source)
    let errors = compilation.diagnostics.filter { $0.severity == .error }
    XCTAssertEqual(errors.map(\.code.id), [], "\(errors.map(\.message))")
    return try XCTUnwrap(compilation.scene)
  }

  private func pixels(_ scene: Scene) -> (PixelCanvas, (Int, Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) {
    var diagnostics: [Diagnostic] = []
    let canvas = RasterRenderer.render(
      scene, width: Int(scene.viewport.width), height: Int(scene.viewport.height), scaleX: 1, scaleY: 1,
      diagnostics: &diagnostics)
    return (canvas, { x, y in canvas.withPixels { PixelCanvas.channels($0[y * canvas.width + x]) } })
  }

  func testAComponentsItemsShareOneShadowLayer() throws {
    let found = try scene("canvas 200x300\npencil at 20,20 size 40x200 shadow=6 shadow.y=4")
    let layers = found.items.map(\.layers)
    XCTAssertGreaterThan(layers.count, 2)
    XCTAssertTrue(layers.allSatisfy { $0.count == 1 && $0[0] === layers[0][0] })
    XCTAssertEqual(
      layers[0][0].effect, .shadow(color: IRColor(Color(red: 0, green: 0, blue: 0, alpha: 0.33)), radius: 6, x: 0, y: 4)
    )
  }

  func testABlurGoesRoundTheShadowOfTheSameElement() throws {
    let found = try scene("canvas 200x200\nrect at 20,20 size 40x40 shadow=3 blur=2")
    let layers = try XCTUnwrap(found.items.first?.layers)
    XCTAssertEqual(layers.map(\.radius), [2, 3])
    guard case .blur = layers[0].effect else { return XCTFail("the blur is not outside") }
  }

  func testAClippedStackCutsTheShadowsOfItsChildren() throws {
    let found = try scene(
      "canvas 200x200\nzstack at 20,20 size 100x100 clip=rect { rect size 50x50 fill=.red shadow=8 }")
    XCTAssertNotNil(found.items.first?.layers.first?.clip)
  }

  func testTheSVGFilterCoversThreeDeviationsAndTheOffset() throws {
    let found = try scene("canvas 300x200\nrect at 50,40 size 100x60 shadow=5 shadow.x=4 shadow.y=6")
    var diagnostics: [Diagnostic] = []
    let svg = String(decoding: Pencil.render(found, with: SVGBackend(), diagnostics: &diagnostics) ?? [], as: UTF8.self)
    // x: 50 − 15 = 35; y: 40 − 15 = 25; width 100 + 30 + 4; height 60 + 30 + 6.
    XCTAssertTrue(
      svg.contains(
        "<filter id=\"f1\" filterUnits=\"userSpaceOnUse\" x=\"35\" y=\"25\" width=\"134\" height=\"96\" color-interpolation-filters=\"sRGB\">"
      ), svg)
    XCTAssertTrue(svg.contains("<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"5\"/><feOffset dx=\"4\" dy=\"6\""))
    XCTAssertTrue(svg.contains("<g filter=\"url(#f1)\">"))
  }

  func testTheRasterShadowFallsUnderTheShapeAndFadesAway() throws {
    let found = try scene("canvas 200x200 background=white\nrect at 50,50 size 60x40 fill=white shadow=4 shadow.y=8")
    let (_, pixel) = pixels(found)
    // Below the rect, in the shadow: darker than the paper.
    XCTAssertLessThan(pixel(80, 95).r, 230)
    // The rect itself stays white, and far away there is no shadow.
    XCTAssertEqual(pixel(80, 70).r, 255)
    XCTAssertEqual(pixel(80, 130).r, 255)
    XCTAssertEqual(pixel(20, 20).r, 255)
  }

  func testABlurredShapesEdgeIsSoft() throws {
    let found = try scene("canvas 200x100 background=white\nrect at 50,20 size 100x60 fill=black blur=5")
    let (_, pixel) = pixels(found)
    XCTAssertLessThan(pixel(100, 50).r, 10)
    // At the edge about half; 10 pixels outside, little.
    XCTAssertEqual(Double(pixel(50, 50).r), 127, accuracy: 20)
    XCTAssertGreaterThan(pixel(40, 50).r, 220)
  }

  func testShadowMasksInTheBandedPassDrawWhatTheCompositorDraws() throws {
    // Shadows only: masks blended in the one pass; the same scene through
    // the compositor (each layer drawn apart, blurred, composited).
    let found = try scene(
      "canvas 300x200 background=white\nfor i in 0..<3 { pencil at 20 + i * 90,20 size 40x150 color=.blue shadow=6 shadow.x=3 shadow.y=5 }\nrect at 250,150 size 40x40 fill=.red shadow=0 shadow.x=4 shadow.y=4"
    )
    let (banded, _) = pixels(found)
    var diagnostics: [Diagnostic] = []
    let space = DeviceSpace(
      scaleX: 1, scaleY: 1, origin: Point(0, 0), width: 300, height: 200, bandHeight: RasterRenderer.bandHeight)
    var composited = PixelCanvas(width: 300, height: 200, background: found.background)
    let compositor = LayerCompositor(
      regions: LayerIR.regions(of: found.items), drawText: true, threads: 1,
      bounds: Rect(x: -300, y: -200, width: 900, height: 600))
    composited.withMutablePixels { pixels in
      compositor.draw(found.items[...], depth: 0, space: space, pixels: pixels, diagnostics: &diagnostics)
    }
    var worst = 0
    banded.withPixels { a in
      composited.withPixels { b in
        for index in 0..<a.count {
          let (x, y) = (PixelCanvas.channels(a[index]), PixelCanvas.channels(b[index]))
          worst = max(worst, abs(Int(x.r) - Int(y.r)), abs(Int(x.g) - Int(y.g)), abs(Int(x.b) - Int(y.b)))
        }
      }
    }
    // Within the roundings of 8-bit compositing: the compositor rounds the
    // layer's own picture once more, and packs the tinted shadow before
    // blending it.
    XCTAssertLessThanOrEqual(worst, 2)
  }

  func testTheASCIIBackendLeavesShadowsOut() throws {
    func text(_ source: String) throws -> [UInt8] {
      var options = ASCIIOptions()
      options.columns = 40
      var diagnostics: [Diagnostic] = []
      return try XCTUnwrap(
        Pencil.render(try scene(source), with: ASCIIBackend(options: options), diagnostics: &diagnostics))
    }
    let plain = "canvas 200x100 background=white\nrect at 50,20 size 100x60 fill=.blue"
    XCTAssertEqual(try text(plain + " shadow=10 shadow.y=10"), try text(plain))
  }

  func testABlurCountsSixteenCoatsOfItsPixelsAgainstTheRasterWorkLimit() throws {
    let space = DeviceSpace(scaleX: 1, scaleY: 1, origin: Point(0, 0), width: 400, height: 300, bandHeight: 64)
    func work(_ source: String, maximum: Int = RasterWork.defaultMaximum) throws -> RasterWork.Outcome {
      RasterWork.check(try scene(source), space: space, maximum: maximum)
    }
    guard case .within(let plain) = try work("canvas 400x300\nrect at 100,100 size 100x50") else { return XCTFail() }
    guard case .within(let blurred) = try work("canvas 400x300\nrect at 100,100 size 100x50 blur=10") else {
      return XCTFail()
    }
    // The region: the rect's box and 30 points each way, 160 × 110.
    XCTAssertEqual(blurred - plain, 16 * 162 * 112, accuracy: 16 * (2 * 112 + 2 * 162 + 4))
    // A canvas-wide blur of a canvas-wide rect: its region is cut to the
    // canvas grown by at most a canvas each way, and a small limit refuses it.
    guard case .refused(let refusal) = try work("canvas 400x300\nrect at 0,0 size 400x300 blur=300", maximum: 1_000_000)
    else { return XCTFail("not refused") }
    XCTAssertEqual(refusal.code.id, "E0303")
  }

  func testAShadowMovedOffTheCanvasBesideABlurDrawsNothingOfIt() throws {
    // The compositor's path (a blur in the scene): the moved shadow is
    // wholly past the right edge.
    let found = try scene(
      "canvas 200x200 background=white\nrect at 190,10 size 30x30 fill=#ff0000 shadow=2 shadow.x=40\ncircle at 50,50 radius=20 fill=.blue blur=2"
    )
    let (_, pixel) = pixels(found)
    XCTAssertEqual(pixel(195, 20).r, 255)
    XCTAssertEqual(pixel(195, 20).g, 0)
  }

  func testAnArrowThatWaitsInsideAShadowedStackJoinsItsLayer() throws {
    let found = try scene(
      "canvas 200x160\nzstack at 20,20 size 120x120 shadow=3 {\n  a: rect at 10,10 size 60x30 fill=.red\n  arrow from a.bottom to b.top\n  b: rect at 10,80 size 60x30 fill=.blue\n}"
    )
    let layers = Set(found.items.compactMap { $0.layers.first.map(ObjectIdentifier.init) })
    XCTAssertEqual(layers.count, 1)
  }

  func testAKeyTellsApartValuesThatDifferInTwoSigns() {
    // A mirrored shape's key differs from the shape's in the sign bits of
    // its coordinates: a multiply-only mix cancelled two such flips (bit
    // 63 of a product depends on bit 63 of the factor alone), and the two
    // shadows took one blur.
    func key(_ values: [Double]) -> UInt64 { values.reduce(0) { ShadowMasks.combine($0, $1.bitPattern) } }
    XCTAssertNotEqual(key([2, 0, 0, 2]), key([-2, 0, 0, -2]))
    XCTAssertNotEqual(key([1.5, 2.5]), key([-1.5, -2.5]))
    // The old mix did not: the test fails against it.
    func oldKey(_ values: [Double]) -> UInt64 { values.reduce(0) { ($0 ^ $1.bitPattern) &* 0x100_0000_01b3 } }
    XCTAssertEqual(oldKey([1.5, 2.5]), oldKey([-1.5, -2.5]))
  }

  func testARadiusWiderThanTheCanvasIsAnError() {
    let diagnostics = compile("canvas 300x200\nrect at 20,20 size 100x60 shadow=400").diagnostics
    XCTAssertEqual(diagnostics.map(\.code.id), ["E0270"])
    XCTAssertEqual(diagnostics.first?.fixes.first?.edits.first?.newText, "shadow=8")
    XCTAssertEqual(compile("canvas 300x200\nrect at 20,20 size 100x60 blur=-1").diagnostics.map(\.code.id), ["E0208"])
  }

  /// A canvas written after the elements is read when the file ends: the
  /// radius is checked against it then, once for each attribute (here a
  /// loop's, with its widest radius).
  func testARadiusIsCheckedAgainstACanvasWrittenAfterIt() {
    let source = "for i in 0..<3 {\n  rect at 20,20 size 100x60 blur=200 + i * 100\n}\ncanvas 300x200\n"
    let diagnostics = compile(source).diagnostics
    XCTAssertEqual(diagnostics.map(\.code.id), ["E0270"])
    XCTAssertEqual(diagnostics.first?.message, "a blur's radius is at most the canvas's longer side, 300, found 400")
    XCTAssertEqual(diagnostics.first?.range.start, Array(source.utf8).firstIndex(of: UInt8(ascii: "b")))
    XCTAssertEqual(compile("rect size 10x10 shadow=250\ncanvas 300x200").diagnostics.map(\.code.id), [])
  }

  /// The same for a radius inside an imported component: reported in the
  /// component's file, with the note of the use it was found in (the
  /// range pointed into the compiled file, and its fix would have edited
  /// the canvas's line).
  func testARadiusInAnImportedComponentIsReportedInItsFile() throws {
    let library = "component card(r: Number = 1) {\n  rect size 40x40 fill=.orange shadow=r\n}\n"
    let compilation = Pencil.compile(
      SourceFile(name: "main.pencil", text: "import \"lib.pencil\"\ncard r=500 at 10,10 size 40x40\ncanvas 300x200\n"),
      importer: MemoryImportLoader(files: ["lib.pencil": library]))
    let diagnostic = try XCTUnwrap(compilation.diagnostics.first)
    XCTAssertEqual(compilation.diagnostics.map(\.code.id), ["E0270"])
    XCTAssertNotEqual(diagnostic.file, .main)
    let shadow = try XCTUnwrap(library.range(of: "shadow=r"))
    XCTAssertEqual(diagnostic.range.start, library.utf8.distance(from: library.startIndex, to: shadow.lowerBound))
    XCTAssertEqual(diagnostic.notes.map(\.message), ["reported once; first found in this use of 'card'"])
    XCTAssertEqual(diagnostic.notes.first?.file, .main)
  }
}
