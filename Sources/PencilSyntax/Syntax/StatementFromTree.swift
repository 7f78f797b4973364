/// The bridge from the tree to today's AST: the `Statement` the parser
/// built for a statement node, or nil where the parser dropped it (a
/// failed `let`, `for`, `if`, `import`, colour set or path command). What
/// the tokens alone do not say — whether a parse failed, which optional
/// part it kept — the parser left in the node's `flags`.
extension ASTBridge {
  /// The file's statements, as `Parser.parse` hands them on.
  package func statements() -> [Statement] {
    guard !tree.nodes.isEmpty else { return [] }
    return statements(in: tree.root)
  }

  package func statements(in id: SyntaxNodeID) -> [Statement] {
    var found: [Statement] = []
    tree.forEachChild(id) { child in
      if let view = StatementSyntax(child, in: tree), let statement = statement(view) { found.append(statement) }
    }
    return found
  }

  package func statement(_ view: StatementSyntax) -> Statement? {
    let id = view.id
    let failed = tree[id].flags.contains(.failed)
    switch tree.kind(id) {
    case .element: return .element(element(id))
    case .gradient: return .gradient(gradient(id))
    case .shape: return .shape(shape(id))
    case .component: return .component(component(id))
    case _ where failed: return nil
    case .letBinding: return letBinding(id).map(Statement.letBinding)
    case .colorSet: return colorSet(id).map(Statement.letBinding)
    case .forLoop: return forLoop(id).map(Statement.forLoop)
    case .ifStatement: return .conditional(ifStatement(id))
    case .importFile: return importFile(id).map(Statement.importFile)
    case .pathCommand: return pathCommand(id).map(Statement.pathCommand)
    default: return nil
    }
  }

  /// Where a statement's parts end, as the parser's `previousEnd` had it:
  /// before the line break or `;` that ends it, or, when its parse
  /// failed, before what recovery skipped.
  func partsEnd(_ id: SyntaxNodeID) -> Int {
    let node = tree[id]
    var last = Int(node.endToken) - 1
    if node.flags.contains(.failed) {
      if let skipped = tree.lastChild(id), tree.kind(skipped) == .error, tree[skipped].flags.contains(.skippedToEnd) {
        last = Int(tree[skipped].firstToken) - 1
      }
    } else if last > Int(node.firstToken), [.newline, .semicolon].contains(tree.tokens[last].kind) {
      last -= 1
    }
    return last >= 0 ? Int(tree.tokens[last].end) : 0
  }

  /// The statement's range: its first token to the end of its parts.
  func statementRange(_ id: SyntaxNodeID) -> SourceRange {
    SourceRange(Int(tree.tokens[Int(tree[id].firstToken)].start), partsEnd(id))
  }

  /// The node's own identifier tokens, in order.
  func ownWords(_ id: SyntaxNodeID) -> [Int] {
    var words: [Int] = []
    tree.forEachOwnToken(id) { if tree.tokens[$0].kind == .identifier { words.append($0) } }
    return words
  }

  func element(_ id: SyntaxNodeID) -> ElementStatement {
    let flags = tree[id].flags
    var name: Identifier? = nil
    var kindToken = Int(tree[id].firstToken)
    if kindToken + 1 < Int(tree[id].endToken), tree.tokens[kindToken + 1].kind == .colon {
      // `NAME:`, line breaks, then the kind: all the element's own tokens.
      name = identifier(kindToken)
      kindToken += 2
      while kindToken < Int(tree[id].endToken) - 1, tree.tokens[kindToken].kind == .newline { kindToken += 1 }
    }
    // The parts gathered in locals and the statement made once at the
    // end: a statement built up in place and returned was copied whole
    // (a value-witness copy and a destroy of every element).
    var label: Expr? = nil
    let childCount = tree.childCount(id)
    var attributes: [Attribute] = []
    attributes.reserveCapacity(childCount)
    var children: [Statement]? = nil
    var childrenRange: SourceRange? = nil
    var isFirst = true
    tree.forEachChild(id, count: childCount) { child in
      defer { isFirst = false }
      switch tree.kind(child) {
      case _ where isFirst && flags.contains(.kept):
        label = expr(child)
      case .sizeLiteral where isFirst && Int(tree[child].firstToken) == kindToken + 1:
        // `canvas 400x360`: the bare size is the `size` attribute.
        let range = tree.range(child)
        attributes.append(Attribute(name: Identifier(name: "size", range: range), value: expr(child)))
      case .attribute:
        attributes.append(attribute(child))
      case .block:
        children = statements(in: child)
        childrenRange = tree.range(child)
      default:
        break
      }
    }
    if children == nil, flags.contains(.failed), let open = openBrace(of: id) {
      // The block failed: the parser keeps no children, and a range to
      // where it stopped.
      children = []
      childrenRange = SourceRange(tree.range(ofToken: open).start, partsEnd(id))
    }
    return ElementStatement(
      kind: identifier(kindToken), name: name, label: label, attributes: attributes, children: children,
      childrenRange: childrenRange, range: statementRange(id), recovered: flags.contains(.recovered))
  }

