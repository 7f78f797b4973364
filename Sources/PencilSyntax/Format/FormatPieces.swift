/// What the formatter re-prints: the tree's tokens without its newline
/// tokens (line breaks are counted in the gaps instead) and the comments
/// from its trivia.
struct FormatPiece {
  enum Kind: Equatable {
    case token(TokenKind)
    case lineComment
    case blockComment
  }

  var kind: Kind
  var start: Int
  var end: Int
  /// Line breaks between the previous piece and this one.
  var newlinesBefore = 0
  /// Whether whitespace separates this piece from the previous one.
  var spaceBefore = false
  /// Whether whitespace (or the end of the input) follows this piece.
  var spaceAfter = false
  /// Characters before this piece on its line in the input, tabs counted
  /// as one: where a trailing comment was aligned.
  var column = 0
  /// The matching bracket of an opening or closing one.
  var partner = -1
  /// A `{` whose block spans lines in the input, or its `}`.
  var spansLines = false

  var isComment: Bool { kind == .lineComment || kind == .blockComment }

  func `is`(_ token: TokenKind) -> Bool { kind == .token(token) }

  var tokenKind: TokenKind? {
    if case .token(let kind) = kind { return kind }
    return nil
  }
}

enum FormatPieces {
  /// The pieces of a tree the parser has accepted (so brackets balance
  /// and every comment is closed).
  static func scan(_ tree: SyntaxTree) -> [FormatPiece] {
    let bytes = tree.bytes
    var pieces: [FormatPiece] = []
    pieces.reserveCapacity(tree.tokens.count)
    tree.forEachCodePiece { piece in
      switch piece {
      case .token(let index):
        let token = tree.tokens[index]
        pieces.append(FormatPiece(kind: .token(token.kind), start: Int(token.start), end: Int(token.end)))
      case .comment(let range, let isBlock):
        pieces.append(FormatPiece(kind: isBlock ? .blockComment : .lineComment, start: range.start, end: range.end))
      }
    }
    measureGaps(bytes, &pieces)
    matchBrackets(&pieces)
    return pieces
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
  }

  private static func measureGaps(_ bytes: [UInt8], _ pieces: inout [FormatPiece]) {
    var previousEnd = 0
    // The column is counted on from the last piece on the same line, so a
    // line of a million tokens costs no more than a million short ones.
    var counted = 0
    var column = 0
    for index in pieces.indices {
      let start = pieces[index].start
      var newlines = 0
      for position in previousEnd..<start where endsLine(bytes, at: position) {
        newlines += 1
        counted = position + 1
        column = 0
      }
      column += characters(bytes, from: counted, to: start)
      pieces[index].newlinesBefore = newlines
      pieces[index].spaceBefore = start > 0 && isSpace(bytes[start - 1])
      pieces[index].spaceAfter = pieces[index].end >= bytes.count || isSpace(bytes[pieces[index].end])
      pieces[index].column = column
      // A block comment may hold line breaks: its last line is what counts.
      counted = start
      for position in start..<pieces[index].end where endsLine(bytes, at: position) {
        counted = position + 1
        column = 0
      }
      column += characters(bytes, from: counted, to: pieces[index].end)
      counted = pieces[index].end
      previousEnd = pieces[index].end
    }
  }

  /// Whether a line ends at `position`: an LF, or a CR that no LF follows
  /// (CRLF ends its line at the LF, a CR alone ends one itself).
  static func endsLine(_ bytes: [UInt8], at position: Int) -> Bool {
    let byte = bytes[position]
    guard byte == UInt8(ascii: "\r") else { return byte == UInt8(ascii: "\n") }
    return position + 1 == bytes.count || bytes[position + 1] != UInt8(ascii: "\n")
  }

  /// Characters (not UTF-8 continuation bytes) in a range.
  static func characters(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
    var count = 0
    for position in start..<max(start, end) where bytes[position] & 0xC0 != 0x80 { count += 1 }
    return count
  }

  private static func matchBrackets(_ pieces: inout [FormatPiece]) {
    var open: [Int] = []
    // The input line of each opener, from the running count of line breaks.
    var openLines: [Int] = []
    var line = 0
    for index in pieces.indices {
      line += pieces[index].newlinesBefore
      switch pieces[index].tokenKind {
      case .leftBrace, .leftParen, .leftBracket:
        open.append(index)
        openLines.append(line)
      case .rightBrace, .rightParen, .rightBracket:
        guard let opener = open.popLast(), let openLine = openLines.popLast() else { continue }
        pieces[index].partner = opener
        pieces[opener].partner = index
        if pieces[index].is(.rightBrace) {
          let spans = line != openLine
          pieces[index].spansLines = spans
          pieces[opener].spansLines = spans
        }
      default:
        break
      }
    }
  }
}
