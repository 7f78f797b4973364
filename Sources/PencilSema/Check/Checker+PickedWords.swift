import PencilDiagnostics
import PencilSyntax

/// `?:` between the words an attribute takes, `alignment=on ? trailing :
/// leading`: a bare word means something only to the attribute (it is no
/// name an expression could evaluate), so each side is read as the
/// attribute reads it; the one the condition picks is the value, the other
/// is checked as the side of a `?:` not taken is.
extension Checker {
  mutating func resolvePicked(
    _ condition: Expr, _ whenTrue: Expr, _ whenFalse: Expr, as kind: ValueKind, for attribute: String
  ) -> Value? {
    guard let test = evaluator.evaluate(condition) else {
      evaluator.markNamesRead(in: whenTrue)
      evaluator.markNamesRead(in: whenFalse)
      return nil
    }
    switch test {
    case .bool(let flag):
      let value = resolve(flag ? whenTrue : whenFalse, as: kind, for: attribute)
      evaluator.untakenDepth += 1
      _ = resolve(flag ? whenFalse : whenTrue, as: kind, for: attribute)
      evaluator.untakenDepth -= 1
      return value
    case .unknown, .typed(.bool):
      _ = resolve(whenTrue, as: kind, for: attribute)
      _ = resolve(whenFalse, as: kind, for: attribute)
      return nil
    default:
      evaluator.reportConditionNotBool(test, condition)
      evaluator.markNamesRead(in: whenTrue)
      evaluator.markNamesRead(in: whenFalse)
      return nil
    }
  }
}

extension ValueKind {
  /// Whether a bare name is one of the attribute's words (a keyword, a
  /// unit point, a text style, a gradient, `fill`), not a value.
  var readsWords: Bool {
    switch self {
    case .keyword, .unitPoint, .font, .gradient, .paint, .clipShape, .length: true
    default: false
    }
  }
}

extension Expr {
  /// A name alone, or a `?:` of them (`a ? b : c ? d : e`).
  var isBareName: Bool {
    switch self {
    case .name: true
    case .conditional(_, let whenTrue, let whenFalse, _): whenTrue.isBareName || whenFalse.isBareName
    default: false
    }
  }
}
