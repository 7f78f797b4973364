import PencilDiagnostics
import PencilSyntax
import XCTest

@testable import PencilCore
@testable import PencilQueries
@testable import PencilSema

/// `CONDITION ? A : B`: Swift's precedence and associativity, only the
/// side the condition picks evaluated, both sides checked, and the editor
/// features that read it.
final class ConditionalExpressionTests: XCTestCase {
  /// The opacity an expression evaluates to, through the whole compiler.
  private func opacity(_ expression: String, lets: String = "") throws -> Double {
    let compilation = compile("\(lets)\nrect size 10x10 fill=red opacity=\(expression)")
    XCTAssertEqual(compilation.diagnostics.map(\.code.id), [], expression)
    let scene = try XCTUnwrap(compilation.scene, "\(expression): \(compilation.diagnostics)")
    guard case .path(let path) = scene.items.first else { throw XCTSkip("no path") }
    return path.opacity
  }

  private func codes(_ text: String) -> [String] { compile(text).diagnostics.map(\.code.id) }

  func testPrecedenceIsBelowEveryOperatorAndRightAssociative() throws {
    let table: [(String, Double)] = [
      ("true ? 0.25 : 0.75", 0.25), ("false ? 0.25 : 0.75", 0.75),
      // The condition takes the whole `||` chain; the sides take sums.
      ("false || true ? 0.25 : 0.75", 0.25), ("1 < 2 && 2 < 1 ? 0.25 : 0.5 + 0.25", 0.75),
      ("true ? 0.5 - 0.25 : 1", 0.25),
      // `a ? b : c ? d : e` is `a ? b : (c ? d : e)`; a `?:` inside the first side.
      ("false ? 0.1 : true ? 0.2 : 0.3", 0.2), ("false ? 0.1 : false ? 0.2 : 0.3", 0.3),
      ("true ? false ? 0.1 : 0.2 : 0.3", 0.2), ("(true ? 0.5 : 0.1) * 0.5", 0.25),
      // Across lines after `?` and `:`.
      ("true ?\n  0.4 :\n  0.6", 0.4),
    ]
    for (expression, expected) in table {
      XCTAssertEqual(try opacity(expression), expected, accuracy: 1e-12, expression)
    }
  }

  func testTheTreeNestsToTheRight() throws {
    var diagnostics = DiagnosticList()
    let unit = Parser.parse(
      SourceFile(name: "t.pencil", text: "let x = a ? b : c ? d : e\n"), diagnostics: &diagnostics)
    XCTAssertEqual(diagnostics.items.map(\.code.id), [])
    guard case .letBinding(let binding)? = unit.statements.first,
      case .conditional(_, _, .conditional(let inner, _, _, let innerRange), let range) = binding.value
    else { return XCTFail("not right-nested: \(unit.statements)") }
    guard case .name(let c) = inner else { return XCTFail("inner condition: \(inner)") }
    XCTAssertEqual(c.name, "c")
    XCTAssertEqual(range, SourceRange(8, 25))
    XCTAssertEqual(innerRange, SourceRange(16, 25))
  }

  func testOnlyTheSideTheConditionPicksIsEvaluated() {
    // At i == 0 the item before is not read, so no index error.
    XCTAssertEqual(
      codes(
        """
        let v = [10, 20, 30]
        for i in 0..<3 { rect at i > 0 ? v[i - 1] : 0, 0 size 10x10 }
        """), [])
    XCTAssertEqual(codes("let v = [1]\nrect at 0, true ? 1 : v[5] size 10x10"), [])
    // A name read only on the side not taken is read: no W0008.
    XCTAssertEqual(codes("let gap = 4\nrect at true ? 0 : gap, 0 size 10x10"), [])
  }

  func testBothSidesAreChecked() {
    XCTAssertEqual(codes("rect at 0,0 size 10x10 fill=true ? .red : 3"), ["E0260"])
    XCTAssertEqual(codes("rect at 0,0 size 10x10 fill=false ? .red : 3"), ["E0260"])
    XCTAssertEqual(codes("rect at 0,0 size 10x10 fill=true ? .red : nosuch"), ["E0201"])
    XCTAssertEqual(codes("rect at true ? 0 : \"a\" + 1, 0 size 10x10"), ["E0207"])
    // A name on the side not taken stands for a value of its kind.
    XCTAssertEqual(codes("let s = \"a\"\nrect at true ? 0 : s, 0 size 10x10"), ["E0260"])
    XCTAssertEqual(codes("let n = 2\nrect at true ? 0 : n * 2, 0 size 10x10"), [])
    // `none`, a range against a list, an anchor against a position go.
    XCTAssertEqual(codes("let r = true ? 0..<3 : [1, 2]\nrect at r[0], 0 size 10x10"), [])
  }

  func testTheConditionIsABoolWithAFixForANumber() throws {
    let diagnostics = compile("let n = 3\nrect at n ? 0 : 1, 0 size 10x10").diagnostics
    XCTAssertEqual(diagnostics.map(\.code.id), ["E0207"])
    let diagnostic = try XCTUnwrap(diagnostics.first)
    XCTAssertTrue(diagnostic.message.contains("the condition of '?:' is a Bool"), diagnostic.message)
    XCTAssertEqual(diagnostic.range, SourceRange(18, 19))
    XCTAssertEqual(diagnostic.fixes.first?.edits.first?.newText, " != 0")
    XCTAssertEqual(diagnostic.fixes.first?.edits.first?.range, SourceRange(19, 19))
  }

  func testAComponentBodyIsCheckedOnceOnItsOwn() {
    // Not used, so only the body checked alone reports it: once.
    XCTAssertEqual(
      codes("component c(on: Bool = true) { rect fill=on ? .red : 2 }\nrect at 0,0 size 1x1"), ["E0260"])
    XCTAssertEqual(
      codes(
        """
        component c(on: Bool = true, tint: Color = .red) { rect fill=on ? tint : .blue }
        for i in 0..<3 { c on=i > 0 at i * 10, 0 size 10x10 }
        """), [])
  }

  func testDeepNestingIsRefused() {
    let deep = String(repeating: "true ? 1 : ", count: 70) + "1"
    XCTAssertEqual(codes("rect at 0,0 size 1x1 opacity=\(deep)"), ["E0109"])
    let fine = String(repeating: "true ? 1 : ", count: 40) + "1"
    XCTAssertEqual(codes("rect at 0,0 size 1x1 opacity=\(fine)"), [])
  }

  func testTheFormatterSpacesTheMarksOfAConditionalOnly() throws {
    let text =
      "let a = true?1:2\ncomponent c(x: Color? = none, y: Number = a > 1?1:2) { rect }\nb: rect at 0,0 size 1x1\n"
    guard case .formatted(let bytes) = SourceFormatter.format(SourceFile(name: "t.pencil", text: text)) else {
      return XCTFail("refused")
    }
    XCTAssertEqual(
      String(decoding: bytes, as: UTF8.self),
      "let a = true ? 1 : 2\ncomponent c(x: Color? = none, y: Number = a > 1 ? 1 : 2) { rect }\nb: rect at 0,0 size 1x1\n"
    )
  }

  func testSemanticTokensMarkTheOperatorsOfAConditionalOnly() {
    let source = SourceFile(
      name: "t.pencil", text: "component c(x: Color? = none) { rect }\nb: rect opacity=true ? 1 : 0\n")
    let operators = SemanticTokens.of(source, names: nil).filter { $0.kind == .operator }.map {
      String(decoding: source.bytes[$0.range.start..<$0.range.end], as: UTF8.self)
    }
    XCTAssertEqual(operators, ["?", ":"])
  }
}
