/// The comments in a gap between two tokens, which the lexer skips: the
/// gap holds only whitespace and comments, so a `//` or `/*` in it opens
/// one. A line comment ends before its newline; a block comment after its
/// `*/` (block comments do not nest, as the lexer reads them), or at the
/// gap's end when it is not closed. The formatter and the semantic tokens
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
        while index < end, bytes[index] != UInt8(ascii: "\n") { index += 1 }
      }
      visit(SourceRange(opening, index), isBlock)
    }
  }
}
