/// Accessors that read the tree without allocating: the editor queries
/// use them now, and the checker is to share them when it reads the tree.
/// (The older ones in `SyntaxTree.swift` and `SyntaxViews.swift` build
/// arrays; they keep their behaviour while the parser is rewritten.)
extension SyntaxTree {
  /// How many children the node has.
  package func childCount(_ id: SyntaxNodeID) -> Int {
    var count = 0
    forEachChildBackwards(id) { _ in count += 1 }
    return count
  }

  /// The node's children, first to last. Postorder gives them last to
  /// first, so they are put in order in a buffer on the stack (the
  /// standard library's temporary allocation), not in an array.
  package func forEachChild(_ id: SyntaxNodeID, _ visit: (SyntaxNodeID) -> Void) {
    let count = childCount(id)
    guard count > 0 else { return }
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: count) { buffer in
      var slot = count
      forEachChildBackwards(id) { child in
        slot -= 1
        buffer[slot] = child.index
      }
      for index in buffer { visit(SyntaxNodeID(Int(index))) }
    }
  }

  /// The first child in source order, if any.
  package func firstChild(_ id: SyntaxNodeID) -> SyntaxNodeID? {
    var first: SyntaxNodeID? = nil
    forEachChildBackwards(id) { first = $0 }
    return first
  }

  /// The first child of `kind` in source order, if any.
  package func firstChild(_ id: SyntaxNodeID, of kind: SyntaxKind) -> SyntaxNodeID? {
    var first: SyntaxNodeID? = nil
    forEachChildBackwards(id) { if self.kind($0) == kind { first = $0 } }
    return first
  }

  /// The last child, if any: in postorder, the node right before its parent.
  package func lastChild(_ id: SyntaxNodeID) -> SyntaxNodeID? {
    nodes[Int(id.index)].subtreeSize > 1 ? SyntaxNodeID(Int(id.index) - 1) : nil
  }

  /// Visits the tokens of the node that are in none of its children, in order.
  package func forEachOwnToken(_ id: SyntaxNodeID, _ visit: (Int) -> Void) {
    var next = tokenRange(id).lowerBound
    forEachChild(id) { child in
      let inner = tokenRange(child)
      while next < inner.lowerBound {
        visit(next)
        next += 1
      }
      next = max(next, inner.upperBound)
    }
    let end = tokenRange(id).upperBound
    while next < end {
      visit(next)
      next += 1
    }
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

  /// The node's first own token of `kind`, if any.
  package func firstOwnToken(_ id: SyntaxNodeID, of kind: TokenKind) -> Int? {
    var found: Int? = nil
    forEachOwnToken(id) { token in
      if found == nil, tokens[token].kind == kind { found = token }
    }
    return found
  }

  /// The bytes of a token.
  package func bytes(ofToken index: Int) -> ArraySlice<UInt8> {
    bytes[Int(tokens[index].start)..<Int(tokens[index].end)]
  }

  /// Where a token is in the source.
  package func range(ofToken index: Int) -> SourceRange {
    SourceRange(Int(tokens[index].start), Int(tokens[index].end))
  }

  /// Whether a token is the identifier `word`, compared byte by byte.
  package func isWord(_ index: Int, _ word: String) -> Bool {
    tokens[index].kind == .identifier && bytes(ofToken: index).elementsEqual(word.utf8)
  }

  /// An identifier token as the checker keys names.
  package func name(ofToken index: Int) -> Name {
    let utf8 = bytes(ofToken: index)
    return Name(String(decoding: utf8, as: UTF8.self), utf8: utf8)
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
