extension Checker {
  /// Resolves every colour syntax; reports and returns nil when it cannot.
  mutating func resolveColor(_ expression: Expr, for attribute: String = "stop") -> Color? {
    switch expression {
    case .hexColor(let rgba, _):
      return rgba.map(Color.init(rgba:))
    case .name(let identifier):
      if let rgba = CSSColors.rgba(named: identifier.name) { return Color(rgba: rgba) }
      reportUnknownColor(identifier, replacing: identifier.range, dotted: false)
      return nil
    case .dotName(let identifier, let range):
      if let rgba = SystemColors.rgba(named: identifier.name) { return Color(rgba: rgba) }
      reportUnknownColor(identifier, replacing: range, dotted: true)
      return nil
    case .call(let function, let arguments, let range):
      return resolveColorFunction(function, arguments, range)
    case .member(let base, let member, let arguments, let range):
      guard member.name == "opacity" else {
        var diagnostic = Diagnostic(
          SemaCodes.unknownFunction, member.range,
          "unknown colour modifier '.\(member.name)'; the only modifier is .opacity(x)")
        if Suggestions.closest(to: member.name, among: ["opacity"]) != nil {
          diagnostic = diagnostic.withFix("did you mean 'opacity'?", replacing: member.range, with: "opacity")
        }
        diagnostics.append(diagnostic)
        return nil
      }
      let color = resolveColor(base, for: attribute)
      let arguments = arguments ?? []
      guard checkArgumentCount(arguments, count: 1...1, of: ".opacity", at: range),
        let (value, valueRange) = numberArgument(arguments[0], of: ".opacity"),
        let opacity = checkRange(value, valueRange, minimum: 0, maximum: 1, positive: false, what: "opacity")
      else { return nil }
      return color?.withOpacity(opacity)
    default:
      wrongKindForColor(expression, attribute)
      return nil
    }
  }

  private mutating func wrongKindForColor(_ expression: Expr, _ attribute: String) {
    if case .invalid = expression { return }
    let found: String
    switch expression {
    case .number: found = "a number"
    case .size: found = "a size"
    case .point: found = "a position"
    default: found = "a string"
    }
    diagnostics.append(
      Diagnostic(SemaCodes.wrongValueKind, expression.range, "expected a colour for '\(attribute)', found \(found)"))
  }

  private mutating func resolveColorFunction(_ function: Identifier, _ arguments: [Expr], _ range: SourceRange)
    -> Color?
  {
    let maximum: Double
    switch function.name {
    case "hsb": maximum = 1
    case "rgb": maximum = 255
    default:
      var diagnostic = Diagnostic(
        SemaCodes.unknownFunction, function.range,
        "unknown colour function '\(function.name)'; use hsb(h, s, b[, alpha]) or rgb(r, g, b[, alpha])")
      let suggestion =
        function.name == "rgba"
        ? "rgb"
        : function.name == "hsba" || function.name == "hsv"
          ? "hsb"
          : Suggestions.closest(to: function.name, among: ["hsb", "rgb"])
      if let suggestion {
        diagnostic = diagnostic.withFix("did you mean '\(suggestion)'?", replacing: function.range, with: suggestion)
      }
      diagnostics.append(diagnostic)
      return nil
    }
    guard checkArgumentCount(arguments, count: 3...4, of: function.name, at: range) else { return nil }
    // Read the numbers without building arrays: this runs for every hsb().
    var values = (0.0, 0.0, 0.0, 1.0)
    var valid = true
    for (index, argument) in arguments.enumerated() {
      guard let (value, argumentRange) = numberArgument(argument, of: function.name) else { return nil }
      let limit = index == 3 ? 1 : maximum
      if value < 0 || value > limit {
        let names =
          function.name == "hsb" ? ["hue", "saturation", "brightness", "alpha"] : ["red", "green", "blue", "alpha"]
        _ = checkRange(
          value, argumentRange, minimum: 0, maximum: limit, positive: false,
          what: "the \(names[index]) of \(function.name)()")
        valid = false
      }
      switch index {
      case 0: values.0 = value
      case 1: values.1 = value
      case 2: values.2 = value
      default: values.3 = value
      }
    }
    guard valid else { return nil }
    if maximum == 1 {
      return Color(hue: values.0, saturation: values.1, brightness: values.2, alpha: values.3)
    }
    return Color(red: values.0 / 255, green: values.1 / 255, blue: values.2 / 255, alpha: values.3)
  }

  private mutating func checkArgumentCount(
    _ arguments: [Expr], count: ClosedRange<Int>, of function: String, at range: SourceRange
  ) -> Bool {
    guard count.contains(arguments.count) else {
      let expected =
        count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound) or \(count.upperBound)"
      diagnostics.append(
        Diagnostic(
          SemaCodes.wrongArgumentCount, range,
          "\(function)() takes \(expected) argument\(count.upperBound == 1 ? "" : "s"), found \(arguments.count)"))
      return false
    }
    return true
  }

  /// The argument's value when it is a number; otherwise reported (unless
  /// the lexer already did) and nil.
  private mutating func numberArgument(_ written: Expr, of function: String) -> (Double, SourceRange)? {
    if case .number(let value, let range) = written { return (value, range) }
    let argument = fold(written)
    if case .number(let value, let range) = argument { return (value, range) }
    if case .invalid = argument { return nil }
    diagnostics.append(
      Diagnostic(SemaCodes.wrongValueKind, argument.range, "the arguments of \(function)() are numbers"))
    return nil
  }

  private mutating func reportUnknownColor(_ identifier: Identifier, replacing range: SourceRange, dotted: Bool) {
    let name = identifier.name
    // A gradient of this name defined further on changes the message.
    if !dotted {
      unresolvedNames += 1
      if deferringUnresolved { return }
    }
    let written = dotted ? "." + name : name
    var diagnostic = Diagnostic(SemaCodes.unknownColor, range, "unknown colour '\(written)'")
    if dotted, CSSColors.rgba(named: name) != nil {
      diagnostic.message += "; Apple system colours do not include it, but CSS does"
      diagnostic = diagnostic.withFix("use the CSS colour '\(name)'", replacing: range, with: name)
    } else if !dotted, SystemColors.rgba(named: name) != nil {
      diagnostic.message += "; Apple system colours start with a dot"
      diagnostic = diagnostic.withFix("use the system colour '.\(name)'", replacing: range, with: "." + name)
    } else if !dotted, gradientStatements[name] != nil {
      diagnostic.message += "; '\(name)' is a gradient, use it with gradient=\(name)"
    } else {
      let candidates =
        dotted ? SystemColors.names.map { "." + $0 } : CSSColors.names + SystemColors.names.map { "." + $0 }
      if let suggestion = Suggestions.closest(to: written, among: candidates) {
        diagnostic = diagnostic.withFix("did you mean '\(suggestion)'?", replacing: range, with: suggestion)
      }
    }
    diagnostics.append(diagnostic)
  }
}
