/// The comments in a gap between two tokens, which the lexer skips: the
/// gap holds only whitespace and comments, so a `//` or `/*` in it opens
/// one. A line comment ends before its line break (LF or CR); a block
/// comment after its `*/` (block comments do not nest, as the lexer reads
/// them), or at the gap's end when it is not closed. The formatter and the semantic tokens
/// find comments with this one scanner.
enum Comments {
  static func forEach(in bytes: [UInt8], from start: Int, to end: Int, _ visit: (SourceRange, _ isBlock: Bool) -> Void)
  {
    let slash = UInt8(ascii: "/")
    let star = UInt8(ascii: "*")
    var index = start
    while index + 1 < end {
      guard bytes[index] == slash, bytes[index + 1] == slash || bytes[index + 1] == star else {
        index += 1
        continue
      }
      let opening = index
      let isBlock = bytes[index + 1] == star
      if isBlock {
        index += 2
        while index + 1 < end, !(bytes[index] == star && bytes[index + 1] == slash) { index += 1 }
        index = min(end, index + 2)
      } else {
        while index < end, !isLineBreak(bytes[index]) { index += 1 }
      }
      visit(SourceRange(opening, index), isBlock)
    }
  }
}

/// What the formatter and the semantic tokens read: the lexer's tokens
/// (newlines and the end of input left out) and the comments between
/// them, in source order. Any input: an unclosed comment runs to the end.
package enum LexedPiece {
  case token(Token)
  case comment(SourceRange, isBlock: Bool)

  package static func scan(_ source: SourceFile) -> [LexedPiece] {
    var diagnostics = DiagnosticList()
    let stream = Lexer.tokenize(source, into: &diagnostics)
    let bytes = source.bytes
    var pieces: [LexedPiece] = []
    pieces.reserveCapacity(stream.tokens.count)
    var gapStart = 0
    func addComments(upTo end: Int) {
      Comments.forEach(in: bytes, from: gapStart, to: end) { pieces.append(.comment($0, isBlock: $1)) }
    }
    for token in stream.tokens where token.kind != .newline {
      addComments(upTo: Int(token.start))
      if token.kind != .endOfFile { pieces.append(.token(token)) }
      gapStart = Int(token.end)
    }
    addComments(upTo: bytes.count)
    return pieces
  }
}
