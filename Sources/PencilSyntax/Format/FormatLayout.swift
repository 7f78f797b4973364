/// Lays the pieces out in lines: the input's line breaks are kept (blank
/// lines up to one), a block that spans lines has `{` end its line and
/// `}` start one, a `;` between statements becomes a line break except
/// inside a block written on one line, and every line is indented by the
/// brackets open before it. No recursion: the brackets are a stack.
struct FormatLayout {
  private let pieces: [FormatPiece]
  private let bytes: [UInt8]
  private let spacing: FormatSpacing
  private static let indentWidth = 2

  private var output: [UInt8] = []
  private var line: [UInt8] = []
  private var lineColumns = 0
  private var indent = 0
  private var lastOnLine = -1
  private var lastCode = -1
  /// The open brackets: each one's piece and the indentation of its line.
  private var open: [(piece: Int, indent: Int)] = []
  /// A line break is owed before the next code piece (after a dropped
  /// `;` or the `{` of a block that spans lines).
  private var pendingBreak = false
  /// Line breaks before a dropped `;`, carried to the piece after it.
  private var carriedNewlines = 0
  /// The line being started is the first after an opening bracket.
  private var afterOpener = false

  init(pieces: [FormatPiece], bytes: [UInt8]) {
    self.pieces = pieces
    self.bytes = bytes
    spacing = FormatSpacing(pieces: pieces, bytes: bytes)
  }

  mutating func run() -> [UInt8] {
    output.reserveCapacity(bytes.count + bytes.count / 8)
    for index in pieces.indices { place(index) }
    flushLine()
    return output
  }

  private mutating func place(_ index: Int) {
    let piece = pieces[index]
    let newlines = piece.newlinesBefore + carriedNewlines
    if piece.is(.semicolon), !keepsSemicolon(index) {
      carriedNewlines = newlines
      if !insideOneLineBlock { pendingBreak = true }
      return
    }
    carriedNewlines = 0
    let closes = piece.is(.rightBrace) || piece.is(.rightParen) || piece.is(.rightBracket)
    if lastOnLine < 0 && output.isEmpty {
      startLine(index, blank: false)
    } else if newlines > 0 || (pendingBreak && !piece.isComment) || (piece.is(.rightBrace) && piece.spansLines) {
      startLine(index, blank: newlines > 1 && !afterOpener && !closes)
    } else if piece.isComment {
      appendSpaceBeforeComment(index)
    } else if spacing.spaced(lastOnLine, index) {
      appendSpaces(1)
    }
    append(index)
    afterOpener = false
    lastOnLine = index
    if !piece.isComment { lastCode = index }
    switch piece.tokenKind {
    case .leftBrace?, .leftParen?, .leftBracket?:
      open.append((index, indent))
      afterOpener = true
      if piece.spansLines { pendingBreak = true }
    case .rightBrace?, .rightParen?, .rightBracket?:
      _ = open.popLast()
    default:
      break
    }
  }

  private var insideOneLineBlock: Bool {
    guard let top = open.last else { return false }
    return pieces[top.piece].is(.leftBrace) && !pieces[top.piece].spansLines
  }

  /// `{ stop s=1; stop s=2 }` keeps its `;`: a block written on one line
  /// stays on one line, so every `;` that separates two statements there
  /// must stay, after a `}` too (`{ zstack { a }; b }`: without it `b`
  /// would continue the statement of `zstack`). It is dropped only where
  /// it separates nothing: after `{` or a kept `;`, before `}` or the end,
  /// and before another `;` (the last of a run decides). Anywhere else a
  /// `;` is a line break.
  private func keepsSemicolon(_ index: Int) -> Bool {
    guard insideOneLineBlock, lastCode >= 0 else { return false }
    if pieces[lastCode].is(.leftBrace) || pieces[lastCode].is(.semicolon) { return false }
    let after = spacing.nextCode(index)
    guard after < pieces.count else { return false }
    return !pieces[after].is(.semicolon) && !pieces[after].is(.rightBrace)
  }

