import XCTest

@testable import PencilCore

/// Ranges `a...b` and `a..<b`: reversed ones are an error, empty ones are not.
final class RangeLiteralTests: XCTestCase {
  private func codes(_ compilation: Compilation) -> [String] { compilation.diagnostics.map(\.code.id) }

  func testRangeReversedIsAnErrorAndEmptyIsNot() {
    XCTAssertEqual(codes(compile("let r = 5...4\nrect size 1x1 opacity=count(r)")), ["E0226"])
    XCTAssertEqual(codes(compile("for i in 5..<4 { rect size 1x1 }")), ["E0226"])
    XCTAssertEqual(codes(compile("for i in 5..<5 { rect size 1x1 }")), [])
  }
}
