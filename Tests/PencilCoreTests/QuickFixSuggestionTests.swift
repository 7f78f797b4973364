import PencilDiagnostics
import XCTest

/// The fixes offered for mistakes a newcomer makes: a string in single
/// quotes, a CSS colour name written with a dot.
final class QuickFixSuggestionTests: XCTestCase {
  /// The text after applying every edit of the diagnostic's first fix.
  private func applyingFirstFix(_ source: String) throws -> String {
    let diagnostic = try XCTUnwrap(compile(source).diagnostics.first)
    var bytes = Array(source.utf8)
    for edit in try XCTUnwrap(diagnostic.fixes.first).edits.sorted(by: { $0.range.start > $1.range.start }) {
      bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.newText.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  func testQuickFixSingleQuotedStringGetsOneErrorAndTheDoubleQuotedFix() throws {
    let source = "text 'hi' at 0,10"
    XCTAssertEqual(compile(source).diagnostics.map(\.code.id), ["E0001"])
    XCTAssertEqual(compile(source).diagnostics.first?.range, SourceRange(5, 9))
    XCTAssertEqual(try applyingFirstFix(source), "text \"hi\" at 0,10")
    XCTAssertEqual(try applyingFirstFix("text 'say \"hi\"' at 0,10"), "text \"say \\\"hi\\\"\" at 0,10")
    // A lone quote is still an unexpected character.
    XCTAssertEqual(compile("text 'hi at 0,10").diagnostics.first?.message, "unexpected character '''")
  }

  func testQuickFixDottedCSSNameSuggestsTheSystemColourFirst() throws {
    let diagnostic = try XCTUnwrap(compile("rect size 4x4 fill=.grey").diagnostics.first)
    XCTAssertEqual(diagnostic.fixes.map { $0.edits.map(\.newText) }, [[".gray"], ["grey"]])
    XCTAssertTrue(diagnostic.message.contains("the system colour is '.gray'"), diagnostic.message)
    // Without a close system colour, CSS's is the only fix.
    let salmon = try XCTUnwrap(compile("rect size 4x4 fill=.salmon").diagnostics.first)
    XCTAssertEqual(salmon.fixes.map { $0.edits.map(\.newText) }, [["salmon"]])
  }
}
