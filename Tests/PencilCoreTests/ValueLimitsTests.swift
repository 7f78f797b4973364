import PencilDiagnostics
import XCTest

@testable import PencilCore
@testable import PencilSema

/// Values are bounded by size, not only by count: a row of `let`s that
/// each double a string or a list, or nest a list in itself, stops with
/// its own code at the expression that crossed the limit, instead of
/// growing exponentially until the process dies.
final class ValueLimitsTests: XCTestCase {
  private func text(_ range: SourceRange?, in source: String) -> String? {
    range.map { String(decoding: Array(source.utf8)[$0.start..<$0.end], as: UTF8.self) }
  }

  /// `let s1 = s0 + s0` … `let s{count}`, then a use of the last.
  private func doubling(_ first: String, count: Int, step: (String) -> String, use: String) -> String {
    var lines = ["let s0 = \(first)"]
    for index in 1...count { lines.append("let s\(index) = \(step("s\(index - 1)"))") }
    lines.append(use)
    return lines.joined(separator: "\n")
  }

  /// A ten-byte string doubled 17 times is 1,310,720 bytes: the 17th
  /// `+` (s17's) is reported, and nothing after it (the lets that use it
  /// are unknown).
  func testDoublingAStringCrossesTheSizeLimit() throws {
    let source = doubling(
      "\"0123456789\"", count: 18, step: { "\($0) + \($0)" }, use: "text \"\\(s18)\" at 0,0")
    let diagnostics = compile(source).diagnostics.filter { $0.severity == .error }
    XCTAssertEqual(diagnostics.map(\.code), [LanguageCodes.valueTooLarge])
    XCTAssertEqual(text(diagnostics.first?.range, in: source), "s16 + s16")
    XCTAssertTrue(diagnostics.first?.message.contains("at most 1000000") == true, diagnostics.first?.message ?? "")
    // Sixteen doublings (655,360 bytes) are allowed.
    let allowed = doubling("\"0123456789\"", count: 16, step: { "\($0) + \($0)" }, use: "text \"\\(s16)\" at 0,0")
    XCTAssertEqual(compile(allowed).diagnostics.filter { $0.severity == .error }.map(\.code), [])
  }

  /// Interpolation is measured as it is built, so the text past the limit
  /// is never made.
  func testInterpolationCrossesTheSizeLimit() throws {
    let source = doubling(
      "\"0123456789\"", count: 17, step: { "\"\\(\($0))\\(\($0))\"" }, use: "text \"\\(s17)\" at 0,0")
    let diagnostics = compile(source).diagnostics.filter { $0.severity == .error }
    XCTAssertEqual(diagnostics.map(\.code), [LanguageCodes.valueTooLarge])
    XCTAssertEqual(text(diagnostics.first?.range, in: source), "\"\\(s16)\\(s16)\"")
  }

  /// Doubling a list by `+` and by nesting it in a literal: each list
  /// counts its nested items, so shared storage does not hide the size.
  func testDoublingAListCrossesTheSizeLimit() throws {
    let ten = "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]"
    let joined = doubling(ten, count: 18, step: { "\($0) + \($0)" }, use: "rect at 0,0 size 1x1 dash=s18")
    let joinedErrors = compile(joined).diagnostics.filter { $0.severity == .error }
    XCTAssertEqual(joinedErrors.map(\.code), [LanguageCodes.valueTooLarge])
    XCTAssertEqual(text(joinedErrors.first?.range, in: joined), "s16 + s16")
    // [s, s] is 2 + 2 × size(s): with ten items, s15 has 491,518 units,
    // s16 983,038 and s17 1,966,078, past the limit.
    let nested = doubling(ten, count: 18, step: { "[\($0), \($0)]" }, use: "if s17 == s18 { rect at 0,0 size 1x1 }")
    let nestedErrors = compile(nested).diagnostics.filter { $0.severity == .error }
    XCTAssertEqual(nestedErrors.map(\.code).first, LanguageCodes.valueTooLarge)
    XCTAssertEqual(text(nestedErrors.first?.range, in: nested), "[s16, s16]")
  }

  /// Comparing two large nested values costs work in proportion to their
  /// size; the work of all comparisons is bounded too (here with a
  /// smaller limit, as the fuzzer compiles).
  func testComparingLargeValuesCrossesTheWorkLimit() throws {
    let source = doubling(
      "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]", count: 10, step: { "[\($0), \($0)]" },
      use: "for i in 0..<50 { if s10 == s10 { rect at i,0 size 1x1 } }")
    var limits = ExpansionBudget.Limits.standard
    limits.valueWork = 500_000
    let compilation = Pencil.compile(
      SourceFile(name: "t.pencil", text: source), dumpSyntax: false, importer: nil, limits: limits)
    let errors = compilation.diagnostics.filter { $0.severity == .error }
    XCTAssertEqual(errors.map(\.code), [LanguageCodes.tooMuchValueWork])
    XCTAssertEqual(text(errors.first?.range, in: source), "s10 == s10")
    // With the standard limit the same file compiles: 50 comparisons of
    // two values of 12,286 units each (1,228,600 units).
    XCTAssertEqual(compile(source).diagnostics.filter { $0.severity == .error }.map(\.code), [])
  }

  /// 64 levels of lists are allowed, 65 are not.
  func testListsNestedTooDeeply() throws {
    let source = doubling("[1]", count: 64, step: { "[\($0)]" }, use: "if s64 == s64 { rect at 0,0 size 1x1 }")
    let errors = compile(source).diagnostics.filter { $0.severity == .error }
    XCTAssertEqual(errors.map(\.code), [LanguageCodes.listsTooDeep])
    XCTAssertEqual(text(errors.first?.range, in: source), "[s63]")
    let allowed = doubling("[1]", count: 63, step: { "[\($0)]" }, use: "if s63 == s63 { rect at 0,0 size 1x1 }")
    XCTAssertEqual(compile(allowed).diagnostics.filter { $0.severity == .error }.map(\.code), [])
  }

  /// Past another limit, the file's values still evaluate and report
  /// their own errors: only crossing the work limit stops them.
  func testValuesStillEvaluatePastAnotherLimit() {
    let source = "for i in 0..<2000000 { }\nlet l = [1] + 5\nrect at l, 0 size 1x1"
    let codes = compile(source).diagnostics.filter { $0.severity == .error }.map(\.code)
    XCTAssertEqual(codes, [LanguageCodes.tooManyIterations, SemaCodes.wrongValueKind])
  }
}
