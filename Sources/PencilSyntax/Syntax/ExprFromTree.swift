/// The bridge from the tree to today's AST: the `Expr` the parser built for
/// a value node. Ranges are worked out as the parser works them out (a
/// member's range starts where its base's AST range starts, so `(a).b`
/// starts at `a`). Goes when the checker reads the typed views.
package struct ASTBridge {
  package let tree: SyntaxTree

  package init(_ tree: SyntaxTree) { self.tree = tree }

  func identifier(_ token: Int) -> Identifier {
    Identifier(key: tree.name(ofToken: token), range: tree.range(ofToken: token))
  }

  /// The expression children of `id`, in order.
  func expressions(in id: SyntaxNodeID) -> [Expr] {
    var found: [Expr] = []
    tree.forEachChild(id) { child in
      if tree.kind(child).isExpression { found.append(expr(child)) }
    }
    return found
  }

  /// The items of the `argumentList` child of `id`; nil when it has none.
  func arguments(of id: SyntaxNodeID) -> [Expr]? {
    tree.child(id, .argumentList).map { expressions(in: $0) }
  }

  /// The end of the node's last token.
  func end(_ id: SyntaxNodeID) -> Int {
    let last = Int(tree[id].endToken) - 1
    return last >= 0 ? Int(tree.tokens[last].end) : 0
  }

  func expr(_ id: SyntaxNodeID) -> Expr {
    let node = tree[id]
    let first = Int(node.firstToken)
    let range = tree.range(id)
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
      guard let name = tree.ownToken(id, .identifier) else { return .invalid(range) }
      return .dotName(identifier(name), SourceRange(range.start, tree.range(ofToken: name).end))
    case .call:
      return .call(identifier(first), arguments(of: id) ?? [], range)
    case .member:
      guard let base = tree.firstChild(id), let name = tree.ownToken(id, .identifier) else { return .invalid(range) }
      let value = expr(base)
      return .member(
        value, identifier(name), arguments: arguments(of: id), SourceRange(value.range.start, end(id)))
    case .index:
      let parts = expressions(in: id)
      guard parts.count == 2 else { return .invalid(range) }
      return .index(parts[0], parts[1], SourceRange(parts[0].range.start, end(id)))
    case .binary:
      return binary(id, range)
    case .prefix:
      return prefix(id, range)
    case .pair:
      let parts = expressions(in: id)
      guard parts.count == 2 else { return .invalid(range) }
      return Parser.pair(parts[0], parts[1], tree.ownToken(id, .comma) != nil ? .point : .size)
    case .list:
      return .list(expressions(in: id), range)
    case .parenthesized:
      return tree.firstChild(id).map(expr) ?? .invalid(range)
    default:
      return .invalid(range)
    }
  }

  private func binary(_ id: SyntaxNodeID, _ range: SourceRange) -> Expr {
    let parts = expressions(in: id)
    var op: BinaryOperator? = nil
    tree.forEachOwnToken(id) { token in
      if op == nil { op = Parser.binaryOperator(tree.tokens[token].kind) }
    }
    guard parts.count == 2, let op else { return .invalid(range) }
    return .binary(op, parts[0], parts[1], SourceRange(parts[0].range.start, parts[1].range.end))
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
