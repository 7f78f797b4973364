/// How far the region's replacement moves what follows it, in each array.
private struct Shift {
  var bytes: Int
  var tokens: Int
  var nodes: Int
  var trivia: Int
  var strings: Int
  var interpolations: Int
  var parserDiagnostics: Int
}

extension UInt32 {
  /// Moved by a signed amount (the result is in range: it is an index or
  /// an offset of the edited tree).
  fileprivate func moved(_ amount: Int) -> UInt32 { self &+ UInt32(truncatingIfNeeded: amount) }
}

extension EditableSyntaxTree {
  /// Puts `region` in place of what the boundaries `replaced` cover (to
  /// the file's end when it runs to `boundaries.count`), and moves what
  /// follows. Every array is edited in place: its later part is moved
  /// once, as `replaceSubrange` does, and its offsets adjusted.
  mutating func splice(_ region: ParsedRegion, replacing replaced: Range<Int>, delta: Int, edited: SourceFile) {
    let start = boundaries[replaced.lowerBound]
    let end = replaced.upperBound < boundaries.count ? boundaries[replaced.upperBound] : fileEnd
    let shift = Shift(
      bytes: delta, tokens: region.tokens.count - Int(end.token - start.token),
      nodes: region.nodes.count - Int(end.node - start.node),
      trivia: region.trivia.count - Int(end.trivia - start.trivia),
      strings: region.strings.count - Int(end.strings - start.strings),
      interpolations: Int(region.interpolations) - Int(end.interpolations - start.interpolations),
      parserDiagnostics: region.parserDiagnostics.items.count - Int(end.parserDiagnostics - start.parserDiagnostics))
    var tokens = tree.tokens
    var nodes = tree.nodes
    var trivia = tree.trivia
    var literals = tree.literals
    var literalTokens = tree.literalTokens
    var strings = tree.strings
    tree = SyntaxTree(bytes: [])
    spliceLiterals(
      &literals, &literalTokens, tokens: tokens, region: region, start: start, end: end, shift: shift)
    spliceTokens(&tokens, region: region, start: start, end: end, shift: shift)
    nodes.removeLast()
    for index in Int(end.node)..<nodes.count {
      nodes[index].firstToken = nodes[index].firstToken.moved(shift.tokens)
      nodes[index].endToken = nodes[index].endToken.moved(shift.tokens)
    }
    nodes.replaceSubrange(Int(start.node)..<Int(end.node), with: region.nodes)
    for index in Int(start.node)..<Int(start.node) + region.nodes.count {
      nodes[index].firstToken += start.token
      nodes[index].endToken += start.token
    }
    nodes.append(Self.fileNode(tokens: tokens.count, nodes: nodes.count))
    for index in Int(end.trivia)..<trivia.count {
      trivia[index].start = trivia[index].start.moved(delta)
      trivia[index].end = trivia[index].end.moved(delta)
    }
    trivia.replaceSubrange(Int(start.trivia)..<Int(end.trivia), with: region.trivia)
    strings.replaceSubrange(Int(start.strings)..<Int(end.strings), with: region.strings)
    spliceDiagnostics(region, start: start, end: end, shift: shift)
    spliceBoundaries(region, replacing: replaced, start: start, shift: shift)
    interpolations = interpolations.moved(shift.interpolations)
    tree = SyntaxTree(bytes: edited.bytes)
    tree.tokens = tokens
    tree.nodes = nodes
    tree.trivia = trivia
    tree.literals = literals
    tree.literalTokens = literalTokens
    tree.strings = strings
  }

  /// A boundary after the file's last token: where a region read to the
  /// end of the file stops (the file's node is not counted).
  private var fileEnd: StatementBoundary {
    StatementBoundary(
      byte: UInt32.max, token: UInt32(tree.tokens.count), node: UInt32(tree.nodes.count - 1),
      trivia: UInt32(tree.trivia.count), strings: UInt32(tree.strings.count), interpolations: interpolations,
      parserDiagnostics: UInt32(parserDiagnostics.count))
  }

  private func spliceTokens(
    _ tokens: inout [SyntaxToken], region: ParsedRegion, start: StatementBoundary, end: StatementBoundary,
    shift: Shift
  ) {
    for index in Int(end.token)..<tokens.count {
      tokens[index].start = tokens[index].start.moved(shift.bytes)
      tokens[index].end = tokens[index].end.moved(shift.bytes)
      tokens[index].triviaEnd = tokens[index].triviaEnd.moved(shift.trivia)
    }
    tokens.replaceSubrange(Int(start.token)..<Int(end.token), with: region.tokens)
    for index in Int(start.token)..<Int(start.token) + region.tokens.count {
      tokens[index].triviaEnd += start.trivia
    }
  }

