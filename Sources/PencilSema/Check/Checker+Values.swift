import PencilDiagnostics
import PencilGeometry
import PencilSyntax

extension Checker {
  mutating func checkAttributes(_ attributes: [Attribute], _ specs: [AttributeSpec], of kind: String)
    -> AttributeValues
  {
    var values = AttributeValues(capacity: attributes.count)
    for index in attributes.indices {
      let key = attributes[index].name.key
      // By index: a spec carries the reference's words too, and a copy of
      // the whole of it for each attribute costs more than the check.
      guard let specIndex = specs.firstIndex(where: { $0.key == key }) else {
        reportUnknownAttribute(attributes[index], among: attributes, specs, of: kind)
        evaluator.markNamesRead(in: attributes[index].value)
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
        evaluator.diagnostics.append(
          Diagnostic(SemaCodes.repeatedAttribute, attribute.range, "'\(name)' is given twice")
            .withNote("first given here", at: first)
            .withFix("remove the repeated '\(name)'", replacing: removalRange(attribute.range), with: ""))
        evaluator.markNamesRead(in: attribute.value)
        continue
      }
      if let value = resolve(attributes[index].value, as: specs[specIndex].kind, for: name) {
        values.add(key, value)
        if specs[specIndex].isModifier { values.hasModifiers = true }
      }
    }
    return values
  }

  mutating func wrongKind(_ value: Computed, _ expression: Expr, expected: String, for attribute: String) {
    evaluator.report(
      SemaCodes.wrongValueKind, evaluator.valueRange(expression),
      "expected \(expected) for '\(attribute)', found \(value.description)")
  }

  /// The checked value of an attribute, or nil (reported, or not known
  /// while a component's body is checked on its own).
  mutating func resolve(_ expression: Expr, as kind: ValueKind, for attribute: String) -> Value? {
    if case .conditional(let condition, let whenTrue, let whenFalse, _) = expression, kind.readsWords,
      whenTrue.isBareName || whenFalse.isBareName
    {
      return resolvePicked(condition, whenTrue, whenFalse, as: kind, for: attribute)
    }
    switch kind {
    case .keyword(let words):
      guard case .name(let identifier) = expression, evaluator.binding(identifier.key) == nil else { break }
      guard words.contains(identifier.name) else {
        reportUnknownWord(
          identifier, among: words, code: SemaCodes.unknownKeyword, what: "value for '\(attribute)'",
          aliases: ElementKinds.directionAliases.filter { words.contains($0.value) })
        return nil
      }
      return .keyword(identifier.name)
    case .font:
      if reportStyleWithWeight(expression) { return nil }
      if case .dotName(let identifier, _) = expression, SystemColors.entry(named: identifier.name) == nil,
        !ElementKinds.fontStyles.contains(where: { $0.name == identifier.name })
      {
        // `.heading`: a text style misspelt, not a colour.
        reportUnknownWord(
          identifier, among: ElementKinds.fontStyles.map(\.name), code: SemaCodes.unknownFont, what: "text style")
        return nil
      }
      guard case .name(let identifier) = expression, evaluator.binding(identifier.key) == nil else { break }
      guard let style = ElementKinds.fontStyles.first(where: { $0.name == identifier.name }) else {
        reportUnknownWord(
          identifier, among: ElementKinds.fontStyles.map(\.name), code: SemaCodes.unknownFont, what: "text style")
        return nil
      }
      return .font(size: style.size, bold: style.bold)
    case .gradient:
      return resolveGradient(expression, for: attribute)
    case .unitPoint:
      // A name bound to nothing is a unit point's name, as in a linear
      // gradient's directions; anything else must evaluate to a point.
      guard case .name(let identifier) = expression, evaluator.binding(identifier.key) == nil else { break }
      if let match = ElementKinds.directions.first(where: { $0.name == identifier.name }) { return .point(match.point) }
      reportUnknownWord(
        identifier, among: ElementKinds.directions.map(\.name), code: SemaCodes.unknownDirection,
        what: "unit point for '\(attribute)'", aliases: Checker.directionAliases)
      return nil
    case .paint:
      if case .name(let identifier) = expression, evaluator.binding(identifier.key) == nil,
        evaluator.definitions.gradientStatements[identifier.key] != nil
      {
        return resolveGradient(expression, for: attribute)
      }
      return resolve(expression, as: .color, for: attribute)
    case .scale:
      return resolveScale(expression, for: attribute)
    case .clipShape:
      return resolveClipShape(expression, for: attribute)
    case .length:
      if case .name(let identifier) = expression, identifier.name == "fill", evaluator.binding(identifier.key) == nil {
        return .keyword("fill")
      }
      return resolve(expression, as: .number(minimum: 0, maximum: nil, positive: true), for: attribute)
    default:
      break
    }
    guard let value = evaluator.evaluate(expression, expecting: kind) else { return nil }
    if case .typed(let type) = value {
      // Checking a component alone: the type is all there is to check.
      if !Checker.fits(type, kind) { wrongKind(value, expression, expected: Checker.describe(kind), for: attribute) }
      return nil
    }
    if case .unknown = value { return nil }
    return convert(value, expression, to: kind, for: attribute)
  }

