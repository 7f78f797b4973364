extension Parser {
  /// `gradient NAME SPACE FROM to TO { stop … }`.
  mutating func parseGradient() -> GradientStatement {
    let keyword = current.range
    advance()
    let missing = Identifier(name: "", range: SourceRange(previousEnd, previousEnd))
    var gradient = GradientStatement(
      name: missing, space: missing, from: missing, to: missing, stops: [], range: keyword)
    do {
      gradient.name = try expectIdentifier("a gradient name after 'gradient'")
      gradient.space = try expectIdentifier("the colour space 'hsb' or 'rgb' after the gradient name")
      gradient.from = try expectIdentifier("a start direction such as 'leading'")
      guard isIdentifier("to") else {
        throw fail(ParserCodes.expectedToken, "expected 'to' between the two directions, found \(foundDescription)")
      }
      advance()
      gradient.to = try expectIdentifier("an end direction such as 'trailing'")
      let open = try expect(.leftBrace, "to start the list of stops")
      try parseStops(into: &gradient, open: open.range)
      gradient.range = SourceRange(keyword.start, previousEnd)
      try expectStatementEnd("gradient")
    } catch {
      gradient.recovered = true
      gradient.range = SourceRange(keyword.start, max(previousEnd, keyword.end))
      synchronize()
    }
    return gradient
  }

  private mutating func parseStops(into gradient: inout GradientStatement, open: SourceRange) throws {
    while true {
      skipSeparators()
      if current.kind == .rightBrace {
        advance()
        return
      }
      if current.kind == .endOfFile {
        throw fail(
          Diagnostic(ParserCodes.unclosedBlock, open, "unclosed '{' of the gradient")
            .withFix("add '}'", replacing: SourceRange(previousEnd, previousEnd), with: " }"))
      }
      guard isIdentifier("stop") else {
        _ = fail(
          Diagnostic(
            ParserCodes.expectedToken, current.range,
            "expected 'stop' inside a gradient, found \(foundDescription)"))
        gradient.recovered = true
        synchronize()
        continue
      }
      let start = current.range.start
      advance()
      var stop = GradientStop(color: nil, attributes: [], range: SourceRange(start, previousEnd))
      do {
        if current.kind != .identifier || peekKind() != .equals,
          ![.newline, .semicolon, .rightBrace, .endOfFile].contains(current.kind)
        {
          stop.color = try parseValue(for: "stop")
        }
        while current.kind == .identifier {
          let name = identifier
          advance()
          _ = try expect(.equals, "after '\(name.name)' (stop attributes are name=value)")
          let value = try parseValue(for: name.name)
          stop.attributes.append(Attribute(name: name, value: value))
        }
        stop.range = SourceRange(start, previousEnd)
        try expectStatementEnd("stop")
      } catch {
        gradient.recovered = true
        synchronize()
      }
      gradient.stops.append(stop)
    }
  }

  /// `shape NAME { move X,Y … close }` in unit coordinates.
  mutating func parseShape() -> ShapeStatement {
    let keyword = current.range
    advance()
    var shape = ShapeStatement(
      name: Identifier(name: "", range: SourceRange(previousEnd, previousEnd)), commands: [], range: keyword)
    do {
      shape.name = try expectIdentifier("a shape name after 'shape'")
      let open = try expect(.leftBrace, "to start the shape's path")
      try parseCommands(into: &shape, open: open.range)
      shape.range = SourceRange(keyword.start, previousEnd)
      try expectStatementEnd("shape")
    } catch {
      shape.recovered = true
      shape.range = SourceRange(keyword.start, max(previousEnd, keyword.end))
      synchronize()
    }
    return shape
  }

  static let pathVerbs = ["move", "line", "curve", "quad", "close"]

  private mutating func parseCommands(into shape: inout ShapeStatement, open: SourceRange) throws {
    while true {
      skipSeparators()
      switch current.kind {
      case .rightBrace:
        advance()
        return
      case .endOfFile:
        throw fail(
          Diagnostic(ParserCodes.unclosedBlock, open, "unclosed '{' of the shape")
            .withFix("add '}'", replacing: SourceRange(previousEnd, previousEnd), with: " }"))
      case .identifier:
        do {
          shape.commands.append(try parseCommand())
          try expectStatementEnd("path command")
        } catch {
          shape.recovered = true
          synchronize()
        }
      default:
        _ = fail(
          Diagnostic(
            ParserCodes.unknownPathCommand, current.range, "expected a path command, found \(foundDescription)"))
        shape.recovered = true
        synchronize()
      }
    }
  }

  private mutating func parseCommand() throws -> PathCommand {
    let verb = identifier
    guard Parser.pathVerbs.contains(verb.name) else {
      var diagnostic = Diagnostic(
        ParserCodes.unknownPathCommand, verb.range,
        "unknown path command '\(verb.name)'; expected move, line, curve, quad or close")
      if let suggestion = Suggestions.closest(to: verb.name, among: Parser.pathVerbs) {
        diagnostic = diagnostic.withFix("did you mean '\(suggestion)'?", replacing: verb.range, with: suggestion)
      }
      throw fail(diagnostic)
    }
    advance()
    var points: [PointLiteral] = []
    switch verb.name {
    case "move", "line":
      points.append(try parsePoint("after '\(verb.name)'"))
    case "curve", "quad":
      points.append(try parsePoint("after '\(verb.name)'"))
      guard isIdentifier("control") else {
        throw fail(
          ParserCodes.expectedToken,
          "expected 'control' and the control point\(verb.name == "curve" ? "s" : "") after the end point, found \(foundDescription)"
        )
      }
      advance()
      points.append(try parsePoint("after 'control'"))
      if verb.name == "curve" { points.append(try parsePoint("as the second control point")) }
    default:
      break
    }
    return PathCommand(verb: verb, points: points, range: SourceRange(verb.range.start, previousEnd))
  }
}