  /// Literals are found by their tokens' indices, and a string's value
  /// by its index among the strings (and its `\(…)` parts' among the
  /// interpolated strings): the region's count from its start, the later
  /// ones move. `tokens` are the tree's before the splice.
  private func spliceLiterals(
    _ literals: inout [LiteralValue], _ literalTokens: inout [UInt32], tokens: [SyntaxToken],
    region: ParsedRegion, start: StatementBoundary, end: StatementBoundary, shift: Shift
  ) {
    let low = Self.firstLiteral(atOrAfter: start.token, in: literalTokens)
    let high = Self.firstLiteral(atOrAfter: end.token, in: literalTokens)
    for index in high..<literals.count {
      if tokens[Int(literalTokens[index])].kind == .string {
        literals[index].first += Double(shift.strings)
        if literals[index].second != 0 { literals[index].second += Double(shift.interpolations) }
      }
      literalTokens[index] = literalTokens[index].moved(shift.tokens)
    }
    literals.replaceSubrange(low..<high, with: region.literals)
    literalTokens.replaceSubrange(low..<high, with: region.literalTokens)
    for index in low..<low + region.literals.count {
      if region.tokens[Int(literalTokens[index])].kind == .string {
        literals[index].first += Double(start.strings)
        if literals[index].second != 0 { literals[index].second += Double(start.interpolations) }
      }
      literalTokens[index] += start.token
    }
  }

  private static func firstLiteral(atOrAfter token: UInt32, in literalTokens: [UInt32]) -> Int {
    var low = 0
    var high = literalTokens.count
    while low < high {
      let middle = (low + high) / 2
      if literalTokens[middle] < token { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The parser's diagnostics are split by the counts at the boundaries;
  /// the lexer's by where they are (it reads two tokens past a boundary,
  /// and reports in reading order).
  private mutating func spliceDiagnostics(
    _ region: ParsedRegion, start: StatementBoundary, end: StatementBoundary, shift: Shift
  ) {
    for index in Int(end.parserDiagnostics)..<parserDiagnostics.count {
      parserDiagnostics[index] = Self.moved(parserDiagnostics[index], by: shift.bytes)
    }
    parserDiagnostics.replaceSubrange(
      Int(start.parserDiagnostics)..<Int(end.parserDiagnostics), with: region.parserDiagnostics.items)
    let regionEnd = region.stop.map { Int($0.byte) } ?? Int.max
    var lexer: [Diagnostic] = []
    lexer.reserveCapacity(lexerDiagnostics.count)
    lexer += lexerDiagnostics.lazy.filter { $0.range.start < Int(start.byte) }
    lexer += region.lexerDiagnostics.items.lazy.filter { $0.range.start < regionEnd }
    lexer += lexerDiagnostics.lazy.filter { $0.range.start >= Int(end.byte) }.map { Self.moved($0, by: shift.bytes) }
    lexerDiagnostics = lexer
  }

  private static func moved(_ diagnostic: Diagnostic, by delta: Int) -> Diagnostic {
    var moved = diagnostic
    moved.range = SourceRange(diagnostic.range.start + delta, diagnostic.range.end + delta)
    for index in moved.notes.indices where moved.notes[index].file == diagnostic.file {
      moved.notes[index].range = moved.notes[index].range.map { SourceRange($0.start + delta, $0.end + delta) }
    }
    for fix in moved.fixes.indices {
      for edit in moved.fixes[fix].edits.indices {
        let range = moved.fixes[fix].edits[edit].range
        moved.fixes[fix].edits[edit].range = SourceRange(range.start + delta, range.end + delta)
      }
    }
    return moved
  }

  private mutating func spliceBoundaries(
    _ region: ParsedRegion, replacing replaced: Range<Int>, start: StatementBoundary, shift: Shift
  ) {
    for index in replaced.upperBound..<boundaries.count {
      var boundary = boundaries[index]
      boundary.byte = boundary.byte.moved(shift.bytes)
      boundary.token = boundary.token.moved(shift.tokens)
      boundary.node = boundary.node.moved(shift.nodes)
      boundary.trivia = boundary.trivia.moved(shift.trivia)
      boundary.strings = boundary.strings.moved(shift.strings)
      boundary.interpolations = boundary.interpolations.moved(shift.interpolations)
      boundary.parserDiagnostics = boundary.parserDiagnostics.moved(shift.parserDiagnostics)
      boundaries[index] = boundary
    }
    boundaries.replaceSubrange(replaced, with: region.boundaries)
    for index in replaced.lowerBound..<replaced.lowerBound + region.boundaries.count {
      boundaries[index].token += start.token
      boundaries[index].node += start.node
      boundaries[index].trivia += start.trivia
      boundaries[index].strings += start.strings
      boundaries[index].interpolations += start.interpolations
      boundaries[index].parserDiagnostics += start.parserDiagnostics
    }
  }
}
