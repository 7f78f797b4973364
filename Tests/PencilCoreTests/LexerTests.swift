import PencilDiagnostics
import PencilSyntax
import XCTest

final class LexerTests: XCTestCase {
  private func lex(_ text: String) -> (
    kinds: [TokenKind], tokens: [Token], strings: [String], diagnostics: [Diagnostic]
  ) {
    var diagnostics = DiagnosticList()
    let stream = Lexer.tokenize(SourceFile(name: "t", text: text), into: &diagnostics)
    return (stream.tokens.map(\.kind), stream.tokens, stream.strings, diagnostics.sorted())
  }

  func testTokenKinds() {
    let table: [(String, [TokenKind])] = [
      ("pencil", [.identifier, .endOfFile]),
      ("at 0,0", [.identifier, .number, .comma, .number, .endOfFile]),
      ("size 100x400", [.identifier, .dimension, .endOfFile]),
      ("fill=#f00", [.identifier, .equals, .hexColor, .endOfFile]),
      (".orange.opacity(0.3)", [.dot, .identifier, .dot, .identifier, .leftParen, .number, .rightParen, .endOfFile]),
      ("{ a; b }", [.leftBrace, .identifier, .semicolon, .identifier, .rightBrace, .endOfFile]),
      ("a\n\n\nb", [.identifier, .newline, .identifier, .endOfFile]),
      ("a // comment\nb", [.identifier, .newline, .identifier, .endOfFile]),
      ("a /* multi\nline */ b", [.identifier, .identifier, .endOfFile]),
      ("\"text\"", [.string, .endOfFile]),
      // A minus is an operator; the parser makes `-3` the literal -3.
      ("-3 .5 -0.25", [.minus, .number, .number, .minus, .number, .endOfFile]),
      ("1+2*3/4%5", [.number, .plus, .number, .star, .number, .slash, .number, .percent, .number, .endOfFile]),
    ]
    for (input, expected) in table {
      let result = lex(input)
      XCTAssertEqual(result.kinds, expected, "tokens of \(input.debugDescription)")
      XCTAssertEqual(result.diagnostics, [], "no diagnostics for \(input.debugDescription)")
    }
  }

  func testNumbersAreCorrectlyRounded() {
    let result = lex("0.470 0.035 100x400 12.5 .5 3x-2")
    XCTAssertEqual(result.tokens[0].first, 0.470)
    XCTAssertEqual(result.tokens[1].first, 0.035)
    XCTAssertEqual(result.tokens[2].first, 100)
    XCTAssertEqual(result.tokens[2].second, 400)
    XCTAssertEqual(result.tokens[3].first, 12.5)
    XCTAssertEqual(result.tokens[4].first, 0.5)
    XCTAssertEqual(result.tokens[5].second, -2)
  }

  func testHexColours() {
    let table: [(String, UInt32)] = [
      ("#fff", 0xFFFF_FFFF), ("#003366", 0x0033_66FF), ("#fa8072", 0xFA80_72FF),
      ("#F0F8", 0xFF00_FF88), ("#11223344", 0x1122_3344),
    ]
    for (input, expected) in table {
      let token = lex(input).tokens[0]
      XCTAssertEqual(token.kind, .hexColor)
      XCTAssertEqual(UInt32(token.first), expected, input)
    }
  }

  func testStringEscapesAndUTF8() {
    let result = lex(#""a \"b\" \\ c\nd é 🖍""#)
    XCTAssertEqual(result.strings, ["a \"b\" \\ c\nd é 🖍"])
    XCTAssertEqual(result.diagnostics, [])
  }

  func testErrorsKeepLexing() {
    let table: [(String, String, SourceRange)] = [
      ("#ggg", "E0006", SourceRange(0, 4)),
      ("#fa807", "E0007", SourceRange(0, 6)),
      ("\"open", "E0002", SourceRange(0, 5)),
      ("\"a\\qb\"", "E0003", SourceRange(2, 4)),
      ("/* open", "E0004", SourceRange(0, 2)),
      ("10px", "E0005", SourceRange(0, 4)),
      ("100x", "E0008", SourceRange(0, 4)),
      ("12345678901", "E0005", SourceRange(0, 11)),
      ("a @ b", "E0001", SourceRange(2, 3)),
      ("é", "E0001", SourceRange(0, 2)),
    ]
    for (input, code, range) in table {
      let result = lex(input)
      XCTAssertEqual(result.diagnostics.map(\.code.id), [code], input)
      XCTAssertEqual(result.diagnostics.first?.range, range, input)
      XCTAssertEqual(result.kinds.last, .endOfFile)
    }
  }

  func testInvalidUTF8InString() {
    var bytes = Array("text \"a".utf8)
    bytes.append(0xFF)
    bytes.append(contentsOf: Array("b\" at 0,0".utf8))
    var diagnostics = DiagnosticList()
    _ = Lexer.tokenize(SourceFile(name: "t", bytes: bytes), into: &diagnostics)
    XCTAssertEqual(diagnostics.sorted().map(\.code.id), ["E0009"])
  }

  /// A CR alone ends a line as LF and CRLF do (classic Mac files): it is
  /// a statement's end, a `//` comment's end and a string's end.
  func testACarriageReturnAloneEndsALine() {
    XCTAssertEqual(lex("a\rb").kinds, [.identifier, .newline, .identifier, .endOfFile])
    XCTAssertEqual(lex("a\r\r\rb").kinds, [.identifier, .newline, .identifier, .endOfFile])
    XCTAssertEqual(lex("a // comment\rb").kinds, [.identifier, .newline, .identifier, .endOfFile])
    // CRLF stays one line end, at its LF.
    let crlf = lex("a\r\nb")
    XCTAssertEqual(crlf.kinds, [.identifier, .newline, .identifier, .endOfFile])
    XCTAssertEqual(crlf.tokens[1].range, SourceRange(2, 3))
    XCTAssertEqual(lex("a // c\r\nb").kinds, [.identifier, .newline, .identifier, .endOfFile])
    let string = lex("\"open\rb")
    XCTAssertEqual(string.diagnostics.map(\.code.id), ["E0002"])
    XCTAssertEqual(string.diagnostics.first?.range, SourceRange(0, 5))
    XCTAssertEqual(string.kinds, [.string, .newline, .identifier, .endOfFile])
    XCTAssertEqual(lex("text \"\\(a\rb)\"").diagnostics.first?.range, SourceRange(6, 9))
    XCTAssertEqual(lex("'a\rb'").diagnostics.map(\.code.id), ["E0001", "E0001"])
  }
}
