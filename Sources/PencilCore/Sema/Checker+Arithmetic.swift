/// Arithmetic on literals (`20 + 3 * 72`, `-(1 / 3)`, `at 10 + 5, 40`):
/// folded to a literal before a value is checked, so every position that
/// takes a number, a position or a size takes an expression. Evaluation is
/// in doubles, at compile time; a division by zero, a result that is not
/// finite and a result beyond the largest number are errors at the
/// expression's range.
extension Expr {
  /// Whether there is arithmetic to do before the value can be checked.
  var isArithmetic: Bool {
    switch self {
    case .binary, .negate, .pair: true
    default: false
    }
  }
}

extension Checker {
  /// The expression with its arithmetic done; `.invalid` (after a
  /// diagnostic) when it cannot be done. Other expressions are returned as
  /// they are.
  mutating func fold(_ expression: Expr) -> Expr {
    switch expression {
    case .binary(let op, let left, let right, let range):
      guard let a = foldNumber(left, operandOf: op.rawValue), let b = foldNumber(right, operandOf: op.rawValue)
      else { return .invalid(range) }
      let result: Double
      switch op {
      case .add: result = a + b
      case .subtract: result = a - b
      case .multiply: result = a * b
      case .divide, .remainder:
        guard b != 0 else {
          diagnostics.append(
            Diagnostic(
              SemaCodes.divisionByZero, right.range,
              "division by zero: the right side of '\(op.rawValue)' is 0"))
          return .invalid(range)
        }
        result = op == .divide ? a / b : a.truncatingRemainder(dividingBy: b)
      }
      return checkedResult(result, range)
    case .negate(let operand, let range):
      guard let value = foldNumber(operand, operandOf: "-") else { return .invalid(range) }
      return .number(-value, range)
    case .pair(let first, let second, let kind, let range):
      let what = kind == .point ? "position" : "size"
      let x = foldNumber(first, partOf: what)
      let y = foldNumber(second, partOf: what)
      guard let x, let y else { return .invalid(range) }
      return kind == .point ? .point(x: x, y: y, range) : .size(width: x, height: y, range)
    default:
      return expression
    }
  }

  /// A folded operand that must be a number; reported and nil otherwise.
  private mutating func foldNumber(_ expression: Expr, operandOf op: String) -> Double? {
    foldNumber(expression) { "the operands of '\(op)' are numbers, found \($0)" }
  }

  private mutating func foldNumber(_ expression: Expr, partOf what: String) -> Double? {
    foldNumber(expression) { "each part of a \(what) is a number, found \($0)" }
  }

  private mutating func foldNumber(_ expression: Expr, message: (String) -> String) -> Double? {
    let folded = fold(expression)
    switch folded {
    case .number(let value, _): return value
    case .invalid: return nil
    default:
      diagnostics.append(Diagnostic(SemaCodes.wrongValueKind, folded.range, message(describe(folded))))
      return nil
    }
  }

  private mutating func checkedResult(_ value: Double, _ range: SourceRange) -> Expr {
    guard value.isFinite, abs(value) <= Lexer.largestNumber else {
      diagnostics.append(
        Diagnostic(
          SemaCodes.valueOutOfRange, range,
          "the result \(value.isFinite ? formatNumber(value) : "\(value)") is out of range; numbers are at most 1000000000"
        ))
      return .invalid(range)
    }
    return .number(value, range)
  }
}
