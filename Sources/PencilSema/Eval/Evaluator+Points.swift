import PencilDiagnostics
import PencilGeometry
import PencilSyntax

/// Positions and sizes as values with arithmetic, as `CGPoint`/`CGSize`
/// users would write it with SwiftUI's helpers: `p + q`, `p - q`,
/// `p * k`, `k * p`, `p / k`, `-p`; `p.x`, `p.y`, `s.width`, `s.height`;
/// `(x, y)` is a position. An anchor is a position known after layout:
/// `b.top + (20, 0)` is the anchor moved by 20, resolved when `b` is placed.
extension Evaluator {
  /// `a op b` when either side is a position, size or anchor; `.none`
  /// when neither is (the caller's number arithmetic applies), `.some(nil)`
  /// after an error.
  mutating func vectorArithmetic(
    _ op: BinaryOperator, _ a: Computed, _ b: Computed, _ left: Expr, _ right: Expr, _ range: SourceRange
  ) -> Computed?? {
    switch op {
    case .add, .subtract, .multiply, .divide: break
    default: return .none
    }
    let vectorA = a.vectorKind
    let vectorB = b.vectorKind
    guard vectorA != nil || vectorB != nil else { return .none }
    // The side that is no position, size or anchor is a number.
    if vectorA == nil && !a.mayBeNumber || vectorB == nil && !b.mayBeNumber {
      let (value, side, vector) = vectorA == nil ? (a, left.range, b) : (b, right.range, a)
      report(
        SemaCodes.wrongValueKind, side,
        "the other side of '\(op.rawValue)' with \(vector.description) is \(VectorKind.partners(op)), found \(value.description)"
      )
      return .some(nil)
    }
    let kindA = vectorA ?? .number
    let kindB = vectorB ?? .number
    // Decided once, not per coordinate (`==` on an operator from another
    // module goes through a protocol witness).
    let adds: Bool
    let divides: Bool
    switch op {
    case .add: (adds, divides) = (true, false)
    case .divide: (adds, divides) = (false, true)
    default: (adds, divides) = (false, false)
    }
    switch (op, kindA, kindB) {
    case (.add, .point, .point), (.subtract, .point, .point), (.add, .size, .size), (.subtract, .size, .size):
      return .some(combine(a, b, kindA, range) { adds ? $0 + $1 : $0 - $1 })
    case (.add, .anchor, .point), (.subtract, .anchor, .point), (.add, .point, .anchor):
      guard case .anchor(let anchor) = kindA == .anchor ? a : b else { return .some(.unknown) }
      guard case .point(let offset) = kindA == .anchor ? b : a else { return .some(.unknown) }
      let sign = adds ? 1.0 : -1.0
      return .some(.anchor(anchor.moved(by: Point(sign * offset.x, sign * offset.y))))
    case (.multiply, .point, .number), (.multiply, .size, .number), (.divide, .point, .number),
      (.divide, .size, .number), (.multiply, .number, .point), (.multiply, .number, .size):
      let (vector, number, numberSide) = kindA == .number ? (b, a, left) : (a, b, right)
      guard case .number(let k) = number else { return .some(vector.isUnknown ? vector : vector.typedAlike) }
      if divides, k == 0 {
        report(SemaCodes.divisionByZero, numberSide.range, "division by zero: the right side of '/' is 0")
        return .some(nil)
      }
      return .some(
        combine(vector, vector, kindA == .number ? kindB : kindA, range) { x, _ in divides ? x / k : x * k })
    default:
      let message =
        kindA == .anchor || kindB == .anchor
        ? "an anchor is a position known after layout: add or subtract a position to move it, as in 'b.top + (0, 8)'; found \(a.description) \(op.rawValue) \(b.description)"
        : "'\(op.rawValue)' takes \(VectorKind.partners(op)) here, found \(a.description) and \(b.description)"
      report(SemaCodes.wrongValueKind, range, message)
      return .some(nil)
    }
  }

  /// Applies `f` to each coordinate of two vectors of one kind (each
  /// within ±1e9, E0208), or gives what is known of them.
  private mutating func combine(
    _ a: Computed, _ b: Computed, _ kind: VectorKind, _ range: SourceRange, _ f: (Double, Double) -> Double
  ) -> Computed? {
    guard let p = a.vector, let q = b.vector else { return kind == .size ? .typed(.size) : .typed(.point) }
    guard case .number(let x)? = checked(f(p.x, q.x), range), case .number(let y)? = checked(f(p.y, q.y), range) else {
      return nil
    }
    return kind == .size ? .size(Point(x, y)) : .point(Point(x, y))
  }

  /// `p.x`, `p.y`, `s.width`, `s.height`; `.none` for any other member.
  mutating func vectorMember(_ value: Computed, _ member: Identifier, _ arguments: [Expr]?) -> Computed?? {
    guard arguments == nil else { return .none }
    switch (value, member.name) {
    case (.point(let p), "x"), (.size(let p), "width"): return .some(.number(p.x))
    case (.point(let p), "y"), (.size(let p), "height"): return .some(.number(p.y))
    case (.point, _), (.size, _):
      let names = value.vectorKind == .size ? ("width", "height") : ("x", "y")
      var diagnostic = Diagnostic(
        SemaCodes.wrongValueKind, member.range,
        "\(value.description) has .\(names.0) and .\(names.1), not '.\(member.name)'")
      // A size's `.x` is its width, a position's `.width` its x.
      let counterpart = ["x": "width", "y": "height", "width": "x", "height": "y"][member.name]
      if let suggestion = [names.0, names.1].first(where: { $0 == counterpart })
        ?? Suggestions.closest(to: member.name, among: [names.0, names.1])
      {
        diagnostic = diagnostic.withFix("did you mean '\(suggestion)'?", replacing: member.range, with: suggestion)
      }
      diagnostics.append(diagnostic)
      return .some(nil)
    default: return .none
    }
  }
}

/// What arithmetic with positions sees of a value.
enum VectorKind {
  case point, size, anchor, number

  /// For messages: what goes with a position or size under `op`.
  static func partners(_ op: BinaryOperator) -> String {
    switch op {
    case .add, .subtract: "a value of the same kind (a position with a position, a size with a size)"
    default: "a number"
    }
  }
}

extension Computed {
  var vectorKind: VectorKind? {
    switch self {
    case .point, .typed(.point): .point
    case .size, .typed(.size): .size
    case .anchor: .anchor
    default: nil
    }
  }

  /// The coordinates of a known position or size.
  var vector: Point? {
    switch self {
    case .point(let p), .size(let p): p
    default: nil
    }
  }
}

extension ElementAnchor {
  /// The anchor moved by `offset`, as `NAME.ANCHOR + (dx, dy)`.
  func moved(by offset: Point) -> ElementAnchor {
    var moved = self
    moved.offset = Point(offset.x + self.offset.x, offset.y + self.offset.y)
    return moved
  }
}
