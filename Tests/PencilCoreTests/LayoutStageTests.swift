import XCTest

@testable import PencilGeometry
@testable import PencilLayout
@testable import PencilSema

/// The model Sema hands to layout is data: text keeps its text and style
/// and layout measures it; a line or an arrow keeps its ends and layout
/// routes it, whether its ends are fixed or anchored.
final class LayoutStageTests: XCTestCase {
  private func onlyElement(_ source: String, line: UInt = #line) throws -> ElementModel {
    let elements = checkedModel(source, line: line).model.elements
    XCTAssertEqual(elements.count, 1, line: line)
    return try XCTUnwrap(elements.first, line: line)
  }

  private func boxes(_ source: String, line: UInt = #line) -> [Rect] {
    let compilation = compile(source)
    XCTAssertEqual(compilation.diagnostics.map(\.message), [], line: line)
    return (compilation.scene?.items ?? []).compactMap { item in
      guard case .path(let path) = item else { return nil }
      return path.userSpaceBounds
    }
  }

  func testLayoutMeasuresTextAsItIsWhenAsked() throws {
    let element = try onlyElement("text \"Hi\" at 0,20")
    guard case .text(var text) = element.content else { return XCTFail("a text model") }
    XCTAssertEqual(Layout.measure(text).width, TextMetrics.width(of: "Hi", size: text.fontSize))
    XCTAssertEqual(Layout.measure(text).lines, 1)
    // Text changed after checking (as wrapping does) is measured anew.
    text.text = "Hi\nthere, wider"
    XCTAssertEqual(Layout.measure(text).width, TextMetrics.width(of: "there, wider", size: text.fontSize))
    XCTAssertEqual(Layout.measure(text).lines, 2)
    let layout = Layout()
    let model = ElementModel(content: .text(text), placement: Placement(), range: element.range)
    XCTAssertEqual(layout.flexibility(of: model, horizontal: true), Layout.measure(text).width)
    XCTAssertEqual(layout.flexibility(of: model, horizontal: false), 0)
  }

  func testAStackGivesWayAsItsChildrenDo() throws {
    let element = try onlyElement("hstack at 0,0 { text \"a\"; spacer; rect size 10x10 }")
    guard case .stack(let stack) = element.content else { return XCTFail("a stack model") }
    let layout = Layout()
    XCTAssertEqual(layout.flexibility(of: stack).x, .infinity)
    XCTAssertEqual(layout.flexibility(of: stack).y, 0)
  }

  func testALineBetweenFixedPointsIsRoutedByLayoutNotSema() throws {
    let element = try onlyElement("line from 10,20 to 110,20")
    guard case .connector(let connector) = element.content else { return XCTFail("a connector model") }
    XCTAssertEqual(connector.fixedEnds?.from, Point(10, 20))
    XCTAssertEqual(connector.fixedEnds?.to, Point(110, 20))
    XCTAssertEqual(boxes("line from 10,20 to 110,20"), [Rect(x: 10, y: 20, width: 100, height: 0)])
  }

  func testAFixedLineInAStackTakesTheBoxItIsDrawnIn() {
    let frames = boxes("hstack at 0,0 spacing=0 { line from 0,0 to 40,0; rect size 10x10 fill=red }")
    XCTAssertEqual(frames.last, Rect(x: 40, y: 0, width: 10, height: 10))
  }

  func testALineOfNoLengthIsNoElement() {
    XCTAssertEqual(checkedModel("line from 5,5 to 5,5").model.elements.count, 0)
    XCTAssertEqual(checkedModel("arrow from 5,5 to 5,5 route=elbow").model.elements.count, 0)
    XCTAssertEqual(checkedModel("line from 5,5 to 5,6 route=elbow").model.elements.count, 1)
  }
}
