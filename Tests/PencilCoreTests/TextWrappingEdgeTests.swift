import XCTest

@testable import PencilGeometry

/// The edges of wrapping text to a width and a line limit: leading spaces
/// stay, empty lines go without a word, a cut line ends in "...".
final class TextWrappingEdgeTests: XCTestCase {
  func testTextWrappingKeepsLeadingSpacesAndDropsEmptyLinesQuietly() {
    let (spaced, _) = TextMetrics.wrap("  indented", width: 1000, size: 17, lineLimit: 1)
    XCTAssertEqual(spaced, ["  indented"])
    let (blank, _) = TextMetrics.wrap("x\n\n\n", width: 1000, size: 17, lineLimit: 1)
    XCTAssertEqual(blank, ["x"])
    let (cut, _) = TextMetrics.wrap("x\ny", width: 1000, size: 17, lineLimit: 1)
    XCTAssertEqual(cut, ["x..."])
  }
}
