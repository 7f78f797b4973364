/// The statements as the checker reads them: views of a statement's tree
/// with the parts the parser kept. A `let`, `for`, `if`, `import`, colour
/// set or path command whose parse failed is not a statement here (the
/// parser reported it); an element or a definition keeps what it had and
/// says `recovered`. What the tokens alone do not say — whether a parse
/// failed, which optional part it kept — the parser left in the node's flags.
package enum Statement: Sendable {
  case gradient(GradientStatement)
  case shape(ShapeStatement)
  case component(ComponentStatement)
  case importFile(ImportStatement)
  case element(ElementStatement)
  case letBinding(LetStatement)
  case forLoop(ForStatement)
  case conditional(IfStatement)
  /// Only inside a shape's body.
  case pathCommand(PathCommand)

  /// The statement at node `id`, or nil where the parser dropped it.
  package init?(_ shared: SharedSyntaxTree, _ id: UInt32) {
    guard Statement.isKept(shared, id) else { return nil }
    self.init(kept: shared, id)
  }

  /// Whether node `id` is a statement the checker reads.
  static func isKept(_ shared: SharedSyntaxTree, _ id: UInt32) -> Bool {
    let node = shared.node(id)
    switch node.kind {
    case .element, .gradient, .shape, .component: return true
    case _ where node.flags.contains(.failed): return false
    case .letBinding: return shared.ownWordCount(id) >= 2 && shared.lastChild(id) != nil
    case .colorSet:
      guard shared.ownWordCount(id) >= 2, let last = shared.lastChild(id) else { return false }
      return shared.kind(last) != .attribute || hasBothColors(shared, id)
    case .forLoop:
      return shared.ownWordCount(id) >= 3 && shared.firstChild(id) != nil && shared.firstChild(id, .block) != nil
    case .ifStatement, .pathCommand: return true
    case .importFile:
      guard let path = shared.tree.ownToken(SyntaxNodeID(Int(id)), .string) else { return false }
      return shared.tree.literal(ofToken: path) != nil
    default: return false
    }
  }

  /// `color NAME light=A dark=B` with both parts.
  private static func hasBothColors(_ shared: SharedSyntaxTree, _ id: UInt32) -> Bool {
    var light = false
    var dark = false
    for slot in shared.childSlots(id) {
      if Attribute(shared, shared.childIDs[slot]).name.name == "light" { light = true } else { dark = true }
    }
    return light && dark
  }

  /// The statement at node `id`, which `isKept` accepted.
  init(kept shared: SharedSyntaxTree, _ id: UInt32) {
    switch shared.kind(id) {
    case .element: self = .element(ElementStatement(shared, id))
    case .gradient: self = .gradient(GradientStatement(shared, id))
    case .shape: self = .shape(ShapeStatement(shared, id))
    case .component: self = .component(ComponentStatement(shared, id))
    case .letBinding, .colorSet: self = .letBinding(LetStatement(shared, id))
    case .forLoop: self = .forLoop(ForStatement(shared, id))
    case .importFile: self = .importFile(ImportStatement(shared, id))
    case .pathCommand: self = .pathCommand(PathCommand(shared, id))
    default: self = .conditional(IfStatement(shared, id))
    }
  }

  package var range: SourceRange {
    switch self {
    case .gradient(let s): s.range
    case .shape(let s): s.range
    case .component(let s): s.range
    case .importFile(let s): s.range
    case .element(let s): s.range
    case .letBinding(let s): s.range
    case .forLoop(let s): s.range
    case .conditional(let s): s.range
    case .pathCommand(let s): s.range
    }
  }
}

/// The statements of a block or a file, in order.
package struct StatementList: RandomAccessCollection, Sendable {
  let nodes: NodeList

  /// The statements among the children of `id`.
  init(_ shared: SharedSyntaxTree, in id: UInt32) {
    nodes = shared.children(id) { _, child in Statement.isKept(shared, child) }
  }

  private init(nodes: NodeList) { self.nodes = nodes }

  package static let empty = StatementList(nodes: NodeList(.empty, start: 0, count: 0))

  package var startIndex: Int { 0 }
  package var endIndex: Int { nodes.endIndex }
  package subscript(position: Int) -> Statement { Statement(kept: nodes.shared, nodes[position]) }
}

