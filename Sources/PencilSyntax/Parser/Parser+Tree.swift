/// Where a node begins: how many nodes and tokens the tree had then.
struct NodeMark {
  var node: UInt32
  var token: UInt32
}

/// The syntax tree as the parser builds it: each consumed token is
/// appended, and each node when its last token has been consumed, after
/// its children (postorder). Off (`isOn` false), every call returns at
/// once: a `\(…)` part is checked, and its tree is the bridge's business.
struct TreeRecorder {
  var isOn: Bool
  var tokens: RecordBuffer<SyntaxToken>
  var nodes: RecordBuffer<SyntaxNode>
  var literals: RecordBuffer<LiteralValue>
  var literalTokens: RecordBuffer<UInt32>
  /// The arrays of the statement tree last handed on (`handOffTree`),
  /// refilled for the next.
  private var handedOn = SyntaxTree(bytes: [])

  init(on: Bool, expectedBytes: Int) {
    isOn = on
    // Written-out scenes have about one token per 3.5 bytes, one node per
    // 5 and one literal per 9 (pencil-bench): reserving a little more
    // spares the regrowth copies, and pages never written are never touched.
    guard on else {
      // An interpolation's parser records nothing: no memory for it.
      tokens = .unallocated
      nodes = .unallocated
      literals = .unallocated
      literalTokens = .unallocated
      return
    }
    tokens = RecordBuffer(capacity: expectedBytes / 3 + 16)
    nodes = RecordBuffer(capacity: expectedBytes / 4 + 16)
    literals = RecordBuffer(capacity: expectedBytes / 6 + 16)
    literalTokens = RecordBuffer(capacity: expectedBytes / 6 + 16)
  }

  /// Starts over for the next top-level statement, keeping the memory.
  mutating func reset() {
    tokens.removeAll()
    nodes.removeAll()
    literals.removeAll()
    literalTokens.removeAll()
  }

  // Counts fit in 32 bits (at most one token a byte, sources under
  // `SourceFile.maximumSize`): converted and subtracted without a test.
  var mark: NodeMark {
    NodeMark(node: UInt32(truncatingIfNeeded: nodes.count), token: UInt32(truncatingIfNeeded: tokens.count))
  }

  @inline(__always)
  mutating func append(_ token: Token) {
    guard isOn else { return }
    if token.kind.hasLiteral {
      literalTokens.append(UInt32(truncatingIfNeeded: tokens.count))
      literals.append(LiteralValue(first: token.first, second: token.second))
    }
    // Offsets are never negative (the lexer's, from 0): no test that could trap.
    tokens.append(
      SyntaxToken(
        start: UInt32(bitPattern: token.start), end: UInt32(bitPattern: token.end), triviaEnd: token.triviaEnd,
        kind: token.kind, flawed: token.flawed))
  }

  /// The statement recorded so far as a tree over `bytes`, in the arrays
  /// of the tree handed on before it: when that one was dropped, its
  /// memory is reused (see `RecordBuffer.copy(into:)`).
  mutating func handOffTree(bytes: [UInt8], strings: [String]) -> SyntaxTree {
    var tree = SyntaxTree(bytes: bytes)
    swap(&tree.tokens, &handedOn.tokens)
    swap(&tree.nodes, &handedOn.nodes)
    swap(&tree.literals, &handedOn.literals)
    swap(&tree.literalTokens, &handedOn.literalTokens)
    tokens.copy(into: &tree.tokens)
    nodes.copy(into: &tree.nodes)
    literals.copy(into: &tree.literals)
    literalTokens.copy(into: &tree.literalTokens)
    tree.strings = strings
    handedOn.tokens = tree.tokens
    handedOn.nodes = tree.nodes
    handedOn.literals = tree.literals
    handedOn.literalTokens = tree.literalTokens
    return tree
  }

