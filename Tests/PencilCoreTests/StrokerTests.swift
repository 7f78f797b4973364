import XCTest

@testable import PencilGeometry

/// The stroker: a stroke's outline for each cap, join, miter limit and
/// dash, checked by its points and areas.
final class StrokerTests: XCTestCase {
  private func outline(_ segments: [PathSegment], _ style: StrokeStyle) -> [PathSegment] {
    Stroker.outline(segments, style: style, tolerance: 0.01)
  }

  private func points(_ outline: [PathSegment]) -> [Point] {
    outline.compactMap { segment in
      switch segment {
      case .move(let p), .line(let p): p
      default: nil
      }
    }
  }

  /// The outline's closed rings, as point lists.
  private func rings(_ outline: [PathSegment]) -> [[Point]] {
    var result: [[Point]] = []
    for segment in outline {
      switch segment {
      case .move(let p): result.append([p])
      case .line(let p): result[result.count - 1].append(p)
      default: break
      }
    }
    return result
  }

  /// The signed areas of the rings added up (shoelace), positive.
  private func area(_ outline: [PathSegment]) -> Double {
    var total = 0.0
    for ring in rings(outline) where ring.count > 2 {
      for index in ring.indices {
        let (a, b) = (ring[index], ring[(index + 1) % ring.count])
        total += a.x * b.y - b.x * a.y
      }
    }
    return abs(total / 2)
  }

  private let line: [PathSegment] = [.move(Point(0, 0)), .line(Point(10, 0))]
  private let corner: [PathSegment] = [.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10))]

  func testAStraightStrokeIsItsWidthAroundTheLine() throws {
    let butt = outline(line, StrokeStyle(width: 4))
    let box = try XCTUnwrap(boundingBox(of: butt))
    XCTAssertEqual(box, Rect(x: 0, y: -2, width: 10, height: 4))
    XCTAssertEqual(area(butt), 40, accuracy: 1e-9)
  }

  func testCapsExtendTheEnds() throws {
    let square = outline(line, StrokeStyle(width: 4, cap: .square))
    XCTAssertEqual(try XCTUnwrap(boundingBox(of: square)), Rect(x: -2, y: -2, width: 14, height: 4))
    XCTAssertEqual(area(square), 56, accuracy: 1e-9)
    let round = outline(line, StrokeStyle(width: 4, cap: .round))
    // Arcs are polygons inside the circle, within the tolerance (0.01).
    XCTAssertEqual(area(round), 40 + Double.pi * 4, accuracy: 0.15)
  }

  func testJoinsOnAnOuterCorner() {
    let miter = points(outline(corner, StrokeStyle(width: 2, join: .miter)))
    XCTAssertTrue(miter.contains(Point(11, -1)), "\(miter)")
    let bevel = points(outline(corner, StrokeStyle(width: 2, join: .bevel)))
    XCTAssertFalse(bevel.contains(Point(11, -1)))
    XCTAssertTrue(bevel.contains(Point(10, -1)) && bevel.contains(Point(11, 0)))
    // A round join's points lie on the circle around the vertex.
    let round = points(outline(corner, StrokeStyle(width: 2, join: .round)))
    let onArc = round.filter { $0.x > 10 && $0.y < 0 }
    XCTAssertFalse(onArc.isEmpty)
    for p in onArc { XCTAssertEqual(((p.x - 10) * (p.x - 10) + p.y * p.y).squareRoot(), 1, accuracy: 1e-9) }
  }

  func testAMiterPastItsLimitIsABevel() throws {
    // A turn of 170°: the miter would reach 1 / sin(5°) ≈ 11.5 widths out.
    let sharp: [PathSegment] = [.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(0, 1.75))]
    let limited = try XCTUnwrap(boundingBox(of: outline(sharp, StrokeStyle(width: 2, miterLimit: 10))))
    XCTAssertLessThan(limited.maxX, 11.5)
    let unlimited = try XCTUnwrap(boundingBox(of: outline(sharp, StrokeStyle(width: 2, miterLimit: 12))))
    XCTAssertGreaterThan(unlimited.maxX, 20)
  }

  func testDashesStartAtThePhase() {
    let pieces = Stroker.dashed(
      [Stroker.Polyline(points: [Point(0, 0), Point(10, 0)], closed: false)], pattern: [2, 2], phase: 1)
    XCTAssertEqual(pieces.map { $0.points.map(\.x) }, [[0, 1], [3, 5], [7, 9]])
    // An odd pattern is repeated (SVG), a negative one disables dashing.
    XCTAssertEqual(StrokeStyle(dash: [3]).effectiveDash, [3, 3])
    XCTAssertEqual(StrokeStyle(dash: [3, -1]).effectiveDash, [])
  }

  /// Past `Stroker.maximumDashes` a pattern is drawn solid (the fuzzer's
  /// out-of-memory finding: dashes of 4 along a path a billion long).
  func testTooManyDashesDrawSolid() {
    let long: [PathSegment] = [.move(Point(0, 0)), .line(Point(10_000_000, 0))]
    let stroke = outline(long, StrokeStyle(width: 2, dash: [1, 1]))
    XCTAssertEqual(stroke.filter { if case .move = $0 { true } else { false } }.count, 1)
    let fine = outline(line, StrokeStyle(width: 2, dash: [1, 1]))
    XCTAssertEqual(fine.filter { if case .move = $0 { true } else { false } }.count, 5)
  }

  func testZeroLengthSubpathsAndHairlines() {
    let dot: [PathSegment] = [.move(Point(5, 5)), .line(Point(5, 5))]
    XCTAssertEqual(area(outline(dot, StrokeStyle(width: 2, cap: .round))), Double.pi, accuracy: 0.05)
    XCTAssertEqual(area(outline(dot, StrokeStyle(width: 2, cap: .square))), 4, accuracy: 1e-9)
    XCTAssertTrue(outline(dot, StrokeStyle(width: 2)).isEmpty)
    XCTAssertTrue(outline(line, StrokeStyle(width: 0)).isEmpty)
  }

  func testAClosedOutlineIsARing() {
    let square: [PathSegment] = [
      .move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10)), .line(Point(0, 10)), .close,
    ]
    let stroke = outline(square, StrokeStyle(width: 2))
    XCTAssertEqual(boundingBox(of: stroke), Rect(x: -1, y: -1, width: 12, height: 12))
    // Covered around the outline, corners included; empty in the middle.
    for covered in [Point(0, 5), Point(10.5, 5), Point(0.5, 0.5), Point(9.5, 9.5), Point(-0.9, -0.9)] {
      XCTAssertNotEqual(winding(of: covered, in: stroke), 0, "\(covered)")
    }
    for empty in [Point(5, 5), Point(1.5, 1.5), Point(8.5, 8.5), Point(-1.5, 5)] {
      XCTAssertEqual(winding(of: empty, in: stroke), 0, "\(empty)")
    }
  }

  /// The winding number of the outline's polygons around a point.
  private func winding(of p: Point, in outline: [PathSegment]) -> Int {
    var total = 0
    for ring in rings(outline) {
      for index in ring.indices {
        let (a, b) = (ring[index], ring[(index + 1) % ring.count])
        let side = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
        if a.y <= p.y, b.y > p.y, side > 0 { total += 1 }
        if a.y > p.y, b.y <= p.y, side < 0 { total -= 1 }
      }
    }
    return total
  }

}
