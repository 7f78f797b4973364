import XCTest

/// `cornerRadius=` is an attribute of `rect` itself, not only a modifier
/// of stacks and text.
final class RectCornerRadiusTests: XCTestCase {
  func testRectCornerRadiusIsAccepted() {
    XCTAssertEqual(compile("rect size 10x10 cornerRadius=4 fill=red").diagnostics.map(\.code.id), [])
  }
}
