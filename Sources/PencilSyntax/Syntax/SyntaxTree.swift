/// One token of the tree: its bytes, its kind, and where its leading
/// trivia ends in `SyntaxTree.trivia` (it starts where the previous
/// token's ends). 16 bytes; a literal's value lives in `literals`, found
/// by the token's index (`SyntaxTree.literal(ofToken:)`).
package struct SyntaxToken: Sendable {
  package var start: UInt32
  package var end: UInt32
  package var triviaEnd: UInt32
  package var kind: TokenKind
  /// The lexer reported an error inside this token.
  package var flawed: Bool
}

/// A literal's value as the lexer decoded it: a number in `first`; a
/// size's width and height; a hex colour as 0xRRGGBBAA in `first` (-1
/// when malformed); a string's index in `SyntaxTree.strings` in `first`
/// and, when it has `\(…)` parts, a nonzero `second`.
package struct LiteralValue: Sendable {
  package var first: Double
  package var second: Double
}

/// Bytes between tokens: spaces, line breaks that end no statement, comments.
package struct TriviaPiece: Sendable {
  package var start: UInt32
  package var end: UInt32
  package var kind: TriviaKind

  package var range: SourceRange { SourceRange(Int(start), Int(end)) }
}

/// One node, stored in postorder: its children come right before it, and
/// `subtreeSize` (itself included) says how far back they go. Its tokens
/// are `firstToken..<endToken`, its children's included.
package struct SyntaxNode: Sendable {
  package var firstToken: UInt32
  package var endToken: UInt32
  package var subtreeSize: UInt32
  package var kind: SyntaxKind
  /// How the parse of the node went, where the tokens alone do not say
  /// (kept in the padding: the node stays 16 bytes).
  package var flags: SyntaxNodeFlags = []
}

/// What the parser knew about a node when it closed it: a statement whose
/// parse failed, which of its parts it kept.
package struct SyntaxNodeFlags: OptionSet, Sendable {
  package var rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The parse threw and recovery skipped to the statement's end: a
  /// `let`, `for`, `if`, `import`, colour set or path command is dropped;
  /// an element or a definition keeps what it had.
  package static let failed = SyntaxNodeFlags(rawValue: 1)
  /// An element or a definition that later stages leave alone: its parse
  /// failed, it holds a token the lexer reported, or its body had an error.
  package static let recovered = SyntaxNodeFlags(rawValue: 2)
  /// The optional first part was kept: an element's label, a stop's
  /// colour, a radial gradient's clauses.
  package static let kept = SyntaxNodeFlags(rawValue: 4)
  /// A gradient read as radial (`radial`, or a misspelling followed by
  /// clauses): its words after the space are clauses, not directions.
  package static let radial = SyntaxNodeFlags(rawValue: 8)
  /// An error node of the tokens a failed statement skipped to its end.
  package static let skippedToEnd = SyntaxNodeFlags(rawValue: 16)
  /// A gradient stop that reached its end: its range covers its parts.
  package static let ended = SyntaxNodeFlags(rawValue: 32)
}

/// A node's place in `SyntaxTree.nodes`.
package struct SyntaxNodeID: Hashable, Sendable {
  package var index: UInt32

  package init(_ index: Int) { self.index = UInt32(index) }
}

