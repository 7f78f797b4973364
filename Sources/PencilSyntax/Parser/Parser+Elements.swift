extension Parser {
  /// `KIND ["label"] [WxH] (at X,Y | size WxH | name=value)* [{ … }]`.
  /// `start` is where the tree's node begins: at `NAME:` when there is one.
  mutating func parseElement(start: NodeMark? = nil) -> ElementStatement {
    let start = start ?? tree.mark
    let kind = identifier
    let flawedBefore = flawedTokens
    advance()
    var element = ElementStatement(kind: kind, label: nil, attributes: [], children: nil, range: kind.range)
    let mark = attributeScratch.count
    var flags: SyntaxNodeFlags = []
    do {
      try parsePositional(into: &element)
      try parseClauses(into: &element)
      element.range = SourceRange(kind.range.start, previousEnd)
      element.recovered = flawedTokens > flawedBefore
      try expectStatementEnd(kind.name)
    } catch {
      element.recovered = true
      element.range = SourceRange(kind.range.start, max(previousEnd, kind.range.end))
      flags.insert(.failed)
      synchronize(endingStatement: true)
    }
    element.attributes = Array(attributeScratch[mark...])
    attributeScratch.removeSubrange(mark...)
    if element.recovered { flags.insert(.recovered) }
    if element.label != nil { flags.insert(.kept) }
    tree.finish(.element, start, flags)
    return element
  }

  /// `NAME: element …`. A name on anything but an element is an error
  /// that keeps the statement.
  mutating func parseNamedElement() -> Statement? {
    let start = tree.mark
    let name = identifier
    advance()
    advance()
    skipNewlines()
    guard current.kind == .identifier else {
      _ = fail(ParserCodes.expectedToken, "expected an element after '\(name.name):', found \(foundDescription)")
      synchronize()
      tree.finish(.error, start)
      return nil
    }
    let key = currentKey
    if isWord(.letKeyword, key: key) || isWord(.forKeyword, key: key) || isWord(.ifKeyword, key: key) {
      let keyword = current.range
      _ = fail(
        Diagnostic(
          ParserCodes.expectedToken, name.range,
          "only an element takes a name; '\(text(current))' is a statement"
        ).withFix("remove the name", replacing: SourceRange(name.range.start, keyword.start), with: ""))
      tree.finish(.error, start)
      return parseBlockStatement(allowingPathCommands: false, key: key)
    }
    var element = parseElement(start: start)
    element.name = name
    element.range = SourceRange(name.range.start, element.range.end)
    return .element(element)
  }

  /// The string of `text "…"` (any expression: `text label at …`) or
  /// the bare size of `canvas 400x360`.
  private mutating func parsePositional(into element: inout ElementStatement) throws {
    switch current.kind {
    case .string, .leftParen:
      element.label = try parseValue(for: "text")
    case .identifier where element.kind.key == .text && peekKind() != .equals:
      let key = identifier.key
      if key != .at, key != .size { element.label = try parseValue(for: "text") }
    case .number, .minus, .not, .dot, .leftBracket,
      .hexColor where element.kind.key == .text:
      element.label = try parseValue(for: "text")
    case .dimension:
      let range = current.range
      let start = tree.mark
      defer { tree.finish(.sizeLiteral, start) }
      attributeScratch.append(
        Attribute(
          name: Identifier(name: "size", range: range),
          value: .size(width: current.first, height: current.second, range)))
      advance()
    default:
      break
    }
  }

  private mutating func parseClauses(into element: inout ElementStatement) throws {
    while true {
      switch current.kind {
      case .newline, .semicolon, .endOfFile, .rightBrace:
        return
      case .leftBrace:
        try parseChildren(into: &element)
        return
      case .identifier:
        let start = tree.mark
        attributeScratch.append(try parseClause(of: element.kind.name))
        tree.finish(.attribute, start)
      case .minus:
        throw reportSign()
      default:
        throw fail(
          ParserCodes.expectedToken,
          "expected an attribute (name=value), 'at X,Y' or 'size WxH', found \(foundDescription)")
      }
    }
  }

  private mutating func parseClause(of kind: String) throws -> Attribute {
    if peekKind() == .dot, lookahead.start == current.end { return try parseDottedClause() }
    let name = identifier
    let next = peekKind()
    // `at X,Y`, and a line's or an arrow's `from X,Y to X,Y`.
    if next != .equals, name.key == .at || name.key == .from || name.key == .to {
      advance()
      return Attribute(name: name, value: try parsePosition())
    }
    if next != .equals, name.key == .size {
      advance()
      // `size big` alone keeps the message about a missing size.
      let endsHere = [.newline, .semicolon, .rightBrace, .endOfFile, .leftBrace].contains(peekKind())
      if startsNumber, current.kind != .identifier || !endsHere {
        return Attribute(name: name, value: try parseSpacedSize())
      }
      guard current.kind == .dimension else {
        var diagnostic = Diagnostic(
          ParserCodes.expectedToken, current.range,
          "expected a size like 100x400 after 'size', found \(foundDescription)")
        if let (range, joined) = spacedSize() {
          diagnostic.range = range
          diagnostic.message += "; a size is written without spaces"
          diagnostic = diagnostic.withFix("write '\(joined)'", replacing: range, with: joined)
        }
        throw fail(diagnostic)
      }
      let value = Expr.size(width: current.first, height: current.second, current.range)
      let start = tree.mark
      advance()
      tree.finish(.sizeLiteral, start)
      return Attribute(name: name, value: value)
    }
    if next == .colon {
      // CSS and SwiftUI argument labels write `name: value`.
      let colon = lookahead.range
      throw fail(
        Diagnostic(
          ParserCodes.expectedToken, colon, "expected '=' after '\(name.name)': attributes are written name=value"
        ).withFix("write '\(name.name)='", replacing: colon, with: "="))
    }
    guard next == .equals else {
      var diagnostic = Diagnostic(
        ParserCodes.expectedToken, name.range,
        "expected an attribute (name=value), 'at X,Y' or 'size WxH', found '\(name.name)'")
      if [.number, .hexColor, .identifier, .dot, .string].contains(next) {
        let gap = SourceRange(name.range.end, Int(lookahead.start))
        diagnostic = diagnostic.withFix(
          "write '\(name.name)=' to give the attribute a value", replacing: gap, with: "=")
      }
      throw fail(diagnostic)
    }
    advance()
    advance()
    let start = tree.mark
    let value = try parseValue(for: name.name)
    // `offset=10,0`, `scale=2,1`: a position written after '='.
    if current.kind == .comma {
      let pair = Parser.pair(value, try parseSecondCoordinate(for: name.name), .point)
      return Attribute(name: name, value: finishPair(pair, start))
    }
    return Attribute(name: name, value: value)
  }

  /// `padding.top=N`: a modifier's attribute with a part, one name with a
  /// dot in it, written without spaces.
  private mutating func parseDottedClause() throws -> Attribute {
    let start = current.range.start
    advance()
    let dotEnd = current.range.end
    advance()
    guard current.kind == .identifier, current.range.start == dotEnd else {
      throw fail(ParserCodes.expectedToken, "expected a name right after '.', found \(foundDescription)")
    }
    let end = current.range.end
    let name = Identifier(
      name: String(decoding: bytes[start..<end], as: UTF8.self), range: SourceRange(start, end))
    guard peekKind() == .equals else {
      throw fail(
        Diagnostic(ParserCodes.expectedToken, name.range, "expected '=' after '\(name.name)'")
          .withFix(
            "write '\(name.name)=' to give the attribute a value", replacing: SourceRange(end, end), with: "="))
    }
    advance()
    advance()
    return Attribute(name: name, value: try parseValue(for: name.name))
  }

  /// `at X, Y`, each part an expression; two number literals make a `.point`.
  private mutating func parsePosition() throws -> Expr {
    guard startsNumber else {
      throw fail(ParserCodes.expectedToken, "expected a position X,Y after 'at', found \(foundDescription)")
    }
    let start = tree.mark
    let x = try parseValue(for: "at")
    // `at p` with a Point: one expression, when the clause ends there.
    if clauseEnds { return x }
    if current.kind == .minus { throw reportSign() }
    return finishPair(Parser.pair(x, try parseSecondCoordinate(for: "at"), .point), start)
  }

  /// `size W x H` with spaces, each part an expression (`100x400` without
  /// spaces is one token); two number literals make a `.size`.
  private mutating func parseSpacedSize() throws -> Expr {
    let start = tree.mark
    let width = try parseValue(for: "size")
    // `size s` with a Size: one expression, when the clause ends there.
    if clauseEnds { return width }
    guard current.kind == .identifier, text(current) == "x" || text(current) == "X" else {
      throw fail(
        ParserCodes.expectedToken,
        "expected 'x' between the width and height of a size, like 'size 100 x 400', found \(foundDescription)")
    }
    advance()
    guard startsNumber else {
      throw fail(ParserCodes.expectedToken, "expected the height of the size after 'x', found \(foundDescription)")
    }
    return finishPair(Parser.pair(width, try parseValue(for: "size"), .size), start)
  }

  /// Whether the clause ends at the current token: the end of the
  /// statement, a block, or the next clause (`fill=`, `at`, `size`).
  var clauseEnds: Bool {
    switch current.kind {
    case .newline, .semicolon, .rightBrace, .endOfFile, .leftBrace: true
    case .identifier: peekKind() == .equals || isWord(.at) || isWord(.size) || isWord(.from) || isWord(.to)
    default: false
    }
  }

  /// `at 3 -2`: as in Swift, a '-' with a space before it and none after
  /// is a sign, so it cannot continue the expression before it.
  mutating func reportSign() -> SyntaxError {
    let minus = current.range
    return fail(
      Diagnostic(
        ParserCodes.expectedToken, minus,
        "a '-' with a space before it and none after is a sign, not a subtraction; write spaces on both sides to subtract"
      ).withFix("subtract", replacing: SourceRange(minus.end, minus.end), with: " "))
  }

  /// Whether the current token can start an expression where a number
  /// is expected. `at` and `size` are the clause words, not names: `rect
  /// at size 10x10` keeps its message about the missing position.
  var startsNumber: Bool {
    switch current.kind {
    case .number, .minus, .leftParen: return true
    case .identifier: return !isWord(.at) && !isWord(.size) && peekKind() != .equals
    default: return false
    }
  }

  /// `5 x 5` written with spaces: its range and the size without them.
  private func spacedSize() -> (SourceRange, String)? {
    guard current.kind == .number else { return nil }
    var index = Int(current.end)
    func skipSpaces() { while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 } }
    skipSpaces()
    guard index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "x") else { return nil }
    index += 1
    skipSpaces()
    let heightStart = index
    while index < bytes.count, isDigit(bytes[index]) || bytes[index] == UInt8(ascii: ".") { index += 1 }
    guard index > heightStart else { return nil }
    let width = text(current)
    let height = String(decoding: bytes[heightStart..<index], as: UTF8.self)
    return (SourceRange(Int(current.start), index), "\(width)x\(height)")
  }

  /// `{ child; child … }`: elements, `let`, `for` and `if`, one per line or `;`.
  private mutating func parseChildren(into element: inout ElementStatement) throws {
    let open = current.range
    do {
      // A `path`'s block holds the shape commands, in absolute coordinates.
      let (statements, range) = try parseBlock(allowingPathCommands: element.kind.key == .path)
      element.children = statements
      element.childrenRange = range
    } catch {
      element.children = element.children ?? []
      if element.childrenRange == nil { element.childrenRange = SourceRange(open.start, previousEnd) }
      throw error
    }
  }

  mutating func reportUnclosed(_ open: SourceRange, before keyword: String? = nil) -> SyntaxError {
    let message =
      keyword.map { "unclosed '{': a '\($0)' definition cannot appear inside a block" }
      ?? "unclosed '{' at the end of the file"
    // After the block's last statement, not after the blank lines that follow it.
    var insertAt = previousEnd
    while insertAt > open.end,
      [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
        .contains(bytes[insertAt - 1])
    {
      insertAt -= 1
    }
    return fail(
      Diagnostic(ParserCodes.unclosedBlock, open, message)
        .withNote("the block ends here without '}'", at: SourceRange(insertAt, insertAt))
        .withFix("close the block", replacing: SourceRange(insertAt, insertAt), with: "\n}"))
  }
}
