/// The bridge from the tree to today's AST: the `Expr` the parser built for
/// a value node. Ranges are worked out as the parser works them out (a
/// member's range starts where its base's AST range starts, so `(a).b`
/// starts at `a`). Goes when the checker reads the typed views. A class:
/// its closures capture one reference, where a struct's would copy the
/// tree (a retain and a release of each of its arrays) each time.
package final class ASTBridge {
  package let tree: SyntaxTree

  package init(_ tree: SyntaxTree) { self.tree = tree }

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
      let parts = expressions(in: id)
      guard parts.count == 2 else { return .invalid(range) }
      return .index(parts[0], parts[1], SourceRange(parts[0].range.start, end(id)))
    case .binary:
      return binary(id, range)
    case .prefix:
      return prefix(id, range)
    case .pair:
      let parts = expressions(in: id)
      guard parts.count == 2, let x = tree.firstChild(id) else { return .invalid(range) }
      // `X, Y` or `W x H`: the token after the first part says which.
      let between = tree.tokens[Int(tree[x].endToken)].kind
      return Parser.pair(parts[0], parts[1], between == .comma ? .point : .size)
    case .list:
      return .list(expressions(in: id), range)
    case .parenthesized:
      guard let inner = tree.firstChild(id) else { return .invalid(range) }
      return expr(inner)
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
