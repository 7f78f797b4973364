import PencilDiagnostics
import PencilQueries
import PencilSema
import PencilSyntax
import PencilWorld

extension LanguageServer {
  func completion(_ params: JSONValue) throws -> JSONValue {
    guard let document = try document(params) else { return .array([]) }
    let offset = try offset(params, in: document)
    // Imports and folders are read where the compilation reads them: the
    // open documents first, then the disk.
    let source = SourceFile(name: document.path, bytes: document.bytes)
    let result = Completions.at(
      offset, in: source, tree: syntax(of: document).tree, importer: world(for: document, main: source),
      list: { [documents, disk] folder in LanguageServer.entries(of: folder, disk.entries, documents.values) })
    let range = lspRange(result.replacing, document.lines)
    let items: [JSONValue] = result.candidates.enumerated().map { index, candidate in
      var item: [String: JSONValue] = [
        "label": .string(candidate.label),
        "kind": .int(LanguageServer.completionKind(candidate.kind)),
        "textEdit": .object(["range": range, "newText": .string(candidate.insertText ?? candidate.label)]),
        // The query's order (the checker's tables) is kept by the client.
        "sortText": .string(String(1_000_000 + index)),
      ]
      if !candidate.detail.isEmpty { item["detail"] = .string(candidate.detail) }
      if let documentation = candidate.documentation { item["documentation"] = .string(documentation) }
      return .object(item)
    }
    return .object(["isIncomplete": .bool(result.isIncomplete), "items": .array(items)])
  }

  /// The entries of `folder` on disk, with the open documents in it that
  /// are not saved there yet.
  static func entries(
    of folder: String, _ lister: (String) -> [FolderEntry]?, _ open: some Sequence<OpenDocument>
  ) -> [FolderEntry]? {
    var entries = lister(folder)
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    for document in open where document.path.hasPrefix(prefix) {
      let name = String(document.path.dropFirst(prefix.count))
      guard !name.isEmpty, !name.contains("/"), !(entries ?? []).contains(where: { $0.name == name }) else { continue }
      entries = (entries ?? []) + [FolderEntry(name: name, isFolder: false)]
    }
    return entries
  }

  /// LSP's `CompletionItemKind`.
  static func completionKind(_ kind: Completions.Kind) -> Int {
    switch kind {
    case .elementKind: 7  // Class
    case .keyword: 14
    case .attribute: 10  // Property
    case .color, .colorSet: 16
    case .textStyle, .enumValue: 20  // EnumMember
    case .component: 4  // Constructor
    case .gradient: 21  // Constant
    case .shape: 22  // Struct
    case .variable: 6
    case .file: 17
    case .folder: 19
    }
  }

  func hover(_ params: JSONValue) throws -> JSONValue {
    guard let document = try document(params) else { return .null }
    let offset = try offset(params, in: document)
    let compilation = compileWithScene(document)
    let answer = HoverFacts.at(
      offset, in: compilation.source, tree: syntax(of: document).tree, scene: compilation.scene)
    // Over a diagnostic, what its code means: the text of `pencilc explain`,
    // which clients that do not follow `codeDescription` show nowhere else.
    var codes: [DiagnosticCode] = []
    var range = answer?.range
    for diagnostic in compilation.diagnostics
    where diagnostic.file == .main && diagnostic.range.start <= offset && offset <= diagnostic.range.end {
      if !codes.contains(diagnostic.code) { codes.append(diagnostic.code) }
      range = range ?? diagnostic.range
    }
    let parts = (answer.map { [$0.markdown] } ?? []) + codes.map(HoverFacts.explanation)
    guard let range, !parts.isEmpty else { return .null }
    return .object([
      "contents": .object(["kind": .string("markdown"), "value": .string(parts.joined(separator: "\n\n---\n\n"))]),
      "range": lspRange(range, document.lines),
    ])
  }

  func documentSymbols(_ params: JSONValue) throws -> JSONValue {
    guard let document = try document(params) else { return .array([]) }
    let lines = document.lines
    func convert(_ symbol: DocumentOutline.Symbol) -> JSONValue {
      let kind: Int
      switch symbol.kind {
      case .component: kind = 5  // Class
      case .gradient: kind = 14  // Constant
      case .shape: kind = 23  // Struct
      case .value: kind = 13  // Variable
      case .colorSet: kind = 14
      case .element: kind = 19  // Object
      }
      var value: [String: JSONValue] = [
        "name": .string(symbol.name.isEmpty ? "?" : symbol.name), "kind": .int(kind),
        "range": lspRange(symbol.range, lines), "selectionRange": lspRange(symbol.selectionRange, lines),
        "detail": .string(symbol.detail),
      ]
      if !symbol.children.isEmpty { value["children"] = .array(symbol.children.map(convert)) }
      return .object(value)
    }
    let source = SourceFile(name: document.path, bytes: document.bytes)
    return .array(DocumentOutline.symbols(in: source, tree: syntax(of: document).tree).map(convert))
  }

  func documentColors(_ params: JSONValue) throws -> JSONValue {
    guard let document = try document(params) else { return .array([]) }
    let source = SourceFile(name: document.path, bytes: document.bytes)
    let literals = ColorLiterals.find(in: source, tree: syntax(of: document).tree)
    return .array(
      literals.map { literal in
        .object([
          "range": lspRange(literal.range, document.lines),
          "color": .object([
            "red": .number(literal.color.red), "green": .number(literal.color.green),
            "blue": .number(literal.color.blue), "alpha": .number(literal.color.alpha),
          ]),
        ])
      })
  }

  func colorPresentations(_ params: JSONValue) throws -> JSONValue {
    guard let document = try document(params) else { return .array([]) }
    guard let color = params["color"], let red = color["red"]?.number, let green = color["green"]?.number,
      let blue = color["blue"]?.number, let alpha = color["alpha"]?.number,
      let start = params["range"]?["start"].flatMap(LanguageServer.position),
      let end = params["range"]?["end"].flatMap(LanguageServer.position)
    else { throw RPCError.invalidParams("color and range are required") }
    let lines = document.lines
    let range = SourceRange(lines.offset(of: start, encoding: encoding), lines.offset(of: end, encoding: encoding))
    // The literal being edited keeps its spelling: first in the list.
    let source = SourceFile(name: document.path, bytes: document.bytes)
    let form = ColorLiterals.find(in: source, tree: syntax(of: document).tree).first {
      $0.range == range
    }?.form
    let picked = QueryColor(red: red, green: green, blue: blue, alpha: alpha)
    return .array(
      ColorLiterals.presentations(of: picked, preferring: form).map { text in
        .object([
          "label": .string(text),
          "textEdit": .object(["range": lspRange(range, lines), "newText": .string(text)]),
        ])
      })
  }
}
