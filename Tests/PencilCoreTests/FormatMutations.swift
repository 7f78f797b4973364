import PencilDiagnostics
import PencilSyntax

/// Rewrites of a scene that keep its tokens but change what the formatter
/// has to re-lay: statements joined by `;`, comments between every pair of
/// tokens, blank lines, other line ends. scripts/fmt-property.py makes the
/// same kinds of rewrites for the whole corpus against the built pencilc.
/// A rewrite may not compile (a `;` where a line break only continued the
/// statement); the property is about those that do.
enum FormatMutation: CaseIterable {
  case joinedBySemicolons
  case blockCommentsBetweenTokens
  case multilineCommentsBetweenTokens
  case lineCommentsAtLineEnds
  case blankLines
  case lineCommentsWhereLinesMayBreak
  case crlf
  case carriageReturns
  case joinedWithComments

  func apply(_ bytes: [UInt8]) -> [UInt8] {
    switch self {
    case .joinedBySemicolons: Self.joinStatements(bytes)
    case .blockCommentsBetweenTokens: Self.insertBeforeTokens(bytes, "/* c */", includingNewlines: true)
    case .multilineCommentsBetweenTokens: Self.insertBeforeTokens(bytes, "/* c\n  d */", includingNewlines: false)
    case .lineCommentsAtLineEnds: Self.insertBeforeNewlines(bytes, " // c")
    case .blankLines: Self.insertBeforeNewlines(bytes, "\n\n")
    case .lineCommentsWhereLinesMayBreak: Self.breakInsideStatements(bytes, " // c\n")
    case .crlf: Self.replacingLineFeeds(bytes, with: [13, 10])
    case .carriageReturns: Self.replacingLineFeeds(bytes, with: [13])
    case .joinedWithComments:
      Self.insertBeforeTokens(Self.joinStatements(bytes), "/**/", includingNewlines: false)
    }
  }

  private static func tokens(_ bytes: [UInt8]) -> [Token] {
    var diagnostics = DiagnosticList()
    return Lexer.tokenize(SourceFile(name: "m", bytes: bytes), into: &diagnostics).tokens
  }

  /// `text` before every token (and the end), so between every two.
  private static func insertBeforeTokens(_ bytes: [UInt8], _ text: String, includingNewlines: Bool) -> [UInt8] {
    var positions: [Int] = []
    for token in tokens(bytes) where includingNewlines || token.kind != .newline {
      positions.append(Int(token.start))
    }
    return inserting(Array(text.utf8), at: positions, into: bytes)
  }

  /// `text` before every line end that ends a statement (the lexer's
  /// newline tokens).
  private static func insertBeforeNewlines(_ bytes: [UInt8], _ text: String) -> [UInt8] {
    inserting(Array(text.utf8), at: tokens(bytes).filter { $0.kind == .newline }.map { Int($0.start) }, into: bytes)
  }

  /// `text` (a comment and a line break) where a statement may go on on
  /// the next line: after a binary operator, `(`, and a `,` in brackets.
  private static func breakInsideStatements(_ bytes: [UInt8], _ text: String) -> [UInt8] {
    var positions: [Int] = []
    var depth = 0
    for token in tokens(bytes) {
      switch token.kind {
      case .leftParen, .leftBracket: depth += 1
      case .rightParen, .rightBracket: depth = max(0, depth - 1)
      default: break
      }
      let breaks =
        token.kind == .minus || token.kind == .leftParen || (token.kind == .comma && depth > 0)
        || Parser.binaryOperator(token.kind) != nil
      if breaks { positions.append(Int(token.end)) }
    }
    return inserting(Array(text.utf8), at: positions, into: bytes)
  }

  /// Each line end between statements becomes `; `: outside brackets, not
  /// after an operator that continues the statement, not before `else`,
  /// and not where a `//` comment would swallow what follows.
  private static func joinStatements(_ bytes: [UInt8]) -> [UInt8] {
    var result = bytes
    var depth = 0
    let all = tokens(bytes)
    for (index, token) in all.enumerated() {
      switch token.kind {
      case .leftParen, .leftBracket: depth += 1
      case .rightParen, .rightBracket: depth -= 1
      case .newline where depth == 0 && index > 0 && index + 1 < all.count:
        let previous = all[index - 1]
        let next = all[index + 1]
        let nextWord = bytes[Int(next.start)..<Int(next.end)]
        guard !FormatSpacing.continues(after: previous.kind), !nextWord.elementsEqual("else".utf8),
          next.kind != .dot,
          !bytes[Int(previous.end)..<Int(token.start)].contains(UInt8(ascii: "/"))
        else { continue }
        result[Int(token.start)] = UInt8(ascii: ";")
        // Blank lines after it go too, so a block's statements share a line.
        for position in Int(token.start + 1)..<Int(next.start) where bytes[position] == 10 || bytes[position] == 13 {
          result[position] = UInt8(ascii: " ")
        }
      default: break
      }
    }
    return result
  }

  private static func replacingLineFeeds(_ bytes: [UInt8], with ending: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      if byte == 10 { result += ending } else { result.append(byte) }
    }
    return result
  }

  private static func inserting(_ text: [UInt8], at positions: [Int], into bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + positions.count * text.count)
    var copied = 0
    for position in positions.sorted() where position >= copied {
      result += bytes[copied..<position]
      result += text
      copied = position
    }
    result += bytes[copied...]
    return result
  }
}
