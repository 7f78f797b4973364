extension Parser {
  /// `gradient NAME SPACE FROM to TO { stop … }`, or `gradient NAME
  /// radial [center=X,Y] [radius=R] { stop … }`.
  mutating func parseGradient() -> GradientStatement {
    let start = tree.mark
    var flags: SyntaxNodeFlags = []
    let keyword = current.range
    advance()
    let missing = Identifier(name: "", range: SourceRange(previousEnd, previousEnd))
    var gradient = GradientStatement(
      name: missing, space: missing, from: missing, to: missing, stops: [], range: keyword)
    do {
      gradient.name = try expectIdentifier("a gradient name after 'gradient'")
      gradient.space = try expectIdentifier("the colour space 'hsb' or 'rgb', or 'radial', after the gradient name")
      // A misspelt `radial` followed by its clauses is read as radial, so
      // the checker can offer the fix (E0217) instead of a syntax error.
      let looksRadial =
        !["hsb", "rgb"].contains(gradient.space.name)
        && (current.kind == .leftBrace || (current.kind == .identifier && peekKind() == .equals))
      if gradient.isRadial || looksRadial {
        flags.insert(.radial)
        gradient.attributes = try parseRadialClauses()
        flags.insert(.kept)
      } else {
        gradient.from = try expectIdentifier("a start direction such as 'leading'")
        guard isIdentifier("to") else {
          throw fail(ParserCodes.expectedToken, "expected 'to' between the two directions, found \(foundDescription)")
        }
        advance()
        gradient.to = try expectIdentifier("an end direction such as 'trailing'")
      }
      let open = try expect(
        .leftBrace,
        gradient.isRadial ? "(or center=X,Y, radius=R) to start the list of stops" : "to start the list of stops")
      try parseStops(into: &gradient, open: open.range)
      gradient.range = SourceRange(keyword.start, previousEnd)
      try expectStatementEnd("gradient")
    } catch {
      gradient.recovered = true
      gradient.range = SourceRange(keyword.start, max(previousEnd, keyword.end))
      flags.insert(.failed)
      synchronize(endingStatement: true)
    }
    if gradient.recovered { flags.insert(.recovered) }
    tree.finish(.gradient, start, flags)
    return gradient
  }

  /// `name=value` clauses up to the `{` of a radial gradient. Which names
  /// exist is the checker's business (E0205 with a suggestion); here a
  /// value followed by a comma is a position, `center=0.35,0.3`.
  private mutating func parseRadialClauses() throws -> [Attribute] {
    var attributes: [Attribute] = []
    while current.kind == .identifier {
      let start = tree.mark
      let name = identifier
      advance()
      guard current.kind == .equals else {
        throw fail(
          Diagnostic(
            ParserCodes.expectedToken, name.range,
            "expected '=' after '\(name.name)': a radial gradient's clauses are name=value, like center=0.5,0.5 radius=0.5"
          ).withFix("write '\(name.name)='", replacing: SourceRange(name.range.end, name.range.end), with: "="))
      }
      advance()
      let valueStart = tree.mark
      var value = try parseValue(for: name.name)
      if current.kind == .comma {
        value = finishPair(Parser.pair(value, try parseSecondCoordinate(for: name.name), .point), valueStart)
      }
      tree.finish(.attribute, start)
      attributes.append(Attribute(name: name, value: value))
    }
    return attributes
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
      let node = tree.mark
      var stopFlags: SyntaxNodeFlags = []
      defer { tree.finish(.gradientStop, node, stopFlags) }
      advance()
      var stop = GradientStop(color: nil, attributes: [], range: SourceRange(start, previousEnd))
      do {
        if current.kind != .identifier || peekKind() != .equals,
          ![.newline, .semicolon, .rightBrace, .endOfFile].contains(current.kind)
        {
          stop.color = try parseValue(for: "stop")
          stopFlags.insert(.kept)
        }
        while current.kind == .identifier {
          let attribute = tree.mark
          let name = identifier
          advance()
          _ = try expect(.equals, "after '\(name.name)' (stop attributes are name=value)")
          let value = try parseValue(for: name.name)
          tree.finish(.attribute, attribute)
          stop.attributes.append(Attribute(name: name, value: value))
        }
        stop.range = SourceRange(start, previousEnd)
        stopFlags.insert(.ended)
        try expectStatementEnd("stop")
      } catch {
        gradient.recovered = true
        stopFlags.insert(.failed)
        synchronize(endingStatement: true)
      }
      gradient.stops.append(stop)
    }
  }

  /// `shape NAME[(PARAMETERS)] { move X,Y … close }` in unit coordinates.
  mutating func parseShape() -> ShapeStatement {
    let start = tree.mark
    var flags: SyntaxNodeFlags = []
    defer { tree.finish(.shape, start, flags) }
    let keyword = current.range
    advance()
    var shape = ShapeStatement(
      name: Identifier(name: "", range: SourceRange(previousEnd, previousEnd)), body: [], range: keyword)
    do {
      shape.name = try expectIdentifier("a shape name after 'shape'")
      (shape.parameters, shape.body, shape.recovered) = try parseParametersAndBody(
        "the shape's path", allowingPathCommands: true)
      shape.range = SourceRange(keyword.start, previousEnd)
      try expectStatementEnd("shape")
    } catch {
      shape.recovered = true
      shape.range = SourceRange(keyword.start, max(previousEnd, keyword.end))
      flags.insert(.failed)
      synchronize(endingStatement: true)
    }
    if shape.recovered { flags.insert(.recovered) }
    return shape
  }

  /// `component NAME(PARAMETERS) { … }`.
  mutating func parseComponent() -> ComponentStatement? {
    let start = tree.mark
    var flags: SyntaxNodeFlags = []
    defer { tree.finish(.component, start, flags) }
    let keyword = current.range
    advance()
    var component = ComponentStatement(
      name: Identifier(name: "", range: SourceRange(previousEnd, previousEnd)), parameters: [], body: [],
      range: keyword)
    do {
      component.name = try expectIdentifier("a component name after 'component'")
      let parameters: [Parameter]?
      (parameters, component.body, component.recovered) = try parseParametersAndBody(
        "the component's body", allowingPathCommands: false)
      component.parameters = parameters ?? []
      component.range = SourceRange(keyword.start, previousEnd)
      try expectStatementEnd("component")
    } catch {
      component.recovered = true
      component.range = SourceRange(keyword.start, max(previousEnd, keyword.end))
      flags.insert(.failed)
      synchronize(endingStatement: true)
    }
    if component.recovered { flags.insert(.recovered) }
    return component
  }

  /// `[(PARAMETERS)] { … }` after a shape's or a component's name: the
  /// parameters (nil without parentheses), the body, and whether anything
  /// in it was reported (a broken body is not used as it stands).
  private mutating func parseParametersAndBody(_ body: String, allowingPathCommands: Bool) throws -> (
    parameters: [Parameter]?, body: [Statement], recovered: Bool
  ) {
    let parameters = current.kind == .leftParen ? try parseParameters() : nil
    guard current.kind == .leftBrace else {
      throw fail(
        ParserCodes.expectedToken,
        parameters == nil
          ? "expected '(' and the parameters, or '{' to start \(body), found \(foundDescription)"
          : "expected '{' on the same line to start \(body), found \(foundDescription)")
    }
    let flawedBefore = flawedTokens
    let errorsBefore = diagnostics.errorCount
    let statements = try parseBlock(allowingPathCommands: allowingPathCommands).statements
    return (parameters, statements, flawedTokens > flawedBefore || diagnostics.errorCount > errorsBefore)
  }

  /// `(name: Type = default, …)`; newlines are allowed inside.
  private mutating func parseParameters() throws -> [Parameter] {
    let open = current.range
    let list = tree.mark
    advance()
    var parameters: [Parameter] = []
    while true {
      skipNewlines()
      if current.kind == .rightParen {
        advance()
        tree.finish(.parameterList, list)
        return parameters
      }
      let start = tree.mark
      let name = try expectIdentifier("a parameter name")
      guard current.kind == .colon else {
        throw fail(
          Diagnostic(
            ParserCodes.expectedToken, current.range,
            "expected ':' and a type after the parameter '\(name.name)', like '\(name.name): Number', found \(foundDescription)"
          ).withFix("add a type", replacing: SourceRange(name.range.end, name.range.end), with: ": Number"))
      }
      advance()
      let type = try parseType()
      var defaultValue: Expr? = nil
      if current.kind == .equals {
        advance()
        defaultValue = try parseValue(for: name.name)
      }
      tree.finish(.parameter, start)
      parameters.append(
        Parameter(name: name, type: type, defaultValue: defaultValue, range: SourceRange(name.range.start, previousEnd))
      )
      skipNewlines()
      switch current.kind {
      case .comma: advance()
      case .rightParen:
        advance()
        tree.finish(.parameterList, list)
        return parameters
      default:
        throw fail(
          Diagnostic(
            ParserCodes.expectedToken, current.range,
            "expected ',' or ')' in the parameter list, found \(foundDescription)"
          ).withNote("the parameter list starts here", at: open))
      }
    }
  }

  /// `Type`, `Type?` or `[Type]`.
  private mutating func parseType() throws -> TypeSyntax {
    let start = current.range.start
    let node = tree.mark
    var isList = false
    if current.kind == .leftBracket {
      isList = true
      advance()
    }
    let name = try expectIdentifier("a type such as Number, Color, String or [Color]")
    if isList { _ = try expect(.rightBracket, "to close the list type") }
    var isOptional = false
    if current.kind == .question {
      isOptional = true
      advance()
    }
    tree.finish(.typeAnnotation, node)
    return TypeSyntax(name: name, isList: isList, isOptional: isOptional, range: SourceRange(start, previousEnd))
  }

  static let pathVerbs = ["move", "line", "curve", "quad", "close"]

  /// A path command in a shape's body, to the end of its line.
  mutating func parsePathCommandStatement() -> Statement? {
    recovering(.pathCommand) { parser in
      let command = try parser.parseCommand()
      try parser.expectStatementEnd("path command")
      return .pathCommand(command)
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
    var points: [Expr] = []
    switch verb.name {
    case "move", "line":
      points.append(try parsePathPoint("after '\(verb.name)'"))
    case "curve", "quad":
      points.append(try parsePathPoint("after '\(verb.name)'"))
      guard isIdentifier("control") else {
        throw fail(
          ParserCodes.expectedToken,
          "expected 'control' and the control point\(verb.name == "curve" ? "s" : "") after the end point, found \(foundDescription)"
        )
      }
      advance()
      points.append(try parsePathPoint("after 'control'"))
      if verb.name == "curve" { points.append(try parsePathPoint("as the second control point")) }
    default:
      break
    }
    return PathCommand(verb: verb, points: points, range: SourceRange(verb.range.start, previousEnd))
  }

  /// `X, Y`, each an expression; two literals make a `.point`.
  private mutating func parsePathPoint(_ context: String) throws -> Expr {
    guard startsNumber, !isIdentifier("control") else {
      throw fail(ParserCodes.expectedToken, "expected a position X,Y \(context), found \(foundDescription)")
    }
    let start = tree.mark
    let x = try parseValue(for: "x")
    return finishPair(Parser.pair(x, try parseSecondCoordinate(for: "y"), .point), start)
  }

  /// `color NAME light=A dark=B`, an asset catalog's colour set, or
  /// `color NAME = A`: a file-level name for a colour, checked like a `let`.
  mutating func parseColorSet() throws -> LetStatement {
    let keyword = current.range
    advance()
    let name = try expectIdentifier("a colour name after 'color'")
    if current.kind == .equals {
      advance()
      let value = try parseValue(for: name.name)
      let range = SourceRange(keyword.start, previousEnd)
      try expectStatementEnd("color")
      return LetStatement(name: name, value: .colorSet(light: value, dark: value, value.range), range: range)
    }
    var light: Expr? = nil
    var dark: Expr? = nil
    while current.kind == .identifier, isIdentifier("light") || isIdentifier("dark"), peekKind() == .equals {
      let isLight = isIdentifier("light")
      let part = current.range
      let start = tree.mark
      advance()
      advance()
      let value = try parseValue(for: isLight ? "light" : "dark")
      tree.finish(.attribute, start)
      if (isLight ? light : dark) != nil {
        throw fail(ParserCodes.expectedToken, "'\(isLight ? "light" : "dark")' is given twice", at: part)
      }
      if isLight { light = value } else { dark = value }
    }
    guard let light, let dark else {
      let missing = light == nil ? "light" : "dark"
      throw fail(
        Diagnostic(
          ParserCodes.expectedToken, current.range,
          "expected '\(missing)=COLOUR' in 'color \(name.name)': a colour set has a light and a dark value, or is written 'color \(name.name) = COLOUR', found \(foundDescription)"
        ).withFix(
          "add the \(missing) value", replacing: SourceRange(previousEnd, previousEnd), with: " \(missing)=.gray"))
    }
    let range = SourceRange(keyword.start, previousEnd)
    try expectStatementEnd("color")
    return LetStatement(name: name, value: .colorSet(light: light, dark: dark, range), range: range)
  }
}
