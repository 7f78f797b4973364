// The language server's kept tree, checked on every fuzz input (and,
// through the symbolic link Tests/PencilCoreTests/FuzzSplice.swift, on
// every regression): the input's middle third pasted back into the rest
// (`EditableSyntaxTree.replace`) gives exactly the whole input's parse.

#if !PENCIL_FUZZER
  import PencilDiagnostics
  import PencilSyntax
#endif

extension FuzzHarness {
  static func checkSplice(_ source: SourceFile) -> [String] {
    let bytes = source.bytes
    let from = bytes.count / 3
    let to = from + bytes.count / 3
    var edited = EditableSyntaxTree(SourceFile(name: source.name, bytes: Array(bytes[..<from] + bytes[to...])))
    edited.replace(from, from, insertedCount: to - from, giving: source)
    var diagnostics = DiagnosticList()
    let whole = Parser.parseTree(source, diagnostics: &diagnostics)
    let tree = edited.tree
    var failures: [String] = []
    func compare<Piece, Key: Equatable>(_ what: String, _ spliced: [Piece], _ parsed: [Piece], _ key: (Piece) -> Key) {
      guard spliced.count != parsed.count || zip(spliced, parsed).contains(where: { key($0) != key($1) }) else {
        return
      }
      failures.append("splice: the \(what) differ from a whole parse's")
    }
    compare("tokens", tree.tokens, whole.tokens) {
      [$0.start, $0.end, $0.triviaEnd, UInt32($0.kind.rawValue), $0.flawed ? 1 : 0]
    }
    compare("trivia", tree.trivia, whole.trivia) { [$0.start, $0.end, UInt32($0.kind.rawValue)] }
    compare("nodes", tree.nodes, whole.nodes) {
      [$0.firstToken, $0.endToken, $0.subtreeSize, UInt32($0.kind.rawValue), UInt32($0.flags.rawValue)]
    }
    compare("literals", tree.literals, whole.literals) { [$0.first, $0.second] }
    compare("literal tokens", tree.literalTokens, whole.literalTokens) { $0 }
    compare("strings", tree.strings, whole.strings) { $0 }
    compare("diagnostics", edited.diagnostics.items, diagnostics.items) { $0 }
    // Past the cap the lists keep the same items but count what they dropped.
    compare("dropped diagnostics", [edited.diagnostics], [diagnostics]) { [$0.droppedErrors, $0.droppedOthers] }
    return failures
  }
}
