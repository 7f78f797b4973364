extension Parser {
  /// `KIND ["label"] [WxH] (at X,Y | size WxH | name=value)* [{ … }]`.
  /// `start` is where the tree's node begins: at `NAME:` when there is one.
  mutating func parseElement(start: NodeMark? = nil) {
    let start = start ?? tree.mark
    let kind = current
    let isText = isWord(.text)
    let isPath = isWord(.path)
    let flawedBefore = flawedTokens
    advance()
    var flags: SyntaxNodeFlags = []
    do {
      if try parsePositional(isText: isText) { flags.insert(.kept) }
      try parseClauses(isPath: isPath)
      if flawedTokens > flawedBefore { flags.insert(.recovered) }
      try expectStatementEnd(named: kind)
    } catch {
      flags.formUnion([.failed, .recovered])
      synchronize(endingStatement: true)
    }
    tree.finish(.element, start, flags)
  }

  /// `NAME: element …`. A name on anything but an element is an error
  /// that keeps the statement.
  mutating func parseNamedElement() {
    let start = tree.mark
    let name = current
    advance()
    advance()
    skipNewlines()
    guard current.kind == .identifier else {
      _ = fail(ParserCodes.expectedToken, "expected an element after '\(text(name)):', found \(foundDescription)")
      synchronize()
      return tree.finish(.error, start)
    }
    if isWord(.letKeyword) || isWord(.forKeyword) || isWord(.ifKeyword) {
      let keyword = current.range
      _ = fail(
        Diagnostic(
          ParserCodes.expectedToken, name.range,
          "only an element takes a name; '\(text(current))' is a statement"
        ).withFix("remove the name", replacing: SourceRange(name.range.start, keyword.start), with: ""))
      tree.finish(.error, start)
      return parseBlockStatement(allowingPathCommands: false)
    }
    parseElement(start: start)
  }

  /// The string of `text "…"` (any expression: `text label at …`) or
  /// the bare size of `canvas 400x360`. Whether there is a label.
  private mutating func parsePositional(isText: Bool) throws -> Bool {
    switch current.kind {
    case .string, .leftParen:
      try parseValue(for: "text")
      return true
    case .identifier where isText && peekKind() != .equals:
      guard !isWord(.at), !isWord(.size) else { return false }
      try parseValue(for: "text")
      return true
    case .number, .minus, .not, .dot, .leftBracket,
      .hexColor where isText:
      try parseValue(for: "text")
      return true
    case .dimension:
      let start = tree.mark
      advance()
      tree.finish(.sizeLiteral, start)
      return false
    default:
      return false
    }
  }

  private mutating func parseClauses(isPath: Bool) throws {
    while true {
      switch current.kind {
      case .newline, .semicolon, .endOfFile, .rightBrace:
        return
      case .leftBrace:
        // A `path`'s block holds the shape commands, in absolute coordinates.
        return try parseBlock(allowingPathCommands: isPath)
      case .identifier:
        let start = tree.mark
        try parseClause()
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

  private mutating func parseClause() throws {
    if peekKind() == .dot, lookahead.start == current.end { return try parseDottedClause() }
    let name = current
    let next = peekKind()
    // `at X,Y`, and a line's or an arrow's `from X,Y to X,Y`.
    if next != .equals, isWord(.at) || isWord(.from) || isWord(.to) {
      advance()
      return try parsePosition()
    }
    if next != .equals, isWord(.size) {
      advance()
      // `size big` alone keeps the message about a missing size.
      let endsHere: Bool
      switch peekKind() {
      case .newline, .semicolon, .rightBrace, .endOfFile, .leftBrace: endsHere = true
      default: endsHere = false
      }
      if startsNumber, current.kind != .identifier || !endsHere { return try parseSpacedSize() }
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
      let start = tree.mark
      advance()
      return tree.finish(.sizeLiteral, start)
    }
    if next == .colon {
      // CSS and SwiftUI argument labels write `name: value`.
      let colon = lookahead.range
      throw fail(
        Diagnostic(
          ParserCodes.expectedToken, colon, "expected '=' after '\(text(name))': attributes are written name=value"
        ).withFix("write '\(text(name))='", replacing: colon, with: "="))
    }
    guard next == .equals else {
      var diagnostic = Diagnostic(
        ParserCodes.expectedToken, name.range,
        "expected an attribute (name=value), 'at X,Y' or 'size WxH', found '\(text(name))'")
      if [.number, .hexColor, .identifier, .dot, .string].contains(next) {
        let gap = SourceRange(name.range.end, Int(lookahead.start))
        diagnostic = diagnostic.withFix(
          "write '\(text(name))=' to give the attribute a value", replacing: gap, with: "=")
      }
      throw fail(diagnostic)
    }
    advance()
    advance()
    try parseValue(orPosition: name)
  }

  /// The value after `name=`; a value followed by a comma is a position
  /// (`offset=10,0`, `scale=2,1`, a radial gradient's `center=0.35,0.3`).
  mutating func parseValue(orPosition name: Token) throws {
    let start = tree.mark
    let what = ValueSubject(name)
    try parseValue(for: what)
    if current.kind == .comma {
      try parseSecondCoordinate(for: what)
      tree.finish(.pair, start)
    }
  }

  /// `padding.top=N`: a modifier's attribute with a part, one name with a
  /// dot in it, written without spaces.
  private mutating func parseDottedClause() throws {
    let start = current.range.start
    advance()
    let dotEnd = current.range.end
    advance()
    guard current.kind == .identifier, current.range.start == dotEnd else {
      throw fail(ParserCodes.expectedToken, "expected a name right after '.', found \(foundDescription)")
    }
    let end = current.range.end
    let name = String(decoding: bytes[start..<end], as: UTF8.self)
    guard peekKind() == .equals else {
      throw fail(
        Diagnostic(ParserCodes.expectedToken, SourceRange(start, end), "expected '=' after '\(name)'")
          .withFix("write '\(name)=' to give the attribute a value", replacing: SourceRange(end, end), with: "="))
    }
    advance()
    advance()
    try parseValue(for: .word(name))
  }

  /// `at X, Y`, each part an expression; two number literals make a `.point`.
  private mutating func parsePosition() throws {
    guard startsNumber else {
      throw fail(ParserCodes.expectedToken, "expected a position X,Y after 'at', found \(foundDescription)")
    }
    let start = tree.mark
    try parseValue(for: "at")
    // `at p` with a Point: one expression, when the clause ends there.
    if clauseEnds { return }
    if current.kind == .minus { throw reportSign() }
    try parseSecondCoordinate(for: "at")
    tree.finish(.pair, start)
  }

  /// `size W x H` with spaces, each part an expression (`100x400` without
  /// spaces is one token); two number literals make a `.size`.
  private mutating func parseSpacedSize() throws {
    let start = tree.mark
    try parseValue(for: "size")
    // `size s` with a Size: one expression, when the clause ends there.
    if clauseEnds { return }
    guard current.kind == .identifier, text(current) == "x" || text(current) == "X" else {
      throw fail(
        ParserCodes.expectedToken,
        "expected 'x' between the width and height of a size, like 'size 100 x 400', found \(foundDescription)")
    }
    advance()
    guard startsNumber else {
      throw fail(ParserCodes.expectedToken, "expected the height of the size after 'x', found \(foundDescription)")
    }
    try parseValue(for: "size")
    tree.finish(.pair, start)
  }

  /// Whether the clause ends at the current token: the end of the
  /// statement, a block, or the next clause (`fill=`, `at`, `size`).
  @inline(__always)
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
  @inline(__always)
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
