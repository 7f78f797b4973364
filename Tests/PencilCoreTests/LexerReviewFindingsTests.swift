import Foundation
import PencilDiagnostics
import PencilSyntax
import XCTest

/// Defects the review of the lexer's second pass found in files another
/// engineer is changing (issue 22), so they are not fixed here: each test
/// fails (the first crashes a reader of the tree) until its lexer fix
/// lands. They run with PENCIL_LEXER_FINDINGS=1 in the environment; the
/// one who fixes the lexer removes the guard.
final class LexerReviewFindingsTests: XCTestCase {
  private func runOnlyWhenAsked() throws {
    try XCTSkipUnless(
      ProcessInfo.processInfo.environment["PENCIL_LEXER_FINDINGS"] != nil,
      "a known lexer defect (issue 22 review): set PENCIL_LEXER_FINDINGS=1 to run it")
  }

  /// `Lexer.scanInterpolation` steps over the byte after a `\` in a string
  /// inside `\(`: a `\` as the file's last byte takes the lexer one byte
  /// past its end, and the string token (and the end of file) with it.
  func testAStringEndingTheFileInsideAnInterpolationEndsAtTheFilesEnd() throws {
    try runOnlyWhenAsked()
    for text in ["text \"\\(\"\\", "let a = \"\\(\"\\"] {
      let bytes = Array(text.utf8)
      var diagnostics = DiagnosticList()
      let tree = Parser.parseTree(SourceFile(name: "end", bytes: bytes), diagnostics: &diagnostics)
      for token in tree.tokens {
        XCTAssertLessThanOrEqual(Int(token.end), bytes.count, "\(text.debugDescription): \(token.kind)")
      }
    }
  }

  /// An invalid number, size or hex colour is quoted whole in its
  /// message, however long its word (a name is cut at 32 bytes, a number
  /// out of range too): one 100 KB word makes a 100 KB message.
  func testAnInvalidNumberSizeOrColourIsQuotedShort() throws {
    try runOnlyWhenAsked()
    let word = String(repeating: "a", count: 100_000)
    for text in ["rect size 1\(word)\n", "rect fill=#\(word)\n", "rect size 1x\(word)\n", "rect size 1x2\(word)\n"] {
      var diagnostics = DiagnosticList()
      _ = Parser.parseTree(SourceFile(name: "long", bytes: Array(text.utf8)), diagnostics: &diagnostics)
      XCTAssertFalse(diagnostics.items.isEmpty)
      for diagnostic in diagnostics.items {
        XCTAssertLessThan(diagnostic.message.utf8.count, 400, String(diagnostic.message.prefix(40)))
      }
    }
  }
}
