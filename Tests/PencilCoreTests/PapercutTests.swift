import PencilDiagnostics
import XCTest

/// Small things a new user meets (issue 12's papercuts), each pinned.
final class PapercutTests: XCTestCase {
  /// The text after applying every edit of the diagnostic's first fix.
  private func applyingFirstFix(_ source: String) throws -> String {
    let diagnostic = try XCTUnwrap(compile(source).diagnostics.first)
    var bytes = Array(source.utf8)
    for edit in try XCTUnwrap(diagnostic.fixes.first).edits.sorted(by: { $0.range.start > $1.range.start }) {
      bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.newText.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  func testSingleQuotedStringsGetOneErrorAndTheDoubleQuotedFix() throws {
    let source = "text 'hi' at 0,10"
    XCTAssertEqual(compile(source).diagnostics.map(\.code.id), ["E0001"])
    XCTAssertEqual(compile(source).diagnostics.first?.range, SourceRange(5, 9))
    XCTAssertEqual(try applyingFirstFix(source), "text \"hi\" at 0,10")
    XCTAssertEqual(try applyingFirstFix("text 'say \"hi\"' at 0,10"), "text \"say \\\"hi\\\"\" at 0,10")
    // A lone quote is still an unexpected character.
    XCTAssertEqual(compile("text 'hi at 0,10").diagnostics.first?.message, "unexpected character '''")
  }

  func testADottedCSSNameSuggestsTheSystemColourFirst() throws {
    let diagnostic = try XCTUnwrap(compile("rect size 4x4 fill=.grey").diagnostics.first)
    XCTAssertEqual(diagnostic.fixes.map { $0.edits.map(\.newText) }, [[".gray"], ["grey"]])
    XCTAssertTrue(diagnostic.message.contains("the system colour is '.gray'"), diagnostic.message)
    // Without a close system colour, CSS's is the only fix.
    let salmon = try XCTUnwrap(compile("rect size 4x4 fill=.salmon").diagnostics.first)
    XCTAssertEqual(salmon.fixes.map { $0.edits.map(\.newText) }, [["salmon"]])
  }

  func testCornerRadiusOnARectWorks() {
    XCTAssertEqual(compile("rect size 10x10 cornerRadius=4 fill=red").diagnostics.map(\.code.id), [])
  }

  func testACharacterTheFontLacksIsWarnedAboutWhereItIsWritten() throws {
    let literal = compile("text \"go → there\" at 0,20").diagnostics
    XCTAssertEqual(literal.map(\.code.id), ["W0006"])
    XCTAssertEqual(literal.first?.range, SourceRange(9, 12))
    // Escapes before it are skipped over; a computed text is warned about as a whole.
    XCTAssertEqual(compile("text \"a\\\"→\" at 0,20").diagnostics.first?.range, SourceRange(9, 12))
    let computed = compile("let arrow = \"→\"\ntext \"x \\(arrow)\" at 0,20").diagnostics
    XCTAssertEqual(computed.map(\.code.id), ["W0006"])
    XCTAssertEqual(computed.first?.range, SourceRange(23, 35))
    XCTAssertEqual(compile("text \"café — 20 °C\" at 0,20").diagnostics.map(\.code.id), [])
  }
}
