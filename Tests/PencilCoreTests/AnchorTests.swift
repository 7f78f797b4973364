import PencilDiagnostics
import XCTest

@testable import PencilGeometry
@testable import PencilIR
@testable import PencilLayout
@testable import PencilSema

/// Named elements, `NAME.ANCHOR` points resolved after layout, and elbow
/// routes (issue 10).
final class AnchorTests: XCTestCase {
  private func paths(_ source: String, line: UInt = #line) -> [PathItem] {
    let compilation = compile(source)
    XCTAssertEqual(compilation.diagnostics.map(\.message), [], line: line)
    return (compilation.scene?.items ?? []).compactMap { if case .path(let path) = $0 { path } else { nil } }
  }

  func testAConnectorEndsAtTheAnchorsOfItsBoxes() throws {
    let items = paths(
      """
      a: rect at 20,20 size 100x40
      b: rect at 220,20 size 100x40
      line from a.trailing to b.leading
      """)
    XCTAssertEqual(items.count, 3)
    XCTAssertEqual(items[2].segments, [.move(Point(120, 40)), .line(Point(220, 40))])
  }

  func testAForwardReferenceKeepsPaintOrder() throws {
    let items = paths(
      """
      line from a.bottom to b.top
      a: rect at 0,0 size 10x10 fill=red
      b: rect at 0,100 size 10x10 fill=blue
      """)
    XCTAssertEqual(items.count, 3)
    XCTAssertEqual(items[0].segments, [.move(Point(5, 10)), .line(Point(5, 100))])
    XCTAssertEqual(items[1].paint, .solid(IRColor(Color(red: 1, green: 0, blue: 0))))
  }

  func testConnectorsFollowTheirBoxesWhenAStackMovesThem() throws {
    let items = paths(
      """
      vstack at 0,0 size 100x200 spacing=20 {
        top: rect size 40x40
        low: rect size 40x40
      }
      arrow from top.bottom to low.top arrowheads=none
      """)
    // The stack centres its run of 100 points in 200: children at y 50 and 110.
    XCTAssertEqual(items.last?.segments, [.move(Point(50, 90)), .line(Point(50, 110))])
  }

  func testAStackIsAnchoredByItsFrameNotItsText() throws {
    let items = paths(
      """
      box: zstack at 100,100 size 80x40 {
        rect fill=.blue
        text "Label"
      }
      line from box.top to 140,0
      """)
    XCTAssertEqual(items.last?.segments, [.move(Point(140, 100)), .line(Point(140, 0))])
  }

  func testAnElbowLeavesAndEntersStraightOutOfTheEdges() {
    let points = ConnectorGeometry.route(
      from: Point(480, 170), to: Point(80, 170), leaving: Point(0, 1), entering: Point(0, 1), elbow: true)
    let gap = ConnectorGeometry.elbowClearance
    XCTAssertEqual(points, [Point(480, 170), Point(480, 170 + gap), Point(80, 170 + gap), Point(80, 170)])
    let across = ConnectorGeometry.route(
      from: Point(0, 0), to: Point(100, 50), leaving: Point(1, 0), entering: Point(-1, 0), elbow: true)
    XCTAssertEqual(across, [Point(0, 0), Point(50, 0), Point(50, 50), Point(100, 50)])
    let corner = ConnectorGeometry.route(
      from: Point(0, 0), to: Point(100, 50), leaving: Point(1, 0), entering: Point(0, -1), elbow: true)
    XCTAssertEqual(corner, [Point(0, 0), Point(100, 0), Point(100, 50)])
    let around = ConnectorGeometry.route(
      from: Point(40, 354), to: Point(200, 134), leaving: Point(-1, 0), entering: Point(-1, 0), elbow: true)
    XCTAssertEqual(around, [Point(40, 354), Point(40 - gap, 354), Point(40 - gap, 134), Point(200, 134)])
    let free = ConnectorGeometry.route(from: Point(0, 0), to: Point(100, 40), leaving: nil, entering: nil, elbow: true)
    XCTAssertEqual(free, [Point(0, 0), Point(50, 0), Point(50, 40), Point(100, 40)])
  }

  func testAnElementCanBePlacedAtAnotherOnesAnchor() throws {
    let compilation = compile(
      """
      a: rect at 10,10 size 40x20
      b: rect at a.bottomTrailing size 10x10
      text "x" at b.bottom
      """)
    XCTAssertEqual(compilation.diagnostics.map(\.message), [])
    let items = try XCTUnwrap(compilation.scene?.items)
    guard case .path(let b) = items[1], case .text(let text) = items[2] else { return XCTFail("a path and a text") }
    XCTAssertEqual(boundingBox(of: b.segments), Rect(x: 50, y: 30, width: 10, height: 10))
    XCTAssertEqual(text.position, Point(55, 40))
  }

  func testEachUseOfAComponentHasItsOwnNames() throws {
    let items = paths(
      """
      component pair() {
        left: rect at 0,0 size 10x10
        right: rect at 30,0 size 10x10
        line from left.trailing to right.leading
      }
      pair at 0,0 size 40x10
      pair at 0,100 size 40x10
      """)
    let lines = items.filter { $0.stroke != nil }
    XCTAssertEqual(
      lines.map(\.segments),
      [
        [.move(Point(10, 5)), .line(Point(30, 5))], [.move(Point(10, 105)), .line(Point(30, 105))],
      ])
  }

