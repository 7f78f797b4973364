/// Thrown after a syntax error has been reported, to unwind to the nearest
/// statement, which then skips to its end and keeps what it had parsed.
struct SyntaxError: Error {}

/// A recursive-descent parser that never fails: it always returns a
/// `SourceUnit`, with one diagnostic per broken statement.
struct Parser {
  let tokens: [Token]
  let strings: [String]
  let bytes: [UInt8]
  var position = 0
  var diagnostics: DiagnosticList

  static func parse(_ source: SourceFile, diagnostics: inout DiagnosticList) -> SourceUnit {
    let stream = Lexer.tokenize(source, into: &diagnostics)
    var parser = Parser(tokens: stream.tokens, strings: stream.strings, bytes: source.bytes, diagnostics: diagnostics)
    let unit = parser.parseUnit()
    diagnostics = parser.diagnostics
    return unit
  }

  // MARK: Token access

  var current: Token { tokens[position] }

  func peekKind(_ ahead: Int = 1) -> TokenKind {
    tokens[min(position + ahead, tokens.count - 1)].kind
  }

  mutating func advance() {
    if position < tokens.count - 1 { position += 1 }
  }

  func text(_ token: Token) -> String {
    String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self)
  }

  func isIdentifier(_ word: String) -> Bool {
    current.kind == .identifier && text(current) == word
  }

  /// The end of the previous token: where a missing token would go.
  var previousEnd: Int { position > 0 ? Int(tokens[position - 1].end) : 0 }

  /// Describes the current token for "found …".
  var foundDescription: String {
    switch current.kind {
    case .identifier: "'\(text(current))'"
    case .number, .dimension, .hexColor: "'\(text(current))'"
    default: current.kind.displayName
    }
  }

  mutating func fail(_ code: DiagnosticCode, _ message: String, at range: SourceRange? = nil) -> SyntaxError {
    fail(Diagnostic(code, range ?? current.range, message))
  }

  /// Reports a syntax error, unless the parser stands on or just before a
  /// token the lexer already reported: one error for one mistake.
  mutating func fail(_ diagnostic: Diagnostic) -> SyntaxError {
    let next = tokens[min(position + 1, tokens.count - 1)]
    let nearLexicalError = (current.kind == .invalid && current.flawed) || (next.kind == .invalid && next.flawed)
    if !nearLexicalError { diagnostics.append(diagnostic) }
    return SyntaxError()
  }

  /// Whether any token from `start` up to the current one carried a lexical error.
  func hasLexicalError(since start: Int) -> Bool {
    tokens[start..<position].contains { $0.flawed }
  }

  mutating func expectIdentifier(_ what: String) throws -> Identifier {
    guard current.kind == .identifier else {
      throw fail(ParserCodes.expectedToken, "expected \(what), found \(foundDescription)")
    }
    defer { advance() }
    return Identifier(name: text(current), range: current.range)
  }

  mutating func expect(_ kind: TokenKind, _ context: String) throws -> Token {
    guard current.kind == kind else {
      throw fail(ParserCodes.expectedToken, "expected \(kind.displayName) \(context), found \(foundDescription)")
    }
    defer { advance() }
    return current
  }

  mutating func skipNewlines() {
    while current.kind == .newline { advance() }
  }

  mutating func skipSeparators() {
    while current.kind == .newline || current.kind == .semicolon { advance() }
  }

  /// Skips to the end of the broken statement: past the next newline or
  /// `;` outside braces, or up to (not past) a `}` that closes the
  /// enclosing block.
  mutating func synchronize() {
    var depth = 0
    while current.kind != .endOfFile {
      switch current.kind {
      case .leftBrace: depth += 1
      case .rightBrace:
        if depth == 0 { return }
        depth -= 1
      case .newline, .semicolon:
        if depth == 0 {
          advance()
          return
        }
      default: break
      }
      advance()
    }
  }

  /// A statement ends at a newline, `;`, `}` (left for the block) or the
  /// end of the file.
  mutating func expectStatementEnd(_ statement: String) throws {
    switch current.kind {
    case .newline, .semicolon: advance()
    case .rightBrace, .endOfFile: break
    default:
      throw fail(
        ParserCodes.expectedStatementEnd,
        "expected the end of the \(statement) statement (a new line or ';'), found \(foundDescription)")
    }
  }

  // MARK: Statements

  mutating func parseUnit() -> SourceUnit {
    var statements: [Statement] = []
    while true {
      skipSeparators()
      switch current.kind {
      case .endOfFile:
        return SourceUnit(statements: statements)
      case .rightBrace:
        diagnostics.append(
          Diagnostic(ParserCodes.unexpectedClosingBrace, current.range, "unexpected '}' with no open '{'")
            .withFix("remove the '}'", replacing: current.range, with: ""))
        advance()
      default:
        if let statement = parseStatement() { statements.append(statement) }
      }
    }
  }

  mutating func parseStatement() -> Statement? {
    guard current.kind == .identifier else {
      diagnostics.append(
        Diagnostic(
          ParserCodes.expectedStatement, current.range,
          "expected a statement (canvas, gradient, shape, text or an element), found \(foundDescription)"))
      synchronize()
      return nil
    }
    switch text(current) {
    case "gradient": return .gradient(parseGradient())
    case "shape": return .shape(parseShape())
    default: return .element(parseElement())
    }
  }
}
