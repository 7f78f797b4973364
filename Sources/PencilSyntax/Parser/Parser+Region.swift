/// A place between top-level statements where a parse can start again: the
/// parser is at the file's level, past the separators, and the token before
/// is a line break (or there is none). A parser started at `byte` is then in
/// the state the whole file's parser was in there: no block open, and the
/// lexer after a line break, so the next line breaks are trivia. The counts
/// say how much of each of the tree's arrays lies before it.
package struct StatementBoundary: Sendable {
  /// Where the statement's leading trivia starts: the end of the line
  /// break before it.
  package var byte: UInt32
  package var token: UInt32
  package var node: UInt32
  package var trivia: UInt32
  package var strings: UInt32
  /// Strings with `\(…)` parts before it (a string token's `second`).
  package var interpolations: UInt32
  package var parserDiagnostics: UInt32
}

/// What a parse from one boundary to another read, in the region's own
/// numbering: token, node, trivia, string and interpolation indices count
/// from the region's start; byte offsets are the file's.
package struct ParsedRegion: Sendable {
  package var tokens: [SyntaxToken]
  package var nodes: [SyntaxNode]
  package var literals: [LiteralValue]
  package var literalTokens: [UInt32]
  package var trivia: [TriviaPiece]
  package var strings: [String]
  /// How many of `strings` have `\(…)` parts.
  package var interpolations: UInt32
  /// The boundaries the parse passed, its start first; the one it stopped
  /// at left out.
  package var boundaries: [StatementBoundary]
  /// Where it stopped; nil when it read to the end of the file, whose
  /// token is then the last of `tokens` (the file's node is not made).
  package var stop: StatementBoundary?
  /// The parser's diagnostics, and the lexer's: those of the bytes after
  /// `stop` (the two tokens it read ahead) included.
  package var parserDiagnostics: DiagnosticList
  package var lexerDiagnostics: DiagnosticList
}

extension Parser {
  /// Parses `source` from `start` (0, or a boundary's byte) statement by
  /// statement, and stops at the first boundary whose byte `stop` accepts,
  /// or at the end of the file. The language server re-parses the
  /// statements an edit touched this way (`EditableSyntaxTree`).
  package static func parseRegion(
    _ source: SourceFile, from start: Int, expectedBytes: Int, stop: (Int) -> Bool
  ) -> ParsedRegion {
    var parser = Parser(
      source: source, diagnostics: DiagnosticList(), recordingTrivia: true, expectedBytes: expectedBytes,
      offset: start)
    var boundaries: [StatementBoundary] = []
    let stopped = parser.parseStatements(until: stop, boundaries: &boundaries)
    if stopped == nil { parser.tree.append(parser.current) }
    let triviaEnd = stopped.map { Int($0.trivia) } ?? parser.lexer.trivia.count
    let stringsEnd = stopped.map { Int($0.strings) } ?? parser.lexer.strings.count
    return ParsedRegion(
      tokens: parser.tree.tokens.elements, nodes: parser.tree.nodes.elements, literals: parser.tree.literals.elements,
      literalTokens: parser.tree.literalTokens.elements, trivia: Array(parser.lexer.trivia[..<triviaEnd]),
      strings: Array(parser.lexer.strings[..<stringsEnd]),
      interpolations: stopped?.interpolations ?? UInt32(parser.lexer.interpolations.count), boundaries: boundaries,
      stop: stopped,
      parserDiagnostics: parser.diagnostics, lexerDiagnostics: parser.lexer.diagnostics)
  }

  /// `parseUnit`'s loop, which also notes each boundary and may stop at
  /// one; returns the one it stopped at.
  private mutating func parseStatements(
    until stop: (Int) -> Bool, boundaries: inout [StatementBoundary]
  ) -> StatementBoundary? {
    while true {
      skipSeparators()
      if let boundary = currentBoundary {
        if stop(Int(boundary.byte)) { return boundary }
        boundaries.append(boundary)
      }
      switch current.kind {
      case .endOfFile:
        return nil
      case .rightBrace:
        skipStrayClosingBrace()
      default:
        parseStatement()
      }
    }
  }

  /// The boundary before the current token, if it is one. The lexer has
  /// read the current token and the next: their strings are after it.
  private var currentBoundary: StatementBoundary? {
    if let last = tree.tokens.last, last.kind != .newline { return nil }
    var strings = lexer.strings.count
    var interpolations = lexer.interpolations.count
    func unread(_ token: Token) {
      guard token.kind == .string else { return }
      strings -= 1
      if token.second != 0 { interpolations -= 1 }
    }
    unread(current)
    unread(lookahead)
    return StatementBoundary(
      byte: UInt32(previousEnd), token: UInt32(tree.tokens.count), node: UInt32(tree.nodes.count),
      trivia: tree.tokens.last?.triviaEnd ?? 0, strings: UInt32(strings), interpolations: UInt32(interpolations),
      parserDiagnostics: UInt32(diagnostics.items.count))
  }
}