  /// The `{` of an element whose block failed: its own token, or the first
  /// of the part skipped as nested too deeply.
  private func openBrace(of id: SyntaxNodeID) -> Int? {
    if let open = tree.ownToken(id, .leftBrace) { return open }
    var open: Int? = nil
    tree.forEachChild(id) { child in
      let first = Int(tree[child].firstToken)
      if open == nil, tree.kind(child) == .error, !tree[child].flags.contains(.skippedToEnd),
        first < Int(tree[child].endToken), tree.tokens[first].kind == .leftBrace
      {
        open = first
      }
    }
    return open
  }

  /// `name=value`, `at X,Y`, `size WxH`, `padding.top=value`.
  func attribute(_ id: SyntaxNodeID) -> Attribute {
    let first = Int(tree[id].firstToken)
    var name = identifier(first)
    if first + 2 < Int(tree[id].endToken), tree.tokens[first + 1].kind == .dot,
      tree.tokens[first + 2].kind == .identifier, tree.tokens[first + 2].start == tree.tokens[first + 1].end
    {
      let range = SourceRange(tree.range(ofToken: first).start, tree.range(ofToken: first + 2).end)
      name = Identifier(
        name: String(decoding: tree.bytes[range.start..<range.end], as: UTF8.self), range: range)
    }
    guard let value = tree.lastChild(id) else {
      return Attribute(name: name, value: .invalid(SourceRange(name.range.end, name.range.end)))
    }
    return Attribute(name: name, value: expr(value))
  }

  func letBinding(_ id: SyntaxNodeID) -> LetStatement? {
    let words = ownWords(id)
    guard words.count >= 2, let value = tree.lastChild(id) else { return nil }
    return LetStatement(name: identifier(words[1]), value: expr(value), range: statementRange(id))
  }

  /// `color NAME = A` or `color NAME light=A dark=B`, checked as a `let`.
  func colorSet(_ id: SyntaxNodeID) -> LetStatement? {
    let words = ownWords(id)
    guard words.count >= 2, let last = tree.lastChild(id) else { return nil }
    let range = statementRange(id)
    guard tree.kind(last) == .attribute else {
      let value = expr(last)
      return LetStatement(
        name: identifier(words[1]), value: .colorSet(light: value, dark: value, value.range), range: range)
    }
    var light: Expr? = nil
    var dark: Expr? = nil
    tree.forEachChild(id) { child in
      let part = attribute(child)
      if part.name.name == "light" { light = part.value } else { dark = part.value }
    }
    guard let light, let dark else { return nil }
    return LetStatement(name: identifier(words[1]), value: .colorSet(light: light, dark: dark, range), range: range)
  }

  func forLoop(_ id: SyntaxNodeID) -> ForStatement? {
    let words = ownWords(id)
    guard words.count >= 3, let sequence = tree.firstChild(id), let body = tree.firstChild(id, .block) else {
      return nil
    }
    // `for NAME in` or `for NAME, INDEX in`.
    let index = words.count >= 4 ? identifier(words[2]) : nil
    return ForStatement(
      variable: identifier(words[1]), index: index, sequence: expr(sequence), body: statements(in: body),
      range: statementRange(id))
  }

  func ifStatement(_ id: SyntaxNodeID) -> IfStatement {
    var branches: [ConditionalBranch] = []
    var elseBody: [Statement]? = nil
    tree.forEachChild(id) { child in
      switch tree.kind(child) {
      case .conditionalBranch:
        var condition = Expr.invalid(tree.range(child))
        if let first = tree.firstChild(child) { condition = expr(first) }
        let body = tree.firstChild(child, .block).map { statements(in: $0) } ?? []
        branches.append(ConditionalBranch(condition: condition, body: body, range: tree.range(child)))
      case .block:
        elseBody = statements(in: child)
      default:
        break
      }
    }
    return IfStatement(branches: branches, elseBody: elseBody, range: statementRange(id))
  }

  func importFile(_ id: SyntaxNodeID) -> ImportStatement? {
    guard let path = tree.ownToken(id, .string), let literal = tree.literal(ofToken: path) else { return nil }
    return ImportStatement(
      path: tree.strings[Int(literal.first)], pathRange: tree.range(ofToken: path), range: statementRange(id))
  }

  func pathCommand(_ id: SyntaxNodeID) -> PathCommand? {
    PathCommand(
      verb: identifier(Int(tree[id].firstToken)), points: expressions(in: id), range: statementRange(id))
  }
}
