import PencilGeometry
import XCTest

@testable import PencilCore
@testable import PencilIR

/// `margin=`: room outside an element's background, as SwiftUI writes
/// `.padding()` after `.background()`; `padding=` stays inside it.
final class MarginTests: XCTestCase {
  private func boxes(_ text: String) throws -> [Rect] {
    let compilation = compile("canvas 300x300\n" + text)
    XCTAssertEqual(compilation.diagnostics.map(\.code.id), [], "\(compilation.diagnostics.map(\.message))")
    return try XCTUnwrap(compilation.scene).items.compactMap {
      if case .path(let path) = $0 { path.userSpaceBounds } else { nil }
    }
  }

  func testTheBackgroundSitsInsideTheMarginAndAroundThePadding() throws {
    let found = try boxes("vstack at 0,0 padding=5 margin=10 background=.yellow { rect size 20x20 fill=.red }")
    XCTAssertEqual(found, [Rect(x: 10, y: 10, width: 30, height: 30), Rect(x: 15, y: 15, width: 20, height: 20)])
  }

  func testAMarginSpacesStackNeighboursApart() throws {
    let found = try boxes(
      "hstack at 0,0 spacing=0 { rect size 10x10 margin.trailing=6; rect size 10x10 fill=.red }")
    XCTAssertEqual(found.map(\.x), [0, 16])
  }

  func testEdgesOverrideTheWholeMargin() throws {
    let found = try boxes("vstack at 0,0 margin=8 margin.top=0 background=.yellow { rect size 10x10 }")
    XCTAssertEqual(found.first, Rect(x: 8, y: 0, width: 10, height: 10))
  }

  func testANegativeMarginIsRefused() {
    XCTAssertEqual(compile("canvas 10x10\nrect at 0,0 size 1x1 margin=-1").diagnostics.map(\.code.id).first, "E0208")
  }
}
