/// What the formatter and the semantic tokens read: the code in source
/// order, without the tokens that are layout (newlines, the end of the
/// file) and with the comments from the trivia.
package enum CodePiece {
  /// An index into `SyntaxTree.tokens`.
  case token(Int)
  case comment(SourceRange, isBlock: Bool)
}

extension SyntaxTree {
  /// Visits the tokens (newlines and the end of the file left out) and
  /// the comments between them, in source order.
  package func forEachCodePiece(_ visit: (CodePiece) -> Void) {
    for index in tokens.indices {
      for piece in leadingTrivia(ofToken: index) {
        let kind = trivia[piece].kind
        if kind == .lineComment || kind == .blockComment {
          visit(.comment(trivia[piece].range, isBlock: kind == .blockComment))
        }
      }
      let kind = tokens[index].kind
      if kind != .newline, kind != .endOfFile { visit(.token(index)) }
    }
  }
}
