// The editor's queries on every fuzz input (and, through the symbolic link
// Tests/PencilCoreTests/FuzzEditor.swift, on every regression): the names
// the language server's compile records, the answers by offset, the
// semantic tokens and the preview SVG must hold together on any text.

#if !PENCIL_FUZZER
  import PencilDiagnostics
  @testable import PencilSema
  @testable import PencilCore
  @testable import PencilQueries
  @testable import PencilPreview
  @testable import PencilSVG
#endif

extension FuzzHarness {
  static func checkEditorQueries(_ source: SourceFile, compiled: Compilation) -> [String] {
    var failures: [String] = []
    let count = source.bytes.count
    func inside(_ range: SourceRange) -> Bool { 0 <= range.start && range.start <= range.end && range.end <= count }
    let recorder = NameRecorder()
    _ = Pencil.compile(
      source, dumpSyntax: false, importer: nil, limits: .fuzzing, appearance: .light, names: recorder)
    let index = NameIndex(recorder, source: source, errorCount: 0)
    for (use, declaration) in index.resolutions {
      guard use.file == source.name, declaration.file == source.name else {
        failures.append("names: a file other than the input (\(use.file), \(declaration.file))")
        continue
      }
      if !inside(use.range) || !inside(declaration.range) {
        failures.append("names: \(use.range) → \(declaration.range) outside the input")
      }
      if index.text(use) != index.text(declaration) {
        failures.append("names: '\(index.text(use))' resolved to '\(index.text(declaration))'")
      }
    }
    // Every offset of a small input, a sample of a large one's.
    let step = max(1, count / 256)
    for offset in stride(from: 0, through: count, by: step) {
      guard let symbol = index.symbol(at: offset, in: source.name) else { continue }
      if !index.occurrences(of: symbol).contains(symbol.declaration) {
        failures.append("names: the occurrences of '\(symbol.name)' miss its declaration")
      }
    }
    var end = 0
    for span in SemanticTokens.of(source, names: index) {
      if !inside(span.range) || span.range.start < end || span.range.end == span.range.start {
        failures.append("semantic tokens: \(span.range) after \(end), in \(count) bytes")
      }
      end = span.range.end
    }
    if let scene = compiled.scene {
      var diagnostics: [Diagnostic] = []
      let backend = SVGBackend(options: PreviewAnnotator.svgOptions)
      if let svg = Pencil.render(scene, with: backend, diagnostics: &diagnostics),
        let problem = FuzzXML.check(svg)
      {
        failures.append("preview SVG: \(problem)")
      }
    }
    return failures
  }
}
