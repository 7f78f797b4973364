/// `let`, `for`, `if` and the blocks that hold them, in files, stacks,
/// component bodies and shape bodies alike.
extension Parser {
  static let definitionKeywords: Set<String> = ["gradient", "shape", "canvas", "component", "import"]

  /// A statement that may stand in a block: `let`, `for`, `if`, an element
  /// or (in a shape's body) a path command.
  mutating func parseBlockStatement(allowingPathCommands: Bool, key known: UInt64? = nil) -> Statement? {
    let key = known ?? currentKey
    if isWord(.letKeyword, key: key) { return recovering(.letBinding) { .letBinding(try $0.parseLet()) } }
    if isWord(.forKeyword, key: key) {
      return recovering(.forLoop) { .forLoop(try $0.parseFor(allowingPathCommands: allowingPathCommands)) }
    }
    if isWord(.ifKeyword, key: key) {
      return recovering(.ifStatement) { .conditional(try $0.parseIf(allowingPathCommands: allowingPathCommands)) }
    }
    guard allowingPathCommands else {
      // `NAME: element`: a name for anchors (`NAME.top`) and connectors.
      if current.kind == .identifier, peekKind() == .colon { return parseNamedElement() }
      return .element(parseElement())
    }
    return parsePathCommandStatement()
  }

  /// A statement parsed by `parse`, or nil after a syntax error (reported),
  /// having skipped to the statement's end. Either way the tree gets a
  /// node of `kind` over all of it.
  mutating func recovering(_ kind: SyntaxKind, _ parse: (inout Parser) throws -> Statement) -> Statement? {
    let start = tree.mark
    do {
      let statement = try parse(&self)
      tree.finish(kind, start)
      return statement
    } catch {
      synchronize(endingStatement: true)
      tree.finish(kind, start, .failed)
      return nil
    }
  }

  /// `let NAME = VALUE`.
  private mutating func parseLet() throws -> LetStatement {
    let keyword = current.range
    advance()
    let name = try expectIdentifier("a name after 'let'")
    guard current.kind == .equals else {
      var diagnostic = Diagnostic(
        ParserCodes.expectedToken, current.range, "expected '=' after 'let \(name.name)', found \(foundDescription)")
      if current.kind == .colon {
        diagnostic.message += "; names take the type of their value, so no type is written"
      }
      throw fail(diagnostic)
    }
    advance()
    skipNewlines()
    let value = try parseValue(for: name.name)
    let statement = LetStatement(name: name, value: value, range: SourceRange(keyword.start, previousEnd))
    try expectStatementEnd("let")
    return statement
  }

  /// `for NAME[, INDEX] in SEQUENCE { … }`.
  private mutating func parseFor(allowingPathCommands: Bool) throws -> ForStatement {
    let keyword = current.range
    advance()
    let variable = try expectIdentifier("a loop variable after 'for'")
    var index: Identifier? = nil
    if current.kind == .comma {
      advance()
      index = try expectIdentifier("an index name after ','")
    }
    guard isWord(.inKeyword) else {
      throw fail(ParserCodes.expectedToken, "expected 'in' after the loop variable, found \(foundDescription)")
    }
    advance()
    let sequence = try parseValue(for: "for")
    let body = try parseBlock(allowingPathCommands: allowingPathCommands).statements
    let statement = ForStatement(
      variable: variable, index: index, sequence: sequence, body: body,
      range: SourceRange(keyword.start, previousEnd))
    try expectStatementEnd("for")
    return statement
  }

  /// `if COND { … } [else if COND { … }]… [else { … }]`.
  private mutating func parseIf(allowingPathCommands: Bool) throws -> IfStatement {
    let keyword = current.range
    var branches: [ConditionalBranch] = []
    var elseBody: [Statement]? = nil
    while true {
      let start = current.range.start
      let branch = tree.mark
      advance()  // `if`
      let condition = try parseValue(for: "if")
      let body = try parseBlock(allowingPathCommands: allowingPathCommands).statements
      tree.finish(.conditionalBranch, branch)
      branches.append(ConditionalBranch(condition: condition, body: body, range: SourceRange(start, previousEnd)))
      // `else` may start the next line, as Swift allows.
      if current.kind == .newline, peekKind() == .identifier, text(lookahead) == "else" { advance() }
      guard isWord(.elseKeyword) else { break }
      advance()
      if isWord(.ifKeyword) { continue }
      guard current.kind == .leftBrace else {
        throw fail(ParserCodes.expectedToken, "expected '{' or 'if' after 'else', found \(foundDescription)")
      }
      elseBody = try parseBlock(allowingPathCommands: allowingPathCommands).statements
      break
    }
    let statement = IfStatement(
      branches: branches, elseBody: elseBody, range: SourceRange(keyword.start, previousEnd))
    try expectStatementEnd("if")
    return statement
  }

  /// `{ statement; statement … }` from the current `{` to its `}`.
  mutating func parseBlock(allowingPathCommands: Bool) throws -> (statements: [Statement], range: SourceRange) {
    guard current.kind == .leftBrace else {
      throw fail(ParserCodes.expectedToken, "expected '{' to start the block, found \(foundDescription)")
    }
    guard depth < Parser.maximumDepth else { throw refuseDeepNesting(closing: .rightBrace) }
    depth += 1
    defer { depth -= 1 }
    let open = current.range
    let start = tree.mark
    advance()
    var statements: [Statement] = []
    while true {
      skipSeparators()
      switch current.kind {
      case .rightBrace:
        let range = SourceRange(open.start, Int(current.end))
        advance()
        tree.finish(.block, start)
        return (statements, range)
      case .endOfFile:
        throw reportUnclosed(open)
      case .identifier where Parser.definitionKeywords.contains(text(current)):
        // A definition here almost always means the '}' was forgotten.
        throw reportUnclosed(open, before: text(current))
      case .identifier:
        if let statement = parseBlockStatement(allowingPathCommands: allowingPathCommands) {
          statements.append(statement)
        }
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
  mutating func parseImport() throws -> ImportStatement {
    let keyword = current.range
    advance()
    guard current.kind == .string, current.second == 0 else {
      throw fail(
        ParserCodes.expectedToken, "expected the path of a file in quotes after 'import', found \(foundDescription)")
    }
    let path = string(current)
    let pathRange = current.range
    advance()
    let statement = ImportStatement(path: path, pathRange: pathRange, range: SourceRange(keyword.start, previousEnd))
    try expectStatementEnd("import")
    return statement
  }
}
