/// Reading the tree without allocating: children in order, a node's own
/// tokens, a token's bytes, range and `Name`. These are what the typed
/// views and the stages after the parser build on.
extension SyntaxTree {
  /// The bytes of token `index`, without making a string.
  package func bytes(ofToken index: Int) -> ArraySlice<UInt8> {
    let token = tokens[index]
    return bytes[Int(token.start)..<Int(token.end)]
  }

  package func range(ofToken index: Int) -> SourceRange {
    SourceRange(Int(tokens[index].start), Int(tokens[index].end))
  }

  package func kind(ofToken index: Int) -> TokenKind { tokens[index].kind }

  /// Token `index` as a name with its comparison key; a name of up to 15
  /// bytes is a small string, so no memory is allocated for it.
  package func name(ofToken index: Int) -> Name {
    let spelling = bytes(ofToken: index)
    return Name(String(decoding: spelling, as: UTF8.self), utf8: spelling)
  }

  /// The node's last child, if any.
  package func lastChild(_ id: SyntaxNodeID) -> SyntaxNodeID? {
    let index = Int(id.index)
    return nodes[index].subtreeSize > 1 ? SyntaxNodeID(index - 1) : nil
  }

  /// How many children the node has.
  package func childCount(_ id: SyntaxNodeID) -> Int {
    var count = 0
    forEachChildBackwards(id) { _ in count += 1 }
    return count
  }

  /// The node's children, first to last. The ids are gathered backwards
  /// into a buffer on the stack (postorder gives them last first).
  package func forEachChild(_ id: SyntaxNodeID, _ visit: (SyntaxNodeID) -> Void) {
    let count = childCount(id)
    guard count > 0 else { return }
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: count) { buffer in
      var slot = count
      forEachChildBackwards(id) { child in
        slot -= 1
        buffer[slot] = child.index
      }
      for child in buffer { visit(SyntaxNodeID(Int(child))) }
    }
  }

  /// The node's first child, if any.
  package func firstChild(_ id: SyntaxNodeID) -> SyntaxNodeID? {
    var first: SyntaxNodeID? = nil
    forEachChildBackwards(id) { first = $0 }
    return first
  }

  /// The tokens of the node that are in none of its children, in order.
  package func forEachOwnToken(_ id: SyntaxNodeID, _ visit: (Int) -> Void) {
    var next = tokenRange(id).lowerBound
    forEachChild(id) { child in
      let inner = tokenRange(child)
      for token in next..<max(next, inner.lowerBound) { visit(token) }
      next = max(next, inner.upperBound)
    }
    for token in next..<tokenRange(id).upperBound { visit(token) }
  }

  /// The node's first own token of `kind` at or after token `from`.
  package func ownToken(_ id: SyntaxNodeID, _ kind: TokenKind, from: Int = 0) -> Int? {
    var found: Int? = nil
    forEachOwnToken(id) { token in
      if found == nil, token >= from, tokens[token].kind == kind { found = token }
    }
    return found
  }
}
