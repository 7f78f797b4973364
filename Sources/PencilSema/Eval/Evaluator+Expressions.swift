import PencilDiagnostics
import PencilGeometry
import PencilSupport
import PencilSyntax

/// Expressions are evaluated when the file is compiled, in doubles. A
/// result is `nil` after an error was reported (callers add nothing more),
/// and `.unknown` while a component's body is checked on its own.
extension Evaluator {
  /// The value of `expression`; `expecting` says what the attribute wants,
  /// which decides what a bare name means (`shine` is a gradient where a
  /// gradient is wanted, `salmon` a colour).
  mutating func evaluate(_ expression: Expr, expecting kind: ValueKind? = nil) -> Computed? {
    namesRead.depth += 1
    let value = spendStep(at: expression.range) ? computeValue(expression, expecting: kind) : nil
    namesRead.depth -= 1
    if namesRead.depth == 0, value == nil || namesRead.skipped { markNamesRead(inAbandoned: expression) }
    return value
  }

  private mutating func computeValue(_ expression: Expr, expecting kind: ValueKind?) -> Computed? {
    switch expression {
    case .number(let value, _): return .number(value)
    case .size(let width, let height, _): return .size(Point(width, height))
    case .point(let x, let y, _): return .point(Point(x, y))
    case .string(let text, _): return .string(text)
    case .hexColor(let rgba, _): return rgba.map { .color(Color(rgba: $0)) }
    case .name(let identifier): return evaluateName(identifier, expecting: kind)
    case .dotName(let identifier, let range):
      if let entry = SystemColors.entry(named: identifier.name) { return .color(resolve(entry)) }
      // `.headline`: a text style as a value, SwiftUI's Font.
      if let style = ElementKinds.fontStyles.first(where: { $0.name == identifier.name }) {
        return .font(size: style.size, bold: style.bold)
      }
      reportUnknownColor(identifier, replacing: range, dotted: true)
      return nil
    case .call(let function, let arguments, let range):
      return callFunction(function, arguments, range)
    case .member(let base, let member, let arguments, let range):
      return evaluateMember(base, member, arguments, range)
    case .binary(let op, let left, let right, let range):
      return evaluateBinary(op, left, right, range)
    case .negate(let operand, _):
      guard let value = evaluate(operand, expecting: .number(minimum: nil, maximum: nil)) else { return nil }
      switch value {
      case .number(let x): return .number(-x)
      case .point(let p): return .point(Point(-p.x, -p.y))
      case .unknown, .typed(.number), .typed(.point): return value.isUnknown ? value : .unknown
      default:
        report(
          SemaCodes.wrongValueKind, operand.range,
          "the operand of '-' is a number or a position, found \(value.description)")
        return nil
      }
    case .not(let operand, _):
      guard let value = evaluate(operand) else { return nil }
      switch value {
      case .bool(let flag): return .bool(!flag)
      case .unknown, .typed(.bool): return .unknown
      default:
        report(SemaCodes.wrongValueKind, operand.range, "the operand of '!' is a Bool, found \(value.description)")
        return nil
      }
    case .pair(let first, let second, let kind, _):
      let what = kind == .point ? "position" : "size"
      let x = number(first, "each part of a \(what) is a number")
      let y = number(second, "each part of a \(what) is a number")
      guard let x, let y else { return nil }
      guard let xValue = x, let yValue = y else { return .unknown }
      return kind == .point ? .point(Point(xValue, yValue)) : .size(Point(xValue, yValue))
    case .list(let items, _):
      var values: [Computed] = []
      values.reserveCapacity(items.count)
      var failed = false
      for item in items {
        if let value = evaluate(item, expecting: kind.flatMap(\.listItem)) {
          values.append(value)
        } else {
          failed = true
        }
      }
      return failed ? nil : bounded(.list(values), builtAt: expression.range)
    case .index(let base, let index, let range):
      return evaluateIndex(base, index, range)
    case .interpolated(let parts, let range):
      return interpolate(parts, range)
    case .colorSet(let light, let dark, _):
      return evaluateColorSet(light: light, dark: dark)
    case .conditional(let condition, let whenTrue, let whenFalse, let range):
      return evaluateConditional(condition, whenTrue, whenFalse, range, expecting: kind)
    case .invalid:
      return nil
    }
  }