  /// Closes the node begun at `mark`: every node and token since is in it.
  @inline(__always)
  mutating func finish(_ kind: SyntaxKind, _ mark: NodeMark, _ flags: SyntaxNodeFlags = []) {
    guard isOn else { return }
    nodes.append(
      SyntaxNode(
        firstToken: mark.token, endToken: UInt32(truncatingIfNeeded: tokens.count),
        subtreeSize: UInt32(truncatingIfNeeded: nodes.count) &- mark.node &+ 1, kind: kind, flags: flags))
  }

  /// Closes an `error` node over what recovery skipped since `mark`, if
  /// anything.
  mutating func finishError(_ mark: NodeMark, _ flags: SyntaxNodeFlags = []) {
    guard isOn, UInt32(tokens.count) > mark.token || UInt32(nodes.count) > mark.node else { return }
    finish(.error, mark, flags)
  }
}

extension Parser {
  /// Hands each top-level statement to `body` as soon as it is parsed, in
  /// a tree of its own (its arrays exactly sized: `body` may keep it), and
  /// the recorder reuses its memory for the next, so a file of any size
  /// never has a whole tree in the parser's memory. The tree has no trivia.
  /// `body` gets the diagnostics so far, to add its own in source order.
  package static func parseStatements(
    _ source: SourceFile, diagnostics: inout DiagnosticList,
    each body: (consuming SyntaxTree, StatementSyntax) -> Void
  ) {
    // Enough for a typical statement; a bigger one grows the buffers once.
    var parser = Parser(source: source, diagnostics: diagnostics, recordingTrivia: false, expectedBytes: 4096)
    parser.parseUnit(
      beforeEach: { $0.reset() },
      each: { parser in
        guard let last = parser.tree.nodes.last, StatementSyntax.accepts(last.kind) else { return }
        let tree = parser.tree.handOffTree(bytes: parser.bytes, strings: parser.lexer.strings)
        // The tree handed over, not copied: the bridge keeps it without a
        // retain (and later a release) of each of its arrays.
        let statement = StatementSyntax(unchecked: SyntaxNodeID(tree.nodes.count - 1))
        body(tree, statement)
      })
    parser.diagnostics.absorb(parser.lexer.diagnostics)
    diagnostics = parser.diagnostics
  }

  /// The whole file's statements at once (tests, the prelude).
  package static func parse(_ source: SourceFile, diagnostics: inout DiagnosticList) -> SourceUnit {
    var statements: [Statement] = []
    parse(source, diagnostics: &diagnostics) { statements.append($0) }
    return SourceUnit(statements: statements)
  }

  /// Each top-level statement as the checker reads it today: parsed into
  /// its tree (`parseStatements`), then built by the bridge.
  package static func parse(
    _ source: SourceFile, diagnostics: inout DiagnosticList, each body: (Statement) -> Void
  ) {
    parseStatements(source, diagnostics: &diagnostics) { tree, statement in
      if let statement = ASTBridge(tree).statement(statement) { body(statement) }
    }
  }

  /// The whole file's lossless syntax tree, trivia included.
  package static func parseTree(_ source: SourceFile, diagnostics: inout DiagnosticList) -> SyntaxTree {
    var parser = Parser(
      source: source, diagnostics: diagnostics, recordingTrivia: true, expectedBytes: source.bytes.count)
    let start = parser.tree.mark
    parser.parseUnit { _ in }
    parser.diagnostics.absorb(parser.lexer.diagnostics)
    diagnostics = parser.diagnostics
    // The end of the file carries the trivia after the last token.
    parser.tree.append(parser.current)
    parser.tree.finish(.sourceFile, start)
    return parser.finishedTree()
  }

  /// What the recorder holds, as a tree over the file's bytes.
  func finishedTree() -> SyntaxTree {
    var tree = SyntaxTree(bytes: bytes)
    tree.tokens = self.tree.tokens.elements
    tree.nodes = self.tree.nodes.elements
    tree.literals = self.tree.literals.elements
    tree.literalTokens = self.tree.literalTokens.elements
    tree.trivia = lexer.trivia
    tree.strings = lexer.strings
    return tree
  }
}