  /// A computed value as `kind` wants it, or nil after reporting why not.
  mutating func convert(_ value: Computed, _ expression: Expr, to kind: ValueKind, for attribute: String) -> Value? {
    // Worked out only for a message: in the prelude it means a lookup.
    var range: SourceRange { evaluator.valueRange(expression) }
    switch (kind, value) {
    case (.color, .color(let color)): return .color(color)
    case (.number(let minimum, let maximum, let positive), .number(let number)):
      return evaluator.checkRange(
        number, range, minimum: minimum, maximum: maximum, positive: positive, what: "'\(attribute)'"
      )
      .map(Value.number)
    case (.point, .point(let point)), (.unitPoint, .point(let point)): return .point(point)
    case (.point, .anchor(let anchor)):
      guard attribute == "at" || attribute == "from" || attribute == "to" else {
        evaluator.reportAnchorNotAllowed(range, in: "'\(attribute)'")
        return nil
      }
      if anchor.isOutline, attribute == "at" || anchor.element.isConnector {
        reportOutlineNotAllowed(anchor, in: attribute)
        return nil
      }
      return .anchor(anchor)
    case (.size, .size(let size)):
      guard size.x > 0, size.y > 0 else {
        evaluator.report(
          SemaCodes.valueOutOfRange, range,
          "a size must be positive in both directions, found \(formatNumber(size.x))x\(formatNumber(size.y))")
        return nil
      }
      return .size(size)
    case (.font, .font(let size, let bold)): return .font(size: size, bold: bold)
    case (.font, .number(let size)):
      return evaluator.checkRange(size, range, minimum: 0, maximum: nil, positive: true, what: "the font size")
        .map { .font(size: $0, bold: false) }
    case (.keyword(let words), .string(let word)) where words.contains(word): return .keyword(word)
    case (.bool, .bool(let flag)): return .bool(flag)
    case (.string, .string(let text)): return .string(text)
    case (.list(let item), .list(let items)):
      for element in items where !Checker.fits(element, item) {
        evaluator.report(
          SemaCodes.wrongValueKind, range,
          "expected a list of \(Checker.describe(item)) for '\(attribute)', found a list with \(element.description)")
        return nil
      }
      return .list(items)
    case (.color, .none):
      // SVG's fill="none": in pencil, no paint is the clear colour.
      evaluator.diagnostics.append(
        Diagnostic(
          SemaCodes.wrongValueKind, range,
          "expected a colour for '\(attribute)', found none; for no paint write .clear"
        ).withFix("write .clear", replacing: range, with: ".clear"))
      return nil
    case (.list, .range(let lower, let upper)) where upper - lower <= 10_000:
      return .list((lower..<upper).map { .number(Double($0)) })
    default:
      wrongKind(value, expression, expected: Checker.describe(kind), for: attribute)
      return nil
    }
  }

  /// Whether a value of a declared type can be what `kind` wants.
  static func fits(_ type: DeclaredType, _ kind: ValueKind) -> Bool {
    switch (type, kind) {
    case (.optional(let wrapped), _): fits(wrapped, kind)
    case (.number, .number), (.number, .font), (.color, .color), (.string, .string), (.string, .keyword),
      (.bool, .bool), (.point, .point), (.point, .unitPoint), (.size, .size), (.gradient, .gradient), (.color, .paint),
      (.gradient, .paint), (.number, .length), (.font, .font):
      true
    case (.list(let item), .list(let wanted)): fits(item, wanted)
    default: false
    }
  }

