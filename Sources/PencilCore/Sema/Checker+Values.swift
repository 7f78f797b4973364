extension Checker {
  mutating func checkAttributes(_ attributes: [Attribute], _ specs: [AttributeSpec], of kind: String)
    -> AttributeValues
  {
    var values = AttributeValues(capacity: attributes.count)
    for index in attributes.indices {
      let key = attributes[index].name.key
      guard let spec = specs.first(where: { $0.key == key }) else {
        reportUnknownAttribute(attributes[index].name, specs, of: kind)
        continue
      }
      let name = key.text
      var earlier: Int? = nil
      for previous in 0..<index where attributes[previous].name.key == key {
        earlier = previous
        break
      }
      if let earlier {
        let attribute = attributes[index]
        let first = attributes[earlier].range
        diagnostics.append(
          Diagnostic(SemaCodes.repeatedAttribute, attribute.range, "'\(name)' is given twice")
            .withNote("first given here", at: first)
            .withFix("remove the repeated '\(name)'", replacing: removalRange(attribute.range), with: ""))
        continue
      }
      if let value = resolve(attributes[index].value, as: spec.kind, for: name) { values.add(key, value) }
    }
    return values
  }

  private mutating func reportUnknownAttribute(_ name: Identifier, _ specs: [AttributeSpec], of kind: String) {
    let accepted = specs.map(\.name)
    var diagnostic = Diagnostic(
      SemaCodes.unknownAttribute, name.range,
      "'\(kind)' has no attribute '\(name.name)'; it takes \(accepted.joined(separator: ", "))")
    // fill and color are easy to swap: shapes are filled, pencils and text
    // coloured. A misspelling of the other word points to the right one.
    let swaps = ["color": "fill", "fill": "color"].filter { accepted.contains($0.value) }
    let guess = Suggestions.closest(to: name.name, among: accepted + swaps.keys.sorted())
    if let suggestion = guess.map({ swaps[$0] ?? $0 }) {
      diagnostic = diagnostic.withFix("did you mean '\(suggestion)'?", replacing: name.range, with: suggestion)
    }
    diagnostics.append(diagnostic)
  }

  private mutating func wrongKind(_ expression: Expr, expected: String, for attribute: String) {
    if case .invalid = expression { return }
    if case .hexColor(nil, _) = expression { return }
    diagnostics.append(
      Diagnostic(
        SemaCodes.wrongValueKind, expression.range,
        "expected \(expected) for '\(attribute)', found \(describe(expression))"))
  }

  func describe(_ expression: Expr) -> String {
    switch expression {
    case .number, .binary, .negate: "a number"
    case .size, .pair(_, _, .size, _): "a size"
    case .point, .pair(_, _, .point, _): "a position"
    case .string: "a string"
    case .hexColor, .dotName, .call, .member: "a colour"
    case .name(let identifier): "the name '\(identifier.name)'"
    case .invalid: "an invalid value"
    }
  }

  mutating func resolve(_ written: Expr, as kind: ValueKind, for attribute: String) -> Value? {
    guard written.isArithmetic else { return resolveFolded(written, as: kind, for: attribute) }
    let folded = fold(written)
    if case .invalid = folded { return nil }
    return resolveFolded(folded, as: kind, for: attribute)
  }

  private mutating func resolveFolded(_ expression: Expr, as kind: ValueKind, for attribute: String) -> Value? {
    switch kind {
    case .color:
      return resolveColor(expression, for: attribute).map(Value.color)
    case .number(let minimum, let maximum, let positive):
      guard case .number(let number, let range) = expression else {
        wrongKind(expression, expected: "a number", for: attribute)
        return nil
      }
      return checkRange(number, range, minimum: minimum, maximum: maximum, positive: positive, what: "'\(attribute)'")
        .map(Value.number)
    case .gradient:
      return resolveGradient(expression, for: attribute)
    case .point:
      guard case .point(let x, let y, _) = expression else {
        wrongKind(expression, expected: "a position X,Y", for: attribute)
        return nil
      }
      return .point(Point(x, y))
    case .size:
      guard case .size(let width, let height, let range) = expression else {
        wrongKind(expression, expected: "a size WxH", for: attribute)
        return nil
      }
      guard width > 0, height > 0 else {
        diagnostics.append(
          Diagnostic(
            SemaCodes.valueOutOfRange, range, "a size must be positive in both directions, found \(width)x\(height)"))
        return nil
      }
      return .size(Point(width, height))
    case .keyword(let words):
      guard case .name(let identifier) = expression else {
        wrongKind(expression, expected: "one of \(words.joined(separator: ", "))", for: attribute)
        return nil
      }
      guard words.contains(identifier.name) else {
        reportUnknownWord(identifier, among: words, code: SemaCodes.unknownKeyword, what: "value for '\(attribute)'")
        return nil
      }
      return .keyword(identifier.name)
    case .font:
      switch expression {
      case .number(let size, let range):
        return checkRange(size, range, minimum: 0, maximum: nil, positive: true, what: "the font size")
          .map { .font(size: $0, bold: false) }
      case .name(let identifier):
        guard let style = ElementKinds.fontStyles.first(where: { $0.name == identifier.name }) else {
          reportUnknownWord(
            identifier, among: ElementKinds.fontStyles.map(\.name), code: SemaCodes.unknownFont, what: "text style")
          return nil
        }
        return .font(size: style.size, bold: style.bold)
      default:
        wrongKind(expression, expected: "a text style or a point size", for: attribute)
        return nil
      }
    }
  }

  mutating func checkRange(
    _ value: Double, _ range: SourceRange, minimum: Double?, maximum: Double?, positive: Bool, what: String
  ) -> Double? {
    let tooLow = minimum.map { positive ? value <= $0 : value < $0 } ?? false
    let tooHigh = maximum.map { value > $0 } ?? false
    guard tooLow || tooHigh else { return value }
    let bounds: String
    switch (minimum, maximum) {
    case (let low?, let high?): bounds = "between \(formatNumber(low)) and \(formatNumber(high))"
    case (let low?, nil): bounds = positive ? "greater than \(formatNumber(low))" : "at least \(formatNumber(low))"
    case (nil, let high?): bounds = "at most \(formatNumber(high))"
    case (nil, nil): bounds = "finite"
    }
    diagnostics.append(
      Diagnostic(SemaCodes.valueOutOfRange, range, "\(what) must be \(bounds), found \(formatNumber(value))"))
    return nil
  }

  private mutating func resolveGradient(_ expression: Expr, for attribute: String) -> Value? {
    guard case .name(let identifier) = expression else {
      wrongKind(expression, expected: "a gradient name", for: attribute)
      return nil
    }
    // Only what is new: an insert would copy the set CheckSession shares.
    if !usedGradients.contains(identifier.name) { usedGradients.insert(identifier.name) }
    if let gradient = gradients[identifier.name] { return .gradient(gradient) }
    if gradientStatements[identifier.name] != nil { return nil }  // broken; already reported
    unresolvedNames += 1
    if deferringUnresolved { return nil }
    var diagnostic = Diagnostic(SemaCodes.unknownGradient, identifier.range, "unknown gradient '\(identifier.name)'")
    guard diagnostics.accepts(.error) else {
      diagnostics.append(diagnostic)
      return nil
    }
    if let suggestion = Suggestions.closest(to: identifier.name, among: Array(gradientStatements.keys)) {
      // The typo is the problem; the gradient meant is not also "unused".
      usedGradients.insert(suggestion)
      diagnostic = diagnostic.withFix("did you mean '\(suggestion)'?", replacing: identifier.range, with: suggestion)
    } else if gradientStatements.isEmpty {
      diagnostic = diagnostic.withNote(
        "define it with 'gradient \(identifier.name) hsb leading to trailing { stop … }'")
    }
    diagnostics.append(diagnostic)
    return nil
  }

  /// `aliases` maps words users reach for first to the one meant, ahead
  /// of edit distance.
  mutating func reportUnknownWord(
    _ word: Identifier, among words: [String], code: DiagnosticCode, what: String, aliases: [String: String] = [:]
  ) {
    var diagnostic = Diagnostic(
      code, word.range, "unknown \(what) '\(word.name)'; expected one of \(words.joined(separator: ", "))")
    if let suggestion = aliases[word.name] ?? Suggestions.closest(to: word.name, among: words) {
      diagnostic = diagnostic.withFix("did you mean '\(suggestion)'?", replacing: word.range, with: suggestion)
    }
    diagnostics.append(diagnostic)
  }
}
