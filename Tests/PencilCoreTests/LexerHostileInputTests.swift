import PencilDiagnostics
import PencilSyntax
import XCTest

/// Input that once took the lexer past the file's end or into messages
/// as long as the file (found by the review of the lexer's second pass,
/// issue 22).
final class LexerHostileInputTests: XCTestCase {
  /// `Lexer.scanInterpolation` steps over the byte after a `\` in a string
  /// inside `\(`: a `\` as the file's last byte must not take the lexer,
  /// the string token or the end of file past the file's end.
  func testAStringEndingTheFileInsideAnInterpolationEndsAtTheFilesEnd() {
    for text in ["text \"\\(\"\\", "let a = \"\\(\"\\"] {
      let bytes = Array(text.utf8)
      var diagnostics = DiagnosticList()
      let tree = Parser.parseTree(SourceFile(name: "end", bytes: bytes), diagnostics: &diagnostics)
      for token in tree.tokens {
        XCTAssertLessThanOrEqual(Int(token.end), bytes.count, "\(text.debugDescription): \(token.kind)")
      }
    }
  }

  /// An invalid number, size or hex colour is quoted short in its message
  /// however long its word, as a name or a number out of range is: a
  /// 100 KB word once made a 100 KB message.
  func testAnInvalidNumberSizeOrColourIsQuotedShort() {
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

  /// A `\` at the end of a line escapes nothing: the string (or the string
  /// inside an interpolation) ends with its line, as the message says, and
  /// the next line is read as code, not swallowed into the string.
  func testABackslashAtTheEndOfALineDoesNotContinueTheString() {
    for (text, code) in [
      ("text \"ab\\\nrect at 0,0 size 4x4\n", "E0002"), ("text \"ab\\\r\nrect at 0,0 size 4x4\n", "E0002"),
      ("text \"\\(\"a\\\nrect at 0,0 size 4x4\n", "E0002"),
    ] {
      let bytes = Array(text.utf8)
      var diagnostics = DiagnosticList()
      let tree = Parser.parseTree(SourceFile(name: "escape", bytes: bytes), diagnostics: &diagnostics)
      let secondLine = (bytes.firstIndex(of: UInt8(ascii: "\n")) ?? 0) + 1
      let rect = tree.tokens.first { Int($0.start) == secondLine }
      XCTAssertEqual(rect?.kind, .identifier, "\(text.debugDescription): the next line is code")
      XCTAssertTrue(
        diagnostics.items.contains { $0.code.id == code },
        "\(text.debugDescription): \(diagnostics.items.map(\.message))")
    }
  }
}
