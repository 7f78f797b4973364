/// The front end alone, for `pencil-bench --phase parse`: the parser is
/// internal, and the benchmark must time exactly what a compile runs first.
extension Pencil {
  /// Lexes and parses `source`, dropping each top-level statement as a
  /// compile would after checking it. Returns how many statements and
  /// diagnostics there were, so the work cannot be optimised away.
  public static func lexAndParse(_ source: SourceFile) -> (statements: Int, diagnostics: Int) {
    var diagnostics = DiagnosticList()
    var statements = 0
    Parser.parse(source, diagnostics: &diagnostics) { _ in statements += 1 }
    return (statements, diagnostics.items.count)
  }
}
