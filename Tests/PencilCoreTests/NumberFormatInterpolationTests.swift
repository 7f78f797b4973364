import XCTest

@testable import PencilCore
@testable import PencilIR
@testable import PencilSema

/// `"\(x, decimals: N, separator: S)"`: a number put in a string with
/// fixed decimals and its thousands grouped, as Swift's interpolations take
/// labelled arguments.
final class NumberFormatInterpolationTests: XCTestCase {
  private func written(_ interpolation: String, lets: String = "") throws -> String {
    let compilation = compile("canvas 100x100\n\(lets)\ntext \"\(interpolation)\" at 0,20")
    XCTAssertEqual(compilation.diagnostics.map(\.code.id), [], "\(compilation.diagnostics.map(\.message))")
    let texts = try XCTUnwrap(compilation.scene).items.compactMap { if case .text(let t) = $0 { t.text } else { nil } }
    return try XCTUnwrap(texts.first)
  }

  private func codes(_ interpolation: String) -> [String] {
    compile("canvas 100x100\ntext \"\(interpolation)\" at 0,20").diagnostics.map(\.code.id)
  }

  func testDecimalsWriteThatManyDigitsRounded() throws {
    XCTAssertEqual(try written("\\(2, decimals: 2)"), "2.00")
    XCTAssertEqual(try written("\\(3.14159, decimals: 3)"), "3.142")
    XCTAssertEqual(try written("\\(0.05, decimals: 1)"), "0.1")
    XCTAssertEqual(try written("\\(9.96, decimals: 1)"), "10.0")
    XCTAssertEqual(try written("\\(1.5, decimals: 0)"), "2")
  }

  func testHalfwayRoundsAwayFromZeroAndNoMinusZero() throws {
    XCTAssertEqual(try written("\\(-2.5, decimals: 0)"), "-3")
    XCTAssertEqual(try written("\\(-0.004, decimals: 2)"), "0.00")
  }

  func testASeparatorGroupsTheWholePartByThree() throws {
    XCTAssertEqual(try written("\\(x, separator: \",\")", lets: "let x = 1234567"), "1,234,567")
    XCTAssertEqual(try written("\\(x, decimals: 2, separator: \" \")", lets: "let x = -1234.5"), "-1 234.50")
    XCTAssertEqual(try written("\\(999, separator: \",\")"), "999")
    XCTAssertEqual(try written("\\(1000.25, separator: \"'\")"), "1'000.25")
  }

  func testOptionsMayComeInAnyOrderAndUseExpressions() throws {
    XCTAssertEqual(
      try written("\\(x / 3, separator: \",\", decimals: d + 1)", lets: "let x = 10000\nlet d = 1"), "3,333.33")
  }

  func testProblemsWithOptionsAreReportedEachOnce() {
    XCTAssertEqual(codes("\\(1, places: 2)"), ["E0265"])
    XCTAssertEqual(codes("\\(1, decimals: 1, decimals: 2)"), ["E0265"])
    XCTAssertEqual(codes("\\(1, decimals: 7)"), ["E0208"])
    XCTAssertEqual(codes("\\(1, decimals: 1.5)"), ["E0208"])
    XCTAssertEqual(codes("\\(\"a\", decimals: 1)"), ["E0207"])
    XCTAssertEqual(codes("\\(1, separator: 5)"), ["E0207"])
    XCTAssertEqual(codes("\\(1, separator: \"123456789\")"), ["E0208"])
    XCTAssertEqual(codes("\\(nosuch, places: 1)"), ["E0225", "E0265"])
  }

  func testAMisspelledOptionGetsAFix() {
    let diagnostic = compile("canvas 100x100\ntext \"\\(1, decimal: 2)\" at 0,20").diagnostics.first
    XCTAssertEqual(diagnostic?.code.id, "E0265")
    XCTAssertEqual(diagnostic?.fixes.first?.edits.first?.newText, "decimals")
  }

  func testAWidthPastWhatDecimalsHoldIsWrittenWholeNotACrash() throws {
    // A frame's width comes from layout, unchecked: here 1e13.
    let source =
      "component w { text \"\\(width, decimals: 6, separator: \",\")\" }\n"
      + "vstack { hstack { for i in 0..<10000 { rect size 1000000000x1 } }; w }"
    let texts = compile(source).scene?.items.compactMap { if case .text(let t) = $0 { t.text } else { nil } }
    XCTAssertEqual(texts?.first?.hasPrefix("10,000,000,0"), true, "\(texts ?? [])")
  }

  func testAComponentCheckedAloneFormatsAnUnknownNumber() {
    let source = "canvas 100x100\ncomponent price(v: Number) { text \"\\(v, decimals: 2)\" }\nprice v=3 at 0,0"
    XCTAssertEqual(compile(source).diagnostics.map(\.code.id), [])
  }
}
