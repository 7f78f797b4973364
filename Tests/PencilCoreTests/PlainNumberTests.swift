import XCTest

@testable import PencilSyntax

/// The lexer's one-pass path for plain numbers and sizes, and the parser's
/// operator mask, against what they short-cut.
final class PlainNumberTests: XCTestCase {
  /// What a lexer standing at the start of `text` makes of it: the token,
  /// where it stopped and what it reported.
  private struct Lexed: Equatable {
    var kind: TokenKind
    var start: Int32
    var end: Int32
    var first: UInt64
    var second: UInt64
    var flawed: Bool
    var index: Int
    var diagnostics: [Diagnostic]
  }

  private func lexed(_ text: String, generalOnly: Bool) -> Lexed {
    var lexer = Lexer(bytes: Array(text.utf8))
    if generalOnly { lexer.lexNumberInGeneral() } else { lexer.lexNumber() }
    let token = lexer.token
    return Lexed(
      kind: token.kind, start: token.start, end: token.end, first: token.first.bitPattern,
      second: token.second.bitPattern, flawed: token.flawed, index: lexer.index, diagnostics: lexer.diagnostics.items)
  }

  private func assertSameToken(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(lexed(text, generalOnly: false), lexed(text, generalOnly: true), text, file: file, line: line)
  }

  func testPlainNumbersAndSizesAreTheGeneralPathsTokens() {
    let cases = [
      "0", "7", "12", "1200", "36x300", "36X300", "0.07", "0.4,", "0.9)", "3.14 ", "100x400 ", "2.5x0.75",
      "999999999", "1000000000", "1000000001", "0.0001", "0.00009", "0.00001x5", "5x0.00001", "5x2000000000",
      "123456789012345", "1234567890123456", "12345678.9012345", "12345678.90123456", "00000000000000001",
      "0", "0.0", "0x0", "1.", "1..", "1..<5", "1...5", "1.5.3", "1.x", "5x", "5x ", "5x.5", "5x-3", "5xy",
      "5x3y", "5x3.", "5x3.5.1", "5x3x4", "10px", "30deg", "1e5", "1_000", "1a", "12.5%", "7;", "7\n", "7}",
      "3.0x", "1x2.", "4x5..", "0.5_", "2é", "2\u{00D7}3",
    ]
    for text in cases { assertSameToken(text) }
  }

  func testRandomNumberishTextLexesAlike() {
    var random = SplitMix(seed: 150)
    let pieces = ["0", "1", "5", "9", ".", "x", "X", "-", "..", "..<", "e", "_", "a", " ", ",", ")", "px", "é"]
    for _ in 0..<30_000 {
      var text = String(random.next() % 10)
      for _ in 0..<Int(random.next() % 24) {
        // Mostly digits, so that long and fractional numbers are common.
        text += random.next() % 3 == 0 ? pieces[Int(random.next() % UInt64(pieces.count))] : String(random.next() % 10)
      }
      assertSameToken(text)
    }
  }

  func testAWholeSceneLexesToTheSameTokensEitherWay() {
    var diagnostics = DiagnosticList()
    let text =
      "pencil at 1200,300 size 36x300 timber=hsb(0.07, 0.4, 0.9)\n"
      + "rect size 4x300 at .5,-2 w=1e3 h=99999999999\n"
    let stream = Lexer.tokenize(SourceFile(name: "t", text: text), into: &diagnostics)
    for token in stream.tokens where token.kind == .number || token.kind == .dimension || token.kind == .invalid {
      let start = text.utf8.index(text.utf8.startIndex, offsetBy: Int(token.start))
      var lexer = Lexer(bytes: Array(text.utf8[start...]))
      lexer.lexNumberInGeneral()
      XCTAssertEqual(lexer.token.kind, token.kind)
      XCTAssertEqual(Int(lexer.token.end), Int(token.end - token.start))
      XCTAssertEqual(lexer.token.first.bitPattern, token.first.bitPattern)
      XCTAssertEqual(lexer.token.second.bitPattern, token.second.bitPattern)
    }
    XCTAssertEqual(stream.tokens.filter { $0.kind == .dimension }.count, 2)
  }

  func testTheOperatorMaskAgreesWithBinaryOperatorForEveryKind() {
    var kinds = 0
    for raw in UInt8(0)...UInt8(255) {
      guard let kind = TokenKind(rawValue: raw) else { continue }
      kinds += 1
      XCTAssertEqual(Parser.isBinaryOperator(kind), Parser.binaryOperator(kind) != nil, "\(kind)")
    }
    XCTAssertEqual(kinds, Int(TokenKind.invalid.rawValue) + 1)
  }

  func testTheSingleByteTableAgreesWithSingleKindForEveryByte() {
    XCTAssertEqual(ByteClasses.singleKinds.count, 256)
    for value in 0...255 {
      XCTAssertEqual(ByteClasses.singleKinds[value], ByteClasses.singleKind(UInt8(value)), "byte \(value)")
    }
  }
}
