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

  /// `X,Y`.
  mutating func parsePoint(_ context: String) throws -> PointLiteral {
    let start = current.range.start
    guard let x = signedNumber() else {
      throw fail(ParserCodes.expectedToken, "expected a position X,Y \(context), found \(foundDescription)")
    }
    try expectPositionComma()
    guard let y = signedNumber() else {
      throw fail(ParserCodes.expectedToken, "expected the y of the position after ',', found \(foundDescription)")
    }
    return PointLiteral(x: x, y: y, range: SourceRange(start, previousEnd))
  }

  /// A number literal, with a minus before it if there is one; nil, having
  /// consumed nothing, when there is none.
  private mutating func signedNumber() -> Double? {
    if current.kind == .number {
      let value = current.first
      advance()
      return value
    }
    guard current.kind == .minus, peekKind() == .number else { return nil }
    advance()
    let value = current.first
    advance()
    return -value
  }

  /// A value: an arithmetic expression over postfix values (see
  /// `parsePostfix`), `* / %` binding tighter than `+ -`.
  mutating func parseValue(for attribute: String) throws -> Expr {
    // Most values are one literal or name: no operator machinery for them.
    let first = try parseUnary(for: attribute)
    guard Parser.arithmeticOperator(current.kind) != nil else { return first }
    return try parseBinary(for: attribute, above: 0, first: first)
  }

  /// Operands joined by operators of a precedence above `minimum`,
  /// left-associative; every operator adds a level to the nesting limit.
  private mutating func parseBinary(for attribute: String, above minimum: Int, first: Expr? = nil) throws -> Expr {
    var left = try first ?? parseUnary(for: attribute)
    var operators = 0
    while let op = Parser.arithmeticOperator(current.kind), op.precedence > minimum {
      operators += 1
      try refuseLongChain(operators, "operators in one expression")
      advance()
      depth += operators
      defer { depth -= operators }
      let right = try parseBinary(for: attribute, above: op.precedence)
      left = .binary(op, left, right, SourceRange(left.range.start, right.range.end))
    }
    return left
  }

  /// E0109 once a chain of `count` links (operators, modifiers) would take
  /// the nesting past the limit: every later phase recurses along it.
  private mutating func refuseLongChain(_ count: Int, _ what: String) throws {
    guard depth + count > Parser.maximumDepth else { return }
    throw fail(Diagnostic(ParserCodes.nestedTooDeeply, current.range, "more than \(Parser.maximumDepth) \(what)"))
  }

  static func arithmeticOperator(_ kind: TokenKind) -> ArithmeticOperator? {
    switch kind {
    case .plus: .add
    case .minus: .subtract
    case .star: .multiply
    case .slash: .divide
    case .percent: .remainder
    default: nil
    }
  }

  /// `-VALUE`; a minus before a number literal makes a negative literal.
  private mutating func parseUnary(for attribute: String) throws -> Expr {
    guard current.kind == .minus else { return try parsePostfix(for: attribute) }
    let minus = current.range
    guard depth < Parser.maximumDepth else {
      throw fail(Diagnostic(ParserCodes.nestedTooDeeply, minus, "more than \(Parser.maximumDepth) signs in a row"))
    }
    advance()
    depth += 1
    defer { depth -= 1 }
    let operand = try parseUnary(for: attribute)
    let range = SourceRange(minus.start, operand.range.end)
    if case .number(let value, _) = operand { return .number(-value, range) }
    return .negate(operand, range)
  }

  /// A literal, name, `.name`, `fn(args)` or `(expression)`, then `.member(args)`s.
  private mutating func parsePostfix(for attribute: String) throws -> Expr {
    var value = try parsePrimary(for: attribute)
    var chain = 0
    while current.kind == .dot, peekKind() == .identifier {
      chain += 1
      try refuseLongChain(chain, "modifiers in a row")
      advance()
      let member = identifier
      advance()
      var arguments: [Expr]? = nil
      if current.kind == .leftParen { arguments = try parseArguments() }
      value = .member(value, member, arguments: arguments, SourceRange(value.range.start, previousEnd))
    }
    return value
  }

  private mutating func parsePrimary(for attribute: String) throws -> Expr {
    let token = current
    switch token.kind {
    case .number:
      advance()
      return .number(token.first, token.range)
    case .dimension:
      advance()
      return .size(width: token.first, height: token.second, token.range)
    case .string:
      advance()
      return .string(string(token), token.range)
    case .hexColor:
      advance()
      // The lexer stores a whole 32-bit value (or -1): the conversion is exact.
      return .hexColor(token.first < 0 ? nil : UInt32(token.first), token.range)
    case .invalid:
      // Already reported by the lexer; keep the statement going.
      advance()
      return .invalid(token.range)
    case .identifier:
      let name = identifier
      advance()
      guard current.kind == .leftParen else { return .name(name) }
      let arguments = try parseArguments()
      return .call(name, arguments, SourceRange(token.range.start, previousEnd))
    case .leftParen:
      guard depth < Parser.maximumDepth else { throw refuseDeepNesting(closing: .rightParen) }
      depth += 1
      defer { depth -= 1 }
      advance()
      skipNewlines()
      let inner = try parseValue(for: attribute)
      skipNewlines()
      guard current.kind == .rightParen else {
        throw fail(
          Diagnostic(ParserCodes.expectedToken, current.range, "expected ')', found \(foundDescription)")
            .withNote("the parenthesis opens here", at: token.range))
      }
      advance()
      return inner
    case .dot:
      advance()
      guard current.kind == .identifier else {
        throw fail(ParserCodes.expectedToken, "expected a colour name after '.', like .blue, found \(foundDescription)")
      }
      let name = identifier
      advance()
      return .dotName(name, SourceRange(token.range.start, name.range.end))
    default:
      throw fail(
        Diagnostic(
          ParserCodes.expectedValue, SourceRange(previousEnd, max(previousEnd, token.range.start)),
          "expected a value for '\(attribute)', found \(foundDescription)"
        ).withNote("the value is missing here", at: token.range))
    }
  }

  /// `( value, value … )`; newlines are allowed inside the parentheses.
  private mutating func parseArguments() throws -> [Expr] {
    guard depth < Parser.maximumDepth else { throw refuseDeepNesting(closing: .rightParen) }
    depth += 1
    defer { depth -= 1 }
    let open = current.range
    advance()
    skipNewlines()
    var arguments: [Expr] = []
    arguments.reserveCapacity(4)
    if current.kind == .rightParen {
      advance()
      return arguments
    }
    while true {
      skipNewlines()
      arguments.append(try parseValue(for: "argument"))
      skipNewlines()
      switch current.kind {
      case .comma: advance()
      case .rightParen:
        advance()
        return arguments
      default:
        throw fail(
          Diagnostic(
            ParserCodes.expectedToken, current.range,
            "expected ',' or ')' in the argument list, found \(foundDescription)"
          ).withNote("the argument list starts here", at: open))
      }
    }
  }
}
