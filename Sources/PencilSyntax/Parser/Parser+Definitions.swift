extension Parser {
  /// `gradient NAME SPACE FROM to TO { stop … }`, or `gradient NAME
  /// radial [center=X,Y] [radius=R] { stop … }`.
  mutating func parseGradient() {
    let start = tree.mark
    var flags: SyntaxNodeFlags = []
    advance()
    do {
      try expectIdentifier("a gradient name after 'gradient'")
      let space = text(try expectIdentifier("the colour space 'hsb' or 'rgb', or 'radial', after the gradient name"))
      // A misspelt `radial` followed by its clauses is read as radial, so
      // the checker can offer the fix (E0217) instead of a syntax error.
      let looksRadial =
        !["hsb", "rgb"].contains(space)
        && (current.kind == .leftBrace || (current.kind == .identifier && peekKind() == .equals))
      if space == "radial" || looksRadial {
        flags.insert(.radial)
        try parseRadialClauses()
        flags.insert(.kept)
      } else {
        try expectIdentifier("a start direction such as 'leading'")
        guard isWord(.to) else {
          throw fail(ParserCodes.expectedToken, "expected 'to' between the two directions, found \(foundDescription)")
        }
        advance()
        try expectIdentifier("an end direction such as 'trailing'")
      }
      let open = try expect(
        .leftBrace,
        space == "radial" ? "(or center=X,Y, radius=R) to start the list of stops" : "to start the list of stops")
      if try !parseStops(open: open.range) { flags.insert(.recovered) }
      try expectStatementEnd("gradient")
    } catch {
      flags.formUnion([.failed, .recovered])
      synchronize(endingStatement: true)
    }
    tree.finish(.gradient, start, flags)
  }

  /// `name=value` clauses up to the `{` of a radial gradient. Which names
  /// exist is the checker's business (E0205 with a suggestion); here a
  /// value followed by a comma is a position, `center=0.35,0.3`.
  private mutating func parseRadialClauses() throws {
    while current.kind == .identifier {
      let start = tree.mark
      let name = current
      advance()
      guard current.kind == .equals else {
        throw fail(
          Diagnostic(
            ParserCodes.expectedToken, name.range,
            "expected '=' after '\(text(name))': a radial gradient's clauses are name=value, like center=0.5,0.5 radius=0.5"
          ).withFix("write '\(text(name))='", replacing: SourceRange(name.range.end, name.range.end), with: "="))
      }
      advance()
      try parseValue(orPosition: name)
      tree.finish(.attribute, start)
    }
  }

  /// The stops to the gradient's `}`; false when one of them was broken.
  private mutating func parseStops(open: SourceRange) throws -> Bool {
    var allWell = true
    while true {
      skipSeparators()
      if current.kind == .rightBrace {
        advance()
        return allWell
      }
      if current.kind == .endOfFile {
        throw fail(
          Diagnostic(ParserCodes.unclosedBlock, open, "unclosed '{' of the gradient")
            .withFix("add '}'", replacing: SourceRange(previousEnd, previousEnd), with: " }"))
      }
      guard isWord(.stop) else {
        _ = fail(
          Diagnostic(
            ParserCodes.expectedToken, current.range,
            "expected 'stop' inside a gradient, found \(foundDescription)"))
        allWell = false
        synchronize()
        continue
      }
      let node = tree.mark
      var stopFlags: SyntaxNodeFlags = []
      defer { tree.finish(.gradientStop, node, stopFlags) }
      advance()
      do {
        if current.kind != .identifier || peekKind() != .equals,
          ![.newline, .semicolon, .rightBrace, .endOfFile].contains(current.kind)
        {
          try parseValue(for: "stop")
          stopFlags.insert(.kept)
        }
        while current.kind == .identifier {
          let attribute = tree.mark
          let name = current
          advance()
          _ = try expect(.equals, "after '\(text(name))' (stop attributes are name=value)")
          try parseValue(for: ValueSubject(name))
          tree.finish(.attribute, attribute)
        }
        stopFlags.insert(.ended)
        try expectStatementEnd("stop")
      } catch {
        allWell = false
        stopFlags.insert(.failed)
        synchronize(endingStatement: true)
      }
    }
  }

  /// `shape NAME[(PARAMETERS)] { move X,Y … close }` in unit coordinates.
  mutating func parseShape() {
    parseDefinition(.shape, "a shape name after 'shape'", body: "the shape's path", allowingPathCommands: true)
  }

  /// `component NAME(PARAMETERS) { … }`.
  mutating func parseComponent() {
    parseDefinition(
      .component, "a component name after 'component'", body: "the component's body", allowingPathCommands: false)
  }

  /// `shape` or `component`, its name, `[(PARAMETERS)] { … }`. Recovered
  /// when anything in it was reported (a broken body is not used as it stands).
  private mutating func parseDefinition(
    _ kind: SyntaxKind, _ what: String, body: String, allowingPathCommands: Bool
  ) {
    let start = tree.mark
    var flags: SyntaxNodeFlags = []
    advance()
    do {
      try expectIdentifier(what)
      if try parseParametersAndBody(body, allowingPathCommands: allowingPathCommands) { flags.insert(.recovered) }
      try expectStatementEnd(kind == .shape ? "shape" : "component")
    } catch {
      flags.formUnion([.failed, .recovered])
      synchronize(endingStatement: true)
    }
    tree.finish(kind, start, flags)
  }

  /// `[(PARAMETERS)] { … }` after a shape's or a component's name; whether
  /// anything in it was reported.
  private mutating func parseParametersAndBody(_ body: String, allowingPathCommands: Bool) throws -> Bool {
    let hasParameters = current.kind == .leftParen
    if hasParameters { try parseParameters() }
    guard current.kind == .leftBrace else {
      throw fail(
        ParserCodes.expectedToken,
        !hasParameters
          ? "expected '(' and the parameters, or '{' to start \(body), found \(foundDescription)"
          : "expected '{' on the same line to start \(body), found \(foundDescription)")
    }
    let flawedBefore = flawedTokens
    let errorsBefore = diagnostics.errorCount
    try parseBlock(allowingPathCommands: allowingPathCommands)
    return flawedTokens > flawedBefore || diagnostics.errorCount > errorsBefore
  }

  /// `(name: Type = default, …)`; newlines are allowed inside.
  private mutating func parseParameters() throws {
    let open = current.range
    let list = tree.mark
    advance()
    while true {
      skipNewlines()
      if current.kind == .rightParen {
        advance()
        return tree.finish(.parameterList, list)
      }
      let start = tree.mark
      let name = try expectIdentifier("a parameter name")
      guard current.kind == .colon else {
        throw fail(
          Diagnostic(
            ParserCodes.expectedToken, current.range,
            "expected ':' and a type after the parameter '\(text(name))', like '\(text(name)): Number', found \(foundDescription)"
          ).withFix("add a type", replacing: SourceRange(name.range.end, name.range.end), with: ": Number"))
      }
      advance()
      try parseType()
      if current.kind == .equals {
        advance()
        try parseValue(for: ValueSubject(name))
      }
      tree.finish(.parameter, start)
      skipNewlines()
      switch current.kind {
      case .comma: advance()
      case .rightParen:
        advance()
        return tree.finish(.parameterList, list)
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
  private mutating func parseType() throws {
    let node = tree.mark
    let isList = current.kind == .leftBracket
    if isList { advance() }
    try expectIdentifier("a type such as Number, Color, String or [Color]")
    if isList { _ = try expect(.rightBracket, "to close the list type") }
    if current.kind == .question { advance() }
    tree.finish(.typeAnnotation, node)
  }

  static let pathVerbs = ["move", "line", "curve", "quad", "arc", "close"]

  /// A path command in a shape's body, to the end of its line.
  mutating func parsePathCommandStatement() {
    recovering(.pathCommand) { parser in
      try parser.parseCommand()
      try parser.expectStatementEnd("path command")
    }
  }

  private mutating func parseCommand() throws {
    let verbRange = current.range
    let verb = text(current)
    guard Parser.pathVerbs.contains(verb) else {
      var diagnostic = Diagnostic(
        ParserCodes.unknownPathCommand, verbRange,
        "unknown path command '\(verb)'; expected move, line, curve, quad, arc or close")
      if let suggestion = Suggestions.closest(to: verb, among: Parser.pathVerbs) {
        diagnostic = diagnostic.withFix("did you mean '\(suggestion)'?", replacing: verbRange, with: suggestion)
      }
      throw fail(diagnostic)
    }
    advance()
    switch verb {
    case "move", "line":
      try parsePathPoint("after '\(verb)'")
    case "curve", "quad":
      try parsePathPoint("after '\(verb)'")
      guard isIdentifier("control") else {
        throw fail(
          ParserCodes.expectedToken,
          "expected 'control' and the control point\(verb == "curve" ? "s" : "") after the end point, found \(foundDescription)"
        )
      }
      advance()
      try parsePathPoint("after 'control'")
      if verb == "curve" { try parsePathPoint("as the second control point") }
    case "arc":
      // `arc CX,CY radius R from A to B`: SwiftUI's addArc, in degrees.
      try parsePathPoint("after 'arc' (the centre)")
      for (word, what) in [("radius", "the radius"), ("from", "the start angle"), ("to", "the end angle")] {
        guard isIdentifier(word) else {
          throw fail(
            ParserCodes.expectedToken,
            "expected '\(word)' and \(what), as in 'arc 50,50 radius 40 from 0 to 90', found \(foundDescription)")
        }
        advance()
        try parseValue(for: .word(word))
      }
    default:
      break
    }
  }

  /// `X, Y`, each an expression; two literals make a `.point`.
  private mutating func parsePathPoint(_ context: String) throws {
    guard startsNumber, !isIdentifier("control") else {
      throw fail(ParserCodes.expectedToken, "expected a position X,Y \(context), found \(foundDescription)")
    }
    let start = tree.mark
    try parseValue(for: "x")
    try parseSecondCoordinate(for: "y")
    tree.finish(.pair, start)
  }

  /// `color NAME light=A dark=B`, an asset catalog's colour set, or
  /// `color NAME = A`: a file-level name for a colour, checked like a `let`.
  mutating func parseColorSet() throws {
    advance()
    let name = text(try expectIdentifier("a colour name after 'color'"))
    if current.kind == .equals {
      advance()
      try parseValue(for: .word(name))
      return try expectStatementEnd("color")
    }
    var light = false
    var dark = false
    while current.kind == .identifier, isIdentifier("light") || isIdentifier("dark"), peekKind() == .equals {
      let isLight = isIdentifier("light")
      let part = current.range
      let start = tree.mark
      advance()
      advance()
      try parseValue(for: isLight ? "light" : "dark")
      tree.finish(.attribute, start)
      if isLight ? light : dark {
        throw fail(ParserCodes.expectedToken, "'\(isLight ? "light" : "dark")' is given twice", at: part)
      }
      if isLight { light = true } else { dark = true }
    }
    guard light, dark else {
      let missing = !light ? "light" : "dark"
      throw fail(
        Diagnostic(
          ParserCodes.expectedToken, current.range,
          "expected '\(missing)=COLOUR' in 'color \(name)': a colour set has a light and a dark value, or is written 'color \(name) = COLOUR', found \(foundDescription)"
        ).withFix(
          "add the \(missing) value", replacing: SourceRange(previousEnd, previousEnd), with: " \(missing)=.gray"))
    }
    try expectStatementEnd("color")
  }
}
