import PencilDiagnostics
import PencilSyntax
import XCTest

@testable import PencilSema

/// Looking a `let` up costs the same with 64,000 of them as with ten: a
/// file of N `let`s costs O(N) lookups' work, not O(N²) (issue 21: 64,000
/// `let`s took 19 s, scanning every earlier `let` for each new name). The
/// work is counted, not timed, so the test cannot flake under load.
final class LetLookupTests: XCTestCase {
  /// `let v0 = 0`, `let v1 = v0 + 1`, … and a use of the last.
  private func chain(_ count: Int) -> String {
    var lines = ["let v0 = 0"]
    for index in 1..<count { lines.append("let v\(index) = v\(index - 1) + 1") }
    lines.append("rect at v\(count - 1), 0 size 10x10")
    return lines.joined(separator: "\n")
  }

  /// The slots examined while binding every `let` of a file at its top level.
  private func probes(_ text: String) -> Int {
    let source = SourceFile(name: "lets.pencil", text: text)
    var diagnostics = DiagnosticList()
    let unit = Parser.parse(source, diagnostics: &diagnostics)
    var checker = Checker(bytes: source.bytes, diagnostics: diagnostics)
    checker.evaluator.scope.lets.probes = 0
    for case .letBinding(let binding) in unit.statements { checker.bindLet(binding) }
    XCTAssertEqual(checker.evaluator.diagnostics.items.map(\.code), [])
    return checker.evaluator.scope.lets.probes ?? -1
  }

  func testLookupsAreLinearInTheNumberOfLets() {
    let small = probes(chain(4000))
    let large = probes(chain(32000))
    XCTAssertGreaterThan(small, 0)
    // Eight times the lets, at most about eight times the work (a
    // quadratic lookup makes it 64 times).
    XCTAssertLessThanOrEqual(large, small * 9, "4,000 lets: \(small) probes; 32,000: \(large)")
    // And a few probes per `let`: the hides-check, the redeclaration
    // check and the read of the one before.
    XCTAssertLessThanOrEqual(large, 32000 * 4)
  }

  /// Names inside blocks are indexed too (`LocalBindings`): a block's
  /// names go when it ends, an inner one hides an outer one while it
  /// lasts, and a name declared twice in one block is still caught.
  func testBlockNamesComeAndGoWithTheirBlocks() {
    let source = """
      if true { let a = 1
       rect at a, 0 size 1x1 }
      if true { let a = 2
       if true { let a = 5
        rect at a, 1 size 1x1 }
       rect at a, 2 size 1x1 }
      """
    let compilation = compile(source)
    XCTAssertEqual(compilation.diagnostics.map(\.code), [SemaCodes.shadowedName])
    XCTAssertEqual(compilation.scene?.viewport.x, 1)
    let twice = compile("if true { let a = 1\n let a = 2\n rect at a, 0 size 1x1 }").diagnostics
    XCTAssertEqual(twice.map(\.code), [LanguageCodes.redeclared])
  }
}
