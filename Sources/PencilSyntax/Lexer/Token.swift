/// Token kinds. Newlines are tokens because they end statements.
package enum TokenKind: UInt8, Sendable {
  case identifier, number, dimension, hexColor, string
  case equals, comma, dot, leftParen, rightParen, leftBrace, rightBrace
  case plus, minus, star, slash, percent
  case less, greater, lessEqual, greaterEqual, equalEqual, notEqual, and, or, not
  case leftBracket, rightBracket, colon, question, halfOpenRange, closedRange
  case semicolon, newline, endOfFile
  /// A byte sequence that was reported and skipped.
  case invalid

  /// Whether a token of this kind carries a decoded value (`Token.first`,
  /// `Token.second`), which the syntax tree keeps in its `literals`.
  @inline(__always)
  package var hasLiteral: Bool {
    switch self {
    case .number, .dimension, .hexColor, .string: true
    default: false
    }
  }

  /// How the kind is named in "expected …, found …" messages.
  package var displayName: String {
    switch self {
    case .identifier: "a name"
    case .number: "a number"
    case .dimension: "a size"
    case .hexColor: "a hex colour"
    case .string: "a string"
    case .equals: "'='"
    case .comma: "','"
    case .dot: "'.'"
    case .leftParen: "'('"
    case .rightParen: "')'"
    case .leftBrace: "'{'"
    case .rightBrace: "'}'"
    case .plus: "'+'"
    case .minus: "'-'"
    case .star: "'*'"
    case .slash: "'/'"
    case .percent: "'%'"
    case .less: "'<'"
    case .greater: "'>'"
    case .lessEqual: "'<='"
    case .greaterEqual: "'>='"
    case .equalEqual: "'=='"
    case .notEqual: "'!='"
    case .and: "'&&'"
    case .or: "'||'"
    case .not: "'!'"
    case .leftBracket: "'['"
    case .rightBracket: "']'"
    case .colon: "':'"
    case .question: "'?'"
    case .halfOpenRange: "'..<'"
    case .closedRange: "'...'"
    case .semicolon: "';'"
    case .newline: "end of line"
    case .endOfFile: "end of file"
    case .invalid: "an invalid token"
    }
  }
}

/// One token. Literal values are decoded once by the lexer: numbers and
/// sizes into `first`/`second`, hex colours into `first` as 0xRRGGBBAA
/// (or -1 when malformed), strings into the lexer's string table at index
/// `Int(first)`.
package struct Token: Sendable {
  // Ordered widest first so a token takes 32 bytes, not 40.
  package var first: Double = 0
  package var second: Double = 0
  package var start: Int32
  package var end: Int32
  /// How many trivia pieces the lexer had recorded when it made this
  /// token: the end of its leading trivia (0 when trivia is not recorded).
  package var triviaEnd: UInt32 = 0
  package var kind: TokenKind
  /// The lexer reported an error inside this token; the statement holding
  /// it is marked recovered so no follow-on errors are piled onto it.
  package var flawed = false
  /// The word the parser looks for that an identifier spells, decided
  /// once by the lexer (in the padding: the token stays 32 bytes).
  package var keyword = Keyword.none

  package init(kind: TokenKind, start: Int32, end: Int32, first: Double = 0, second: Double = 0, flawed: Bool = false) {
    self.kind = kind
    self.start = start
    self.end = end
    self.first = first
    self.second = second
    self.flawed = flawed
  }

  package var range: SourceRange { SourceRange(Int(start), Int(end)) }
}

/// The lexer's output: tokens plus decoded string literals.
package struct TokenStream {
  package var tokens: [Token]
  package var strings: [String]
}

/// A piece of a string literal with `\(…)` in it: text (escapes decoded)
/// or the byte range of an interpolated expression, parsed later by the
/// parser over the same bytes so positions stay exact.
package enum StringPiece: Equatable {
  case text(String)
  case expression(SourceRange)
}
