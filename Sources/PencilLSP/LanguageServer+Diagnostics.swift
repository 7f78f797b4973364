import PencilCore
import PencilDiagnostics
import PencilWorld

extension LanguageServer {
  /// Compiles `document` unless its compilation is current, as
  /// `pencilc --check` does (light appearance), reading imports from the
  /// open documents first; the same check records its names, which are
  /// indexed only when a request asks about names (`OpenDocument.names`).
  @discardableResult
  func compile(_ document: OpenDocument) -> CheckedDocument {
    if let compilation = document.compilation { return compilation }
    let source = SourceFile(name: document.path, bytes: document.bytes)
    let world = world(for: document, main: source)
    let (compilation, names) = Pencil.compileRecordingNames(source, importer: world)
    // Its picture is the one held: the others' go (see `CheckedDocument`).
    for other in documents.values where other !== document && other.compilation?.sceneIsHeld == true {
      other.compilation?.dropScene()
    }
    let checked = CheckedDocument(compilation)
    document.compilation = checked
    document.recordedNames = names
    document.imports = world.askedPaths
    return checked
  }

  /// `document`'s compilation with its picture, compiled again if another
  /// document's picture was held since.
  func compileWithScene(_ document: OpenDocument) -> CheckedDocument {
    if document.compilation?.sceneIsHeld == false { document.compilation = nil }
    return compile(document)
  }

  /// The World `document` (or `main`, its text) is compiled in: the other
  /// open documents' texts overlay the disk.
  func world(for document: OpenDocument, main: SourceFile? = nil) -> World {
    var openTexts: [String: [UInt8]] = [:]
    for other in documents.values where other !== document { openTexts[other.path] = other.bytes }
    return World(main: main ?? document.source, disk: disk, overlays: openTexts)
  }

  /// Publishes the diagnostics of every document changed since it was last
  /// published: called when the input has no further message waiting, so
  /// a burst of changes is compiled once, for its last text.
  public func publishPendingDiagnostics() {
    for uri in documents.keys.sorted() {
      guard let document = documents[uri], document.needsPublishing else { continue }
      document.needsPublishing = false
      let compilation = compile(document)
      var own: [JSONValue] = []
      var imported: [String: [JSONValue]] = [:]
      var indexes: [FileID: LineIndex] = [:]
      func lines(_ file: FileID) -> LineIndex {
        guard file != .main else { return document.lines }
        if let found = indexes[file] { return found }
        let made = LineIndex(compilation.files[file].bytes)
        indexes[file] = made
        return made
      }
      for diagnostic in compilation.diagnostics {
        let value = lspDiagnostic(diagnostic, uri: uri, files: compilation.files, lines: lines)
        if diagnostic.file == .main {
          own.append(value)
        } else {
          imported[DocumentURI.uri(of: compilation.files[diagnostic.file].name), default: []].append(value)
        }
      }
      var params: [String: JSONValue] = ["uri": .string(uri), "diagnostics": .array(own)]
      params["version"] = .int(document.version)
      notify("textDocument/publishDiagnostics", .object(params))
      publishImported(from: uri, imported)
    }
  }

  /// Replaces what `importer` contributes to the diagnostics of the files
  /// it imports, and publishes each file whose diagnostics changed (an
  /// open file is published from its own compilation instead).
  func publishImported(from importer: String, _ found: [String: [JSONValue]]) {
    var touched = Set(found.keys)
    for (uri, owners) in importedDiagnostics where owners[importer] != nil { touched.insert(uri) }
    for uri in touched.sorted() {
      importedDiagnostics[uri, default: [:]][importer] = found[uri]
      let owners = importedDiagnostics[uri] ?? [:]
      if owners.isEmpty { importedDiagnostics[uri] = nil }
      guard documents[uri] == nil else { continue }
      let merged = owners.keys.sorted().flatMap { owners[$0] ?? [] }
      notify("textDocument/publishDiagnostics", .object(["uri": .string(uri), "diagnostics": .array(merged)]))
    }
  }

  /// A core diagnostic as an LSP `Diagnostic`: the same code, range and
  /// notes as `pencilc` prints, notes as related information. `uri` is
  /// the compiled file's; `files` names the others by id, and `lines`
  /// indexes a file's lines.
  func lspDiagnostic(
    _ diagnostic: Diagnostic, uri: String, files: SourceFiles, lines: (FileID) -> LineIndex
  ) -> JSONValue {
    func uriOf(_ file: FileID) -> String { file == .main ? uri : DocumentURI.uri(of: files[file].name) }
    let ownLines = lines(diagnostic.file)
    let ownURI = uriOf(diagnostic.file)
    let severity: Int
    switch diagnostic.severity {
    case .error: severity = 1
    case .warning: severity = 2
    case .info: severity = 3
    case .hint: severity = 4
    }
    var value: [String: JSONValue] = [
      "range": lspRange(diagnostic.range, ownLines),
      "severity": .int(severity),
      "code": .string(diagnostic.code.id),
      "codeDescription": .object(["href": .string(LanguageServer.explainURI(diagnostic.code))]),
      "source": .string("pencilc"),
      "message": .string(diagnostic.message),
    ]
    var related: [JSONValue] = []
    for note in diagnostic.notes {
      // A note without a place points at the diagnostic itself.
      let noteFile = note.file ?? diagnostic.file
      let noteURI = uriOf(noteFile)
      let range = note.range.map { lspRange($0, lines(noteFile)) } ?? lspRange(diagnostic.range, ownLines)
      related.append(
        .object([
          "location": .object(["uri": .string(note.range == nil ? ownURI : noteURI), "range": range]),
          "message": .string(note.message),
        ]))
    }
    if !related.isEmpty { value["relatedInformation"] = .array(related) }
    return .object(value)
  }

  /// Where a code's explanation is: `pencil-explain:E0201`. There is no
  /// web page per code (and an editor may be offline), so the URI names
  /// the text `pencilc explain E0201` prints: the VS Code extension opens
  /// such a URI as a read-only document of that text, and hovering over
  /// the diagnostic's range shows the same text in every client.
  static func explainURI(_ code: DiagnosticCode) -> String { "pencil-explain:" + code.id }

  func lspRange(_ range: SourceRange, _ lines: LineIndex) -> JSONValue {
    let (start, end) = lines.range(range, encoding: encoding)
    return .object(["start": lspPosition(start), "end": lspPosition(end)])
  }

  func lspPosition(_ position: Position) -> JSONValue {
    .object(["line": .int(position.line), "character": .int(position.character)])
  }
}
