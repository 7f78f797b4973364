/// A value's range, operands and operator worked out from node ids when
/// they are asked for: what a tree read about once uses (a top-level
/// element, a `let`), where working them out for every node beforehand
/// (NodeTable.swift) would cost more than it saves.
extension SharedSyntaxTree {
  /// `valueRange`, from the nodes.
  func scannedValueRange(_ id: UInt32) -> SourceRange {
    switch kind(id) {
    case .parenthesized, .member, .index, .pair, .binary, .prefix: SourceRange(valueStart(id), valueEnd(id))
    // Its own range, found once rather than once for each end.
    default: range(id)
    }
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
        guard let first = scannedTwoExpressions(id)?.0 else { return range(id).start }
        id = first
      case .binary:
        guard let first = scannedTwoExpressions(id)?.0, scannedBinaryOperator(id) != nil else {
          return range(id).start
        }
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
        return scannedTwoExpressions(id) != nil ? end(id) : range(id).end
      case .pair:
        guard let second = scannedTwoExpressions(id)?.1 else { return range(id).end }
        id = second
      case .binary:
        guard let second = scannedTwoExpressions(id)?.1, scannedBinaryOperator(id) != nil else {
          return range(id).end
        }
        id = second
      case .prefix:
        guard let operand = firstChild(id) else { return range(id).end }
        id = operand
      default:
        return range(id).end
      }
    }
  }

  /// `twoExpressions`, from the children.
  func scannedTwoExpressions(_ id: UInt32) -> (UInt32, UInt32)? {
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

  /// A binary node's operator: its first own operator token, which is
  /// the token right after its left operand (looked for among all its own
  /// tokens only when it is not).
  func scannedBinaryOperator(_ id: UInt32) -> BinaryOperator? {
    if let left = firstChild(id) {
      let next = Int(node(left).endToken)
      if next < Int(node(id).endToken), let op = Parser.binaryOperator(tree.tokens[next].kind),
        node(id).firstToken == node(left).firstToken
      {
        return op
      }
    }
    var found: BinaryOperator? = nil
    tree.forEachOwnToken(SyntaxNodeID(Int(id))) { token in
      if found == nil { found = Parser.binaryOperator(tree.tokens[token].kind) }
    }
    return found
  }
}
