import XCTest

@testable import PencilSyntax

/// The lexer's byte-class table and keyword recognition, against the
/// predicates and spellings they replace.
final class LexerTablesTests: XCTestCase {
  /// What the lexer's dispatch did for each first byte before the table:
  /// its cases in order, the predicates of the last two included.
  private func classBeforeTable(_ byte: UInt8) -> ByteClass {
    let singles: [UInt8: TokenKind] = [
      UInt8(ascii: "["): .leftBracket, UInt8(ascii: "]"): .rightBracket, UInt8(ascii: ":"): .colon,
      UInt8(ascii: "?"): .question, UInt8(ascii: ","): .comma, UInt8(ascii: "("): .leftParen,
      UInt8(ascii: ")"): .rightParen, UInt8(ascii: "{"): .leftBrace, UInt8(ascii: "}"): .rightBrace,
      UInt8(ascii: ";"): .semicolon, UInt8(ascii: "+"): .plus, UInt8(ascii: "*"): .star, UInt8(ascii: "%"): .percent,
    ]
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\t"): return .space
    case UInt8(ascii: "\n"): return .lineFeed
    case UInt8(ascii: "\r"): return .carriageReturn
    case UInt8(ascii: "/"): return .slash
    case UInt8(ascii: "="): return .equals
    case UInt8(ascii: "<"): return .less
    case UInt8(ascii: ">"): return .greater
    case UInt8(ascii: "!"): return .bang
    case UInt8(ascii: "&"): return .ampersand
    case UInt8(ascii: "|"): return .bar
    case UInt8(ascii: "\""): return .quote
    case UInt8(ascii: "'"): return .apostrophe
    case UInt8(ascii: "#"): return .hash
    case UInt8(ascii: "."): return .dot
    case UInt8(ascii: "-"): return .minus
    case _ where singles[byte] != nil: return .single
    case _ where isDigit(byte): return .digit
    case _ where isIdentifierStart(byte): return .letter
    default: return .other
    }
  }

  func testByteClassTableMatchesThePredicatesForEveryByte() {
    XCTAssertEqual(ByteClasses.table.count, 256)
    for value in 0...255 {
      let byte = UInt8(value)
      XCTAssertEqual(ByteClasses.table[value], classBeforeTable(byte), "byte \(value)")
      XCTAssertEqual(ByteClasses.table[value], ByteClasses.classify(byte), "byte \(value)")
      XCTAssertEqual(ByteClasses.singleKind(byte) != .invalid, ByteClasses.table[value] == .single, "byte \(value)")
      XCTAssertEqual(ByteClasses.isNamePart(ByteClasses.table[value]), isIdentifierPart(byte), "byte \(value)")
    }
  }

  func testSingleByteTokensKeepTheirKinds() {
    var diagnostics = DiagnosticList()
    let stream = Lexer.tokenize(SourceFile(name: "t", text: "[]:?,(){};+*%"), into: &diagnostics)
    XCTAssertEqual(
      stream.tokens.map(\.kind),
      [
        .leftBracket, .rightBracket, .colon, .question, .comma, .leftParen, .rightParen, .leftBrace, .rightBrace,
        .semicolon, .plus, .star, .percent, .endOfFile,
      ])
    XCTAssertEqual(diagnostics.items.count, 0)
  }

  /// The keyword of `word`, read at the end of the bytes (byte by byte)
  /// or, with `followedBy`, in the middle of them (eight bytes at once).
  private func keyword(_ word: String, followedBy rest: String = "") -> Keyword {
    let bytes = Array(("  " + word + rest).utf8)
    return bytes.withUnsafeBufferPointer { Keyword.of($0, from: 2, to: 2 + word.utf8.count) }
  }

  func testEveryKeywordIsRecognisedFromItsSpelling() {
    for keyword in Keyword.allCases where keyword != .none {
      XCTAssertEqual(self.keyword(keyword.spelling), keyword, keyword.spelling)
      XCTAssertEqual(self.keyword(keyword.spelling, followedBy: "=value_and_more"), keyword, keyword.spelling)
    }
  }

  func testWordsNearAKeywordAreNone() {
    let near = [
      "a", "t", "At", "ats", "sizes", "siz", "components", "componenT", "componenx", "compone", "gradients",
      "Gradient", "iff", "els", "elses", "inn", "lets", "fo", "form", "tos", "texts", "paths", "stops", "canva",
      "colour", "importt", "shapes", "x", "pencil", "hstack", "_at",
    ]
    for word in near {
      XCTAssertEqual(keyword(word), .none, word)
      XCTAssertEqual(keyword(word, followedBy: " at size"), .none, word)
    }
  }

  func testOnlyIdentifierTokensCarryAKeyword() {
    var diagnostics = DiagnosticList()
    let stream = Lexer.tokenize(SourceFile(name: "t", text: "at \"at\" size=3 component"), into: &diagnostics)
    XCTAssertEqual(stream.tokens.map(\.keyword), [.at, .none, .size, .none, .none, .component, .none])
  }
}
