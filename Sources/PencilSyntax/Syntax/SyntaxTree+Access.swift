/// Reading the tree without allocating: children in order, a node's own
/// tokens, a token's bytes, range and `Name`. These are what the typed
/// views, the editor queries and the stages after the parser build on.
/// (The older accessors in `SyntaxTree.swift` and `SyntaxViews.swift`
/// build arrays.)
extension SyntaxTree {
  /// The bytes of token `index`, without making a string.
  package func bytes(ofToken index: Int) -> ArraySlice<UInt8> {
    let token = tokens[index]
    return bytes[Int(token.start)..<Int(token.end)]
  }

  @inline(__always)
  package func range(ofToken index: Int) -> SourceRange {
    SourceRange(Int(tokens[index].start), Int(tokens[index].end))
  }

  /// Whether a token is the identifier `word`, compared byte by byte.
  package func isWord(_ index: Int, _ word: String) -> Bool {
    tokens[index].kind == .identifier && bytes(ofToken: index).elementsEqual(word.utf8)
  }

  /// Token `index` as a name with its comparison key; a name of up to 15
  /// bytes is a small string, so no memory is allocated for it.
  package func name(ofToken index: Int) -> Name {
    let token = tokens[index]
    return bytes.withUnsafeBufferPointer { all in
      Name(utf8: UnsafeBufferPointer(rebasing: all[Int(token.start)..<Int(token.end)]))
    }
  }

  /// The node's last child, if any.
  package func lastChild(_ id: SyntaxNodeID) -> SyntaxNodeID? {
    let index = Int(id.index)
    return nodes[index].subtreeSize > 1 ? SyntaxNodeID(index - 1) : nil
  }

  /// How many children the node has.
  package func childCount(_ id: SyntaxNodeID) -> Int {
    // Loops, not closures, here and below: a closure over `self` can copy
    // the tree's arrays (a retain and a release each) on every call.
    let parent = Int(id.index)
    let first = parent - Int(nodes[parent].subtreeSize) + 1
    var count = 0
    var child = parent - 1
    while child >= first {
      count += 1
      child -= Int(nodes[child].subtreeSize)
    }
    return count
  }

  /// The node's children, first to last. The ids are gathered backwards
  /// into a buffer on the stack (postorder gives them last first).
  package func forEachChild(_ id: SyntaxNodeID, _ visit: (SyntaxNodeID) -> Void) {
    forEachChild(id, count: childCount(id), visit)
  }

  /// `forEachChild` for a caller that has counted the children already.
  package func forEachChild(_ id: SyntaxNodeID, count: Int, _ visit: (SyntaxNodeID) -> Void) {
    guard count > 0 else { return }
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: count) { buffer in
      var slot = count
      var child = Int(id.index) - 1
      while slot > 0 {
        slot -= 1
        buffer[slot] = UInt32(child)
        child -= Int(nodes[child].subtreeSize)
      }
      for child in buffer { visit(SyntaxNodeID(Int(child))) }
    }
  }

  /// The node's first child, if any.
  package func firstChild(_ id: SyntaxNodeID) -> SyntaxNodeID? {
    let parent = Int(id.index)
    let start = parent - Int(nodes[parent].subtreeSize) + 1
    var first: Int? = nil
    var child = parent - 1
    while child >= start {
      first = child
      child -= Int(nodes[child].subtreeSize)
    }
    return first.map(SyntaxNodeID.init)
  }

  /// The first child of `kind`, if any (`child(_:_:)` without a closure).
  package func firstChild(_ id: SyntaxNodeID, _ kind: SyntaxKind) -> SyntaxNodeID? {
    let parent = Int(id.index)
    let start = parent - Int(nodes[parent].subtreeSize) + 1
    var found: Int? = nil
    var child = parent - 1
    while child >= start {
      if nodes[child].kind == kind { found = child }
      child -= Int(nodes[child].subtreeSize)
    }
    return found.map(SyntaxNodeID.init)
  }

  /// The tokens of the node that are in none of its children, in order.
  package func forEachOwnToken(_ id: SyntaxNodeID, _ visit: (Int) -> Void) {
    // Backwards, the children's token ranges mark the gaps from the end;
    // the gaps are kept on the stack and visited forwards.
    let count = childCount(id)
    let whole = tokenRange(id)
    withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: count + 1) { gaps in
      var end = whole.upperBound
      var slot = count
      var child = Int(id.index) - 1
      while slot > 0 {
        let inner = Int(nodes[child].firstToken)..<Int(nodes[child].endToken)
        gaps[slot] = min(inner.upperBound, end)..<end
        end = min(end, inner.lowerBound)
        slot -= 1
        child -= Int(nodes[child].subtreeSize)
      }
      gaps[0] = whole.lowerBound..<max(whole.lowerBound, end)
      for gap in gaps {
        for token in gap { visit(token) }
      }
    }
  }

  /// The node's first own token of `kind` at or after token `from`.
  package func ownToken(_ id: SyntaxNodeID, _ kind: TokenKind, from: Int = 0) -> Int? {
    var found: Int? = nil
    forEachOwnToken(id) { token in
      if found == nil, token >= from, tokens[token].kind == kind { found = token }
    }
    return found
  }

  /// The node's `position`th own token (not a child's), if it has that many.
  package func ownToken(_ id: SyntaxNodeID, at position: Int) -> Int? {
    var seen = 0
    var found: Int? = nil
    forEachOwnToken(id) { token in
      if seen == position { found = token }
      seen += 1
    }
    return found
  }

  /// The decoded text of a string token (escapes resolved), if it is one.
  package func string(ofToken index: Int) -> String? {
    guard tokens[index].kind == .string, let literal = literal(ofToken: index) else { return nil }
    let slot = Int(literal.first)
    return slot >= 0 && slot < strings.count ? strings[slot] : nil
  }

  /// Whether a string token has `\(…)` parts.
  package func isInterpolated(token index: Int) -> Bool {
    tokens[index].kind == .string && (literal(ofToken: index)?.second ?? 0) > 0
  }

  /// Whether recovery skipped tokens inside the node itself: an `error`
  /// child (not one deeper down, which a nested statement owns).
  package func hasErrorChild(_ id: SyntaxNodeID) -> Bool {
    var found = false
    forEachChildBackwards(id) { if self.kind($0) == .error { found = true } }
    return found
  }

  /// The bytes of the statement or value itself: from its first token to
  /// its last, leaving out the line break or `;` that ends a statement and
  /// what error recovery skipped after it. This is the range the checker's
  /// syntax gives a statement, and the one diagnostics and the picture's
  /// source ranges use.
  package func contentRange(_ id: SyntaxNodeID) -> SourceRange {
    let all = tokenRange(id)
    guard let first = all.first else { return range(id) }
    var end = all.upperBound
    func dropSeparators() {
      while end > first + 1,
        tokens[end - 1].kind == .newline || tokens[end - 1].kind == .semicolon || tokens[end - 1].kind == .endOfFile
      {
        end -= 1
      }
    }
    dropSeparators()
    // What recovery skipped at the end, and the separator before it.
    if let last = lastChild(id), kind(last) == .error, tokenRange(last).upperBound >= end,
      tokenRange(last).lowerBound > first
    {
      end = min(end, tokenRange(last).lowerBound)
      dropSeparators()
    }
    return SourceRange(Int(tokens[first].start), Int(tokens[end - 1].end))
  }
}