  private mutating func startLine(_ index: Int, blank: Bool) {
    flushLine()
    if blank, !output.isEmpty { output.append(UInt8(ascii: "\n")) }
    pendingBreak = false
    let piece = pieces[index]
    let closes = piece.is(.rightBrace) || piece.is(.rightParen) || piece.is(.rightBracket)
    if closes, let top = open.last {
      indent = top.indent
      return
    }
    indent = open.last.map { $0.indent + 1 } ?? 0
    if lastCode >= 0, let kind = pieces[lastCode].tokenKind, kind != .comma, FormatSpacing.continues(after: kind),
      !(kind == .minus && spacing.isUnaryMinus(lastCode))
    {
      indent += 1
    }
  }

  private mutating func flushLine() {
    guard !line.isEmpty else { return }
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * FormatLayout.indentWidth))
    output.append(contentsOf: line)
    output.append(UInt8(ascii: "\n"))
    line.removeAll(keepingCapacity: true)
    lineColumns = 0
    lastOnLine = -1
  }

  private mutating func appendSpaces(_ count: Int) {
    line.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    lineColumns += count
  }

  /// One space before a comment at the end of a line, or as many as keep
  /// it at its column when the input aligned it with more than one.
  private mutating func appendSpaceBeforeComment(_ index: Int) {
    let piece = pieces[index]
    let column = indent * FormatLayout.indentWidth + lineColumns
    let start = piece.start
    let padded = start >= 2 && isBlank(bytes[start - 1]) && isBlank(bytes[start - 2])
    appendSpaces(padded && piece.column > column + 1 ? piece.column - column : 1)
  }

  private func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

  private mutating func append(_ index: Int) {
    let piece = pieces[index]
    switch piece.kind {
    case .token:
      line.append(contentsOf: bytes[piece.start..<piece.end])
      lineColumns += FormatPieces.characters(bytes, from: piece.start, to: piece.end)
    case .lineComment:
      var end = piece.end
      while end > piece.start, isBlank(bytes[end - 1]) || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      line.append(contentsOf: bytes[piece.start..<end])
      lineColumns += FormatPieces.characters(bytes, from: piece.start, to: end)
    case .blockComment:
      appendBlockComment(piece)
    }
  }

  /// A block comment keeps its text; the lines after its first move with
  /// it (by as many columns as its start moved) and lose trailing blanks.
  /// Its lines end with LF, whichever of LF, CRLF or CR ended them.
  private mutating func appendBlockComment(_ piece: FormatPiece) {
    let shift = indent * FormatLayout.indentWidth + lineColumns - piece.column
    var lineStart = piece.start
    var first = true
    while lineStart <= piece.end {
      var lineEnd = lineStart
      while lineEnd < piece.end, !FormatPieces.endsLine(bytes, at: lineEnd) { lineEnd += 1 }
      var textEnd = lineEnd
      while textEnd > lineStart, isBlank(bytes[textEnd - 1]) || bytes[textEnd - 1] == UInt8(ascii: "\r") {
        textEnd -= 1
      }
      var textStart = lineStart
      if first {
        lineColumns += FormatPieces.characters(bytes, from: textStart, to: textEnd)
      } else {
        // The lines inside the comment go out whole, not through `line`.
        line.append(UInt8(ascii: "\n"))
        var prefix = 0
        if shift < 0 {
          while textStart < textEnd, textStart - lineStart < -shift, bytes[textStart] == UInt8(ascii: " ") {
            textStart += 1
          }
        } else if textEnd > textStart {
          prefix = shift
          line.append(contentsOf: repeatElement(UInt8(ascii: " "), count: shift))
        }
        let column = prefix + FormatPieces.characters(bytes, from: textStart, to: textEnd)
        lineColumns = column - indent * FormatLayout.indentWidth
      }
      line.append(contentsOf: bytes[textStart..<textEnd])
      first = false
      lineStart = lineEnd + 1
    }
  }
}
