/// The `\( … )` parts of an interpolated string as trees of their own.
/// They are not nodes of the file's tree (see `SyntaxKind.interpolatedString`);
/// a query that needs the names in them parses each part with the
/// parser's entry for interpolations, so a part reads as the compiler
/// reads it. Positions are the file's: a part's tree shares its bytes.
extension SyntaxTree {
  /// One tree per part of the interpolated string token `index`, the
  /// part's expression its root; a part that does not parse (already
  /// reported by the file's parse) is left out. `depth` is how many
  /// interpolations hold this one: past the parser's nesting limit there
  /// are no parts, as the compiler refuses them.
  package func interpolationTrees(ofToken index: Int, depth: Int = 0) -> [SyntaxTree] {
    guard isInterpolated(token: index), depth < Parser.maximumDepth else { return [] }
    var lexer = Lexer(bytes: bytes, range: range(ofToken: index))
    let token = lexer.next()
    guard token.kind == .string, token.second > 0, Int(token.second) <= lexer.interpolations.count else { return [] }
    var parts: [SyntaxTree] = []
    for case .expression(let range) in lexer.interpolations[Int(token.second) - 1] {
      var parser = Parser(bytes: bytes, range: range, depth: depth + 1, recordingTree: true)
      guard parser.parseWhole(for: "interpolation"), !parser.tree.nodes.isEmpty else { continue }
      let part = parser.finishedTree()
      parts.append(part)
    }
    return parts
  }
}
