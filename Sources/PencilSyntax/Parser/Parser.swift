/// Thrown after a syntax error has been reported, to unwind to the nearest
/// statement, which then skips to its end and keeps what it had parsed.
struct SyntaxError: Error {}

/// A recursive-descent parser that never fails: it builds the flat syntax
/// tree (`TreeRecorder`), one diagnostic per broken statement. The AST the
/// checker reads today is built from the tree by `ASTBridge`.
package struct Parser {
  var lexer: Lexer
  let bytes: [UInt8]
  var diagnostics: DiagnosticList
  private(set) var current: Token
  /// The token after `current`: all the look-ahead the grammar needs. It
  /// is the lexer's, read where the lexer made it, not copied once more.
  @inline(__always)
  var lookahead: Token { lexer.token }
  /// The end of the previous token: where a missing token would go.
  private(set) var previousEnd = 0
  /// How many consumed tokens carried a lexical error.
  private(set) var flawedTokens = 0
  /// Blocks, argument lists and member chains open around the current
  /// token; every phase after the parser recurses at most this deep.
  var depth = 0
  /// The tree being built: the whole file's, or the current top-level
  /// statement's (`parseStatements`).
  var tree: TreeRecorder
  package static let maximumDepth = 64

  /// `recordingTrivia`: the lossless tree keeps the bytes between tokens;
  /// the compiler's parse does not need them. `offset`: where lexing
  /// starts, a top-level statement's start for a region's parse
  /// (`Parser+Region.swift`).
  init(source: SourceFile, diagnostics: DiagnosticList, recordingTrivia: Bool, expectedBytes: Int, offset: Int = 0) {
    lexer =
      offset == 0
      ? Lexer(bytes: source.bytes) : Lexer(bytes: source.bytes, range: SourceRange(offset, source.bytes.count))
    lexer.recordsTrivia = recordingTrivia
    // About one piece of trivia per 3 bytes: mostly the space between tokens.
    if recordingTrivia { lexer.trivia.reserveCapacity(expectedBytes / 3 + 16) }
    tree = TreeRecorder(on: true, expectedBytes: expectedBytes)
    bytes = source.bytes
    self.diagnostics = diagnostics
    previousEnd = offset
    current = lexer.next()
    lexer.advance()
  }

  /// A parser over the bytes of one `\(…)` in a string. The string token
  /// holding these bytes is the file tree's, its parts are not: the tree
  /// is recorded only when the bridge parses a part again.
  init(bytes: [UInt8], range: SourceRange, depth: Int, recordingTree: Bool = false) {
    lexer = Lexer(bytes: bytes, range: range)
    tree = TreeRecorder(on: recordingTree, expectedBytes: 0)
    self.bytes = bytes
    diagnostics = DiagnosticList()
    current = lexer.next()
    lexer.advance()
    previousEnd = range.start
    self.depth = depth
  }

  /// One expression filling the whole input; false after a reported error.
  mutating func parseWhole(for what: ValueSubject) -> Bool {
    defer { diagnostics.absorb(lexer.diagnostics) }
    skipNewlines()
    guard current.kind != .endOfFile else {
      _ = fail(ParserCodes.expectedValue, "expected an expression inside '\\( )'")
      return false
    }
    do {
      let start = tree.mark
      try parseValue(for: what)
      if current.kind == .comma { try parseFormatOptions(start: start) }
      skipNewlines()
      guard current.kind == .endOfFile else {
        throw fail(ParserCodes.expectedToken, "expected ')' to end the interpolation, found \(foundDescription)")
      }
      return true
    } catch {
      return false
    }
  }

  // MARK: Token access

  @inline(__always)
  func peekKind() -> TokenKind { lookahead.kind }

  mutating func advance() {
    guard current.kind != .endOfFile else { return }
    previousEnd = Int(current.end)
    if current.flawed { flawedTokens += 1 }
    tree.append(current)
    current = lexer.token
    lexer.advance()
  }

  func text(_ token: Token) -> String {
    String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self)
  }

  // The small questions about the current token are inlined: called
  // from a mutating parse function, an outlined one is handed a copy of
  // the whole parser (a `memcpy` per call, an eighth of the parse).

  /// Whether the current token is the word `keyword`, which the lexer
  /// decided (no string is made, no bytes compared: statements are
  /// dispatched by their first word, clauses by theirs).
  @inline(__always)
  func isWord(_ keyword: Keyword) -> Bool { current.keyword == keyword }

  func isIdentifier(_ word: String) -> Bool {
    current.kind == .identifier && text(current) == word
  }

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
    // Any token the lexer flagged (an unterminated string, a stray byte), or
    // a stray byte right after the current one, already has its error.
    let nearLexicalError = current.flawed || (lookahead.kind == .invalid && lookahead.flawed)
    if !nearLexicalError { diagnostics.append(diagnostic) }
    return SyntaxError()
  }

  /// The current token, a name, consumed.
  @discardableResult
  mutating func expectIdentifier(_ what: String) throws -> Token {
    guard current.kind == .identifier else {
      throw fail(ParserCodes.expectedToken, "expected \(what), found \(foundDescription)")
    }
    defer { advance() }
    return current
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
  /// enclosing block. A failed statement skipping to its own end says so
  /// (`endingStatement`): its error node is then marked for the bridge.
  mutating func synchronize(endingStatement: Bool = false) {
    let skipped = tree.mark
    defer { tree.finishError(skipped, endingStatement ? .skippedToEnd : []) }
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

  /// Reports nesting beyond `maximumDepth` and skips the bracketed part:
  /// the current token opens it, and everything to its matching close goes.
  mutating func refuseDeepNesting(closing: TokenKind) -> SyntaxError {
    let opening = current.kind
    let start = current.range
    let skipped = tree.mark
    defer { tree.finishError(skipped) }
    var open = 0
    while current.kind != .endOfFile {
      if current.kind == opening { open += 1 }
      if current.kind == closing {
        open -= 1
        if open == 0 {
          advance()
          break
        }
      }
      advance()
    }
    return fail(
      Diagnostic(
        ParserCodes.nestedTooDeeply, SourceRange(start.start, previousEnd),
        "nested more than \(Parser.maximumDepth) deep; the nested part is skipped"))
  }

  /// A statement ends at a newline, `;`, `}` (left for the block) or the
  /// end of the file.
  mutating func expectStatementEnd(_ statement: String) throws {
    try expectStatementEnd(named: nil, statement)
  }

  /// `expectStatementEnd` for an element, named by its kind's token (its
  /// text is made only for the message).
  mutating func expectStatementEnd(named token: Token?, _ statement: String = "") throws {
    switch current.kind {
    case .newline, .semicolon: advance()
    case .rightBrace, .endOfFile: break
    default:
      let name = token.map(text) ?? statement
      throw fail(
        ParserCodes.expectedStatementEnd,
        "expected the end of the \(name) statement (a new line or ';'), found \(foundDescription)")
    }
  }

  // MARK: Statements

  /// The file's statements, one at a time: `body` is called after each
  /// (a statement's node, or a stray `}`'s error node, is the tree's last),
  /// and `beforeEach` before the separators and the statement.
  mutating func parseUnit(beforeEach: (inout TreeRecorder) -> Void = { _ in }, each body: (inout Parser) -> Void) {
    while true {
      beforeEach(&tree)
      skipSeparators()
      switch current.kind {
      case .endOfFile:
        return
      case .rightBrace:
        skipStrayClosingBrace()
      default:
        parseStatement()
        body(&self)
      }
    }
  }

  /// A `}` at the top level: reported, and kept in an error node.
  mutating func skipStrayClosingBrace() {
    _ = fail(
      Diagnostic(ParserCodes.unexpectedClosingBrace, current.range, "unexpected '}' with no open '{'")
        .withFix("remove the '}'", replacing: current.range, with: ""))
    let stray = tree.mark
    advance()
    tree.finish(.error, stray)
  }

  /// After `color NAME`: `=`, `light=` or `dark=`, so that a component
  /// named `color` is still used as an element.
  private var colorSetFollows: Bool {
    var index = Int(lookahead.end)
    func skipSpaces() {
      while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
    }
    skipSpaces()
    guard index < bytes.count else { return false }
    if bytes[index] == UInt8(ascii: "=") { return true }
    for word in ["light", "dark"] where bytes[index...].starts(with: word.utf8) {
      index += word.utf8.count
      skipSpaces()
      return index < bytes.count && bytes[index] == UInt8(ascii: "=")
    }
    return false
  }

  mutating func parseStatement() {
    guard current.kind == .identifier else {
      _ = fail(
        Diagnostic(
          ParserCodes.expectedStatement, current.range,
          "expected a statement (canvas, gradient, shape, component, color, let, for, if, text or an element), found \(foundDescription)"
        ))
      return synchronize()
    }
    switch current.keyword {
    case .gradient: return parseGradient()
    case .shape: return parseShape()
    case .component: return parseComponent()
    case .importKeyword: return recovering(.importFile) { try $0.parseImport() }
    case .color where peekKind() == .identifier && colorSetFollows:
      return recovering(.colorSet) { try $0.parseColorSet() }
    default: parseBlockStatement(allowingPathCommands: false)
    }
  }
}
