import PencilDiagnostics
import PencilGeometry
import XCTest

@testable import PencilCore
@testable import PencilIR
@testable import PencilSema

/// Positions and sizes as values: `(x, y)`, `+ - * /`, `-p`, `.x .y
/// .width .height`, and anchors moved by a position, resolved after layout.
final class PointArithmeticTests: XCTestCase {
  private func text(_ expression: String, lets: String) throws -> String {
    let compilation = compile("\(lets)\ntext \"\\(\(expression))\" at 0,20")
    // Not every expression reads both lets: their W0008 is not the point.
    XCTAssertEqual(compilation.diagnostics.map(\.code.id).filter { $0 != "W0008" }, [], expression)
    let scene = try XCTUnwrap(compilation.scene, "\(expression): \(compilation.diagnostics)")
    guard case .text(let item) = scene.items.first else { throw XCTSkip("no text") }
    return item.text
  }

  private func codes(_ text: String) -> [String] { compile(text).diagnostics.map(\.code.id) }

  /// The bounds of every path, in paint order.
  private func bounds(_ text: String, line: UInt = #line) throws -> [Rect] { try pathBounds(text, line: line) }

  func testArithmeticAndMembers() throws {
    let lets = "let p = (20, 30)\nlet s = 40x20"
    let table: [(String, String)] = [
      ("(p + (1, 2)).x", "21"), ("(p - (1, 2)).y", "28"), ("(p * 2).x", "40"), ("(2 * p).y", "60"),
      ("(p / 4).x", "5"), ("(-p).y", "-30"), ("-p.x", "-20"), ("(s * 1.5).width", "60"), ("(s + 2x4).height", "24"),
      ("s.width / s.height", "2"), ("((1, 2) + (3, 4)).y", "6"), ("p == (20, 30)", "true"),
    ]
    for (expression, expected) in table {
      XCTAssertEqual(try text(expression, lets: lets), expected, expression)
    }
  }

  func testAPositionLetPlacesAnElement() throws {
    XCTAssertEqual(
      try bounds("let origin = (10, 20)\nrect at origin + (5, 5) size 10x10 fill=.blue"),
      [Rect(x: 15, y: 25, width: 10, height: 10)])
  }

  func testAnAnchorMovedByAPositionIsResolvedAfterLayout() throws {
    let found = try bounds(
      """
      a: rect at 100,100 size 40x20 fill=.blue
      rect at a.trailing + (12, -5) size 10x10 fill=.red
      b: rect at 0,0 size 20x20 fill=.green
      rect at b.bottom - (0, -4) size 6x6 fill=.red
      """)
    // `at` puts an element's top-left at the point: a.trailing is (140, 110).
    XCTAssertEqual(found[1], Rect(x: 152, y: 105, width: 10, height: 10))
    XCTAssertEqual(found[3], Rect(x: 10, y: 24, width: 6, height: 6))
  }

  func testThreeArrowsMeetAtOnePoint() throws {
    let compilation = compile(
      """
      target: rect at 100,200 size 80x40 fill=.blue
      a: rect at 0,0 size 40x20 fill=.gray
      b: rect at 100,0 size 40x20 fill=.gray
      c: rect at 200,0 size 40x20 fill=.gray
      arrow from a.bottom to target.top + (0, -4)
      arrow from b.bottom to target.top + (0, -4)
      arrow from c.bottom to target.top + (0, -4)
      """)
    XCTAssertEqual(compilation.diagnostics.map(\.code.id), [])
    // The four rects, then each arrow's shaft and head: every head's tip
    // is the one point 4 above the target's top centre.
    let paths = try XCTUnwrap(compilation.scene).items.compactMap { if case .path(let p) = $0 { p } else { nil } }
    XCTAssertEqual(paths.count, 10)
    for head in [paths[5], paths[7], paths[9]] {
      let vertices = head.userSpaceSegments.compactMap { segment -> Point? in
        switch segment {
        case .move(let point), .line(let point): point
        default: nil
        }
      }
      XCTAssertTrue(vertices.contains { abs($0.x - 140) < 1e-9 && abs($0.y - 196) < 1e-9 }, "\(vertices)")
    }
  }

  func testErrors() {
    XCTAssertEqual(codes("let p = (1, 2)\nrect at p + 1 size 10x10"), ["E0207"])
    XCTAssertEqual(codes("let p = (1, 2)\nrect at p * p size 10x10"), ["E0207"])
    XCTAssertEqual(codes("let p = (1, 2)\nrect at p / 0 size 10x10"), ["E0224"])
    XCTAssertEqual(codes("let p = (1, 2)\nrect at p + 2x2 size 10x10"), ["E0207"])
    XCTAssertEqual(codes("let p = (1, 2)\nrect at p.z, 0 size 10x10"), ["E0207"])
    XCTAssertEqual(codes("a: rect at 0,0 size 1x1\narrow from a.top + a.bottom to a.leading"), ["E0207"])
    XCTAssertEqual(codes("a: rect at 0,0 size 1x1\narrow from a.top * 2 to a.leading"), ["E0207"])
    XCTAssertEqual(codes("let p = (1000000000, 0)\nrect at p * 2 size 10x10"), ["E0208"])
  }

  func testAComponentParameterOfTypePoint() {
    XCTAssertEqual(
      codes(
        """
        component dot(center: Point = (0, 0)) { rect at center + (1, 1) size 2x2 fill=.red }
        dot center=(10, 10) at 0,0 size 20x20
        """), [])
    XCTAssertEqual(
      codes("component dot(center: Point = (0, 0)) { rect at center * center size 2x2 }\nrect at 0,0 size 1x1"),
      ["E0207"])
  }
}