/// The lossless syntax tree of one file, stored flat (as Carbon's parse
/// tree and Zig's AST are): tokens, trivia and nodes each in one array,
/// indexed by 32-bit ids; nodes in postorder, the file's node last. Every
/// byte of the source is in exactly one token or one trivia piece, in
/// order, so printing the pieces gives the source back. Read it through
/// the typed views (`ElementSyntax`, `LetSyntax`, …), not its arrays.
package struct SyntaxTree: Sendable {
  package let bytes: [UInt8]
  package var tokens: [SyntaxToken] = []
  package var trivia: [TriviaPiece] = []
  package var nodes: [SyntaxNode] = []
  package var literals: [LiteralValue] = []
  /// The token of each of `literals`, ascending: a number, size, hex
  /// colour or string token's value is found by a binary search here (the
  /// tokens are most of a tree, and most have no value).
  package var literalTokens: [UInt32] = []
  /// Decoded string literals, as the lexer made them.
  package var strings: [String] = []

  /// The tree of `source`, with the parser's diagnostics.
  package static func parse(_ source: SourceFile, diagnostics: inout DiagnosticList) -> SyntaxTree {
    Parser.parseTree(source, diagnostics: &diagnostics)
  }

  /// The file's node: the last one.
  package var root: SyntaxNodeID { SyntaxNodeID(nodes.count - 1) }

  package subscript(_ id: SyntaxNodeID) -> SyntaxNode { nodes[Int(id.index)] }

  package func kind(_ id: SyntaxNodeID) -> SyntaxKind { nodes[Int(id.index)].kind }

  /// The node's tokens, as indices into `tokens`.
  package func tokenRange(_ id: SyntaxNodeID) -> Range<Int> {
    let node = nodes[Int(id.index)]
    return Int(node.firstToken)..<Int(node.endToken)
  }

  /// The bytes from the node's first token to its last, trivia before the
  /// first left out; empty at the end of the previous token when it has none.
  package func range(_ id: SyntaxNodeID) -> SourceRange {
    // The bounds read straight from the node: the bridge asks this of
    // every value, and a `Range` with its `first` and `last` cost twice
    // the instructions.
    let node = nodes[Int(id.index)]
    let first = Int(node.firstToken)
    let end = Int(node.endToken)
    guard end > first else {
      let at = first > 0 ? Int(tokens[first - 1].end) : 0
      return SourceRange(at, at)
    }
    return SourceRange(Int(tokens[first].start), Int(tokens[end - 1].end))
  }

  /// The node's children, first to last.
  package func children(_ id: SyntaxNodeID) -> [SyntaxNodeID] {
    var found: [SyntaxNodeID] = []
    forEachChildBackwards(id) { found.append($0) }
    found.reverse()
    return found
  }

  /// The node's children, last to first: the order postorder gives them in
  /// without a buffer.
  package func forEachChildBackwards(_ id: SyntaxNodeID, _ visit: (SyntaxNodeID) -> Void) {
    let parent = Int(id.index)
    let first = parent - Int(nodes[parent].subtreeSize) + 1
    var child = parent - 1
    while child >= first {
      visit(SyntaxNodeID(child))
      child -= Int(nodes[child].subtreeSize)
    }
  }

  /// The tokens of the node that are in none of its children, in order.
  package func ownTokens(_ id: SyntaxNodeID) -> [Int] {
    var own: [Int] = []
    var next = tokenRange(id).lowerBound
    for child in children(id) {
      let inner = tokenRange(child)
      own.append(contentsOf: next..<inner.lowerBound)
      next = max(next, inner.upperBound)
    }
    own.append(contentsOf: next..<tokenRange(id).upperBound)
    return own
  }

  /// The text of a token.
  package func text(token index: Int) -> String {
    let token = tokens[index]
    return String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self)
  }

  /// The trivia before token `index`, as indices into `trivia`.
  package func leadingTrivia(ofToken index: Int) -> Range<Int> {
    let start = index > 0 ? Int(tokens[index - 1].triviaEnd) : 0
    return start..<Int(tokens[index].triviaEnd)
  }

  /// The source again, from the pieces: each token's leading trivia, then
  /// the token, in order.
  package func printed() -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    for index in tokens.indices {
      for piece in leadingTrivia(ofToken: index) {
        out.append(contentsOf: bytes[Int(trivia[piece].start)..<Int(trivia[piece].end)])
      }
      out.append(contentsOf: bytes[Int(tokens[index].start)..<Int(tokens[index].end)])
    }
    return out
  }

  /// The literal of token `index`, if it has one.
  package func literal(ofToken index: Int) -> LiteralValue? {
    let token = UInt32(index)
    var low = 0
    var high = literalTokens.count
    while low < high {
      let middle = (low + high) / 2
      if literalTokens[middle] < token { low = middle + 1 } else { high = middle }
    }
    return low < literalTokens.count && literalTokens[low] == token ? literals[low] : nil
  }
}