  /// A number, or nil after an error; `.some(nil)` when unknown.
  mutating func number(_ expression: Expr, _ message: @autoclosure () -> String) -> Double?? {
    guard let value = evaluate(expression, expecting: .number(minimum: nil, maximum: nil)) else { return nil }
    switch value {
    case .number(let number): return .some(number)
    case .unknown, .typed(.number): return .some(nil)
    default:
      report(SemaCodes.wrongValueKind, expression.range, "\(message()), found \(value.description)")
      return nil
    }
  }

  mutating func report(_ code: DiagnosticCode, _ range: SourceRange, _ message: String) {
    diagnostics.append(Diagnostic(code, range, message))
  }

  private mutating func evaluateName(_ identifier: Identifier, expecting kind: ValueKind?) -> Computed? {
    if let binding = binding(identifier.key) {
      markUsed(binding)
      recordUse(identifier, of: binding)
      if binding.pending {
        unresolved.count += 1
        return nil
      }
      return untakenDepth > 0 ? binding.value.typedAlike : binding.value
    }
    switch identifier.name {
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "pi": return .number(Double.pi)
    case "none": return Computed.none
    default: break
    }
    if kind == .gradient { return gradientNamed(identifier).map(Computed.gradient) }
    if kind == nil, definitions.gradientStatements[identifier.key] != nil {
      return gradientNamed(identifier).map(Computed.gradient)
    }
    if let rgba = CSSColors.rgba(named: identifier.name) { return .color(Color(rgba: rgba)) }
    if kind == .color {
      reportUnknownColor(identifier, replacing: identifier.range, dotted: false)
      return nil
    }
    // An element's name where a point goes: its outline, for a connector's end.
    if kind == .point, let element = scope.elementNames[identifier.key] {
      recordUse(identifier, declaredAt: element.declaration, in: currentFile, as: .element)
      return .anchor(ElementAnchor.outline(of: element, range: identifier.range))
    }
    reportUnknownName(identifier)
    return nil
  }

  private mutating func reportUnknownName(_ identifier: Identifier) {
    guard reportsUnresolvedName() else { return }
    var diagnostic = Diagnostic(SemaCodes.unknownName, identifier.range, "unknown name '\(identifier.name)'")
    // Past the error limit the diagnostic is dropped: spend nothing on it.
    guard diagnostics.wouldKeep(SemaCodes.unknownName, at: identifier.range) else {
      return diagnostics.append(diagnostic)
    }
    let visible =
      scope.locals.bindings.map(\.name.text) + fileLets[..<min(fileLets.count, scope.visibleFileLets)].map(\.name.text)
      + ["true", "false", "pi", "none"]
    if let later = fileLets[min(fileLets.count, scope.visibleFileLets)...].first(where: { $0.name == identifier.key }) {
      diagnostic.message += "; a 'let' is visible only after its statement"
      diagnostic = diagnostic.withNote("'\(identifier.name)' is defined here", at: later.declaration)
    } else if let suggestion = Suggestions.closest(to: identifier.name, among: visible + CSSColors.names) {
      diagnostic = diagnostic.withFix("did you mean '\(suggestion)'?", replacing: identifier.range, with: suggestion)
    }
    diagnostics.append(diagnostic)
  }

