import XCTest

@testable import PencilCore
@testable import PencilGeometry
@testable import PencilIR
@testable import PencilLayout

/// A connector that names an element rather than an anchor ends on the
/// element's outline (Pikchr's chop), aimed at the other end: on each kind
/// of shape, and through `OutlineHit` directly.
final class ConnectorOutlineTests: XCTestCase {
  /// The ends of the first path of a scene whose last statement is a `line`.
  private func lineEnds(_ source: String) throws -> (Point, Point) {
    let compilation = compile("canvas 400x300\n" + source)
    XCTAssertEqual(compilation.diagnostics.map(\.code.id), [], "\(compilation.diagnostics.map(\.message))")
    let scene = try XCTUnwrap(compilation.scene)
    let line = try XCTUnwrap(scene.pathItems.last)
    var points: [Point] = []
    for segment in line.segments {
      switch segment {
      case .move(let p), .line(let p): points.append(p)
      default: break
      }
    }
    return (try XCTUnwrap(points.first), try XCTUnwrap(points.last))
  }

  private func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
  }

  func testALineFromACircleStartsOnItsEdgeTowardTheOtherEnd() throws {
    let (start, end) = try lineEnds("a: circle at 20,20 radius=30\nline from a to 350,50")
    XCTAssertEqual(distance(start, Point(50, 50)), 30, accuracy: 0.01)
    XCTAssertEqual(start.y, 50, accuracy: 1e-9)
    XCTAssertEqual(end, Point(350, 50))
  }

  func testBothEndsOfALineBetweenTwoBoxesAreOnTheirEdges() throws {
    let (start, end) = try lineEnds("a: rect at 20,20 size 60x40\nb: rect at 220,120 size 80x40\nline from a to b")
    // The centres are (50, 40) and (260, 140): the line leaves a's right side and enters b's left.
    XCTAssertEqual(start.x, 80, accuracy: 1e-9)
    XCTAssertEqual(end.x, 220, accuracy: 1e-9)
    XCTAssertEqual((start.y - 40) / (start.x - 50), 100.0 / 210.0, accuracy: 1e-9)
  }

  func testAnEllipsesEndIsOnTheEllipse() throws {
    let (_, end) = try lineEnds("e: ellipse at 200,100 size 120x60\nline from 20,20 to e")
    let (x, y) = ((end.x - 260) / 60, (end.y - 130) / 30)
    XCTAssertEqual(x * x + y * y, 1, accuracy: 1e-3)
  }

  func testACapsulesAndARoundedRectsEndsMeetTheirRoundedEnds() throws {
    // From the capsule's centre (70, 40) nearly level: its right half circle, centre (100, 40), radius 20.
    let (start, _) = try lineEnds("c: capsule at 20,20 size 100x40\nline from c to 200,25")
    XCTAssertEqual(distance(start, Point(100, 40)), 20, accuracy: 0.01)
    // Toward the top-left from the centre (250, 230): the top-left corner, centre (220, 220), radius 20.
    let (_, end) = try lineEnds("r: roundrect at 200,200 size 100x60 radius=20\nline from 20,20 to r")
    XCTAssertLessThan(end.x, 220)
    XCTAssertEqual(distance(end, Point(220, 220)), 20, accuracy: 0.01)
  }

  func testAShapesOwnOutlineIsMetNotItsFrame() throws {
    // A diamond in a 100 square frame: the line from the left meets its left corner's edges.
    let (_, end) = try lineEnds(
      "shape diamond { move 0.5,0; line 1,0.5; line 0.5,1; line 0,0.5; close }\nd: diamond at 200,100 size 100x100\nline from 20,130 to d"
    )
    // From (20, 130) toward the centre (250, 150), the edge x + ... : |x - 250| + |y - 150| = 50.
    XCTAssertEqual(abs(end.x - 250) + abs(end.y - 150), 50, accuracy: 1e-6)
  }

  func testASectorsOutlineIsItsSlice() throws {
    let (start, _) = try lineEnds("s: sector at 100,100 size 100x100 start=-45 end=45\nline from s to 350,150")
    XCTAssertEqual(distance(start, Point(150, 150)), 50, accuracy: 0.01)
  }

  func testTheRayLeavesAConcaveOutlineAtItsLastCrossing() {
    // A U shape: the ray from inside its left arm to the right crosses the
    // right arm too; the end is on the far side of the right arm.
    let u: [PathSegment] = [
      .move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 20)), .line(Point(20, 20)), .line(Point(20, 0)),
      .line(Point(30, 0)), .line(Point(30, 30)), .line(Point(0, 30)), .close,
    ]
    let hit = OutlineHit.exit(from: Point(5, 10), along: Point(1, 0), of: u)
    XCTAssertEqual(hit?.point, Point(30, 10))
    XCTAssertEqual(hit?.normal, Point(1, 0))
  }

  func testARayThatMeetsNothingHasNoExit() {
    XCTAssertNil(OutlineHit.exit(from: Point(0, 0), along: Point(1, 0), of: [.move(Point(5, 5)), .line(Point(6, 6))]))
    XCTAssertNil(OutlineHit.exit(from: Point(0, 0), along: Point(0, 0), of: [.move(Point(5, -5)), .line(Point(5, 5))]))
  }

  /// A round shape of `cubics` curves at 100,100 size 400x400, named b,
  /// and `arrows` arrows to it from a ring around it.
  private func arrowsToARoundShape(cubics: Int, arrows: Int) -> String {
    """
    canvas 800x800
    shape blob {
      move 1, 0.5
      for i in 0..<\(cubics) {
        let a = (i + 1) * 360 / \(cubics)
        let m = (i + 0.5) * 360 / \(cubics)
        curve 0.5 + cos(a) * 0.5, 0.5 + sin(a) * 0.5 control 0.5 + cos(m) * 0.5, 0.5 + sin(m) * 0.5 0.5 + cos(m) * 0.5, 0.5 + sin(m) * 0.5
      }
      close
    }
    b: blob at 200,200 size 400x400
    for i in 0..<\(arrows) {
      let a = i * 360 / \(arrows)
      arrow from 400 + cos(a) * 390, 400 + sin(a) * 390 to b
    }
    """
  }

  /// Each arrow's rays test the edges in the directions it looks, not the
  /// whole outline (2,000 arrows to 2,000 curves of 64 pieces each tested
  /// 256,000,000 edges; the review's 10,000 to 10,000 took 51 s and now
  /// 0.2 s).
  func testArrowsToALargeOutlineTestAFewOfItsEdgesEach() throws {
    let (scene, work, diagnostics) = lowerCountingWork(arrowsToARoundShape(cubics: 2_000, arrows: 2_000))
    XCTAssertEqual(diagnostics.map(\.message), [])
    XCTAssertLessThanOrEqual(work.outlineEdges, 2_000 * 2 * 64)
    // Every arrow ends on the circle (radius 200 round 400,400), as it did
    // when every edge was tested.
    XCTAssertEqual(scene.pathItems.count, 1 + 2 * 2_000)
    // (Each arrow is its line, which stops at its head's base, then its
    // head, whose tip is the point nearest the centre.)
    for head in stride(from: 2, to: scene.pathItems.count, by: 2) {
      let tip = scene.pathItems[head].segments.compactMap { segment -> Double? in
        switch segment {
        case .move(let p), .line(let p): distance(p, Point(400, 400))
        default: nil
        }
      }.min()
      XCTAssertEqual(tip ?? 0, 200, accuracy: 0.01)
    }
  }

  /// A shape whose outline winds round its centre again and again is seen
  /// whole by every ray: the edges tested count against layout's budget,
  /// and past it E0244 is reported once, at the arrow.
  func testArrowsToAWindingOutlineCrossLayoutsBudget() {
    var source = "canvas 800x800\nshape spiral {\n  move 0.5, 0.5\n"
    source += "  for i in 1..<10000 {\n    let r = 0.5 * i / 10000\n"
    source += "    line 0.5 + cos(i * 18) * r, 0.5 + sin(i * 18) * r\n  }\n}\n"
    source += "s: spiral at 200,200 size 400x400\n"
    source += "for i in 0..<2000 {\n  arrow from i * 0.4, 790 to s\n}\n"
    let compilation = compile(source)
    XCTAssertEqual(compilation.diagnostics.map(\.code.id), ["E0244"])
    XCTAssertEqual(
      compilation.diagnostics.first?.message,
      "layout's budget of 30000000 steps is spent, most of it on the outline edges the connectors ending on shapes here test; end them at anchors (a.top), or give the shapes fewer curves"
    )
    let arrow = source.utf8.count - "arrow from i * 0.4, 790 to s\n}\n".utf8.count
    XCTAssertEqual(compilation.diagnostics.first?.range.start, arrow)
  }

  /// The bins give what testing every edge gives, for random outlines
  /// round the origin, edges whose end is within rounding of it (the
  /// review's triangle), and rays along bin boundaries.
  func testTheBinsFindTheEdgeEveryEdgeFinds() {
    // A linear congruential sequence (Knuth's MMIX constants): the same outlines on every run.
    var state: UInt64 = 7
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    func unit() -> Double { Double(next() % 1_000_000) / 1_000_000 }
    // Shapes whose corner is at the centre, or within rounding of it (the
    // review's triangle: rays away from the shape meet only that corner).
    var outlines: [[PathSegment]] = [-1e-12, 0, 1e-12, 3e-10].flatMap { tiny -> [[PathSegment]] in
      [
        [.move(Point(-0.5, -0.5)), .line(Point(0.5, -0.5)), .line(Point(tiny, tiny)), .close],
        [.move(Point(0, tiny)), .line(Point(1, 0.3)), .line(Point(0.7, 1)), .close],
        [.move(Point(-1, -1)), .line(Point(tiny, 0)), .line(Point(-1, 1)), .line(Point(-2, 0)), .close],
      ]
    }
    for _ in 0..<200 {
      let corners = 3 + Int(next() % 40)
      var outline: [PathSegment] = []
      for corner in 0..<corners {
        let angle = 2 * Double.pi * (Double(corner) + unit()) / Double(corners)
        let radius = 0.05 + unit() * (next() % 5 == 0 ? 1e-9 : 1)
        let point = Point(radius * cos(angle), radius * sin(angle))
        outline.append(corner == 0 ? .move(point) : .line(point))
      }
      outline.append(.close)
      outlines.append(outline)
    }
    var hits = 0
    for outline in outlines {
      let hit = OutlineHit(outline, from: Point(0, 0))
      for ray in 0..<512 {
        let angle = 2 * Double.pi * Double(ray) / (ray % 2 == 0 ? 512 : 509)
        let direction = Point(cos(angle), sin(angle))
        let binned = hit.exit(from: Point(0, 0), along: direction)
        let every = hit.exit(from: Point(0, 0), along: direction, pastEveryEdge: true)
        XCTAssertEqual(binned?.point, every?.point)
        XCTAssertEqual(binned?.normal, every?.normal)
        if binned != nil { hits += 1 }
      }
    }
    XCTAssertGreaterThan(hits, 100_000)
  }
}
