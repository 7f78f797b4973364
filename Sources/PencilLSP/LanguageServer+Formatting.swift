import PencilDiagnostics
import PencilSyntax

extension LanguageServer {
  /// `textDocument/formatting`: the whole document in `pencilc fmt`'s
  /// layout, as one edit (none when it is formatted already). A document
  /// with syntax errors is not formatted, as `pencilc fmt` refuses it:
  /// the answer is null and the errors are in its diagnostics already.
  func formatting(_ params: JSONValue) throws -> JSONValue {
    guard let document = try document(params) else { return .null }
    let source = SourceFile(name: document.path, bytes: document.bytes)
    let kept = syntax(of: document)
    guard
      case .formatted(let formatted) = SourceFormatter.format(
        source, tree: kept.tree, diagnostics: kept.diagnostics)
    else { return .null }
    guard formatted != document.bytes else { return .array([]) }
    let whole = lspRange(SourceRange(0, document.bytes.count), document.lines)
    return .array([.object(["range": whole, "newText": .string(String(decoding: formatted, as: UTF8.self))])])
  }
}