  private mutating func evaluateBinary(_ op: BinaryOperator, _ left: Expr, _ right: Expr, _ range: SourceRange)
    -> Computed?
  {
    switch op {
    case .and, .or:
      guard let a = boolOperand(left, op) else { return nil }
      // Short-circuit as Swift does: the right side may rely on the left.
      if case .bool(let flag) = a, flag == (op == .or) {
        namesRead.skipped = true
        return a
      }
      guard let b = boolOperand(right, op) else { return nil }
      if a.isUnknown { return .unknown }
      return b
    case .equal, .notEqual:
      guard let a = evaluate(left), let b = evaluate(right) else { return nil }
      if a.isUnknown || b.isUnknown { return .unknown }
      if case .anchor = a { return anchorInExpression(left) }
      if case .anchor = b { return anchorInExpression(right) }
      guard a.description == b.description else {
        report(
          SemaCodes.wrongValueKind, range,
          "'\(op.rawValue)' compares values of one kind, found \(a.description) and \(b.description)")
        return nil
      }
      // Compared in light; a comparison of an adaptive colour may come out
      // otherwise in dark.
      guard let equal = compareValues(a, b, at: range) else { return nil }
      imports.palette?.use(adaptive: a.holdsAdaptiveColor || b.holdsAdaptiveColor)
      return .bool(equal == (op == .equal))
    case .add:
      guard let a = evaluate(left), let b = evaluate(right) else { return nil }
      if case .string(let x) = a, case .string(let y) = b {
        // Measured before it is made: the text past the limit never is.
        guard withinSize(x.utf8.count + y.utf8.count, at: range) else { return nil }
        return bounded(.string(x + y), builtAt: range)
      }
      if case .list(let x) = a, case .list(let y) = b { return bounded(.list(x + y), builtAt: range) }
      return arithmetic(op, a, b, left, right, range)
    default:
      guard let a = evaluate(left), let b = evaluate(right) else { return nil }
      return arithmetic(op, a, b, left, right, range)
    }
  }

  private mutating func boolOperand(_ expression: Expr, _ op: BinaryOperator) -> Computed? {
    guard let value = evaluate(expression) else { return nil }
    switch value {
    case .bool, .unknown, .typed(.bool): return value
    default:
      report(
        SemaCodes.wrongValueKind, expression.range,
        "the operands of '\(op.rawValue)' are Bools (true or false), found \(value.description)")
      return nil
    }
  }

  private mutating func arithmetic(
    _ op: BinaryOperator, _ a: Computed, _ b: Computed, _ left: Expr, _ right: Expr, _ range: SourceRange
  ) -> Computed? {
    // Positions, sizes and anchors (Evaluator+Points); asked by their
    // kinds first, as nearly every operand is a number.
    if a.vectorKind != nil || b.vectorKind != nil, let result = vectorArithmetic(op, a, b, left, right, range) {
      return result
    }
    if !a.mayBeNumber || !b.mayBeNumber {
      let (value, side) = a.mayBeNumber ? (b, right.range) : (a, left.range)
      let wanted = op == .add ? "numbers (or both strings, or both lists)" : "numbers"
      report(
        SemaCodes.wrongValueKind, side, "the operands of '\(op.rawValue)' are \(wanted), found \(value.description)")
      return nil
    }
    guard case .number(let x) = a, case .number(let y) = b else { return .unknown }
    switch op {
    case .less: return .bool(x < y)
    case .greater: return .bool(x > y)
    case .lessEqual: return .bool(x <= y)
    case .greaterEqual: return .bool(x >= y)
    case .halfOpenRange, .closedRange:
      return makeRange(x, y, closed: op == .closedRange, left, right, range)
    case .add: return checked(x + y, range)
    case .subtract: return checked(x - y, range)
    case .multiply: return checked(x * y, range)
    default:
      guard y != 0 else {
        report(SemaCodes.divisionByZero, right.range, "division by zero: the right side of '\(op.rawValue)' is 0")
        return nil
      }
      // `if case`, not `==`: an operator from another module compares
      // through a protocol witness.
      if case .divide = op { return checked(x / y, range) }
      return checked(x.truncatingRemainder(dividingBy: y), range)
    }
  }

  /// A result that is finite and within the largest number, else E0208.
  mutating func checked(_ value: Double, _ range: SourceRange) -> Computed? {
    guard value.isFinite, abs(value) <= Lexer.largestNumber else {
      report(
        SemaCodes.valueOutOfRange, range,
        "the result \(value.isFinite ? formatNumber(value) : "\(value)") is out of range; numbers are at most 1000000000"
      )
      return nil
    }
    return .number(value)
  }