  // Found in review: each use of a cached component finds its own boxes,
  // the use's transform is applied once, waiting elements keep source
  // order at one position, a named connector's frame is its box.
  func testForwardArrowsInEachUseOfAComponentJoinThatUsesBoxes() throws {
    let compilation = compile(
      """
      component pair() {
        arrow from a.trailing to b.leading arrowheads=none
        a: rect at 0,0 size 40x40
        b: rect at 100,0 size 40x40
      }
      pair at 10,10 size 140x40
      pair at 10,120 size 140x40
      pair at 10,200 size 140x40 rotation=90
      """)
    XCTAssertEqual(compilation.diagnostics.map(\.message), [])
    let paths = (compilation.scene?.items ?? []).compactMap { item -> PathItem? in
      if case .path(let path) = item { path } else { nil }
    }
    let arrows = paths.filter { $0.stroke != nil }
    XCTAssertEqual(
      arrows.map { $0.segments.first },
      [
        .move(Point(50, 30)), .move(Point(50, 140)), .move(Point(50, 220)),
      ])
    // The turned use turns its arrow exactly as its boxes, once.
    XCTAssertEqual(arrows[2].transform, paths.last?.transform)
  }

  /// Each element placed at the anchor of the one written after it: the
  /// waiting are resolved in one pass over their dependencies (each looked
  /// at once, then once when the name it waits for is placed), where rounds
  /// over all that waited looked at them n²/2 times.
  func testAChainWrittenBackwardsIsResolvedInOnePass() throws {
    let count = 1_000
    var source = ""
    for index in 0..<(count - 1) { source += "b\(index): rect at b\(index + 1).trailing size 10x10\n" }
    source += "b\(count - 1): rect at 0,0 size 10x10\n"
    let (scene, work, diagnostics) = lowerCountingWork(source)
    XCTAssertEqual(diagnostics.map(\.message), [])
    XCTAssertLessThanOrEqual(work.anchorChecks, 2 * count)
    XCTAssertGreaterThanOrEqual(work.anchorChecks, count - 1)
    // In source order, each 10 points right of and 5 below the next one.
    let frames = scene.items.compactMap { item -> Rect? in
      guard case .path(let path) = item else { return nil }
      return path.userSpaceBounds
    }
    XCTAssertEqual(frames.count, count)
    for index in frames.indices {
      let steps = Double(count - 1 - index)
      XCTAssertEqual(frames[index], Rect(x: 10 * steps, y: 5 * steps, width: 10, height: 10), "b\(index)")
    }
  }

  /// A cycle inside a long chain is still reported for each of its
  /// elements, and the rest of the chain waits on it.
  func testACycleInAChainIsReportedOnceForEachElement() {
    var source = "canvas 100x100\n"
    for index in 0..<20 { source += "c\(index): rect at c\(index + 1).trailing size 1x1\n" }
    source += "c20: rect at c19.trailing size 1x1\n"
    let compilation = compile(source)
    let unplaced = compilation.diagnostics.filter { $0.code == GraphicsCodes.unplacedAnchor }
    XCTAssertEqual(unplaced.count, 21)
    XCTAssertEqual(unplaced.filter { $0.message.contains("neither can be placed") }.count, 2)
    XCTAssertEqual(unplaced.filter { $0.message.contains("waits for an anchor that is never placed") }.count, 19)
  }

  func testWaitingElementsAtOnePositionKeepSourceOrder() throws {
    let compilation = compile(
      """
      a: rect at b.topLeading size 10x10 fill=red
      b: rect at c.topLeading size 10x10 fill=green
      c: rect at 20,20 size 10x10 fill=blue
      n: line from a.trailing to 60,25
      rect at n.trailing size 2x2
      """)
    XCTAssertEqual(compilation.diagnostics.map(\.message), [])
    let items = compilation.scene?.items ?? []
    let colours = items.prefix(3).compactMap { item -> IRColor? in
      if case .path(let path) = item, case .solid(let colour) = path.paint { colour } else { nil }
    }
    XCTAssertEqual(colours.map(\.hex), ["#ff0000", "#008000", "#0000ff"])
    guard case .path(let marker)? = items.last else { return XCTFail("the marker") }
    XCTAssertEqual(boundingBox(of: marker.segments)?.x, 60)
  }

  func testANameInAnElseBranchIsKnownAndComparingAnchorsIsAnError() {
    XCTAssertEqual(
      compile(
        """
        if false { c: rect at 0,0 size 10x10 } else { c: rect at 50,0 size 10x10 }
        line from c.bottom to 0,100
        """
      ).diagnostics.map(\.message), [])
    let comparison = compile(
      """
      a: rect at 0,0 size 10x10
      b: rect at 0,0 size 10x10
      if a.top == b.top { rect at 0,0 size 5x5 }
      """
    ).diagnostics
    XCTAssertEqual(comparison.map(\.code), [GraphicsCodes.anchorNotAllowed])
  }

  func testALetThatHidesAnElementNameSaysSo() throws {
    let diagnostics = compile("box: rect size 10x10 fill=red\nlet box = 5\narrow from box.trailing to 40,5").diagnostics
    XCTAssertEqual(diagnostics.map(\.code.id), ["E0250"])
    let diagnostic = try XCTUnwrap(diagnostics.first)
    XCTAssertEqual(diagnostic.range, SourceRange(53, 56))
    XCTAssertTrue(diagnostic.message.contains("hides the element named 'box'"), diagnostic.message)
    XCTAssertEqual(diagnostic.notes.map(\.range), [SourceRange(34, 37), SourceRange(0, 3)])
  }
}
