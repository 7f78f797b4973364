import PencilDiagnostics
import XCTest

@testable import PencilCore
@testable import PencilGeometry
@testable import PencilIR
@testable import PencilRaster
@testable import PencilSVG

/// Radial gradients: the unit circle fitted to the frame (SVG's
/// objectBoundingBox), sampled per pixel by the raster backends and
/// written as a `radialGradient` by SVG.
final class RadialGradientTests: XCTestCase {
  private let stops = [
    GradientStopIR(offset: 0, color: IRColor(Color(red: 1, green: 0, blue: 0))),
    GradientStopIR(offset: 1, color: IRColor(Color(red: 0, green: 0, blue: 1))),
  ]

  /// A sampler for a gradient of `radius` centred at `center` (unit
  /// coordinates) on `frame`, at one device pixel per point.
  private func sampler(frame: Rect, center: Point, radius: Double, scale: Double = 1) -> PaintSampler {
    let inUnitSquare = Affine(a: radius, b: 0, c: 0, d: radius, e: center.x, f: center.y)
    let gradient = RadialGradientIR(
      stops: stops, unitToUser: Affine.fitting(frame).concatenating(after: inUnitSquare))
    return PaintSampler(
      gradient, table: PaintSampler.table(for: stops, opacity: 1), opacity: 1, scaleX: scale, scaleY: scale,
      origin: Point(0, 0))
  }

  /// t at the centre of pixel (x, y): the length of its unit-circle point.
  private func t(_ sampler: PaintSampler, _ x: Int, _ y: Int) throws -> Double {
    let position = try XCTUnwrap(sampler.radial).position(x: x, y: y)
    return (position.x * position.x + position.y * position.y).squareRoot()
  }

  func testTIsZeroAtTheCentreAndOneAtTheRadius() throws {
    // Centre at pixel centre 50.5,50.5; radius 0.4 of 100 = 40 points.
    let frame = Rect(x: 0.5, y: 0.5, width: 100, height: 100)
    let radial = sampler(frame: frame, center: Point(0.5, 0.5), radius: 0.4)
    XCTAssertNil(radial.solid)
    XCTAssertEqual(try t(radial, 50, 50), 0, accuracy: 1e-12)
    XCTAssertEqual(try t(radial, 90, 50), 1, accuracy: 1e-12)
    XCTAssertEqual(try t(radial, 50, 10), 1, accuracy: 1e-12)
    XCTAssertEqual(try t(radial, 70, 50), 0.5, accuracy: 1e-12)
    // Pad spread: the table's ends beyond 0 and 1.
    XCTAssertEqual(radial.color(at: 0), LinearRGBA(stops[0].color).packed)
    XCTAssertEqual(radial.color(at: 3), LinearRGBA(stops[1].color).packed)
  }

  /// On a frame that is not square the circle stretches with it: radii
  /// R·width and R·height, as shapes in the unit square stretch.
  func testANonSquareFrameMakesAnEllipse() throws {
    let frame = Rect(x: 0.5, y: 0.5, width: 200, height: 80)
    let radial = sampler(frame: frame, center: Point(0.5, 0.5), radius: 0.5)
    XCTAssertEqual(try t(radial, 100, 40), 0, accuracy: 1e-12)
    XCTAssertEqual(try t(radial, 200, 40), 1, accuracy: 1e-12)  // 100 points across
    XCTAssertEqual(try t(radial, 100, 80), 1, accuracy: 1e-12)  // 40 points down
    XCTAssertEqual(try t(radial, 150, 60), (0.5 * 0.5 + 0.5 * 0.5).squareRoot(), accuracy: 1e-12)
  }