  private mutating func makeRange(
    _ lower: Double, _ upper: Double, closed: Bool, _ left: Expr, _ right: Expr, _ range: SourceRange
  ) -> Computed? {
    if lower != lower.rounded() || upper != upper.rounded() {
      let (value, side) = lower != lower.rounded() ? (lower, left.range) : (upper, right.range)
      report(SemaCodes.invalidRange, side, "the bounds of a range are whole numbers, found \(formatNumber(value))")
      return nil
    }
    // Whole and within ±1e9, as every computed number is: the clamp never
    // bites, it only keeps the conversion from trapping.
    let largest = Int(Lexer.largestNumber)
    let low = clampedInt(lower, -largest, largest)
    let high = clampedInt(upper, -largest, largest) + (closed ? 1 : 0)
    // As in Swift: 5..<5 is empty, 5..<4 and 5...4 are errors.
    guard upper >= lower else {
      report(
        SemaCodes.invalidRange, range,
        "the range \(formatNumber(lower))\(closed ? "..." : "..<")\(formatNumber(upper)) ends before it starts")
      return nil
    }
    return .range(lower: low, upper: high)
  }

  private mutating func evaluateIndex(_ base: Expr, _ index: Expr, _ range: SourceRange) -> Computed? {
    guard let list = evaluate(base) else { return nil }
    switch index {
    case .binary(.halfOpenRange, _, _, _), .binary(.closedRange, _, _, _):
      // A slice: `list[a..<b]`, `list[a...b]`.
      guard let bounds = evaluate(index) else { return nil }
      if list.isUnknown || bounds.isUnknown { return .unknown }
      guard list.count != nil else {
        report(SemaCodes.wrongValueKind, base.range, "only lists and ranges can be sliced, found \(list.description)")
        return nil
      }
      guard case .range(let lower, let upper) = bounds else { return nil }
      return slice(list, lower: lower, upper: upper, index, range)
    default:
      break
    }
    guard let position = number(index, "an index is a number") else { return nil }
    if list.isUnknown { return .unknown }
    guard let count = list.count else {
      report(SemaCodes.wrongValueKind, base.range, "only lists and ranges can be indexed, found \(list.description)")
      return nil
    }
    guard let position else { return .unknown }
    guard position == position.rounded(), position >= 0, position < Double(count) else {
      report(
        SemaCodes.indexOutOfRange, index.range,
        "index \(formatNumber(position)) is out of range; the list has \(count) item\(count == 1 ? "" : "s"), indexed 0 to \(count - 1)"
      )
      return nil
    }
    return list.item(clampedInt(position, 0, count - 1))
  }

  private mutating func interpolate(_ parts: [InterpolationPart], _ range: SourceRange) -> Computed? {
    var text = ""
    for part in parts {
      switch part {
      case .text(let piece): text += piece
      case .formatted(let expression, let options):
        guard let written = format(expression, options) else { return nil }
        guard case .string(let string) = written else { return .unknown }
        text += string
      case .expression(let expression):
        guard let value = evaluate(expression) else { return nil }
        switch value {
        case .number(let number): text += formatNumber(number)
        case .string(let string):
          // Measured before it is appended, as `+` does.
          guard withinSize(text.utf8.count + string.utf8.count, at: range) else { return nil }
          text += string
        case .bool(let flag): text += flag ? "true" : "false"
        case .color(let color):
          imports.palette?.use(adaptive: color.variant != 0)
          text += IRColor(color).hex
        case .unknown, .typed(.number), .typed(.string), .typed(.bool), .typed(.color): return .unknown
        default:
          report(
            SemaCodes.wrongValueKind, expression.range,
            "only numbers, strings, Bools and colours can be put in a string, found \(value.description)")
          return nil
        }
      }
    }
    return bounded(.string(text), builtAt: range)
  }
}

extension ValueKind {
  /// What the items of a list of this kind are.
  var listItem: ValueKind? {
    if case .list(let item) = self { return item }
    return nil
  }
}
