import PencilCore

/// `textDocument/semanticTokens/full`: `SemanticTokens`' spans, with the
/// names from the check that made the diagnostics, in LSP's relative
/// encoding (each token's line and start as deltas from the one before,
/// a span over several lines cut at each line's end, as clients without
/// `multilineTokenSupport` need).
extension LanguageServer {
  static var semanticTokensLegend: JSONValue {
    .object([
      "tokenTypes": .array(SemanticTokens.Kind.allCases.map { .string($0.name) }),
      "tokenModifiers": .array(SemanticTokens.Modifiers.names.map(JSONValue.string)),
    ])
  }

  func semanticTokens(_ params: JSONValue) throws -> JSONValue {
    guard let document = try document(params) else { return .object(["data": .array([])]) }
    let spans = SemanticTokens.of(SourceFile(name: document.path, bytes: document.bytes), names: names(document))
    let lines = document.lines
    let bytes = document.bytes
    var data: [JSONValue] = []
    data.reserveCapacity(spans.count * 5)
    var last = Position(line: 0, character: 0)
    func add(_ start: Int, _ end: Int, _ span: SemanticTokens.Span) {
      guard end > start else { return }
      let from = lines.position(of: start, encoding: encoding)
      let to = lines.position(of: end, encoding: encoding)
      let deltaLine = from.line - last.line
      let deltaStart = deltaLine == 0 ? from.character - last.character : from.character
      // Appended one by one: an array literal a token would be an allocation each.
      data.append(.int(deltaLine))
      data.append(.int(deltaStart))
      data.append(.int(to.character - from.character))
      data.append(.int(span.kind.rawValue))
      data.append(.int(span.modifiers.rawValue))
      last = from
    }
    for span in spans {
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
    return .object(["data": .array(data)])
  }
}
