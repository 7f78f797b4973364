import XCTest

@testable import PencilGeometry
@testable import PencilIR
@testable import PencilLayout
@testable import PencilSema

/// `line`, `arrow` and `path`: absolute outlines, stroked black by
/// default, unfilled unless told, arrowheads sized from the line width.
final class ConnectorTests: XCTestCase {
  private func paths(_ source: String, line: UInt = #line) -> [PathItem] {
    let compilation = compile(source)
    XCTAssertEqual(compilation.diagnostics.map(\.message), [], line: line)
    return (compilation.scene?.items ?? []).compactMap { if case .path(let path) = $0 { path } else { nil } }
  }

  func testALineIsStrokedBlackAndNotFilled() throws {
    let items = paths("line from 10,20 to 110,20")
    let line = try XCTUnwrap(items.first)
    XCTAssertEqual(items.count, 1)
    XCTAssertEqual(line.segments, [.move(Point(10, 20)), .line(Point(110, 20))])
    XCTAssertEqual(line.stroke?.paint, .solid(IRColor(.black)))
    XCTAssertEqual(line.stroke?.style.width, 1)
    guard case .solid(let fill) = line.paint else { return XCTFail("a solid fill") }
    XCTAssertEqual(fill.alpha, 0)
  }

  func testAnArrowStopsAtItsHeadsBase() throws {
    let items = paths("arrow from 0,0 to 100,0 lineWidth=2")
    XCTAssertEqual(items.count, 2)
    let head = ConnectorGeometry.arrowheadLength(forLineWidth: 2)
    XCTAssertEqual(items[0].segments.last, .line(Point(100 - head, 0)))
    XCTAssertEqual(boundingBox(of: items[1].segments)?.maxX, 100)
    XCTAssertNil(items[1].stroke)
    XCTAssertEqual(paths("arrow from 0,0 to 100,0 arrowheads=both").count, 3)
    XCTAssertEqual(paths("arrow from 0,0 to 100,0 arrowheads=none").count, 1)
    XCTAssertEqual(paths("line from 0,0 to 100,0 arrowheads=start").count, 2)
  }

  func testALabelSitsAboveTheMiddle() throws {
    let scene = try XCTUnwrap(compile("arrow from 0,50 to 100,50 label=\"ok\"").scene)
    let label = try XCTUnwrap(scene.items.compactMap { if case .text(let t) = $0 { t } else { nil } }.first)
    XCTAssertEqual(label.text, "ok")
    XCTAssertEqual(label.position.x, 50, accuracy: 1e-9)
    XCTAssertLessThan(label.position.y, 50)
  }

  func testAPathRunsTheShapeCommandsInPlace() throws {
    let items = paths("path fill=red { move 10,10; line 50,10; line 30,40; close }")
    let path = try XCTUnwrap(items.first)
    XCTAssertEqual(boundingBox(of: path.segments), Rect(x: 10, y: 10, width: 40, height: 30))
    XCTAssertNil(path.stroke)
    let stroked = try XCTUnwrap(paths("path { move 0,0; curve 100,0 control 30,-40 70,40 }").first)
    XCTAssertEqual(stroked.stroke?.style.width, 1)
  }

  func testMissingEndsAreReportedWithAFix() throws {
    let diagnostics = compile("line stroke=red").diagnostics
    XCTAssertEqual(diagnostics.map(\.code), [SemaCodes.missingClause])
    XCTAssertEqual(diagnostics.first?.fixes.first?.edits.first?.newText, " from 0,0 to 100,0")
  }
}
