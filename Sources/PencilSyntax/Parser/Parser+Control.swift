/// `let`, `for`, `if` and the blocks that hold them, in files, stacks,
/// component bodies and shape bodies alike.
extension Parser {
  /// Words that start a definition, which only the file's level holds.
  static func isDefinitionKeyword(_ keyword: Keyword) -> Bool {
    switch keyword {
    case .gradient, .shape, .canvas, .component, .importKeyword: true
    default: false
    }
  }

  /// A statement that may stand in a block: `let`, `for`, `if`, an element
  /// or (in a shape's body) a path command.
  mutating func parseBlockStatement(allowingPathCommands: Bool) {
    switch current.keyword {
    case .letKeyword: return recovering(.letBinding) { try $0.parseLet() }
    case .forKeyword: return recovering(.forLoop) { try $0.parseFor(allowingPathCommands: allowingPathCommands) }
    case .ifKeyword: return recovering(.ifStatement) { try $0.parseIf(allowingPathCommands: allowingPathCommands) }
    default: break
    }
    guard allowingPathCommands else {
      // `NAME: element`: a name for anchors (`NAME.top`) and connectors.
      if current.kind == .identifier, peekKind() == .colon { return parseNamedElement() }
      return parseElement()
    }
    parsePathCommandStatement()
  }

  /// A statement parsed by `parse`; after a syntax error (reported), it
  /// skips to the statement's end and its node is marked failed (the AST
  /// drops it). Either way the tree gets a node of `kind` over all of it.
  mutating func recovering(_ kind: SyntaxKind, _ parse: (inout Parser) throws -> Void) {
    let start = tree.mark
    do {
      try parse(&self)
      tree.finish(kind, start)
    } catch {
      synchronize(endingStatement: true)
      tree.finish(kind, start, .failed)
    }
  }

  /// `let NAME = VALUE`.
  private mutating func parseLet() throws {
    advance()
    let name = try expectIdentifier("a name after 'let'")
    guard current.kind == .equals else {
      var diagnostic = Diagnostic(
        ParserCodes.expectedToken, current.range, "expected '=' after 'let \(text(name))', found \(foundDescription)")
      if current.kind == .colon {
        diagnostic.message += "; names take the type of their value, so no type is written"
      }
      throw fail(diagnostic)
    }
    advance()
    skipNewlines()
    try parseValue(for: ValueSubject(name))
    try expectStatementEnd("let")
  }

  /// `for NAME[, INDEX] in SEQUENCE { … }`.
  private mutating func parseFor(allowingPathCommands: Bool) throws {
    advance()
    try expectIdentifier("a loop variable after 'for'")
    if current.kind == .comma {
      advance()
      try expectIdentifier("an index name after ','")
    }
    guard isWord(.inKeyword) else {
      throw fail(ParserCodes.expectedToken, "expected 'in' after the loop variable, found \(foundDescription)")
    }
    advance()
    try parseValue(for: "for")
    try parseBlock(allowingPathCommands: allowingPathCommands)
    try expectStatementEnd("for")
  }

  /// `if COND { … } [else if COND { … }]… [else { … }]`.
  private mutating func parseIf(allowingPathCommands: Bool) throws {
    while true {
      let branch = tree.mark
      advance()  // `if`
      try parseValue(for: "if")
      try parseBlock(allowingPathCommands: allowingPathCommands)
      tree.finish(.conditionalBranch, branch)
      // `else` may start the next line, as Swift allows.
      if current.kind == .newline, lookahead.keyword == .elseKeyword { advance() }
      guard isWord(.elseKeyword) else { break }
      advance()
      if isWord(.ifKeyword) { continue }
      guard current.kind == .leftBrace else {
        throw fail(ParserCodes.expectedToken, "expected '{' or 'if' after 'else', found \(foundDescription)")
      }
      try parseBlock(allowingPathCommands: allowingPathCommands)
      break
    }
    try expectStatementEnd("if")
  }

  /// `{ statement; statement … }` from the current `{` to its `}`.
  mutating func parseBlock(allowingPathCommands: Bool) throws {
    guard current.kind == .leftBrace else {
      throw fail(ParserCodes.expectedToken, "expected '{' to start the block, found \(foundDescription)")
    }
    guard depth < Parser.maximumDepth else { throw refuseDeepNesting(closing: .rightBrace) }
    depth += 1
    defer { depth -= 1 }
    let open = current.range
    let start = tree.mark
    advance()
    while true {
      skipSeparators()
      switch current.kind {
      case .rightBrace:
        advance()
        return tree.finish(.block, start)
      case .endOfFile:
        throw reportUnclosed(open)
      case .identifier where Parser.isDefinitionKeyword(current.keyword):
        // A definition here almost always means the '}' was forgotten.
        throw reportUnclosed(open, before: text(current))
      case .identifier:
        parseBlockStatement(allowingPathCommands: allowingPathCommands)
      default:
        let what = allowingPathCommands ? "a path command" : "an element"
        _ = fail(
          Diagnostic(
            allowingPathCommands ? ParserCodes.unknownPathCommand : ParserCodes.expectedStatement, current.range,
            "expected \(what), 'let', 'for' or 'if' inside '{ }', found \(foundDescription)"))
        synchronize()
      }
    }
  }

  /// `import "path"`.
  mutating func parseImport() throws {
    advance()
    guard current.kind == .string, current.second == 0 else {
      throw fail(
        ParserCodes.expectedToken, "expected the path of a file in quotes after 'import', found \(foundDescription)")
    }
    advance()
    try expectStatementEnd("import")
  }
}
