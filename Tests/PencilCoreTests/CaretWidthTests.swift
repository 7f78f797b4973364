import XCTest

@testable import PencilDiagnostics

/// The caret line under a source line counts terminal columns, not
/// characters: after wide characters and emoji it still points at the
/// mistake (the JSON columns were already right).
final class CaretWidthTests: XCTestCase {
  private func caretColumn(_ source: String) throws -> (column: Int, carets: Int) {
    let compilation = compile(source)
    let diagnostic = try XCTUnwrap(compilation.diagnostics.first { $0.code.id == "E0201" })
    let printed = DiagnosticPrinter.human(diagnostic, in: compilation.files, colors: false)
    let lines = printed.split(separator: "\n", omittingEmptySubsequences: false)
    let caretLine = try XCTUnwrap(lines.first { $0.contains("^") && $0.contains("|") })
    let afterBar = caretLine[caretLine.index(after: try XCTUnwrap(caretLine.firstIndex(of: "|")))...].dropFirst()
    return (afterBar.prefix { $0 == " " }.count, afterBar.filter { $0 == "^" }.count)
  }

  func testWideCharactersAndEmojiTakeTwoColumns() throws {
    // `text "` is 6 columns, 日本😀 six more, `" at 0,20 color=` 16.
    let wide = try caretColumn("text \"日本😀\" at 0,20 color=.rde")
    XCTAssertEqual(wide.column, 28)
    XCTAssertEqual(wide.carets, 4)
    // A combining accent adds no column; an emoji sequence is two.
    XCTAssertEqual(try caretColumn("text \"e\u{301}👍🏽\" at 0,20 color=.rde").column, 6 + 3 + 16)
    XCTAssertEqual(try caretColumn("text \"abc\" at 0,20 color=.rde").column, 25)
  }

  func testWidths() {
    XCTAssertEqual(DisplayWidth.of("日本"), 4)
    XCTAssertEqual(DisplayWidth.of("ｆｕｌｌ"), 8)
    XCTAssertEqual(DisplayWidth.of("😀"), 2)
    XCTAssertEqual(DisplayWidth.of("❤️"), 2)
    XCTAssertEqual(DisplayWidth.of("café"), 4)
    XCTAssertEqual(DisplayWidth.of("한글"), 4)
    XCTAssertEqual(DisplayWidth.of("a\u{200B}b"), 2)
  }
}
