import PencilCore
import PencilDiagnostics
import PencilQueries
import PencilWorld

/// Go to definition, find references and rename, over the checker's own
/// resolution of names (`NameIndex`): the answer follows shadowing,
/// parameters, loops, element names and imports as the compiler does.
/// References and rename cover every open document and every file of the
/// workspace that imports the declaring file, so a name declared in an
/// imported file is found in each file that uses it.
extension LanguageServer {
  /// LSP's `RequestFailed`: the request was valid, its answer is a refusal.
  static let requestFailed = -32803

  /// The names of `document`'s text, recorded by the check that compiled
  /// it (dropped with its compilation at every change of it or of a file
  /// it imports).
  func names(_ document: OpenDocument) -> NameIndex {
    // A compilation and its names are made together (`compile`) and
    // dropped together (`OpenDocument.compilation`).
    if document.recordedNames == nil { compile(document) }
    return document.names ?? NameIndex(document.source, importer: world(for: document))
  }

  func definition(_ params: JSONValue) throws -> JSONValue {
    guard let document = try document(params) else { return .null }
    let offset = try offset(params, in: document)
    let index = names(document)
    if let symbol = index.symbol(at: offset, in: document.path) {
      return lspLocation(symbol.declaration, index)
    }
    // An import's path leads to the file it read, at its start.
    if let file = index.importedFile(at: offset, in: document.path) {
      return lspLocation(NameIndex.Location(file: file, range: SourceRange(0, 0)), index)
    }
    return .null
  }

  func references(_ params: JSONValue) throws -> JSONValue {
    guard let document = try document(params) else { return .array([]) }
    let offset = try offset(params, in: document)
    guard let symbol = names(document).symbol(at: offset, in: document.path) else { return .array([]) }
    let includeDeclaration = params["context"]?["includeDeclaration"]?.bool ?? true
    var seen = Set<NameIndex.Location>()
    var found: [(NameIndex.Location, NameIndex)] = []
    for (_, index) in indexes(seeing: symbol, from: document) {
      for location in index.occurrences(of: symbol) where seen.insert(location).inserted {
        if !includeDeclaration, location == symbol.declaration { continue }
        found.append((location, index))
      }
    }
    return .array(found.sorted { $0.0 < $1.0 }.map { lspLocation($0.0, $0.1) })
  }

  func prepareRename(_ params: JSONValue) throws -> JSONValue {
    guard let document = try document(params) else { return .null }
    let offset = try offset(params, in: document)
    let index = names(document)
    guard let place = index.place(at: offset, in: document.path),
      let symbol = index.symbol(at: offset, in: document.path)
    else { return .null }
    return .object(["range": lspRange(place.range, document.lines), "placeholder": .string(symbol.name)])
  }

  func rename(_ params: JSONValue) throws -> JSONValue {
    guard let document = try document(params) else { return .null }
    let offset = try offset(params, in: document)
    guard let newName = params["newName"]?.string else { throw RPCError.invalidParams("newName is missing") }
    guard let symbol = names(document).symbol(at: offset, in: document.path) else {
      throw RPCError(code: LanguageServer.requestFailed, message: "there is no name of the file's here to rename")
    }
    if let problem = RenamePlan.problem(with: newName, for: symbol) {
      throw RPCError(code: LanguageServer.requestFailed, message: problem)
    }
    let checked = self.indexes(seeing: symbol, from: document)
    let indexes = checked.map(\.index)
    guard indexes.allSatisfy(\.isComplete) else {
      throw RPCError(
        code: LanguageServer.requestFailed, message: "the file has more names than the index keeps; rename by hand")
    }
    let ranges = RenamePlan.ranges(of: symbol, in: indexes)
    if let problem = conflict(renaming: ranges, to: newName, checkedBy: checked) {
      throw RPCError(code: LanguageServer.requestFailed, message: "cannot rename to '\(newName)': \(problem)")
    }
    var changes: [String: JSONValue] = [:]
    for (file, fileRanges) in ranges {
      let lines = lineIndex(of: file, indexes.first { $0.bytes(of: file) != nil })
      changes[uri(of: file)] = .array(
        fileRanges.map { .object(["range": lspRange($0, lines), "newText": .string(newName)]) })
    }
    return .object(["changes": .object(changes)])
  }

  /// The indexes of the open documents and the workspace's other files
  /// that read the file `symbol` is declared in (the requesting
  /// document's first), each with the file it compiles.
  private func indexes(seeing symbol: NameIndex.Symbol, from document: OpenDocument)
    -> [(path: String, index: NameIndex)]
  {
    var found = [(document.path, names(document))]
    for uri in documents.keys.sorted() {
      guard let other = documents[uri], other !== document else { continue }
      let index = names(other)
      if index.bytes(of: symbol.declaration.file) != nil { found.append((other.path, index)) }
    }
    return found + closedImporters(of: symbol.declaration.file)
  }

  /// Why the rename would change what some name means, checked by checking
  /// each affected document again with every renamed file's new text.
  private func conflict(
    renaming ranges: [String: [SourceRange]], to newName: String,
    checkedBy checked: [(path: String, index: NameIndex)]
  ) -> String? {
    var texts: [String: [UInt8]] = [:]
    for document in documents.values { texts[document.path] = document.bytes }
    for (path, index) in checked where texts[path] == nil { texts[path] = index.bytes(of: path) }
    for (file, fileRanges) in ranges {
      guard let bytes = texts[file] ?? checked.lazy.compactMap({ $0.index.bytes(of: file) }).first else { continue }
      texts[file] = RenamePlan.apply(fileRanges, newName: newName, to: bytes)
    }
    for (main, before) in checked {
      guard let renamed = texts[main] else { continue }
      var others = texts
      others[main] = nil
      let source = SourceFile(name: main, bytes: renamed)
      let world = World(main: source, disk: disk, overlays: others)
      // Compiled as `before` was, so their error counts compare.
      let (_, after) = Pencil.compileIndexingNames(source, importer: world)
      if let problem = RenamePlan.verify(before: before, after: after, ranges: ranges, newName: newName) {
        return problem
      }
    }
    return nil
  }

  private func uri(of file: String) -> String {
    documents.values.first { $0.path == file }?.uri ?? DocumentURI.uri(of: file)
  }

  private func lineIndex(of file: String, _ index: NameIndex?) -> LineIndex {
    if let open = documents.values.first(where: { $0.path == file }) { return open.lines }
    return LineIndex(index?.bytes(of: file) ?? [])
  }

  private func lspLocation(_ location: NameIndex.Location, _ index: NameIndex) -> JSONValue {
    .object([
      "uri": .string(uri(of: location.file)),
      "range": lspRange(location.range, lineIndex(of: location.file, index)),
    ])
  }
}
