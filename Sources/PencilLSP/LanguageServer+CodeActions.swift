import PencilDiagnostics

extension LanguageServer {
  /// Every fix-it of the diagnostics that touch the range, as a quick fix,
  /// and "fix all in file" when the file's fixes can be applied together.
  func codeActions(_ params: JSONValue) throws -> JSONValue {
    guard let document = try document(params) else { return .array([]) }
    guard let start = params["range"]?["start"].flatMap(LanguageServer.position),
      let end = params["range"]?["end"].flatMap(LanguageServer.position)
    else { throw RPCError.invalidParams("range is missing or malformed") }
    let lines = document.lines
    let from = lines.offset(of: start, encoding: encoding)
    let to = max(from, lines.offset(of: end, encoding: encoding))
    let only = params["context"]?["only"]?.array?.compactMap(\.string)
    func wanted(_ kind: String) -> Bool {
      guard let only else { return true }
      return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
    }
    let compilation = compile(document)
    // Fixes of the document's own diagnostics: those of imported files
    // are offered in those files.
    let own = compilation.diagnostics.filter { $0.file == .main && !$0.fixes.isEmpty }
    let uri = document.uri
    var actions: [JSONValue] = []
    if wanted("quickfix") {
      for diagnostic in own where diagnostic.range.start <= to && from <= diagnostic.range.end {
        let lspValue = lspDiagnostic(diagnostic, uri: uri, files: compilation.files) {
          $0 == .main ? lines : LineIndex(compilation.files[$0].bytes)
        }
        for fix in diagnostic.fixes {
          actions.append(
            .object([
              "title": .string(fix.message),
              "kind": .string("quickfix"),
              "diagnostics": .array([lspValue]),
              "isPreferred": .bool(diagnostic.fixes.count == 1),
              "edit": workspaceEdit(uri, fix.edits, lines),
            ]))
        }
      }
    }
    if wanted("source.fixAll"), let fixAll = fixAll(own, in: compilation.files, uri: uri, lines: lines) {
      actions.append(fixAll)
    }
    return .array(actions)
  }

  /// One edit applying the fix of every diagnostic that has exactly one
  /// (a choice between fixes is the user's), skipping a fix that overlaps
  /// one taken before; nil when there is nothing to fix.
  private func fixAll(_ diagnostics: [Diagnostic], in files: SourceFiles, uri: String, lines: LineIndex) -> JSONValue? {
    var taken: [TextEdit] = []
    var fixed: [JSONValue] = []
    for diagnostic in diagnostics where diagnostic.fixes.count == 1 {
      let edits = diagnostic.fixes[0].edits
      let overlaps = edits.contains { edit in
        taken.contains { edit.range.start < $0.range.end && $0.range.start < edit.range.end || edit.range == $0.range }
      }
      guard !overlaps else { continue }
      taken += edits
      fixed.append(
        lspDiagnostic(diagnostic, uri: uri, files: files) { $0 == .main ? lines : LineIndex(files[$0].bytes) })
    }
    guard !taken.isEmpty else { return nil }
    return .object([
      "title": .string(
        fixed.count == 1 ? "Fix the problem in this file" : "Fix all \(fixed.count) problems in this file"),
      "kind": .string("source.fixAll"),
      "diagnostics": .array(fixed),
      "edit": workspaceEdit(uri, taken.sorted { $0.range < $1.range }, lines),
    ])
  }

  private func workspaceEdit(_ uri: String, _ edits: [TextEdit], _ lines: LineIndex) -> JSONValue {
    .object([
      "changes": .object([
        uri: .array(
          edits.map { .object(["range": lspRange($0.range, lines), "newText": .string($0.newText)]) })
      ])
    ])
  }
}
