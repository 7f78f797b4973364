import PencilDiagnostics
import PencilOutput
import XCTest

@testable import PencilCore
@testable import PencilGeometry
@testable import PencilIR
@testable import PencilRaster

/// The bound on a raster output's total work (E0303): each element's
/// pixels on the canvas, summed, checked before anything is drawn.
final class RasterWorkLimitTests: XCTestCase {
  private func refusal(_ source: String, format: String, maximum: Int? = nil) throws -> [Diagnostic] {
    let scene = try XCTUnwrap(compile(source).scene)
    var options = RenderFlags()
    if let maximum { options.maximumRasterWork = maximum }
    var diagnostics: [Diagnostic] = []
    let bytes = Pencil.render(scene, with: try XCTUnwrap(options.backend(format)), diagnostics: &diagnostics)
    XCTAssertNil(bytes, "\(format) should refuse")
    return diagnostics
  }

  private func text(_ range: SourceRange?, in source: String) -> String? {
    range.map { String(decoding: Array(source.utf8)[$0.start..<$0.end], as: UTF8.self) }
  }

  /// 2,001 layers of a megapixel cross the default of two thousand
  /// megapixels; the error names the element that crossed it and how to
  /// raise the limit, and comes before any pixel is drawn.
  func testTheDefaultIsCrossedByAShortLoop() throws {
    let source = "canvas 1000x1000\nfor i in 0..<2001 { rect at 0,0 size 1000x1000 fill=red }\n"
    for format in ["png", "ppm"] {
      let diagnostics = try refusal(source, format: format)
      XCTAssertEqual(diagnostics.map(\.code), [BackendCodes.tooMuchRasterWork], format)
      XCTAssertEqual(text(diagnostics.first?.range, in: source), "rect at 0,0 size 1000x1000 fill=red")
      let message = diagnostics.first?.message ?? ""
      XCTAssertTrue(message.contains("2000000000 pixels"), message)
      XCTAssertTrue(message.contains("--max-raster-work"), message)
    }
  }

  /// 2,000 layers are exactly at the limit: allowed (checked by the
  /// estimate alone, so the test draws nothing).
  func testTheLimitItselfIsAllowed() throws {
    let scene = try XCTUnwrap(compile("canvas 1000x1000\nfor i in 0..<2000 { rect at 0,0 size 1000x1000 }\n").scene)
    let space = DeviceSpace(
      scaleX: 1, scaleY: 1, origin: Point(0, 0), width: 1000, height: 1000, bandHeight: RasterRenderer.bandHeight)
    guard case .within(let work) = RasterWork.check(scene, space: space, maximum: RasterWork.defaultMaximum) else {
      return XCTFail("2000 megapixels are within the limit")
    }
    XCTAssertEqual(work, 2_000_000_000)
  }

  /// Each element counts by its box clipped to the canvas: a huge rect
  /// costs the canvas, one off the canvas costs nothing, text its box.
  func testElementsCountTheirClippedBoxes() throws {
    let source = """
      canvas 100x50
      rect at -5000,-5000 size 100000x100000 fill=red
      rect at 500,500 size 10x10 fill=red
      text "hi" at 10,20
      """
    let scene = try XCTUnwrap(compile(source).scene)
    let space = DeviceSpace(
      scaleX: 1, scaleY: 1, origin: Point(0, 0), width: 100, height: 50, bandHeight: RasterRenderer.bandHeight)
    guard case .within(let withText) = RasterWork.check(scene, space: space, maximum: .max),
      case .within(let withoutText) = RasterWork.check(scene, space: space, drawText: false, maximum: .max)
    else { return XCTFail("no limit was set") }
    XCTAssertEqual(withoutText, 100 * 50)
    XCTAssertGreaterThan(withText, withoutText)
    XCTAssertLessThan(withText, withoutText + 40 * 40)
  }

  /// A smaller limit from the options is honoured by every raster output,
  /// the ASCII one included (its stroke picture counts too).
  func testALimitFromTheOptions() throws {
    let source = "canvas 100x100\nrect at 0,0 size 100x100 fill=red\nrect at 0,0 size 100x100 stroke=black\n"
    for format in ["png", "ppm", "ascii"] {
      let diagnostics = try refusal(source, format: format, maximum: 15_000)
      XCTAssertEqual(diagnostics.map(\.code), [BackendCodes.tooMuchRasterWork], format)
      XCTAssertTrue(diagnostics.first?.message.contains("15000 pixels") == true, format)
    }
  }
}
