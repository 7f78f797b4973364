import PencilGeometry
import XCTest

@testable import PencilCore
@testable import PencilIR

/// `Sector`: a slice between two angles, a hole, edges moved in by the
/// inset, and its anchors.
final class SectorGeometryTests: XCTestCase {
  private let center = Point(100, 100)

  private func points(_ segments: [PathSegment]) -> [Point] {
    segments.compactMap { segment in
      switch segment {
      case .move(let p), .line(let p): p
      case .cubic(_, _, let p): p
      case .close: nil
      }
    }
  }

  private func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
  }

  func testAQuarterPieRunsFromTheCentreRoundItsArcAndBack() {
    let segments = Sector(start: 0, end: 90).segments(center: center, radius: 50)
    let ends = points(segments)
    XCTAssertEqual(ends.first, Point(150, 100))
    XCTAssertEqual(ends.dropLast().last, Point(100, 150))
    XCTAssertEqual(ends.last, center)
    XCTAssertEqual(segments.last, .close)
  }

  func testTheAnglesMayComeInEitherOrder() {
    XCTAssertEqual(
      Sector(start: 90, end: 0).segments(center: center, radius: 50),
      Sector(start: 0, end: 90).segments(center: center, radius: 50))
  }

  func testAWholeTurnWithAHoleIsARingWhoseHoleRunsTheOtherWay() {
    let segments = Sector(start: -90, end: 270, innerRadius: 20).segments(center: center, radius: 50)
    XCTAssertEqual(segments.filter { $0 == .close }.count, 2)
    let moves = segments.compactMap { segment -> Point? in
      if case .move(let p) = segment { return p }
      return nil
    }
    XCTAssertEqual(moves, [Point(100, 50), Point(100, 80)])
    // The hole's first piece turns anticlockwise: its end is left of its start.
    let hole = segments.drop { $0 != .close }.dropFirst(2)
    guard case .cubic(_, _, let end)? = hole.first else { return XCTFail("no hole") }
    XCTAssertLessThan(end.x, 100)
  }

  func testTheInsetMovesEachStraightEdgeInByItsLength() {
    // A quarter from 0° to 90° inset 5: the edges are the lines y = 105 and x = 105.
    let segments = Sector(start: 0, end: 90, innerRadius: 20, inset: 5).segments(center: center, radius: 50)
    let ends = points(segments)
    XCTAssertEqual(ends.first!.y, 105, accuracy: 1e-9)
    XCTAssertEqual(distance(ends.first!, center), 50, accuracy: 1e-9)
    let innerStart = ends[ends.count - 4]
    XCTAssertEqual(innerStart.x, 105, accuracy: 1e-9)
    XCTAssertEqual(distance(innerStart, center), 20, accuracy: 1e-9)
  }

  func testAnInsetPieMeetsAtAPointOnItsBisector() {
    // 60° wide, inset 5: the moved edges meet 5 / sin(30°) = 10 from the centre.
    let ends = points(Sector(start: 0, end: 60, inset: 5).segments(center: center, radius: 50))
    let apex = ends.last!
    XCTAssertEqual(distance(apex, center), 10, accuracy: 1e-9)
    XCTAssertEqual(atan2(apex.y - 100, apex.x - 100) * 180 / .pi, 30, accuracy: 1e-9)
  }

  func testAnInsetPastAHalfTurnGoesRoundTheCentre() {
    let ends = points(Sector(start: 0, end: 270, inset: 4).segments(center: center, radius: 50))
    // The inner arc has radius 4: its ends are 4 from the centre.
    XCTAssertEqual(distance(ends.last!, center), 4, accuracy: 1e-9)
  }

  func testAnInsetWiderThanTheSliceLeavesNothing() {
    XCTAssertEqual(Sector(start: 0, end: 10, inset: 10).segments(center: center, radius: 50), [])
    XCTAssertEqual(Sector(start: 0, end: 90, inset: 60).segments(center: center, radius: 50), [])
  }

  func testTheAnchorsStandAtTheMiddleAngle() {
    let sector = Sector(start: -90, end: 0, innerRadius: 20)
    let outer = sector.point(.outer, center: center, radius: 50)
    let midpoint = sector.point(.midpoint, center: center, radius: 50)
    XCTAssertEqual(distance(outer, center), 50, accuracy: 1e-9)
    XCTAssertEqual(distance(midpoint, center), 35, accuracy: 1e-9)
    XCTAssertEqual(outer.x - 100, -(outer.y - 100), accuracy: 1e-9)
  }

  func testTheCentroidIsTheAreasCentre() {
    // A half disc's centroid is 4r / 3π from the centre; checked against
    // the mean of points sampled over the slice too.
    let half = Sector(start: 0, end: 180).point(.centroid, center: center, radius: 30)
    XCTAssertEqual(half.y - 100, 4 * 30 / (3 * .pi), accuracy: 1e-9)
    XCTAssertEqual(half.x, 100, accuracy: 1e-9)
    let ring = Sector(start: -30, end: 100, innerRadius: 12)
    var sum = Point(0, 0)
    var count = 0.0
    for i in 0..<400 {
      for j in 0..<400 {
        let p = Point(50 + Double(i) * 0.25, 50 + Double(j) * 0.25)
        let r = distance(p, center)
        var a = atan2(p.y - 100, p.x - 100) * 180 / .pi
        if a < -90 { a += 360 }
        guard r >= 12, r <= 50, a >= -30, a <= 100 else { continue }
        sum = Point(sum.x + p.x, sum.y + p.y)
        count += 1
      }
    }
    let centroid = ring.point(.centroid, center: center, radius: 50)
    XCTAssertEqual(centroid.x, sum.x / count, accuracy: 0.2)
    XCTAssertEqual(centroid.y, sum.y / count, accuracy: 0.2)
  }
}
