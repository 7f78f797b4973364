extension Parser {
  /// The comma between the x and y of a position, with a fix when it is
  /// missing between two numbers.
  mutating func expectPositionComma() throws {
    guard current.kind == .comma else {
      var diagnostic = Diagnostic(
        ParserCodes.expectedToken, current.range,
        "expected ',' between the x and y of a position, found \(foundDescription)")
      if current.kind == .number {
        diagnostic = diagnostic.withFix(
          "separate x and y with a comma", replacing: SourceRange(previousEnd, current.range.start), with: ",")
      }
      throw fail(diagnostic)
    }
    advance()
  }

  /// `, Y` after the x of a position: the comma (with its fix), then the y.
  mutating func parseSecondCoordinate(for what: ValueSubject) throws {
    try expectPositionComma()
    guard startsNumber else {
      throw fail(ParserCodes.expectedToken, "expected the y of the position after ',', found \(foundDescription)")
    }
    try parseValue(for: what)
  }

  /// Two parts of a position or a size: literals when both are numbers, as
  /// version 1 wrote them (`at 3,4`, `size 3x4`), otherwise a `.pair`
  /// (for the bridge from a `pair` node).
  static func pair(_ first: Expr, _ second: Expr, _ kind: PairKind) -> Expr {
    let range = SourceRange(first.range.start, second.range.end)
    guard case .number(let a, _) = first, case .number(let b, _) = second else {
      return .pair(first, second, kind, range)
    }
    return kind == .point ? .point(x: a, y: b, range) : .size(width: a, height: b, range)
  }

  /// A value: operators over postfix values (see `parsePostfix`), with
  /// `BinaryOperator`'s precedence.
  mutating func parseValue(for attribute: ValueSubject) throws {
    // Most values are one literal or name: no operator machinery for them.
    let start = tree.mark
    if let kind = loneValue {
      advance()
      return tree.finish(kind, start)
    }
    try parseUnary(for: attribute)
    if binaryOperatorHere != nil { try parseBinary(for: attribute, above: 0, parsedFirst: true, start: start) }
    if current.kind == .question { try parseConditional(for: attribute, start: start) }
  }

  /// `CONDITION ? A : B`, the condition parsed: below every binary
  /// operator and right-associative, as in Swift (`a ? b : c ? d : e` is
  /// `a ? b : (c ? d : e)`); a line may end after `?` or `:`.
  private mutating func parseConditional(for attribute: ValueSubject, start: NodeMark) throws {
    guard depth < Parser.maximumDepth else {
      throw fail(
        Diagnostic(ParserCodes.nestedTooDeeply, current.range, "more than \(Parser.maximumDepth) '?:' in one value"))
    }
    advance()
    skipNewlines()
    depth += 1
    defer { depth -= 1 }
    try parseValue(for: attribute)
    _ = try expect(.colon, "and the value when the condition is false, as in 'c ? a : b'")
    skipNewlines()
    try parseValue(for: attribute)
    tree.finish(.conditional, start)
  }

  /// The node of the current token when it is a whole value alone: a
  /// number, size, hex colour or name that nothing after it continues
  /// (no operator, member, index or call), parsed by `parsePrimary` into
  /// this very node through three calls less.
  @inline(__always)
  private var loneValue: SyntaxKind? {
    let next = lookahead.kind
    guard next != .dot, next != .leftBracket, next != .question, !Parser.isBinaryOperator(next) else { return nil }
    switch current.kind {
    case .number: return .numberLiteral
    case .dimension: return .sizeLiteral
    case .hexColor: return .hexColorLiteral
    case .identifier where next != .leftParen: return .name
    default: return nil
    }
  }

  /// Operands joined by operators of a precedence above `minimum`,
  /// left-associative; every operator adds a level to the nesting limit.
  /// `start` is where the first operand began, when the caller parsed it.
  private mutating func parseBinary(
    for attribute: ValueSubject, above minimum: Int, parsedFirst: Bool = false, start: NodeMark? = nil
  ) throws {
    let start = start ?? tree.mark
    if !parsedFirst { try parseUnary(for: attribute) }
    var operators = 0
    var previous: BinaryOperator? = nil
    while let op = binaryOperatorHere, op.precedence > minimum {
      if let previous, previous.isNonAssociative, previous.precedence == op.precedence {
        throw fail(
          ParserCodes.expectedToken,
          "'\(op.rawValue)' cannot follow '\(previous.rawValue)' without parentheses; write (a \(previous.rawValue) b) \(op.rawValue) c"
        )
      }
      previous = op
      operators += 1
      try refuseLongChain(operators, "operators in one expression")
      advance()
      skipNewlines()
      depth += operators
      defer { depth -= operators }
      try parseBinary(for: attribute, above: op.precedence)
      tree.finish(.binary, start)
    }
  }

  /// E0109 once a chain of `count` links (operators, modifiers) would take
  /// the nesting past the limit: every later phase recurses along it.
  private mutating func refuseLongChain(_ count: Int, _ what: String) throws {
    guard depth + count > Parser.maximumDepth else { return }
    throw fail(Diagnostic(ParserCodes.nestedTooDeeply, current.range, "more than \(Parser.maximumDepth) \(what)"))
  }

  /// The current token as a binary operator, if it is one. As in Swift, a
  /// `-` with space before it and none after is a sign, not a subtraction:
  /// `curve 1,1 control 0.5,0.2 -0.3,0.6` is three points, as it was in
  /// version 1, and `a -b` is not `a - b`.
  @inline(__always)
  var binaryOperatorHere: BinaryOperator? {
    guard Parser.isBinaryOperator(current.kind), let op = Parser.binaryOperator(current.kind) else { return nil }
    if op == .subtract {
      let start = Int(current.start)
      let end = Int(current.end)
      func isSpace(_ index: Int) -> Bool {
        guard index >= 0, index < bytes.count else { return true }
        let byte = bytes[index]
        return byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
      }
      if start > 0, isSpace(start - 1), !isSpace(end) { return nil }
    }
    return op
  }

  /// Whether `binaryOperator(kind)` is one: a shift and a test of a
  /// constant mask, where that is a call and a `switch` (asked after
  /// nearly every value).
  @inline(__always)
  static func isBinaryOperator(_ kind: TokenKind) -> Bool {
    func bit(_ kind: TokenKind) -> UInt64 { 1 << UInt64(kind.rawValue) }
    // Folded into one constant by the compiler.
    let operators =
      bit(.or) | bit(.and) | bit(.less) | bit(.greater) | bit(.lessEqual) | bit(.greaterEqual) | bit(.equalEqual)
      | bit(.notEqual) | bit(.halfOpenRange) | bit(.closedRange) | bit(.plus) | bit(.minus) | bit(.star)
      | bit(.slash) | bit(.percent)
    return (operators >> UInt64(kind.rawValue & 63)) & 1 != 0
  }

  package static func binaryOperator(_ kind: TokenKind) -> BinaryOperator? {
    switch kind {
    case .or: .or
    case .and: .and
    case .less: .less
    case .greater: .greater
    case .lessEqual: .lessEqual
    case .greaterEqual: .greaterEqual
    case .equalEqual: .equal
    case .notEqual: .notEqual
    case .halfOpenRange: .halfOpenRange
    case .closedRange: .closedRange
    case .plus: .add
    case .minus: .subtract
    case .star: .multiply
    case .slash: .divide
    case .percent: .remainder
    default: nil
    }
  }

  /// `-VALUE` or `!VALUE`; a minus before a number literal makes a
  /// negative literal.
  private mutating func parseUnary(for attribute: ValueSubject) throws {
    guard current.kind == .minus || current.kind == .not else { return try parsePostfix(for: attribute) }
    let minus = current.range
    guard depth < Parser.maximumDepth else {
      throw fail(Diagnostic(ParserCodes.nestedTooDeeply, minus, "more than \(Parser.maximumDepth) signs in a row"))
    }
    let start = tree.mark
    advance()
    depth += 1
    defer { depth -= 1 }
    try parseUnary(for: attribute)
    tree.finish(.prefix, start)
  }

  /// A literal, name, `.name`, `fn(args)`, `[list]` or `(expression)`,
  /// then `.member(args)`s and `[index]`es.
  private mutating func parsePostfix(for attribute: ValueSubject) throws {
    let start = tree.mark
    try parsePrimary(for: attribute)
    var chain = 0
    while (current.kind == .dot && peekKind() == .identifier) || current.kind == .leftBracket {
      chain += 1
      try refuseLongChain(chain, "modifiers in a row")
      if current.kind == .leftBracket {
        advance()
        depth += chain
        defer { depth -= chain }
        try parseValue(for: "index")
        _ = try expect(.rightBracket, "to close the index")
        tree.finish(.index, start)
        continue
      }
      advance()
      advance()
      if current.kind == .leftParen { try parseArguments() }
      tree.finish(.member, start)
    }
  }

  private mutating func parsePrimary(for attribute: ValueSubject) throws {
    let token = current
    let start = tree.mark
    switch token.kind {
    case .number:
      advance()
      tree.finish(.numberLiteral, start)
    case .dimension:
      advance()
      tree.finish(.sizeLiteral, start)
    case .string:
      advance()
      guard token.second > 0 else { return tree.finish(.stringLiteral, start) }
      tree.finish(.interpolatedString, start)
      try parseInterpolated(lexer.interpolations[Int(token.second) - 1])
    case .leftBracket:
      try parseList(for: attribute)
    case .hexColor:
      advance()
      tree.finish(.hexColorLiteral, start)
    case .invalid:
      // Already reported by the lexer; keep the statement going.
      advance()
      tree.finish(.invalidValue, start)
    case .identifier:
      advance()
      guard current.kind == .leftParen else { return tree.finish(.name, start) }
      try parseArguments()
      tree.finish(.call, start)
    case .leftParen:
      guard depth < Parser.maximumDepth else { throw refuseDeepNesting(closing: .rightParen) }
      depth += 1
      defer { depth -= 1 }
      advance()
      skipNewlines()
      try parseValue(for: attribute)
      skipNewlines()
      // `(x, y)`: a position.
      var kind = SyntaxKind.parenthesized
      if current.kind == .comma {
        advance()
        skipNewlines()
        try parseValue(for: attribute)
        skipNewlines()
        kind = .pair
      }
      guard current.kind == .rightParen else {
        throw fail(
          Diagnostic(ParserCodes.expectedToken, current.range, "expected ')', found \(foundDescription)")
            .withNote("the parenthesis opens here", at: token.range))
      }
      advance()
      tree.finish(kind, start)
    case .dot:
      advance()
      guard current.kind == .identifier else {
        throw fail(ParserCodes.expectedToken, "expected a colour name after '.', like .blue, found \(foundDescription)")
      }
      advance()
      tree.finish(.dotName, start)
    default:
      throw fail(
        Diagnostic(
          ParserCodes.expectedValue, SourceRange(previousEnd, max(previousEnd, token.range.start)),
          "expected a value for '\(attribute.text(in: bytes))', found \(foundDescription)"
        ).withNote("the value is missing here", at: token.range))
    }
  }

  /// `( value, value … )`; newlines are allowed inside the parentheses.
  private mutating func parseArguments() throws {
    let start = tree.mark
    try parseSequence(closing: .rightParen, "the argument list", for: "argument")
    tree.finish(.argumentList, start)
  }

  /// `[ value, value … ]`, newlines allowed inside, a trailing comma too.
  private mutating func parseList(for attribute: ValueSubject) throws {
    let node = tree.mark
    try parseSequence(closing: .rightBracket, "the list", for: "list item")
    tree.finish(.list, node)
  }

  /// Values between the current opening token and `closing`, separated by commas.
  private mutating func parseSequence(closing: TokenKind, _ what: String, for item: ValueSubject) throws {
    guard depth < Parser.maximumDepth else { throw refuseDeepNesting(closing: closing) }
    depth += 1
    defer { depth -= 1 }
    let open = current.range
    advance()
    skipNewlines()
    while true {
      skipNewlines()
      if current.kind == closing { return advance() }
      try parseValue(for: item)
      skipNewlines()
      switch current.kind {
      case .comma: advance()
      case closing:
        return advance()
      default:
        throw fail(
          Diagnostic(
            ParserCodes.expectedToken, current.range,
            "expected ',' or \(closing.displayName) in \(what), found \(foundDescription)"
          ).withNote("\(what) starts here", at: open))
      }
    }
  }

  /// A string with `\(…)` parts: each part is parsed by a parser over its
  /// bytes, so its positions are those of the file, and its errors are
  /// reported; the tree keeps the string token (the bridge parses the
  /// parts again, `interpolatedString`).
  private mutating func parseInterpolated(_ pieces: [StringPiece]) throws {
    for case .expression(let range) in pieces {
      guard depth < Parser.maximumDepth else {
        throw fail(Diagnostic(ParserCodes.nestedTooDeeply, range, "interpolations nested too deeply"))
      }
      var inner = Parser(bytes: bytes, range: range, depth: depth + 1)
      let parsed = inner.parseWhole(for: "interpolation")
      diagnostics.absorb(inner.diagnostics)
      guard parsed else { throw SyntaxError() }
    }
  }

  /// The string token at `range`, which has `\(…)` parts, as the AST has
  /// it; nil when a part does not parse (the parse of the file has
  /// reported it).
  package static func interpolatedString(in bytes: [UInt8], at range: SourceRange) -> Expr? {
    // Nesting is counted from 0: a depth only refuses, and the parse did not.
    guard let pieces = interpolationPieces(in: bytes, at: range, depth: 0) else { return nil }
    var parts: [InterpolationPart] = []
    for piece in pieces {
      switch piece {
      case .text(let text):
        if !text.isEmpty { parts.append(.text(text)) }
      case .expression(let tree?):
        let bridge = ASTBridge(tree)
        if bridge.tree.kind(bridge.tree.root) == .interpolationFormat {
          parts.append(.formatted(bridge.expr(bridge.tree.root), bridge.formatOptions(of: bridge.tree.root)))
        } else {
          parts.append(.expression(bridge.expr(bridge.tree.root)))
        }
      case .expression(nil):
        return nil
      }
    }
    return .interpolated(parts, range)
  }
}

extension Parser {
  /// `, NAME: OPTION` after an interpolation's value, as Swift's custom
  /// string interpolations take labelled arguments: `\(x, decimals: 1)`.
  mutating func parseFormatOptions(start: NodeMark) throws {
    while current.kind == .comma {
      advance()
      skipNewlines()
      let option = tree.mark
      _ = try expectIdentifier("an option's name, as in '\\(x, decimals: 1)'")
      _ = try expect(.colon, "after the option's name, as in '\\(x, decimals: 1)'")
      skipNewlines()
      try parseValue(for: "interpolation")
      tree.finish(.formatOption, option)
    }
    tree.finish(.interpolationFormat, start)
  }
}
