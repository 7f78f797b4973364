/// The parser alone, for `pencil-bench`: `--phase parse` times the
/// compiler's parse (each top-level statement dropped as a compile drops
/// it after checking), `--tree` that parse against the one that builds the
/// lossless tree, side by side in one run.
public enum SyntaxMeasurement {
  /// Parses `source` and returns how many top-level statements it holds,
  /// how many diagnostics the parse made and how many tree nodes were
  /// built (0 without the tree), so the work cannot be optimised away.
  public static func parse(_ source: SourceFile, buildingTree: Bool) -> (
    statements: Int, diagnostics: Int, nodes: Int
  ) {
    var diagnostics = DiagnosticList()
    var statements = 0
    guard buildingTree else {
      Parser.parse(source, diagnostics: &diagnostics) { _ in statements += 1 }
      return (statements, diagnostics.items.count, 0)
    }
    let tree = Parser.parseTree(source, diagnostics: &diagnostics) { _ in statements += 1 }
    return (statements, diagnostics.items.count, tree.nodes.count)
  }
}