  /// Whether a list item is of the kind a typed list wants.
  static func fits(_ value: Computed, _ kind: ValueKind) -> Bool {
    switch (kind, value) {
    case (.color, .color), (.number, .number), (.point, .point), (.unitPoint, .point), (.size, .size), (.bool, .bool),
      (.string, .string), (.gradient, .gradient), (.font, .font), (.font, .number), (_, .unknown), (_, .typed):
      true
    case (.list(let item), .list(let items)): items.allSatisfy { fits($0, item) }
    default: false
    }
  }

  static func describe(_ kind: ValueKind) -> String {
    switch kind {
    case .color: "a colour"
    case .number: "a number"
    case .point: "a position X,Y"
    case .unitPoint: "a unit point X,Y or a name such as center or topLeading"
    case .size: "a size WxH"
    case .gradient: "a gradient name"
    case .keyword(let words): "one of \(words.joined(separator: ", "))"
    case .font: "a text style or a point size"
    case .bool: "a Bool (true or false)"
    case .string: "a string"
    case .list(let item): "a list of \(describe(item))"
    case .paint: "a colour or a gradient name"
    case .length: "a length or 'fill'"
    case .scale: "a factor or two factors X,Y"
    case .clipShape: "a shape's name"
    }
  }

  private mutating func resolveGradient(_ expression: Expr, for attribute: String) -> Value? {
    guard case .name(let identifier) = expression, evaluator.binding(identifier.key) == nil else {
      guard let value = evaluator.evaluate(expression, expecting: .gradient) else { return nil }
      switch value {
      case .gradient(let gradient): return .gradient(gradient)
      case .none: return Value.none
      case .unknown: return nil
      case .typed(let type):
        if !Checker.fits(type, .gradient) { wrongKind(value, expression, expected: "a gradient name", for: attribute) }
        return nil
      default:
        wrongKind(value, expression, expected: "a gradient name", for: attribute)
        return nil
      }
    }
    if identifier.name == "none" { return Value.none }
    return evaluator.gradientNamed(identifier).map(Value.gradient)
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
    evaluator.diagnostics.append(diagnostic)
  }
}

extension Evaluator {
  /// The gradient a name names; reported (with a suggestion) and nil when
  /// there is none.
  mutating func gradientNamed(_ identifier: Identifier) -> GradientModel? {
    // Only what is new: an insert would copy the set CheckSession shares.
    if !definitions.usedGradients.contains(identifier.key) { definitions.usedGradients.insert(identifier.key) }
    if let statement = definitions.gradientStatements[identifier.key] {
      recordUse(
        identifier, declaredAt: statement.name.range, in: definitions.origin(of: .gradient, identifier.key),
        as: .gradient)
    }
    if let gradient = definitions.gradients[identifier.key] { return gradient }
    if definitions.gradientStatements[identifier.key] != nil { return nil }  // broken; already reported
    guard reportsUnresolvedName() else { return nil }
    var diagnostic = Diagnostic(SemaCodes.unknownGradient, identifier.range, "unknown gradient '\(identifier.name)'")
    guard diagnostics.wouldKeep(SemaCodes.unknownGradient, at: identifier.range) else {
      diagnostics.append(diagnostic)
      return nil
    }
    if let suggestion = Suggestions.closest(to: identifier.name, among: definitions.gradientStatements.keys.map(\.text))
    {
      // The typo is the problem; the gradient meant is not also "unused".
      definitions.usedGradients.insert(Name(suggestion))
      diagnostic = diagnostic.withFix("did you mean '\(suggestion)'?", replacing: identifier.range, with: suggestion)
    } else if definitions.gradientStatements.isEmpty {
      diagnostic = diagnostic.withNote(
        "define it with 'gradient \(identifier.name) hsb leading to trailing { stop … }'")
    }
    diagnostics.append(diagnostic)
    return nil
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

  /// The range to report a value's problem at: the expression's, or in
  /// the prelude, where a parameter's value came from at the call site.
  func valueRange(_ expression: Expr) -> SourceRange {
    if scope.code.isPrelude, case .name(let identifier) = expression, let binding = binding(identifier.key) {
      return binding.origin
    }
    return expression.range
  }
}