  /// An item's transform carries the gradient with it: a quarter turn
  /// about the frame's centre swaps the ellipse's radii.
  func testAnItemTransformTurnsTheEllipse() throws {
    let frame = Rect(x: 0.5, y: 0.5, width: 200, height: 80)
    let centre = Point(100.5, 40.5)
    let turn = Affine.translation(centre.x, centre.y).concatenating(
      after: Affine.rotation(degrees: 90).concatenating(after: Affine.translation(-centre.x, -centre.y)))
    let gradient = RadialGradientIR(
      stops: stops,
      unitToUser: Affine.fitting(frame).concatenating(after: Affine(a: 0.5, b: 0, c: 0, d: 0.5, e: 0.5, f: 0.5)))
    let turned = PaintSampler(
      gradient, table: PaintSampler.table(for: stops, opacity: 1), opacity: 1, scaleX: 1, scaleY: 1,
      origin: Point(0, 0), transform: turn)
    XCTAssertEqual(try t(turned, 100, 40), 0, accuracy: 1e-9)
    XCTAssertEqual(try t(turned, 140, 40), 1, accuracy: 1e-9)  // 40 points across now
    XCTAssertEqual(try t(turned, 100, 140), 1, accuracy: 1e-9)  // 100 points down
    // A transform that flattens the plane paints the last stop.
    let flat = PaintSampler(
      gradient, table: PaintSampler.table(for: stops, opacity: 1), opacity: 1, scaleX: 1, scaleY: 1,
      origin: Point(0, 0), transform: Affine.scale(0, 1))
    XCTAssertEqual(flat.solid, LinearRGBA(stops[1].color).packed)
  }

  /// The step along a row is the same map: adding it agrees with mapping
  /// each pixel, within rounding, across a wide row at a HiDPI scale.
  func testTheStepAlongARowMatchesMappingEachPixel() throws {
    let radial = sampler(
      frame: Rect(x: 10, y: 20, width: 300, height: 120), center: Point(0.3, 0.6), radius: 0.7, scale: 2)
    let steps = try XCTUnwrap(radial.radial)
    var u = steps.position(x: 0, y: 77)
    for x in 0..<2_000 {
      let mapped = steps.position(x: x, y: 77)
      XCTAssertEqual(u.x, mapped.x, accuracy: 1e-9)
      XCTAssertEqual(u.y, mapped.y, accuracy: 1e-9)
      u = Point(u.x + steps.stepX.x, u.y + steps.stepX.y)
    }
  }

  /// A map that flattens the plane (an empty frame, a radius of 0) paints
  /// the last stop, as SVG does for r = 0, and so does the SVG written.
  func testADegenerateMapPaintsTheLastStop() throws {
    let flat = sampler(frame: Rect(x: 10, y: 10, width: 0, height: 50), center: Point(0.5, 0.5), radius: 0.5)
    XCTAssertEqual(flat.solid, LinearRGBA(stops[1].color).packed)
    XCTAssertEqual(
      sampler(frame: Rect(x: 0, y: 0, width: 50, height: 50), center: Point(0.5, 0.5), radius: 0).solid,
      LinearRGBA(stops[1].color).packed)

    let gradient = RadialGradientIR(stops: stops, unitToUser: Affine(a: 0, b: 0, c: 0, d: 25, e: 10, f: 10))
    let path = PathItem(
      segments: [.move(Point(0, 0)), .line(Point(20, 0)), .line(Point(20, 20)), .close],
      paint: .radialGradient(gradient), fillRule: .nonzero, opacity: 1, sourceRange: SourceRange(0, 0))
    let scene = Scene(
      viewport: Rect(x: 0, y: 0, width: 20, height: 20), background: nil, canvasRange: nil, items: [.path(path)])
    var diagnostics: [Diagnostic] = []
    let svg = String(
      decoding: try XCTUnwrap(Pencil.render(scene, with: SVGBackend(), diagnostics: &diagnostics)), as: UTF8.self)
    // rsvg-convert paints nothing for r="0": the last stop at both ends instead.
    XCTAssertTrue(
      svg.contains(
        "cx=\"0\" cy=\"0\" r=\"1\"><stop offset=\"1\" stop-color=\"#0000ff\"/><stop offset=\"1\" stop-color=\"#0000ff\"/></radialGradient>"
      ), svg)
    XCTAssertFalse(svg.contains("gradientTransform"), svg)
    let canvas = RasterRenderer.render(scene, width: 20, height: 20, scaleX: 1, scaleY: 1, diagnostics: &diagnostics)
    XCTAssertEqual(canvas.withPixels { $0[5 * 20 + 18] }, LinearRGBA(stops[1].color).packed)
  }

