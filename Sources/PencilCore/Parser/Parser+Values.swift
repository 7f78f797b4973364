extension Parser {
  /// `X,Y`.
  mutating func parsePoint(_ context: String) throws -> PointLiteral {
    let start = current.range.start
    guard current.kind == .number else {
      throw fail(ParserCodes.expectedToken, "expected a position X,Y \(context), found \(foundDescription)")
    }
    let x = current.first
    advance()
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
    guard current.kind == .number else {
      throw fail(ParserCodes.expectedToken, "expected the y of the position after ',', found \(foundDescription)")
    }
    let y = current.first
    advance()
    return PointLiteral(x: x, y: y, range: SourceRange(start, previousEnd))
  }

  /// A value: literal, name, `.name`, `fn(args)`, then `.member(args)`s.
  mutating func parseValue(for attribute: String) throws -> Expr {
    var value = try parsePrimary(for: attribute)
    var chain = 0
    while current.kind == .dot, peekKind() == .identifier {
      chain += 1
      guard depth + chain <= Parser.maximumDepth else {
        throw fail(
          Diagnostic(
            ParserCodes.nestedTooDeeply, current.range,
            "more than \(Parser.maximumDepth) modifiers in a row"))
      }
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
