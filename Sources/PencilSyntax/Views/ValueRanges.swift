/// A value's range and literal number, worked out from node ids alone (no
/// view is made on the way): `Expr.range` and the pair test of `Expr.form`
/// ask these for every value the checker evaluates.
extension SharedSyntaxTree {
  /// The range the checker gives the value at `id`: a member's, an
  /// index's, a binary's and a pair's start where their first part's
  /// does (so `(a).b` starts at `a`), parentheses seen through.
  func valueRange(_ id: UInt32) -> SourceRange {
    SourceRange(valueStart(id), valueEnd(id))
  }

  private func valueStart(_ id: UInt32) -> Int {
    var id = id
    while true {
      switch kind(id) {
      case .parenthesized:
        guard let inner = firstChild(id) else { return range(id).start }
        id = inner
      case .member:
        guard let base = firstChild(id), Int(node(base).endToken) + 1 < Int(node(id).endToken) else {
          return range(id).start
        }
        id = base
      case .index, .pair:
        guard let first = twoExpressions(id)?.0 else { return range(id).start }
        id = first
      case .binary:
        guard let first = twoExpressions(id)?.0, hasBinaryOperator(id) else { return range(id).start }
        id = first
      default:
        return range(id).start
      }
    }
  }

  private func valueEnd(_ id: UInt32) -> Int {
    var id = id
    while true {
      switch kind(id) {
      case .parenthesized:
        guard let inner = firstChild(id) else { return range(id).end }
        id = inner
      case .member:
        guard let base = firstChild(id), Int(node(base).endToken) + 1 < Int(node(id).endToken) else {
          return range(id).end
        }
        return end(id)
      case .index:
        return twoExpressions(id) != nil ? end(id) : range(id).end
      case .pair:
        guard let second = twoExpressions(id)?.1 else { return range(id).end }
        id = second
      case .binary:
        guard let second = twoExpressions(id)?.1, hasBinaryOperator(id) else { return range(id).end }
        id = second
      case .prefix:
        guard let operand = firstChild(id) else { return range(id).end }
        id = operand
      default:
        return range(id).end
      }
    }
  }

  /// The node's expression children when there are exactly two.
  func twoExpressions(_ id: UInt32) -> (UInt32, UInt32)? {
    var first: UInt32? = nil
    var second: UInt32? = nil
    for slot in childSlots(id) where kind(childIDs[slot]).isExpression {
      if first == nil {
        first = childIDs[slot]
      } else if second == nil {
        second = childIDs[slot]
      } else {
        return nil
      }
    }
    guard let first, let second else { return nil }
    return (first, second)
  }

  /// Whether a binary node has its operator token.
  func hasBinaryOperator(_ id: UInt32) -> Bool { binaryOperator(id) != nil }

  /// A binary node's operator: its first own operator token, which is
  /// the token right after its left operand (looked for among all its own
  /// tokens only when it is not).
  func binaryOperator(_ id: UInt32) -> BinaryOperator? {
    if let left = firstChild(id) {
      let next = Int(node(left).endToken)
      if next < Int(node(id).endToken), let op = Parser.binaryOperator(tree.tokens[next].kind) {
        let own = Int(node(id).firstToken) == Int(node(left).firstToken)
        if own { return op }
      }
    }
    var found: BinaryOperator? = nil
    tree.forEachOwnToken(SyntaxNodeID(Int(id))) { token in
      if found == nil { found = Parser.binaryOperator(tree.tokens[token].kind) }
    }
    return found
  }

  /// The number a value is written as, if it is one: a number literal,
  /// negated (`-3`) or in parentheses.
  func numberValue(_ id: UInt32) -> Double? {
    switch kind(id) {
    case .numberLiteral:
      return tree.literal(ofToken: Int(node(id).firstToken))?.first ?? 0
    case .parenthesized:
      return firstChild(id).flatMap(numberValue)
    case .prefix:
      guard tree.tokens[Int(node(id).firstToken)].kind != .not, let operand = firstChild(id) else { return nil }
      return numberValue(operand).map { -$0 }
    default:
      return nil
    }
  }
}
