import PencilDiagnostics
import PencilSyntax
import XCTest

@testable import PencilCore
@testable import PencilIR
@testable import PencilSVG
@testable import PencilSema

/// Arithmetic wherever a number, a position or a size is written: a table
/// of expressions and their values, then the errors, each at its range.
final class ExpressionTests: XCTestCase {
  /// The opacity an expression evaluates to, through the whole compiler.
  private func value(_ expression: String) throws -> Double {
    let compilation = compile("rect size 10x10 fill=red opacity=\(expression)")
    let scene = try XCTUnwrap(compilation.scene, "\(expression): \(compilation.diagnostics)")
    guard case .path(let path) = scene.items.first else { throw XCTSkip("no path") }
    return path.opacity
  }

  func testPrecedenceAndAssociativity() throws {
    let table: [(String, Double)] = [
      ("0.5", 0.5), ("0.1 + 0.2 * 2", 0.5), ("(0.1 + 0.2) * 2", 0.6000000000000001), ("1 - 0.5 - 0.25", 0.25),
      ("0.9 / 3 / 3", 0.1), ("7 % 4 / 4", 0.75), ("-0.5 + 1", 0.5), ("-(0.25 - 0.5)", 0.25), ("- -0.5", 0.5),
      ("1 - -0.5 * 1 - 0.5", 1), ("2 * 0.25 % 0.3", 0.2), ("-7 % 4 + 3.5", 0.5), ("((((0.5))))", 0.5),
    ]
    for (expression, expected) in table {
      XCTAssertEqual(try value(expression), expected, accuracy: 1e-12, expression)
    }
  }

  func testPositionsSizesAndArguments() throws {
    let ir = IRPrinter.print(
      try XCTUnwrap(
        compile("rect at 10 + 5 * 2, -(3 - 10) size 100 / 4 x 10 * 2 fill=hsb(0.5 + 0.25, 1, 1)").scene))
    XCTAssertTrue(ir.contains("M 20 7\n  L 45 7\n  L 45 27"), ir)
    XCTAssertTrue(ir.contains("#8000ff"), ir)
    // Literal positions and sizes, with or without spaces, are what they were.
    var ignored: [Diagnostic] = []
    XCTAssertEqual(
      Pencil.render(try XCTUnwrap(compile("rect at 1,2 size 3x4").scene), with: SVGBackend(), diagnostics: &ignored),
      Pencil.render(
        try XCTUnwrap(compile("rect at 1, 2 size 3 x 4").scene), with: SVGBackend(), diagnostics: &ignored))
  }

  func testErrorsPointAtTheExpression() {
    let cases: [(String, DiagnosticCode, String)] = [
      ("rect size 10x10 opacity=1 / 0", SemaCodes.divisionByZero, "0"),
      ("rect size 10x10 opacity=1 % (2 - 2)", SemaCodes.divisionByZero, "2 - 2"),
      ("rect size 10x10 opacity=.blue + 1", SemaCodes.wrongValueKind, ".blue"),
      ("rect size 10x10 opacity=999999999 * 10", SemaCodes.valueOutOfRange, "999999999 * 10"),
      ("rect at 1, (.red) size 10x10", SemaCodes.wrongValueKind, ".red"),
      ("rect size 10x10 fill=red + 1", SemaCodes.wrongValueKind, "red"),
    ]
    for (source, code, text) in cases {
      let diagnostics = compile(source).diagnostics
      XCTAssertEqual(diagnostics.map(\.code), [code], source)
      if let range = diagnostics.first?.range {
        let quoted = String(decoding: Array(source.utf8)[range.start..<range.end], as: UTF8.self)
        XCTAssertEqual(quoted, text, source)
      }
    }
  }

  /// A chain of operators or parentheses past the nesting limit is E0109,
  /// not a stack overflow.
  func testDeepExpressionsAreRefused() {
    let chain = "rect size 10x10 opacity=" + Array(repeating: "1", count: 200).joined(separator: " + ")
    XCTAssertEqual(compile(chain).diagnostics.map(\.code), [ParserCodes.nestedTooDeeply])
    let parens =
      "rect size 10x10 opacity=" + String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100)
    XCTAssertEqual(compile(parens).diagnostics.map(\.code), [ParserCodes.nestedTooDeeply])
    let signs = "rect size 10x10 opacity=" + String(repeating: "- ", count: 100) + "1"
    XCTAssertEqual(compile(signs).diagnostics.map(\.code), [ParserCodes.nestedTooDeeply])
  }
}
