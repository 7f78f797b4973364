/// The bridge from the tree to today's AST: the `Expr` the parser built for
/// a value node. Ranges are worked out as the parser works them out (a
/// member's range starts where its base's AST range starts, so `(a).b`
/// starts at `a`). Goes when the checker reads the typed views. A class:
/// its closures capture one reference, where a struct's would copy the
/// tree (a retain and a release of each of its arrays) each time.
package final class ASTBridge {
  package let tree: SyntaxTree

  package init(_ tree: consuming SyntaxTree) { self.tree = tree }

  func identifier(_ token: Int) -> Identifier {
    Identifier(key: tree.name(ofToken: token), range: tree.range(ofToken: token))
  }

  /// The expression children of `id`, in order.
  func expressions(in id: SyntaxNodeID) -> [Expr] {
    var found: [Expr] = []
    found.reserveCapacity(tree.childCount(id))
    tree.forEachChild(id) { child in
      if tree.kind(child).isExpression { found.append(expr(child)) }
    }
    return found
  }

  /// The two expression children of a node that has exactly two (a pair,
  /// an index, a binary node), or nil: the parts without an array made
  /// and dropped for them.
  func twoExpressions(in id: SyntaxNodeID) -> (SyntaxNodeID, SyntaxNodeID)? {
    // Backwards (postorder's order): the later part is met first.
    let parent = Int(id.index)
    let start = parent - Int(tree.nodes[parent].subtreeSize) + 1
    var count = 0
    var first = 0
    var second = 0
    var child = parent - 1
    while child >= start {
      if tree.nodes[child].kind.isExpression {
        count += 1
        second = first
        first = child
      }
      child -= Int(tree.nodes[child].subtreeSize)
    }
    return count == 2 ? (SyntaxNodeID(first), SyntaxNodeID(second)) : nil
  }

  /// The options of an interpolation's format, `decimals: 1`, in order.
  func formatOptions(of id: SyntaxNodeID) -> [FormatOption] {
    var options: [FormatOption] = []
    tree.forEachChild(id) { child in
      guard tree.kind(child) == .formatOption, let value = tree.firstChild(child) else { return }
      options.append(FormatOption(name: identifier(Int(tree[child].firstToken)), value: expr(value)))
    }
    return options
  }

  /// The items of the `argumentList` child of `id`; nil when it has none.
  func arguments(of id: SyntaxNodeID) -> [Expr]? {
    guard let list = tree.firstChild(id, .argumentList) else { return nil }
    return expressions(in: list)
  }

  /// The end of the node's last token.
  func end(_ id: SyntaxNodeID) -> Int {
    let last = Int(tree[id].endToken) - 1
    return last >= 0 ? Int(tree.tokens[last].end) : 0
  }

  func expr(_ id: SyntaxNodeID) -> Expr {
    let node = tree[id]
    let first = Int(node.firstToken)
    // Worked out where a case needs it: a name, a member and a pair
    // (most values) take their ranges from their tokens and parts.
    var range: SourceRange { tree.range(id) }
    switch node.kind {
    case .numberLiteral:
      return .number(tree.literal(ofToken: first)?.first ?? 0, range)
    case .sizeLiteral:
      let value = tree.literal(ofToken: first)
      return .size(width: value?.first ?? 0, height: value?.second ?? 0, range)
    case .stringLiteral:
      return .string(tree.literal(ofToken: first).map { tree.strings[Int($0.first)] } ?? "", range)
    case .interpolatedString:
      return Parser.interpolatedString(in: tree.bytes, at: range) ?? .invalid(range)
    case .hexColorLiteral:
      let value = tree.literal(ofToken: first)?.first ?? -1
      // The lexer stores a whole 32-bit value (or -1): the conversion is exact.
      return .hexColor(value < 0 ? nil : UInt32(value), range)
    case .name:
      return .name(identifier(first))
    case .dotName:
      // `.` and the name: the node's two tokens.
      guard first + 1 < Int(node.endToken) else { return .invalid(range) }
      return .dotName(identifier(first + 1), range)
    case .call:
      return .call(identifier(first), arguments(of: id) ?? [], range)
    case .member:
      // The base, then `.` and the name right after it.
      guard let base = tree.firstChild(id), Int(tree[base].endToken) + 1 < Int(node.endToken) else {
        return .invalid(range)
      }
      let name = Int(tree[base].endToken) + 1
      let value = expr(base)
      return .member(
        value, identifier(name), arguments: arguments(of: id), SourceRange(value.range.start, end(id)))
    case .index:
      guard let (list, index) = twoExpressions(in: id) else { return .invalid(range) }
      let base = expr(list)
      return .index(base, expr(index), SourceRange(base.range.start, end(id)))
    case .binary:
      return binary(id, range)
    case .prefix:
      return prefix(id, range)
    case .pair:
      guard let (x, y) = twoExpressions(in: id), let first = tree.firstChild(id) else { return .invalid(range) }
      // `X, Y` or `W x H`: the token after the first child says which.
      let between = tree.tokens[Int(tree[first].endToken)].kind
      return Parser.pair(expr(x), expr(y), between == .comma ? .point : .size)
    case .list:
      return .list(expressions(in: id), range)
    case .conditional:
      let parts = expressions(in: id)
      guard parts.count == 3 else { return .invalid(range) }
      return .conditional(parts[0], parts[1], parts[2], SourceRange(parts[0].range.start, parts[2].range.end))
    case .parenthesized:
      guard let inner = tree.firstChild(id) else { return .invalid(range) }
      return expr(inner)
    case .interpolationFormat:
      // The value; `formatOptions` reads the options.
      guard let value = tree.firstChild(id) else { return .invalid(range) }
      return expr(value)
    default:
      return .invalid(range)
    }
  }

  private func binary(_ id: SyntaxNodeID, _ range: SourceRange) -> Expr {
    var op: BinaryOperator? = nil
    tree.forEachOwnToken(id) { token in
      if op == nil { op = Parser.binaryOperator(tree.tokens[token].kind) }
    }
    guard let (left, right) = twoExpressions(in: id), let op else { return .invalid(range) }
    let a = expr(left)
    let b = expr(right)
    return .binary(op, a, b, SourceRange(a.range.start, b.range.end))
  }

  /// `-A` (a negative literal when A is a number) and `!A`.
  private func prefix(_ id: SyntaxNodeID, _ range: SourceRange) -> Expr {
    guard let child = tree.firstChild(id) else { return .invalid(range) }
    let operand = expr(child)
    let whole = SourceRange(range.start, operand.range.end)
    if tree.tokens[Int(tree[id].firstToken)].kind == .not { return .not(operand, whole) }
    if case .number(let value, _) = operand { return .number(-value, whole) }
    return .negate(operand, whole)
  }
}
