import PencilDiagnostics
import XCTest

@testable import PencilGeometry
@testable import PencilSema

final class SemanticsTests: XCTestCase {
  /// With `.blue` the shine gradient gives the article's five colours:
  /// the same hue, saturation ×1, ×1, ×1, ×0.6, ×0.8 and brightness ×0.4,
  /// ×0.8, ×1, ×1, ×0.9.
  func testShineGradientOfBlueIsTheArticles() {
    let base = Color(rgba: 0x007A_FFFF)
    let (hue, saturation, brightness) = base.hsb
    let factors: [(Double, Double)] = [(1, 0.4), (1, 0.8), (1, 1), (0.6, 1), (0.8, 0.9)]
    let expected = factors.map {
      IRColor(Color(hue: hue, saturation: saturation * $0.0, brightness: brightness * $0.1))
    }
    let compilation = compile(
      """
      gradient shine hsb leading to trailing {
        stop s=1.0 b=0.4; stop s=1.0 b=0.8; stop s=1.0 b=1.0; stop s=0.6 b=1.0; stop s=0.8 b=0.9
      }
      pencil color=.blue gradient=shine at 0,0 size 100x400
      """)
    guard case .path(let tip) = compilation.scene?.items.first, case .linearGradient(let gradient) = tip.paint else {
      return XCTFail("no gradient")
    }
    XCTAssertEqual(gradient.stops.map(\.color), expected)
    XCTAssertEqual(gradient.stops.map(\.color.hex), ["#003166", "#0062cc", "#007aff", "#66afff", "#2e86e6"])
    XCTAssertEqual(gradient.stops.map(\.offset), [0, 0.25, 0.5, 0.75, 1])
    XCTAssertEqual(gradient.start, Point(0, 200))
    XCTAssertEqual(gradient.end, Point(100, 200))
  }

  func testHSBRoundTrip() {
    for rgba: UInt32 in [0xFF3B_30FF, 0x34C7_59FF, 0x5856_D6FF, 0x8080_80FF, 0x0000_00FF, 0xFFFF_FFFF] {
      let color = Color(rgba: rgba)
      let (h, s, b) = color.hsb
      let back = Color(hue: h, saturation: s, brightness: b)
      XCTAssertEqual(IRColor(back), IRColor(color))
    }
  }

  func testColourSyntaxes() {
    let table: [(String, String)] = [
      ("#fa8072", "#fa8072"), ("salmon", "#fa8072"), ("SALMON", "#fa8072"), ("red", "#ff0000"),
      (".red", "#ff3b30"), (".blue", "#007aff"), (".systemGray5", "#e5e5ea"), ("rebeccapurple", "#663399"),
      ("rgb(250, 128, 114)", "#fa8072"), ("hsb(0, 1, 1)", "#ff0000"), ("hsb(0.07, 0.4, 0.9)", "#e6b08a"),
      ("#fff", "#ffffff"), ("#003366", "#003366"),
    ]
    for (written, hex) in table {
      let scene = compile("rect at 0,0 size 1x1 fill=\(written)").scene
      guard case .path(let path) = scene?.items.first, case .solid(let color) = path.paint else {
        XCTFail(written)
        continue
      }
      XCTAssertEqual(color.hex, hex, written)
    }
  }

  func testOpacityMultipliesAlpha() {
    let scene = compile("rect at 0,0 size 1x1 fill=#ff000080.opacity(0.5)").scene
    guard case .path(let path) = scene?.items.first, case .solid(let color) = path.paint else { return XCTFail() }
    XCTAssertEqual(color.alpha, 0.251, accuracy: 0.0001)
  }

  func testCSSTableIsComplete() {
    XCTAssertEqual(CSSColors.names.count, 149)
    XCTAssertEqual(Set(CSSColors.names).count, 149)
  }

  func testOffsetsAreSpreadThenClamped() {
    XCTAssertEqual(Checker.resolveOffsets([nil, nil, 0.75, nil]), [0, 0.375, 0.75, 1])
    XCTAssertEqual(Checker.resolveOffsets([0.7, 0.3]), [0.7, 0.7])
    XCTAssertEqual(Checker.resolveOffsets([nil]), [0])
    for (actual, expected) in zip(Checker.resolveOffsets([0.2, nil, nil, 0.8]), [0.2, 0.4, 0.6, 0.8]) {
      XCTAssertEqual(actual, expected, accuracy: 1e-12)
    }
  }

  func testAutomaticCanvasIsTheContentBounds() {
    let scene = compile("ellipse at 10.5,20 size 30x40 fill=red").scene
    XCTAssertEqual(scene?.viewport, Rect(x: 10, y: 20, width: 31, height: 40))
  }

  func testExplainCoversEveryCode() {
    let ids = DiagnosticCode.all.map(\.id)
    XCTAssertEqual(Set(ids).count, ids.count, "codes are unique")
    for code in DiagnosticCode.all {
      XCTAssertFalse(code.explanation.isEmpty, code.id)
      // An example: a line indented four spaces, as `pencilc explain` prints it.
      XCTAssertTrue(code.explanation.split(separator: "\n").contains { $0.hasPrefix("    ") && $0.count > 4 }, code.id)
      XCTAssertEqual(code.id.first == "E", code.severity == .error, code.id)
    }
  }
}
