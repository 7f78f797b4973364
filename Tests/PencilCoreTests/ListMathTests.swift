import PencilDiagnostics
import XCTest

@testable import PencilCore
@testable import PencilSema

/// `sum`, `min` and `max` of a list or range, slices, `.reversed()` and
/// `.sorted()`: their values, their errors, and what they cost.
final class ListMathTests: XCTestCase {
  /// The text an interpolation of `expression` makes, through the whole compiler.
  private func text(_ expression: String, lets: String = "let values = [3, 1, 4, 1, 5]") throws -> String {
    let compilation = compile("\(lets)\ntext \"\\(\(expression))\" at 0,20")
    // `values` is not read by every expression: its W0008 is not the point.
    XCTAssertEqual(compilation.diagnostics.map(\.code.id).filter { $0 != "W0008" }, [], expression)
    let scene = try XCTUnwrap(compilation.scene, "\(expression): \(compilation.diagnostics)")
    guard case .text(let item) = scene.items.first else { throw XCTSkip("no text") }
    return item.text
  }

  private func codes(_ text: String) -> [String] { compile(text).diagnostics.map(\.code.id) }

  func testSumMinAndMaxOfAListOrARange() throws {
    let table: [(String, String)] = [
      ("sum(values)", "14"), ("max(values)", "5"), ("min(values)", "1"), ("sum([])", "0"),
      ("sum(0..<101)", "5050"), ("sum(1...4)", "10"), ("min(3..<9)", "3"), ("max(3..<9)", "8"), ("sum(5..<5)", "0"),
      ("max(values) + min(2, 7)", "7"), ("sum([0.5, 0.25])", "0.75"), ("max([-2, -7])", "-2"),
    ]
    for (expression, expected) in table { XCTAssertEqual(try text(expression), expected, expression) }
  }

  func testSlices() throws {
    let table: [(String, String)] = [
      ("count(values[0..<2])", "2"), ("values[1...3][2]", "1"), ("count(values[2..<2])", "0"),
      ("count(values[0..<5])", "5"), ("sum(values[0..<3])", "8"), ("(0..<10)[2..<5][0]", "2"),
      ("count((0..<10)[2..<5])", "3"),
    ]
    for (expression, expected) in table { XCTAssertEqual(try text(expression), expected, expression) }
  }

  func testARunningTotalInOneExpression() throws {
    let scene = try XCTUnwrap(
      compile(
        """
        let widths = [20, 10, 30]
        for i in 0..<3 { rect at sum(widths[0..<i]), 0 size widths[i] x 10 fill=.blue }
        """
      ).scene)
    let starts = scene.items.compactMap { item -> Double? in
      guard case .path(let path) = item else { return nil }
      return path.userSpaceBounds?.x
    }
    XCTAssertEqual(starts, [0, 20, 30])
  }

  func testReversedAndSorted() throws {
    XCTAssertEqual(try text("values.reversed()[0]"), "5")
    XCTAssertEqual(try text("values.sorted()[0] + values.sorted()[4] * 10"), "51")
    XCTAssertEqual(try text("(0..<4).reversed()[0]"), "3")
    XCTAssertEqual(try text("[\"pear\", \"apple\", \"Zebra\"].sorted()[0]"), "Zebra")
    XCTAssertEqual(try text("[\"pear\", \"apple\"].sorted()[0]"), "apple")
    XCTAssertEqual(try text("count([].sorted())"), "0")
  }

  func testErrors() {
    XCTAssertEqual(codes("let v = [1][0..<0]\nrect at 0,0 size 10x10 opacity=max(v)"), ["E0261"])
    XCTAssertEqual(codes("rect at 0,0 size 10x10 opacity=min(4..<4)"), ["E0261"])
    XCTAssertEqual(codes("let v = [1, 2]\nrect at v[1..<3], 0 size 10x10"), ["E0227"])
    XCTAssertEqual(codes("let v = [1, 2]\nrect at v[2...1][0], 0 size 10x10"), ["E0226"])
    XCTAssertEqual(codes("rect at sum([1, \"a\"]), 0 size 10x10"), ["E0207"])
    XCTAssertEqual(codes("rect at sum(3), 0 size 10x10"), ["E0207"])
    XCTAssertEqual(codes("let l = [.red, 1].sorted()\nrect at l[1], 0 size 10x10"), ["E0207"])
    XCTAssertEqual(codes("let v = [1]\nrect at v.sorted[0], 0 size 10x10"), ["E0215"])
    XCTAssertEqual(codes("let v = [1]\nrect at v.sorted(1)[0], 0 size 10x10"), ["E0215"])
    XCTAssertEqual(codes("let v = [1]\nrect at v.first, 0 size 10x10"), ["E0207"])
    XCTAssertEqual(codes("let s = \"abc\"\nrect at sum(s[0..<1]), 0 size 10x10"), ["E0207"])
  }

  /// `max(values)` used to be refused with one argument, and then `values`
  /// was reported never used; no failing call leaves its names unread.
  func testNoUnusedWarningForTheArgumentsOfAFailingCall() {
    XCTAssertEqual(codes("let values = [1, 2]\nrect at 0,0 size 10x10 opacity=max(values, \"a\")"), ["E0207"])
    XCTAssertEqual(codes("let values = [1, 2]\nrect at 0,0 size 10x10 fill=hsb(values)"), ["E0215"])
    XCTAssertEqual(
      codes("let v = [1]\nlet w = 2\nfor i in 0..<2 { rect at 0,0 size 10x10 opacity=atan2(v, w) }"), ["E0207"])
    XCTAssertEqual(
      codes("let v = [1]\ncomponent c(n: Number = 1) { rect opacity=sqrt(v, n) }\nc at 0,0 size 1x1"), ["E0215"])
  }

  func testSortingCostsValueWork() {
    // Each sort of 200,000 items counts 200,000 × 18 units: 30 of them
    // cross the 100,000,000 units of value work (E0257), and the loop stops.
    let text = """
      let v = (0..<200000).reversed()
      for i in 0..<30 {
        let s = v.sorted()
        rect at s[i], 0 size 1x1
      }
      """
    XCTAssertEqual(codes(text), ["E0257"])
    XCTAssertEqual(codes(text.replacingOccurrences(of: "0..<30", with: "0..<20")), [])
  }
}
