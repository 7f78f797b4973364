/// The parser alone, for `pencil-bench`: `--phase parse` times the
/// compiler's parse (each top-level statement in a tree of its own, the
/// memory reused for the next, as a compile drops it after checking),
/// `--tree` that parse against the whole file's lossless tree (trivia
/// included), side by side in one run.
public enum SyntaxMeasurement {
  /// Parses `source` and returns how many top-level statements it holds,
  /// how many diagnostics the parse made and how many tree nodes were
  /// built, so the work cannot be optimised away.
  public static func parse(_ source: SourceFile, buildingTree: Bool) -> (
    statements: Int, diagnostics: Int, nodes: Int
  ) {
    var diagnostics = DiagnosticList()
    var statements = 0
    guard buildingTree else {
      var nodes = 0
      Parser.parseStatements(source, diagnostics: &diagnostics) { tree, _ in
        statements += 1
        nodes += tree.nodes.count
      }
      return (statements, diagnostics.items.count, nodes)
    }
    let tree = Parser.parseTree(source, diagnostics: &diagnostics)
    statements = SourceFileSyntax(tree.root, in: tree)?.statements(in: tree).count ?? 0
    return (statements, diagnostics.items.count, tree.nodes.count)
  }
}
