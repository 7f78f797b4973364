import PencilGeometry
import XCTest

@testable import PencilCore
@testable import PencilIR

/// `Arc`: cubics within 0.01 pt of the true circle, ends exact at
/// multiples of 90°, the direction the angles say.
final class ArcGeometryTests: XCTestCase {
  private func cubics(radius: Double, from start: Double, to end: Double) -> [PathSegment] {
    var segments: [PathSegment] = []
    Arc.appendCubics(center: Point(0, 0), radius: radius, from: start, to: end, to: &segments)
    return segments
  }

  /// The largest distance from the circle of points along each cubic.
  private func radialError(_ segments: [PathSegment], radius: Double, from start: Point) -> Double {
    var worst = 0.0
    var current = start
    for segment in segments {
      guard case .cubic(let c1, let c2, let end) = segment else { continue }
      for step in 0...64 {
        let t = Double(step) / 64
        let u = 1 - t
        let x = u * u * u * current.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * end.x
        let y = u * u * u * current.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * end.y
        worst = max(worst, abs((x * x + y * y).squareRoot() - radius))
      }
      current = end
    }
    return worst
  }

  func testTheCubicsStayWithinAHundredthOfAPointOfTheCircle() {
    for radius in [1.0, 100, 1000, 20000] {
      for (start, end) in [(0.0, 360.0), (-45, 30), (10, 370), (90, -270), (0, 1)] {
        let segments = cubics(radius: radius, from: start, to: end)
        let first = Arc.point(center: Point(0, 0), radius: radius, degrees: start)
        XCTAssertLessThanOrEqual(radialError(segments, radius: radius, from: first), 0.01, "\(radius) \(start) \(end)")
      }
    }
  }

  func testEndsAreExactAtMultiplesOfNinetyDegrees() {
    XCTAssertEqual(Arc.point(center: Point(10, 20), radius: 5, degrees: 0), Point(15, 20))
    XCTAssertEqual(Arc.point(center: Point(10, 20), radius: 5, degrees: 90), Point(10, 25))
    XCTAssertEqual(Arc.point(center: Point(10, 20), radius: 5, degrees: 180), Point(5, 20))
    XCTAssertEqual(Arc.point(center: Point(10, 20), radius: 5, degrees: -90), Point(10, 15))
    let quarter = cubics(radius: 5, from: 0, to: 90)
    guard case .cubic(_, _, let end)? = quarter.last else { return XCTFail("\(quarter)") }
    XCTAssertEqual(end, Point(0, 5))
    // A whole turn in twelve pieces, each ending on the circle exactly where 90° multiples fall.
    XCTAssertEqual(cubics(radius: 5, from: 0, to: 360).count, 12)
  }

  func testANaNOrOverWideSweepIsClampedNotATrap() {
    XCTAssertEqual(cubics(radius: 5, from: 0, to: .nan).count, 1)
    XCTAssertEqual(cubics(radius: 5, from: 0, to: 1e300).count, 12)
  }

  func testALargerEndTurnsClockwiseOnTheScreenASmallerOneCounterClockwise() {
    // From 0° (right) to 90° (down, as y grows downwards): through +x, +y.
    guard case .cubic(let c1, _, _)? = cubics(radius: 10, from: 0, to: 90).first,
      case .cubic(let d1, _, _)? = cubics(radius: 10, from: 0, to: -90).first
    else { return XCTFail() }
    XCTAssertGreaterThan(c1.y, 0)
    XCTAssertLessThan(d1.y, 0)
  }

  func testAnArcCommandInAPathDrawsFromItsStartOrALineToIt() throws {
    let compilation = compile(
      "canvas 200x200\npath fill=.red { arc 100,100 radius 50 from 0 to 360; close }\n"
        + "path stroke=.blue fill=.clear { move 0,0; arc 100,100 radius 20 from 180 to 270 }")
    XCTAssertEqual(compilation.diagnostics.map(\.code.id), [])
    let paths = try XCTUnwrap(compilation.scene).pathItems
    XCTAssertEqual(paths.first?.userSpaceBounds?.x ?? 0, 50, accuracy: 1e-9)
    XCTAssertEqual(paths.first?.userSpaceBounds?.width ?? 0, 100, accuracy: 1e-9)
    let segments = Array(paths[1].userSpaceSegments)
    XCTAssertEqual(segments.prefix(2), [.move(Point(0, 0)), .line(Point(80, 100))])
  }

  func testBadArcsAreReportedWithTheirRange() {
    func codes(_ command: String) -> [String] {
      compile("canvas 100x100\npath fill=.red { \(command) }").diagnostics.map(\.code.id)
    }
    XCTAssertEqual(codes("arc 50,50 radius 0 from 0 to 90"), ["E0208"])
    XCTAssertEqual(codes("arc 50,50 radius -5 from 0 to 90"), ["E0208"])
    XCTAssertEqual(codes("arc 50,50 radius 5 from 0 to 400"), ["E0208"])
    XCTAssertEqual(codes("arc 50,50 radius 5 from 2000000 to 2000001"), ["E0208"])
    XCTAssertEqual(codes("arc 50,50 radius \"a\" from 0 to 90"), ["E0207"])
    XCTAssertEqual(codes("arc 50,50 from 0 to 90"), ["E0102"])
  }
}
