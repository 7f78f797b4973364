// The formatter's promises, checked on every fuzz input (and, through the
// symbolic link Tests/PencilCoreTests/FuzzFormat.swift, on every
// regression): an input with syntax errors is refused; any other is
// formatted into text that parses, formats to itself again, and compiles
// to the same IR (positions aside) with the same diagnostics.

#if !PENCIL_FUZZER
  import PencilDiagnostics
  import PencilSyntax
  @testable import PencilIR
  @testable import PencilSema
  @testable import PencilCore
#endif

extension FuzzHarness {
  static func checkFormatter(_ source: SourceFile, compiled: Compilation) -> [String] {
    var parsed = DiagnosticList()
    _ = Parser.parse(source, diagnostics: &parsed)
    switch SourceFormatter.format(source) {
    case .refused(let diagnostics):
      guard source.bytes.count <= SourceFile.maximumSize else { return [] }
      let hasErrors = diagnostics.contains { $0.severity == .error }
      return hasErrors && parsed.hasErrors ? [] : ["fmt: refused an input without syntax errors"]
    case .formatted(let once):
      if parsed.hasErrors { return ["fmt: formatted an input with syntax errors"] }
      let formatted = SourceFile(name: source.name, bytes: once)
      guard case .formatted(let twice) = SourceFormatter.format(formatted) else {
        return ["fmt: the formatted text has syntax errors"]
      }
      var failures: [String] = []
      if twice != once { failures.append("fmt: not idempotent") }
      let again = Pencil.compile(formatted, dumpSyntax: false, importer: nil, limits: .fuzzing, appearance: nil)
      if again.diagnostics.map(\.code.id) != compiled.diagnostics.map(\.code.id) {
        failures.append("fmt: diagnostics differ after formatting")
      }
      switch (compiled.scene, again.scene) {
      case (let before?, let after?):
        if withoutPositions(IRPrinter.print(before)) != withoutPositions(IRPrinter.print(after)) {
          failures.append("fmt: the IR differs after formatting")
        }
      case (nil, nil): break
      default: failures.append("fmt: one version compiles, the other not")
      }
      return failures
    }
  }

  /// The IR without ` source=A..B` and ` calls=…`, byte positions that
  /// formatting moves.
  static func withoutPositions(_ ir: String) -> String {
    var result = ""
    for line in ir.split(separator: "\n", omittingEmptySubsequences: false) {
      let words = line.split(separator: " ", omittingEmptySubsequences: false)
      result += words.filter { !$0.hasPrefix("source=") && !$0.hasPrefix("calls=") }.joined(separator: " ") + "\n"
    }
    return result
  }
}
