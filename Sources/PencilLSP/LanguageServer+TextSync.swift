import PencilDiagnostics
import PencilSyntax

/// `didOpen`, `didChange` and `didClose`: the open documents' texts,
/// within the limits on how many, how large together, and how many edits
/// one change may carry.
extension LanguageServer {
  func didOpen(_ params: JSONValue) {
    guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else {
      return
    }
    if documents[uri] == nil, documents.count >= limits.maximumOpenDocuments {
      showError("pencilc lsp holds at most \(limits.maximumOpenDocuments) open documents; close some to check \(uri)")
      return
    }
    let bytes = Array(text.utf8)
    let others = openBytes - (documents[uri]?.bytes.count ?? 0)
    guard others + bytes.count <= limits.maximumOpenBytes else {
      // Refused before anything is held or compiled; an older text of the
      // same document goes too, as it is no longer the editor's.
      if documents[uri] != nil { forget(uri) }
      showError(
        "pencilc lsp holds at most \(limits.maximumOpenBytes) bytes of open documents; \(uri) (\(bytes.count) bytes) "
          + "would make \(others + bytes.count): close some documents, then reopen it to check it")
      return
    }
    documents[uri] = OpenDocument(uri: uri, version: item["version"]?.integer ?? 0, bytes: bytes)
    markImporters(of: uri)
  }

  func didChange(_ params: JSONValue) {
    guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else { return }
    let changes = params["contentChanges"]?.array ?? []
    // Past a limit the text can no longer be the editor's, and a stale
    // text would get wrong diagnostics and edits: the document is
    // dropped (as if closed) and the user told how to get it back.
    guard changes.count <= limits.maximumEditsPerChange else {
      forget(uri)
      showError(
        "pencilc lsp takes at most \(limits.maximumEditsPerChange) edits in one change; a change of \(changes.count) "
          + "edits to \(uri) was not applied and the document is no longer checked: close and reopen it")
      return
    }
    document.apply(changes, encoding: encoding)
    guard openBytes <= limits.maximumOpenBytes else {
      forget(uri)
      showError(
        "pencilc lsp holds at most \(limits.maximumOpenBytes) bytes of open documents; after this change \(uri) "
          + "(\(document.bytes.count) bytes) is no longer checked: close some documents, then reopen it")
      return
    }
    if let version = params["textDocument"]?["version"]?.integer { document.version = version }
    markImporters(of: uri)
  }

  func didClose(_ params: JSONValue) {
    guard let uri = params["textDocument"]?["uri"]?.string, documents[uri] != nil else { return }
    forget(uri)
  }

  /// `document`'s syntax tree, kept and edited with its text. A tree
  /// weighs about 10 times its text (`pencil-bench --splice`), so one
  /// document at a time keeps one, as one keeps its picture: the last a
  /// request read, normally the one being edited; another's is parsed
  /// again when a request reads it.
  func syntax(of document: OpenDocument) -> EditableSyntaxTree {
    for other in documents.values where other !== document { other.dropSyntax() }
    return document.syntax
  }

  /// The bytes of every open document's text.
  var openBytes: Int { documents.values.reduce(0) { $0 + $1.bytes.count } }

  /// Drops an open document; its diagnostics go with it, and so do those
  /// of the files it imported.
  private func forget(_ uri: String) {
    documents.removeValue(forKey: uri)
    notify("textDocument/publishDiagnostics", .object(["uri": .string(uri), "diagnostics": .array([])]))
    publishImported(from: uri, [:])
    markImporters(of: uri)
  }

  /// A `window/showMessage` error: a notification gets no answer, so this
  /// is how the user hears of a document the server would not take.
  private func showError(_ message: String) {
    notify("window/showMessage", .object(["type": .int(1), "message": .string(message)]))
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