extension SharedSyntaxTree {
  /// Where a statement's parts end, as the parser's `previousEnd` had it:
  /// before the line break or `;` that ends it, or, when its parse
  /// failed, before what recovery skipped.
  func partsEnd(_ id: UInt32) -> Int {
    let node = self.node(id)
    var last = Int(node.endToken) - 1
    if node.flags.contains(.failed) {
      if let skipped = lastChild(id), kind(skipped) == .error, self.node(skipped).flags.contains(.skippedToEnd) {
        last = Int(self.node(skipped).firstToken) - 1
      }
    } else if last > Int(node.firstToken), tree.tokens[last].kind == .newline || tree.tokens[last].kind == .semicolon {
      last -= 1
    }
    return last >= 0 ? Int(tree.tokens[last].end) : 0
  }

  /// The statement's range: its first token to the end of its parts.
  func statementRange(_ id: UInt32) -> SourceRange {
    SourceRange(Int(tree.tokens[Int(node(id).firstToken)].start), partsEnd(id))
  }

  /// A name the parser did not find: empty, right after the keyword.
  func missingName(_ id: UInt32) -> Identifier {
    let end = tree.range(ofToken: Int(node(id).firstToken)).end
    return Identifier(name: "", range: SourceRange(end, end))
  }

  /// The node's `index`th own word as an identifier, or `missing`.
  func word(_ id: UInt32, _ index: Int, or missing: Identifier) -> Identifier {
    ownWord(id, index).map(identifier) ?? missing
  }
}

/// `name=value`, `at X,Y`, `size WxH`, `padding.top=value`; also the bare
/// size of `canvas 400x360`, as a `size` attribute.
package struct Attribute: Sendable {
  package var name: Identifier
  package var value: Expr

  /// From the name to the end of the value.
  package var range: SourceRange { name.range.union(value.range) }

  init(_ shared: SharedSyntaxTree, _ id: UInt32) {
    let node = shared.node(id)
    guard node.kind == .attribute else {
      name = Identifier(name: "size", range: shared.range(id))
      value = Expr(shared, id)
      return
    }
    let first = Int(node.firstToken)
    name = shared.identifier(first)
    if first + 2 < Int(node.endToken), shared.tree.tokens[first + 1].kind == .dot,
      shared.tree.tokens[first + 2].kind == .identifier,
      shared.tree.tokens[first + 2].start == shared.tree.tokens[first + 1].end
    {
      let range = SourceRange(shared.tree.range(ofToken: first).start, shared.tree.range(ofToken: first + 2).end)
      name = Identifier(name: String(decoding: shared.tree.bytes[range.start..<range.end], as: UTF8.self), range: range)
    }
    guard let last = shared.lastChild(id) else {
      value = .invalid(SourceRange(name.range.end, name.range.end))
      return
    }
    value = Expr(shared, last)
  }
}

/// An element's, a stop's or a radial gradient's attributes, in order.
package struct AttributeList: RandomAccessCollection, Sendable {
  let nodes: NodeList

  init(_ nodes: NodeList) { self.nodes = nodes }

  package var startIndex: Int { 0 }
  package var endIndex: Int { nodes.endIndex }
  package subscript(position: Int) -> Attribute { Attribute(nodes.shared, nodes[position]) }

  /// Whether the attribute at `position` is called `name`, read from its
  /// bytes (no `Attribute`, no string is made).
  package func isNamed(_ position: Int, _ name: Name) -> Bool {
    let shared = nodes.shared
    let id = nodes[position]
    let node = shared.node(id)
    guard node.kind == .attribute else { return name == .size }
    let tokens = shared.tree.tokens
    let first = Int(node.firstToken)
    var end = Int(tokens[first].end)
    if first + 2 < Int(node.endToken), tokens[first + 1].kind == .dot, tokens[first + 2].kind == .identifier,
      tokens[first + 2].start == tokens[first + 1].end
    {
      end = Int(tokens[first + 2].end)
    }
    let start = Int(tokens[first].start)
    // Most names differ in length or first byte: no key is worked out for them.
    guard Swift.min(end - start, 255) == Int(name.key >> 56),
      shared.tree.bytes[start] == UInt8(truncatingIfNeeded: name.key)
    else {
      return false
    }
    let spelling = shared.tree.bytes[start..<end]
    return Name.key(of: spelling) == name.key && (name.key >> 56 <= 7 || spelling.elementsEqual(name.text.utf8))
  }

  /// The first attribute called `name`.
  package func first(named name: Name) -> Attribute? {
    indices.first { isNamed($0, name) }.map { self[$0] }
  }

  package func contains(named name: Name) -> Bool {
    indices.contains { isNamed($0, name) }
  }
}

