/// Where a node begins: how many nodes and tokens the tree had then.
struct NodeMark {
  var node: UInt32
  var token: UInt32
}

/// The syntax tree as the parser builds it: each consumed token is
/// appended, and each node when its last token has been consumed, after
/// its children (postorder). Off (`isOn` false), every call returns at
/// once: the compiler's parse keeps no tree.
struct TreeRecorder {
  var isOn: Bool
  var tokens: [SyntaxToken] = []
  var nodes: [SyntaxNode] = []
  var literals: [LiteralValue] = []

  init(on: Bool, expectedBytes: Int) {
    isOn = on
    guard on else { return }
    // Written-out scenes have about one token per 3.5 bytes, one node per
    // 5 and one literal per 9 (pencil-bench): reserving a little more
    // spares the regrowth copies, and pages never written are never touched.
    tokens.reserveCapacity(expectedBytes / 3 + 16)
    nodes.reserveCapacity(expectedBytes / 4 + 16)
    literals.reserveCapacity(expectedBytes / 6 + 16)
  }

  var mark: NodeMark { NodeMark(node: UInt32(nodes.count), token: UInt32(tokens.count)) }

  mutating func append(_ token: Token) {
    guard isOn else { return }
    var literal = SyntaxToken.noLiteral
    switch token.kind {
    case .number, .dimension, .hexColor, .string:
      literal = UInt32(literals.count)
      literals.append(LiteralValue(first: token.first, second: token.second))
    default:
      break
    }
    tokens.append(
      SyntaxToken(
        start: UInt32(token.start), end: UInt32(token.end), triviaEnd: token.triviaEnd, literal: literal,
        kind: token.kind, flawed: token.flawed))
  }

  /// Closes the node begun at `mark`: every node and token since is in it.
  mutating func finish(_ kind: SyntaxKind, _ mark: NodeMark, _ flags: SyntaxNodeFlags = []) {
    guard isOn else { return }
    nodes.append(
      SyntaxNode(
        firstToken: mark.token, endToken: UInt32(tokens.count), subtreeSize: UInt32(nodes.count) - mark.node + 1,
        kind: kind, flags: flags))
  }

  /// Closes an `error` node over what recovery skipped since `mark`, if
  /// anything.
  mutating func finishError(_ mark: NodeMark, _ flags: SyntaxNodeFlags = []) {
    guard isOn, UInt32(tokens.count) > mark.token || UInt32(nodes.count) > mark.node else { return }
    finish(.error, mark, flags)
  }
}

extension Parser {
  /// The whole file's syntax tree; each top-level statement is also
  /// handed to `body` as the compiler's parse does.
  package static func parseTree(
    _ source: SourceFile, diagnostics: inout DiagnosticList, each body: (Statement) -> Void
  ) -> SyntaxTree {
    var parser = Parser(source: source, diagnostics: diagnostics, recordingTree: true)
    let start = parser.tree.mark
    parser.parseUnit(each: body)
    parser.diagnostics.absorb(parser.lexer.diagnostics)
    diagnostics = parser.diagnostics
    // The end of the file carries the trivia after the last token.
    parser.tree.append(parser.current)
    parser.tree.finish(.sourceFile, start)
    var tree = SyntaxTree(bytes: source.bytes)
    tree.tokens = parser.tree.tokens
    tree.nodes = parser.tree.nodes
    tree.literals = parser.tree.literals
    tree.trivia = parser.lexer.trivia
    tree.strings = parser.lexer.strings
    return tree
  }

  /// The expression begun at `mark` becomes a `pair` node when a second
  /// coordinate followed.
  mutating func finishPair(_ value: Expr, _ mark: NodeMark) -> Expr {
    tree.finish(.pair, mark)
    return value
  }
}
