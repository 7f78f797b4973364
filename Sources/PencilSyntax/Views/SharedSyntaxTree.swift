/// One top-level statement's syntax tree, as the checker reads it through
/// the views (`Statement`, `Expr`, …): the tree, each node's children in
/// order, and the `\(…)` parts of its interpolated strings, parsed once.
/// One object per top-level statement, however many nodes it has; a view
/// is this reference and a node index. Immutable, so the prelude's trees
/// are shared by compilations on any thread.
package final class SharedSyntaxTree: Sendable {
  package let tree: SyntaxTree
  /// Each node's children in order, then facts about each node, in one
  /// array (see NodeTable.swift): entry `n` (of the first
  /// `nodes.count + 1`) is where node `n`'s children start, and they end
  /// where node `n + 1`'s start; the children's ids follow the starts.
  let childIDs: [UInt32]
  /// Whether `childIDs` holds the value nodes' facts (in a tree read
  /// more than once), and where the value bounds, the operands and the
  /// operators start in it.
  let hasFacts: Bool
  let boundsBase: Int
  let operandsBase: Int
  let operatorsBase: Int
  /// The interpolated-string nodes, ascending, and their parts: nil where
  /// a part does not parse (the file's parse reported it).
  let interpolationNodes: [UInt32]
  let interpolations: [[InterpolationPart]?]
  /// In a `for` loop's, a component's or an `if`'s tree, which may be read again on
  /// every iteration or use, each token's name, made once (empty for a
  /// token that is no identifier); empty elsewhere, where each name is
  /// read about once and made from its bytes when read.
  let names: [Name]

  /// A tree with no nodes: what an empty list's views point at.
  package static let empty = SharedSyntaxTree(SyntaxTree(bytes: []))

  private static let noName = Name("")

  /// The tree's views; `readOften` says whether its facts and names are
  /// made once (by default, when it is a loop, a component or an `if`,
  /// whose body may hold a loop).
  package init(_ tree: SyntaxTree, readOften: Bool? = nil) {
    self.tree = tree
    let count = tree.nodes.count
    // The statement is the last node: no pass over the others to decide.
    let root = tree.nodes.last?.kind
    let readOften = readOften ?? (root == .forLoop || root == .component || root == .ifStatement)
    hasFacts = readOften
    childIDs = Self.nodeTable(tree, withFacts: readOften)
    boundsBase = 2 * count + 1
    operandsBase = 4 * count + 1
    operatorsBase = 6 * count + 1
    names =
      readOften
      ? tree.tokens.indices.map { tree.tokens[$0].kind == .identifier ? tree.name(ofToken: $0) : Self.noName } : []
    var interpolationNodes: [UInt32] = []
    for index in tree.nodes.indices where tree.nodes[index].kind == .interpolatedString {
      interpolationNodes.append(UInt32(index))
    }
    self.interpolationNodes = interpolationNodes
    interpolations =
      interpolationNodes.isEmpty
      ? []
      : interpolationNodes.map { node in
        Self.parts(of: tree.range(SyntaxNodeID(Int(node))), in: tree.bytes, readOften: readOften)
      }
  }

  /// The parts of the string at `range`, parsed once, each `\(…)` in a
  /// tree of its own; nil when one does not parse. Empty texts are left out.
  private static func parts(of range: SourceRange, in bytes: [UInt8], readOften: Bool) -> [InterpolationPart]? {
    // Nesting is counted from 0: a depth only refuses, and the parse did not.
    guard let pieces = Parser.interpolationPieces(in: bytes, at: range, depth: 0) else { return nil }
    var parts: [InterpolationPart] = []
    for piece in pieces {
      switch piece {
      case .text(let text):
        if !text.isEmpty { parts.append(.text(text)) }
      case .expression(let tree?):
        let shared = SharedSyntaxTree(tree, readOften: readOften)
        parts.append(.expression(Expr(shared, UInt32(tree.nodes.count - 1))))
      case .expression(nil):
        return nil
      }
    }
    return parts
  }

  /// The parts of interpolated-string node `node`.
  func interpolation(_ node: UInt32) -> [InterpolationPart]? {
    var low = 0
    var high = interpolationNodes.count
    while low < high {
      let middle = (low + high) / 2
      if interpolationNodes[middle] < node { low = middle + 1 } else { high = middle }
    }
    return low < interpolationNodes.count && interpolationNodes[low] == node ? interpolations[low] : nil
  }

  // MARK: Nodes

  @inline(__always) func node(_ id: UInt32) -> SyntaxNode { tree.nodes[Int(id)] }
  @inline(__always) func kind(_ id: UInt32) -> SyntaxKind { tree.nodes[Int(id)].kind }

  /// The node's children, first to last, as positions in `childIDs`.
  @inline(__always) func childSlots(_ id: UInt32) -> Range<Int> {
    Int(childIDs[Int(id)])..<Int(childIDs[Int(id) + 1])
  }

  func firstChild(_ id: UInt32) -> UInt32? {
    let slots = childSlots(id)
    return slots.isEmpty ? nil : childIDs[slots.lowerBound]
  }

  func lastChild(_ id: UInt32) -> UInt32? {
    let slots = childSlots(id)
    return slots.isEmpty ? nil : childIDs[slots.upperBound - 1]
  }

  func firstChild(_ id: UInt32, _ kind: SyntaxKind) -> UInt32? {
    for slot in childSlots(id) where self.kind(childIDs[slot]) == kind { return childIDs[slot] }
    return nil
  }

  /// The children for which `keep` holds (given each child's position
  /// among all children): a run of the table when they are one, as they
  /// are but after a syntax error; a list of their own otherwise.
  func children(_ id: UInt32, where keep: (Int, UInt32) -> Bool) -> NodeList {
    let slots = childSlots(id)
    var first = -1
    var last = -1
    var gaps = false
    for slot in slots where keep(slot - slots.lowerBound, childIDs[slot]) {
      if first < 0 { first = slot } else if last != slot - 1 { gaps = true }
      last = slot
    }
    guard first >= 0 else { return NodeList(self, start: 0, count: 0) }
    guard gaps else { return NodeList(self, start: first, count: last - first + 1) }
    var picked: [UInt32] = []
    for slot in slots where keep(slot - slots.lowerBound, childIDs[slot]) { picked.append(childIDs[slot]) }
    return NodeList(self, picked: picked)
  }

  // MARK: Tokens

  @inline(__always) func identifier(_ token: Int) -> Identifier {
    let name =
      names.isEmpty || tree.tokens[token].kind != .identifier ? tree.name(ofToken: token) : names[token]
    return Identifier(key: name, range: tree.range(ofToken: token))
  }

  /// The end of the node's last token.
  func end(_ id: UInt32) -> Int {
    let last = Int(node(id).endToken) - 1
    return last >= 0 ? Int(tree.tokens[last].end) : 0
  }

  func range(_ id: UInt32) -> SourceRange { tree.range(SyntaxNodeID(Int(id))) }

  /// The node's `index`th own identifier token, if it has that many.
  func ownWord(_ id: UInt32, _ index: Int) -> Int? {
    var seen = 0
    var found: Int? = nil
    tree.forEachOwnToken(SyntaxNodeID(Int(id))) { token in
      guard found == nil, tree.tokens[token].kind == .identifier else { return }
      if seen == index { found = token }
      seen += 1
    }
    return found
  }

  /// How many own identifier tokens the node has.
  func ownWordCount(_ id: UInt32) -> Int {
    var count = 0
    tree.forEachOwnToken(SyntaxNodeID(Int(id))) { if tree.tokens[$0].kind == .identifier { count += 1 } }
    return count
  }
}

/// Some children of a node, in order: a run of `SharedSyntaxTree.childIDs`,
/// or, after a syntax error left other nodes among them, a list of their own.
package struct NodeList: RandomAccessCollection, Sendable {
  let shared: SharedSyntaxTree
  let start: Int
  package let endIndex: Int
  let picked: [UInt32]?

  init(_ shared: SharedSyntaxTree, start: Int, count: Int) {
    self.shared = shared
    self.start = start
    endIndex = count
    picked = nil
  }

  init(_ shared: SharedSyntaxTree, picked: [UInt32]) {
    self.shared = shared
    start = 0
    endIndex = picked.count
    self.picked = picked
  }

  package var startIndex: Int { 0 }

  package subscript(position: Int) -> UInt32 {
    if let picked { return picked[position] }
    return shared.childIDs[start + position]
  }
}