/// `KIND ["label"] [WxH] clause… [{ children }]`: every drawable element,
/// stack, `text` and `canvas`. `at X,Y` and `size WxH` are attributes
/// named `at` and `size` (values `.point` and `.size`) so the checker
/// treats every clause alike; a bare size right after the kind, as in
/// `canvas 400x360`, is a `size` attribute too. Which kinds exist is
/// decided by the checker.
package struct ElementStatement: Sendable {
  package let shared: SharedSyntaxTree
  package let id: UInt32
  package var kind: Identifier
  /// `NAME:` before the kind; the statement's range starts at it.
  package var name: Identifier?
  /// The string of `text "…"`.
  package var label: Expr?
  package var attributes: AttributeList
  /// Elements, `let`, `for` and `if` inside `{ }`.
  package var children: StatementList?
  package var childrenRange: SourceRange?
  package var range: SourceRange
  package var recovered: Bool

  init(_ shared: SharedSyntaxTree, _ id: UInt32) {
    self.shared = shared
    self.id = id
    let node = shared.node(id)
    let flags = node.flags
    var kindToken = Int(node.firstToken)
    name = nil
    if kindToken + 1 < Int(node.endToken), shared.tree.tokens[kindToken + 1].kind == .colon {
      // `NAME:`, line breaks, then the kind: all the element's own tokens.
      name = shared.identifier(kindToken)
      kindToken += 2
      while kindToken < Int(node.endToken) - 1, shared.tree.tokens[kindToken].kind == .newline { kindToken += 1 }
    }
    kind = shared.identifier(kindToken)
    range = shared.statementRange(id)
    recovered = flags.contains(.recovered)
    let labelled = flags.contains(.kept)
    label = labelled ? shared.firstChild(id).map { Expr(shared, $0) } : nil
    let bareSize = kindToken + 1
    attributes = AttributeList(
      shared.children(id) { position, child in
        let node = shared.node(child)
        if position == 0 && labelled { return false }
        return node.kind == .attribute
          || (position == 0 && node.kind == .sizeLiteral && Int(node.firstToken) == bareSize)
      })
    children = nil
    childrenRange = nil
    if let block = shared.firstChild(id, .block) {
      children = StatementList(shared, in: block)
      childrenRange = shared.range(block)
    } else if flags.contains(.failed), let open = openBrace(shared, id) {
      // The block failed: no children, and a range to where it stopped.
      children = .empty
      childrenRange = SourceRange(shared.tree.range(ofToken: open).start, shared.partsEnd(id))
    }
  }

  /// The `{` of an element whose block failed: its own token, or the first
  /// of the part skipped as nested too deeply.
  private func openBrace(_ shared: SharedSyntaxTree, _ id: UInt32) -> Int? {
    if let open = shared.tree.ownToken(SyntaxNodeID(Int(id)), .leftBrace) { return open }
    for slot in shared.childSlots(id) {
      let child = shared.node(shared.childIDs[slot])
      let first = Int(child.firstToken)
      if child.kind == .error, !child.flags.contains(.skippedToEnd), first < Int(child.endToken),
        shared.tree.tokens[first].kind == .leftBrace
      {
        return first
      }
    }
    return nil
  }
}
