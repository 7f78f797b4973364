/// The parser alone, for `pencil-bench --parse`: the compiler's parse
/// (no tree kept) or the parse that builds the lossless tree, so the
/// tree's cost is measured in one run, side by side.
public enum SyntaxMeasurement {
  /// Parses `source` and returns how many top-level statements it holds
  /// and how many tree nodes were built (0 without the tree).
  public static func parse(_ source: SourceFile, buildingTree: Bool) -> (statements: Int, nodes: Int) {
    var diagnostics = DiagnosticList()
    var statements = 0
    guard buildingTree else {
      Parser.parse(source, diagnostics: &diagnostics) { _ in statements += 1 }
      return (statements, 0)
    }
    let tree = Parser.parseTree(source, diagnostics: &diagnostics) { _ in statements += 1 }
    return (statements, tree.nodes.count)
  }
}
