import XCTest

@testable import PencilGeometry

/// Padding (and the other modifiers and effects) on shapes, wherever they
/// stand: a size-less shape in a component's body is placed like one in a
/// zstack, not stretched over the body's frame with its modifiers dropped.
final class PaddingTests: XCTestCase {
  private func boxes(_ source: String, line: UInt = #line) -> [Rect] {
    let compilation = compile(source)
    XCTAssertEqual(compilation.diagnostics.map(\.message), [], line: line)
    return (compilation.scene?.items ?? []).compactMap { item in
      guard case .path(let path) = item else { return nil }
      return path.userSpaceBounds.map { $0.transformed(by: path.transform) }
    }
  }

  func testEveryPaddingEdgeOfASizelessShapeInAComponentBody() {
    let edges = "padding.leading=57 padding.top=5 padding.trailing=11 padding.bottom=7"
    let inset = Rect(x: 57, y: 5, width: 200 - 57 - 11, height: 40 - 5 - 7)
    for shape in ["rect", "ellipse", "roundrect"] {
      let body = boxes("component row { \(shape) fill=red \(edges) }\nrow at 0,0 size 200x40")
      let zstack = boxes("zstack at 0,0 size 200x40 { \(shape) fill=red \(edges) }")
      XCTAssertEqual(body, [inset], shape)
      XCTAssertEqual(body, zstack, shape)
    }
    // `padding=` and its axes too, in a use inside a stack.
    let stacked = boxes(
      "component row { rect fill=red padding=4 padding.horizontal=20 }\nvstack at 0,0 size 100x50 { row }")
    XCTAssertEqual(stacked, [Rect(x: 20, y: 4, width: 60, height: 42)])
  }

  func testModifiersAndEffectsOfASizelessShapeInAComponentBodyAreKept() {
    let moved = boxes("component tile { rect fill=red offset=10,5 }\ntile at 0,0 size 40x40")
    XCTAssertEqual(moved, [Rect(x: 10, y: 5, width: 40, height: 40)])
    let framed = boxes("component tile { rect fill=red width=10 background=blue }\ntile at 0,0 size 40x40")
    XCTAssertEqual(framed, [Rect(x: 15, y: 0, width: 10, height: 40), Rect(x: 15, y: 0, width: 10, height: 40)])
  }

  /// Padding goes around a `size` wherever the element stands: the frame
  /// grows, the shape keeps its size (as at the top level).
  func testPaddingGoesAroundASizeInAComponentBodyAsAtTheTopLevel() {
    let top = boxes("rect at 10,10 size 50x20 padding=5 fill=red")
    XCTAssertEqual(top, [Rect(x: 15, y: 15, width: 50, height: 20)])
    let body = boxes("component card { rect at 10,10 size 50x20 padding=5 fill=red }\ncard at 0,0 size 100x100")
    XCTAssertEqual(body, top)
  }

  /// An hstack that hugs padded texts places each on one line: placed in
  /// the frame it hugged, each child gets its ideal width back, however
  /// the texts' flexibilities order them.
  func testPaddedTextsInAHuggingHStackKeepTheirOneLine() throws {
    let compilation = compile(
      "canvas 400x100\nhstack at 10,10 spacing=0 {\n  text \"padding\" padding=12\n"
        + "  text \"margin\" padding=24\n  text \"both\" padding.vertical=12 padding.horizontal=36\n}")
    XCTAssertEqual(compilation.diagnostics.map(\.code.id), [], "\(compilation.diagnostics.map(\.message))")
    let texts = try XCTUnwrap(compilation.scene).items.compactMap { if case .text(let t) = $0 { t.text } else { nil } }
    XCTAssertEqual(texts, ["padding", "margin", "both"])
  }
}
