import PencilDiagnostics
import XCTest

@testable import PencilCore
@testable import PencilSema

/// Loops and component bodies are bounded by the evaluation steps they
/// take (E0259), not only by their iterations and elements: a long body
/// run many times stops at the step that crosses the limit. The tests use
/// a small limit, as the fuzzer compiles; the standard one is 30,000,000.
final class EvaluationStepLimitTests: XCTestCase {
  private func compile(_ source: String, steps: Int) -> Compilation {
    var limits = ExpansionBudget.Limits.standard
    limits.steps = steps
    return Pencil.compile(SourceFile(name: "t.pencil", text: source), dumpSyntax: false, importer: nil, limits: limits)
  }

  private func errors(_ compilation: Compilation) -> [DiagnosticCode] {
    compilation.diagnostics.filter { $0.severity == .error }.map(\.code)
  }

  private func text(_ range: SourceRange?, in source: String) -> String? {
    range.map { String(decoding: Array(source.utf8)[$0.start..<$0.end], as: UTF8.self) }
  }

  /// Each iteration is 7 steps (the iteration, the `let`, its five
  /// expressions): 1,428 iterations take 9,996, and the 1,429th crosses
  /// 10,000 at the first `i` of its `let`. Expansion stops there: the
  /// loop's rects after the crossing are not made.
  func testALongLoopBodyCrossesTheStepLimit() throws {
    let source = "for i in 0..<2000 {\n  let a = i + i + i\n  rect at a, 0 size 1x1 fill=red\n}"
    let compilation = compile(source.replacingOccurrences(of: "  rect", with: "  // rect"), steps: 10_000)
    XCTAssertEqual(errors(compilation), [LanguageCodes.tooManySteps])
    let diagnostic = try XCTUnwrap(compilation.diagnostics.first { $0.code == LanguageCodes.tooManySteps })
    XCTAssertEqual(text(diagnostic.range, in: source), "i")
    XCTAssertTrue(diagnostic.message.contains("past 10000 evaluation steps"), diagnostic.message)
    XCTAssertEqual(diagnostic.notes.last?.message, "reported once; first found when 'i' is item 1428 (counting from 0)")
    // With the standard limit the loop compiles, rects and all.
    let whole = PencilCoreTests.compile(source)
    XCTAssertEqual(errors(whole), [])
    XCTAssertEqual(whole.scene?.items.count, 2000)
  }

  /// Written-out code is bounded by the size of the file and takes no
  /// steps: a hundred top-level lets compile within a limit of ten.
  func testWrittenOutCodeTakesNoSteps() {
    var lines = ["let v0 = 1"]
    for index in 1..<100 { lines.append("let v\(index) = v\(index - 1) + 1") }
    lines.append("rect at v99, 0 size 1x1 fill=red")
    XCTAssertEqual(errors(compile(lines.joined(separator: "\n"), steps: 10)), [])
  }

  /// A component's body is checked once on its own, and its loops run
  /// there too: every iteration is a step, even with an empty body, so
  /// a billion empty iterations in a component nobody uses stop at the
  /// step limit instead of running for minutes.
  func testEmptyIterationsOfAComponentCheckedAloneAreSteps() {
    let source = "component c() { for i in 0..<1000 { for j in 0..<1000 { } } }\nrect at 0,0 size 1x1 fill=red"
    XCTAssertEqual(errors(compile(source, steps: 10_000)), [LanguageCodes.tooManySteps])
  }

  /// Checked alone, a body is held to the file's limits on iterations and
  /// elements (each body counted from none, and the count undone after):
  /// a loop of a billion in a component nobody uses is E0231 at once
  /// (the fuzzer's finding ran ten million elements into the step limit),
  /// and a body that makes more elements than a file may is E0230.
  func testABodyCheckedAloneKeepsTheFilesLimits() {
    let billion = "component c { vstack { for i in 0..<1000000000 { rect size 1x1 } } }\nrect size 1x1"
    XCTAssertEqual(errors(compile(billion, steps: 30_000_000)), [LanguageCodes.tooManyIterations])
    let fuzzing = Pencil.compile(
      SourceFile(
        name: "t.pencil", text: "component c { vstack { for i in 0..<15000 { rect size 1x1; rect size 1x1 } } }"),
      dumpSyntax: false, importer: nil, limits: .fuzzing)
    XCTAssertEqual(errors(fuzzing), [LanguageCodes.tooManyElements])
    // What one body counted is not the file's: two bodies of 600,000
    // iterations each, and a loop of 600,000 in the file, all compile.
    let three =
      "component a { for i in 0..<600000 { } }\ncomponent b { for i in 0..<600000 { } }\nfor i in 0..<600000 { }"
    XCTAssertEqual(errors(compile(three, steps: 30_000_000)), [])
  }

  /// Another limit crossed first is the one reported: E0259 is not added
  /// after it.
  func testAnEarlierLimitIsReportedAlone() {
    let source = "for i in 0..<2000000 { }\nfor j in 0..<10 { let a = j + j }"
    XCTAssertEqual(errors(compile(source, steps: 5)), [LanguageCodes.tooManyIterations])
  }
}
