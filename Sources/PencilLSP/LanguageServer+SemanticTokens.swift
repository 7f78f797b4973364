import PencilDiagnostics
import PencilQueries
import PencilSema

/// `textDocument/semanticTokens/full`: `SemanticTokens`' spans, with the
/// names from the check that made the diagnostics, in LSP's relative
/// encoding (each token's line and start as deltas from the one before,
/// a span over several lines cut at each line's end, as clients without
/// `multilineTokenSupport` need). One pass: each span is encoded as it is
/// classified, its positions found from the previous ones (`LineIndex.Cursor`).
extension LanguageServer {
  static var semanticTokensLegend: JSONValue {
    .object([
      "tokenTypes": .array(SemanticTokens.Kind.allCases.map { .string($0.name) }),
      "tokenModifiers": .array(SemanticTokens.Modifiers.names.map(JSONValue.string)),
    ])
  }

  func semanticTokens(_ params: JSONValue) throws -> JSONValue {
    guard let document = try document(params) else { return .object(["data": .array([])]) }
    let bytes = document.bytes
    var cursor = LineIndex.Cursor(document.lines, encoding: encoding)
    var data: [Int32] = []
    // About one token in six bytes of source, five integers each.
    data.reserveCapacity(bytes.count)
    var last = Position(line: 0, character: 0)
    func add(_ start: Int, _ end: Int, _ span: SemanticTokens.Span) {
      guard end > start else { return }
      let from = cursor.position(of: start)
      let to = cursor.position(of: end)
      let deltaLine = from.line - last.line
      let deltaStart = deltaLine == 0 ? from.character - last.character : from.character
      // Appended one by one: an array literal a token would be an allocation
      // each. A text is at most 128 MiB: every number fits in 32 bits.
      data.append(Int32(truncatingIfNeeded: deltaLine))
      data.append(Int32(truncatingIfNeeded: deltaStart))
      data.append(Int32(truncatingIfNeeded: to.character - from.character))
      data.append(Int32(truncatingIfNeeded: span.kind.rawValue))
      data.append(Int32(truncatingIfNeeded: span.modifiers.rawValue))
      last = from
    }
    let source = SourceFile(name: document.path, bytes: bytes)
    SemanticTokens.forEach(in: source, tree: syntax(of: document).tree, names: names(document)) { span in
      var start = span.range.start
      var index = start
      while index < span.range.end {
        // A line ends at LF, CRLF or a CR alone, as LineIndex counts lines.
        let byte = bytes[index]
        let loneCR = byte == UInt8(ascii: "\r") && (index + 1 == bytes.count || bytes[index + 1] != UInt8(ascii: "\n"))
        if byte == UInt8(ascii: "\n") || loneCR {
          let carriageReturn = byte == UInt8(ascii: "\n") && index > start && bytes[index - 1] == UInt8(ascii: "\r")
          add(start, carriageReturn ? index - 1 : index, span)
          start = index + 1
        }
        index += 1
      }
      add(start, span.range.end, span)
    }
    return .object(["data": .integers(data)])
  }
}