  /// A glint with its own centre and radius (the graphics specification's)
  /// compiles as written, and its map is the frame's unit square scaled to
  /// the radius about the centre.
  func testRadialGradientWithCentreAndRadiusLowersToItsMap() throws {
    let compilation = compile(
      """
      gradient glint radial center=0.35,0.3 radius=0.6 { stop white.opacity(0.8); stop white.opacity(0) }
      zstack at 140,280 size 100x100 {
        rect fill=.blue
        rect gradient=glint
      }
      """)
    XCTAssertEqual(compilation.diagnostics.map(\.message), [])
    guard case .path(let glint)? = compilation.scene?.items.last, case .radialGradient(let gradient) = glint.paint
    else {
      return XCTFail("the second rect is painted with a radial gradient")
    }
    XCTAssertEqual(gradient.unitToUser, Affine(a: 60, b: 0, c: 0, d: 60, e: 175, f: 310))
    XCTAssertEqual(gradient.stops.map(\.offset), [0, 1])
    XCTAssertEqual(gradient.stops.map(\.color.alpha), [0.8, 0])
  }

  /// Defaults (centre 0.5,0.5, radius 0.5), a centre by name, and stops
  /// relative or absolute by their form, mixed in one gradient.
  func testDefaultsNamedCentresAndMixedStops() throws {
    let compilation = compile(
      """
      gradient a radial { stop b=0.5; stop #00ff00 }
      gradient b radial center=topTrailing radius=1 { stop red; stop }
      rect at 0,0 size 100x50 fill=#ff0000 gradient=a
      rect at 0,0 size 100x50 fill=#0000ff gradient=b
      """)
    XCTAssertEqual(compilation.diagnostics.map(\.message), [])
    let paints = compilation.scene?.items.compactMap { item -> RadialGradientIR? in
      guard case .path(let path) = item, case .radialGradient(let gradient) = path.paint else { return nil }
      return gradient
    }
    XCTAssertEqual(paints?.count, 2)
    XCTAssertEqual(paints?.first?.unitToUser, Affine(a: 50, b: 0, c: 0, d: 25, e: 50, f: 25))
    XCTAssertEqual(paints?.first?.stops.map(\.color.hex), ["#800000", "#00ff00"])
    XCTAssertEqual(paints?.last?.unitToUser, Affine(a: 100, b: 0, c: 0, d: 50, e: 100, f: 0))
    XCTAssertEqual(paints?.last?.stops.map(\.color.hex), ["#ff0000", "#0000ff"])
  }

  /// A gradient stroke and a background take radial gradients too, and
  /// SVG writes one definition with the unit circle's map.
  func testStrokesBackgroundsAndSVG() throws {
    let compilation = compile(
      """
      gradient ring radial { stop red; stop blue }
      ellipse at 0,0 size 80x40 fill=.clear stroke=ring lineWidth=6
      text "x" at 10,100 background=ring
      """)
    XCTAssertEqual(compilation.diagnostics.filter { $0.severity == .error }.map(\.message), [])
    let scene = try XCTUnwrap(compilation.scene)
    guard case .path(let ellipse) = scene.items[0], case .radialGradient(let stroke)? = ellipse.stroke?.paint else {
      return XCTFail("a radial stroke")
    }
    XCTAssertEqual(stroke.unitToUser, Affine(a: 40, b: 0, c: 0, d: 20, e: 40, f: 20))
    XCTAssertTrue(
      scene.items.contains { item in
        if case .path(let path) = item, case .radialGradient = path.paint { true } else { false }
      })
    var diagnostics: [Diagnostic] = []
    let svg = String(
      decoding: try XCTUnwrap(Pencil.render(scene, with: SVGBackend(), diagnostics: &diagnostics)), as: UTF8.self)
    XCTAssertTrue(
      svg.contains(
        "<radialGradient id=\"g1\" gradientUnits=\"userSpaceOnUse\" cx=\"0\" cy=\"0\" r=\"1\" gradientTransform=\"matrix(40 0 0 20 40 20)\">"
      ), svg)
    XCTAssertTrue(svg.contains("stroke=\"url(#g1)\""), svg)
  }
}
