/// The `\( … )` parts of an interpolated string. They are not nodes of the
/// file's tree (see `SyntaxKind.interpolatedString`): each is parsed from
/// the string token's bytes by the parser's entry for interpolations, into
/// a tree of its own, so a part reads as the compiler reads it. Positions
/// are the file's: a part's tree shares its bytes.
package enum InterpolationPiece {
  case text(String)
  /// A part's tree, its expression the root; nil when the part does not
  /// parse (the parse of the file has reported it).
  case expression(SyntaxTree?)
}

extension Parser {
  /// The pieces of the string token at `range`, in order; nil when it is
  /// not a string with `\(…)` parts. `depth` is the parts' nesting depth,
  /// which only makes the parser refuse (the file's parse decided).
  package static func interpolationPieces(in bytes: [UInt8], at range: SourceRange, depth: Int)
    -> [InterpolationPiece]?
  {
    var lexer = Lexer(bytes: bytes, range: range)
    let token = lexer.next()
    guard token.kind == .string, token.second > 0, Int(token.second) <= lexer.interpolations.count else {
      return nil
    }
    return lexer.interpolations[Int(token.second) - 1].map { piece in
      switch piece {
      case .text(let text):
        return .text(text)
      case .expression(let part):
        var parser = Parser(bytes: bytes, range: part, depth: depth, recordingTree: true)
        guard parser.parseWhole(for: "interpolation"), !parser.tree.nodes.isEmpty else { return .expression(nil) }
        return .expression(parser.finishedTree())
      }
    }
  }
}

extension SyntaxTree {
  /// One tree per part of the interpolated string token `index` that
  /// parses. `depth` is how many interpolations hold this one: past the
  /// parser's nesting limit there are no parts, as the compiler refuses them.
  package func interpolationTrees(ofToken index: Int, depth: Int = 0) -> [SyntaxTree] {
    guard isInterpolated(token: index), depth < Parser.maximumDepth,
      let pieces = Parser.interpolationPieces(in: bytes, at: range(ofToken: index), depth: depth + 1)
    else { return [] }
    return pieces.compactMap { piece in
      guard case .expression(let part?) = piece else { return nil }
      return part
    }
  }
}
