import PencilCore

/// A document the client has opened: its text as UTF-8, the line index of
/// that text, and its last compilation (dropped at every change).
final class OpenDocument {
  let uri: String
  /// The file name the compiler sees, from which imports are resolved.
  let path: String
  var version: Int
  private(set) var bytes: [UInt8]
  private var cachedLines: LineIndex?
  /// nil: not compiled since the last change.
  var compilation: Compilation? {
    didSet { if compilation == nil { names = nil } }
  }
  /// Its names as the checker resolved them (definition, references and
  /// rename); dropped with the compilation, whenever it or an import changes.
  var names: NameIndex?
  /// The files the last compilation imported (normalized paths).
  var imports: Set<String> = []
  /// Diagnostics of this text not yet sent.
  var needsPublishing = true

  init(uri: String, version: Int, bytes: [UInt8]) {
    self.uri = uri
    path = DocumentURI.path(of: uri)
    self.version = version
    self.bytes = bytes
  }

  var lines: LineIndex {
    if let cachedLines { return cachedLines }
    let made = LineIndex(bytes)
    cachedLines = made
    return made
  }

  var source: SourceFile { compilation?.source ?? SourceFile(name: path, bytes: bytes) }

  func replace(with bytes: [UInt8]) {
    self.bytes = bytes
    cachedLines = nil
    compilation = nil
    needsPublishing = true
  }

  /// One `TextDocumentContentChangeEvent`: a range and its new text, or
  /// the whole text when there is no range. Positions are clamped (LSP
  /// asks a server to take a column past the line's end as its end).
  func apply(_ change: JSONValue, encoding: PositionEncoding) -> Bool {
    guard let text = change["text"]?.string else { return false }
    guard let range = change["range"] else {
      replace(with: Array(text.utf8))
      return true
    }
    guard let start = range["start"].flatMap(LanguageServer.position),
      let end = range["end"].flatMap(LanguageServer.position)
    else { return false }
    let from = lines.offset(of: start, encoding: encoding)
    let to = max(from, lines.offset(of: end, encoding: encoding))
    var edited = bytes
    edited.replaceSubrange(from..<to, with: text.utf8)
    replace(with: edited)
    return true
  }
}

/// `file://` URIs and the paths they name.
enum DocumentURI {
  /// The path of a `file:` URI, percent-decoded; any other URI (an
  /// unsaved `untitled:` buffer) is its own name, importing nothing.
  static func path(of uri: String) -> String {
    guard uri.hasPrefix("file://") else { return uri }
    var rest = Array(uri.utf8.dropFirst(7))
    // `file://host/path`: only the local host is meaningful.
    if let slash = rest.firstIndex(of: UInt8(ascii: "/")) { rest = Array(rest[slash...]) }
    return String(decoding: PercentEscapes.decode(rest, strict: false) ?? rest, as: UTF8.self)
  }

  /// The `file://` URI of an absolute path, percent-encoding what RFC 3986
  /// does not allow in a path; a name that is not a path is kept.
  static func uri(of path: String) -> String {
    guard path.hasPrefix("/") else { return path }
    let hex = Array("0123456789ABCDEF".utf8)
    var encoded: [UInt8] = Array("file://".utf8)
    for byte in path.utf8 {
      let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
      let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
      if isLetter || isDigit || Array("/-._~".utf8).contains(byte) {
        encoded.append(byte)
      } else {
        encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      }
    }
    return String(decoding: encoded, as: UTF8.self)
  }
}

extension LanguageServer {
  func didOpen(_ params: JSONValue) {
    guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else {
      return
    }
    if documents[uri] == nil, documents.count >= limits.maximumOpenDocuments {
      notify(
        "window/showMessage",
        .object([
          "type": .int(1),
          "message": .string(
            "pencilc lsp holds at most \(limits.maximumOpenDocuments) open documents; close some to check \(uri)"),
        ]))
      return
    }
    documents[uri] = OpenDocument(uri: uri, version: item["version"]?.integer ?? 0, bytes: Array(text.utf8))
    markImporters(of: uri)
  }

  func didChange(_ params: JSONValue) {
    guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else { return }
    for change in params["contentChanges"]?.array ?? [] {
      guard document.apply(change, encoding: encoding) else { continue }
    }
    if let version = params["textDocument"]?["version"]?.integer { document.version = version }
    markImporters(of: uri)
  }

  func didClose(_ params: JSONValue) {
    guard let uri = params["textDocument"]?["uri"]?.string, documents.removeValue(forKey: uri) != nil else { return }
    // Its diagnostics go with it, and so do those of the files it imported.
    notify("textDocument/publishDiagnostics", .object(["uri": .string(uri), "diagnostics": .array([])]))
    publishImported(from: uri, [:])
    markImporters(of: uri)
  }

  /// Open documents that imported `uri` are checked again with its new text.
  private func markImporters(of uri: String) {
    let path = DocumentURI.path(of: uri)
    for document in documents.values where document.imports.contains(path) {
      document.compilation = nil
      document.needsPublishing = true
    }
  }
}
