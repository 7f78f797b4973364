import PencilGeometry
import XCTest

@testable import PencilCore
@testable import PencilIR
@testable import PencilLayout

/// Curved connectors (`route=curve`, `bend=`), self-loops, elbows that go
/// round their end shapes, lines through several points and arrowheads on
/// a path.
final class ConnectorCurveTests: XCTestCase {
  private func paths(_ source: String) throws -> [PathItem] {
    let compilation = compile("canvas 400x300\n" + source)
    XCTAssertEqual(compilation.diagnostics.map(\.code.id), [], "\(compilation.diagnostics.map(\.message))")
    return try XCTUnwrap(compilation.scene).pathItems
  }

  private func cubic(_ item: PathItem) throws -> (Point, Point, Point, Point) {
    guard case .move(let p0)? = item.segments.first, case .cubic(let c1, let c2, let p3)? = item.segments.last else {
      throw XCTSkip("not a cubic: \(item.segments)")
    }
    return (p0, c1, c2, p3)
  }

  private func polyline(_ item: PathItem) -> [Point] {
    item.segments.compactMap { segment in
      switch segment {
      case .move(let p), .line(let p): p
      default: nil
      }
    }
  }

  func testACurveLeavesAndEntersPerpendicularToTheBoxesItJoins() throws {
    // b is right of a and a little lower: the ray between the centres
    // (60, 40) and (280, 90) meets a's right side and b's left.
    let items = try paths("a: rect at 20,20 size 80x40\nb: rect at 240,70 size 80x40\nline from a to b route=curve")
    let (p0, c1, c2, p3) = try cubic(items[2])
    XCTAssertEqual(p0.x, 100, accuracy: 1e-9)
    XCTAssertEqual(c1.y, p0.y, accuracy: 1e-9)
    XCTAssertGreaterThan(c1.x, p0.x)
    XCTAssertEqual(p3.x, 240, accuracy: 1e-9)
    XCTAssertEqual(c2.y, p3.y, accuracy: 1e-9)
    XCTAssertLessThan(c2.x, p3.x)
  }

  func testABendTurnsTheWayOutToTheLeft() throws {
    // Going right, a bend of 30 leaves 30° up (to the left on the screen) and comes in 30° from above.
    let items = try paths("line from 50,150 to 350,150 bend=30")
    let (p0, c1, c2, p3) = try cubic(items[0])
    XCTAssertEqual(atan2(p0.y - c1.y, c1.x - p0.x) * 180 / .pi, 30, accuracy: 1e-9)
    XCTAssertEqual(atan2(p3.y - c2.y, c2.x - p3.x) * 180 / .pi, 150, accuracy: 1e-9)
    let negative = try cubic(try paths("line from 50,150 to 350,150 bend=-30")[0])
    XCTAssertGreaterThan(negative.1.y, 150)
  }

  func testAnArrowOnACurveEndsOnTheOutlineWithItsHeadsTipThere() throws {
    let items = try paths("s: circle at 200,100 radius=40\narrow from 20,20 to s bend=20")
    // The line, then the head: its tip on the circle.
    guard case .move(let tip)? = items[2].segments.first else { return XCTFail("no head") }
    XCTAssertEqual(((tip.x - 240) * (tip.x - 240) + (tip.y - 140) * (tip.y - 140)).squareRoot(), 40, accuracy: 0.01)
    // The curve stops at the head's base, short of the tip.
    let (_, _, _, end) = try cubic(items[1])
    XCTAssertEqual(
      ((end.x - tip.x) * (end.x - tip.x) + (end.y - tip.y) * (end.y - tip.y)).squareRoot(), 6, accuracy: 1e-6)
  }

  func testASelfLoopGoesOutOfTheSideItNamesAndBack() throws {
    let items = try paths("s: circle at 150,100 radius=40\nline from s to s loop=trailing")
    let (p0, c1, c2, p3) = try cubic(items[1])
    for end in [p0, p3] {
      XCTAssertEqual(((end.x - 190) * (end.x - 190) + (end.y - 140) * (end.y - 140)).squareRoot(), 40, accuracy: 0.01)
      XCTAssertGreaterThan(end.x, 190)
    }
    // Both handles reach out to the right of the circle.
    XCTAssertGreaterThan(min(c1.x, c2.x), 230)
    XCTAssertLessThan(p0.y, p3.y)
  }

  func testASelfLoopsLabelStandsOutsideIt() throws {
    let compilation = compile("canvas 300x300\ns: rect at 100,100 size 80x40\narrow \"again\" from s to s loop=bottom")
    let text = try XCTUnwrap(compilation.scene?.textItems.first)
    XCTAssertGreaterThan(text.bounds.y, 140 + 24)
  }

  func testAnElbowFromABoxsTopToItsOwnSideStaysOutOfIt() throws {
    let items = try paths("a: rect at 100,100 size 80x50\nline from a.top to a.trailing route=elbow")
    XCTAssertTrue(ElbowRouter.isClear(polyline(items[1]), of: [Rect(x: 100, y: 100, width: 80, height: 50)]))
    XCTAssertEqual(polyline(items[1]).first, Point(140, 100))
    XCTAssertEqual(polyline(items[1]).last, Point(180, 125))
  }

  func testAnElbowToAnotherBoxsSideGoesRoundIt() throws {
    let items = try paths(
      "a: rect at 40,180 size 80x50\nb: rect at 220,60 size 100x60\nline from a.top to b.trailing route=elbow")
    let route = polyline(items[2])
    XCTAssertTrue(
      ElbowRouter.isClear(
        route, of: [Rect(x: 40, y: 180, width: 80, height: 50), Rect(x: 220, y: 60, width: 100, height: 60)]))
    // It enters b's trailing side going left.
    XCTAssertEqual(route.last, Point(320, 90))
    XCTAssertGreaterThan(route[route.count - 2].x, 320)
  }

  func testALineThroughPointsRunsStraightFromOneToTheNext() throws {
    let items = try paths("a: circle at 20,20 radius=20\nline from a to 200,40 to 200,200 to 300,200")
    let route = polyline(items[1])
    XCTAssertEqual(Array(route.dropFirst()), [Point(200, 40), Point(200, 200), Point(300, 200)])
    // Its start is on the circle, aimed at the first point between.
    XCTAssertEqual(
      ((route[0].x - 40) * (route[0].x - 40) + (route[0].y - 40) * (route[0].y - 40)).squareRoot(), 20, accuracy: 0.01)
  }

  func testAPathsArrowheadPointsAlongItsLastPiece() throws {
    let items = try paths("path arrowheads=end { move 20,20; line 120,20; curve 220,120 control 200,20 220,60 }")
    guard case .move(let tip)? = items[1].segments.first, case .line(let corner)? = items[1].segments.dropFirst().first
    else { return XCTFail("no head") }
    XCTAssertEqual(tip, Point(220, 120))
    // The tangent at the end is straight down: the head's base corners are
    // level, to within the turn of the last 6 points (the head lies along
    // the chord of the part it covers).
    guard case .line(let other)? = items[1].segments.dropFirst(2).first else { return XCTFail("no head") }
    XCTAssertEqual(corner.y, other.y, accuracy: 0.1)
    XCTAssertLessThan(corner.y, 120)
  }
}
