import PencilDiagnostics
import PencilGeometry
import PencilSyntax

/// `CONDITION ? A : B`. Only the value the condition picks is evaluated
/// (`i > 0 ? v[i - 1] : 0` reads no item at `i == 0`); the other is
/// checked as a component's body is checked on its own: the names it
/// reads stand for values of their kinds (`Computed.typed`), so an unknown
/// name or a type error on either side is reported, and no value on the
/// side not taken is computed from the data.
extension Evaluator {
  mutating func evaluateConditional(
    _ condition: Expr, _ whenTrue: Expr, _ whenFalse: Expr, _ range: SourceRange, expecting kind: ValueKind?
  ) -> Computed? {
    guard let test = evaluate(condition) else { return nil }
    switch test {
    case .bool(let flag):
      let value = evaluate(flag ? whenTrue : whenFalse, expecting: kind)
      let other = checkUntaken(flag ? whenFalse : whenTrue, expecting: kind)
      guard let value, let other else { return nil }
      return agree(value, other, whenTrue, whenFalse, flag: flag) ? value : nil
    case .unknown, .typed(.bool):
      let first = evaluate(whenTrue, expecting: kind)
      let second = evaluate(whenFalse, expecting: kind)
      guard let first, let second else { return nil }
      guard agree(first, second, whenTrue, whenFalse, flag: true) else { return nil }
      return first.isUnknown ? first : first.typedAlike
    default:
      reportConditionNotBool(test, condition)
      return nil
    }
  }

  /// E0207 for a `?:` condition that is no Bool; a number gets `!= 0`.
  mutating func reportConditionNotBool(_ test: Computed, _ condition: Expr) {
    var diagnostic = Diagnostic(
      SemaCodes.wrongValueKind, condition.range,
      "the condition of '?:' is a Bool (true or false), found \(test.description)")
    if test.mayBeNumber {
      let end = SourceRange(condition.range.end, condition.range.end)
      diagnostic = diagnostic.withFix("compare it with zero: '… != 0'", replacing: end, with: " != 0")
    }
    diagnostics.append(diagnostic)
  }

  /// The side not taken, its names standing for values of their kinds.
  private mutating func checkUntaken(_ expression: Expr, expecting kind: ValueKind?) -> Computed? {
    untakenDepth += 1
    defer { untakenDepth -= 1 }
    return evaluate(expression, expecting: kind)
  }

  /// Whether the two sides are one kind of value; E0260 when not.
  /// `flag`: the condition's value (which side `taken` is).
  private mutating func agree(_ taken: Computed, _ other: Computed, _ whenTrue: Expr, _ whenFalse: Expr, flag: Bool)
    -> Bool
  {
    guard let a = taken.kindName, let b = other.kindName, a != b else { return true }
    let (trueValue, falseValue) = flag ? (taken, other) : (other, taken)
    diagnostics.append(
      Diagnostic(
        ExpressionCodes.conditionalKinds, SourceRange(whenTrue.range.start, whenFalse.range.end),
        "the two values of '?:' are \(trueValue.description) and \(falseValue.description); both sides need one kind"
      ))
    return false
  }
}

extension Computed {
  /// The value as the side of a `?:` not taken sees a name's value: of
  /// its kind, unknown (nil: nothing is known of its kind).
  var typedAlike: Computed {
    switch self {
    case .number: .typed(.number)
    case .bool: .typed(.bool)
    case .string: .typed(.string)
    case .color: .typed(.color)
    case .point: .typed(.point)
    case .size: .typed(.size)
    case .gradient: .typed(.gradient)
    case .font: .typed(.font)
    case .range: .typed(.list(.number))
    case .list(let items):
      if case .typed(let item)? = items.first?.typedAlike { .typed(.list(item)) } else { .unknown }
    case .anchor, .none, .unknown, .typed: self
    }
  }

  /// The kind two sides of a `?:` must share; nil for what goes with
  /// any (`none`, a value not known). A range is a list of numbers, an
  /// anchor a position.
  var kindName: String? {
    switch self {
    case .unknown, .none: nil
    case .range, .list, .typed(.list): "list"
    case .anchor, .point, .typed(.point): "point"
    case .typed(.optional): nil
    default: description
    }
  }
}
