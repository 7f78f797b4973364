/// A file's syntax tree kept across edits: an edit re-parses only the
/// top-level statements it touched and splices them into the tree, whose
/// later tokens, trivia, nodes, literals and diagnostics move by what the
/// edit added. The result is exactly `Parser.parseTree` of the new text,
/// diagnostics included (`EditableSyntaxTreeTests` edits at random and
/// compares). The language server keeps one per open document.
package struct EditableSyntaxTree: Sendable {
  package internal(set) var tree: SyntaxTree
  /// The parse's diagnostics, as `Parser.parseTree` gives them.
  package internal(set) var diagnostics: DiagnosticList
  /// Where a parse may start again, in order.
  var boundaries: [StatementBoundary]
  var parserDiagnostics: [Diagnostic]
  /// The lexer's, in the order read. One token's may start out of order
  /// (an unterminated string's comes after its escapes'), but no token
  /// spans a boundary: split by where they start, they split as read.
  var lexerDiagnostics: [Diagnostic]
  var interpolations: UInt32
  /// False once a list of diagnostics reached its cap: the parser then
  /// reads the count of errors so far (`DiagnosticList.errorCount` stops
  /// at the cap), so a statement's parse depends on those before it, and
  /// every edit parses the whole file.
  private var splicable: Bool
  /// The bytes the last edit parsed again (the whole file after a whole
  /// parse): for tests and `pencil-bench --splice`.
  package private(set) var lastParsedBytes: Int

  /// The tree of `source`, parsed whole.
  package init(_ source: SourceFile) {
    let region = Parser.parseRegion(source, from: 0, expectedBytes: source.bytes.count) { _ in false }
    tree = SyntaxTree(bytes: source.bytes)
    tree.tokens = region.tokens
    tree.nodes = region.nodes
    tree.literals = region.literals
    tree.literalTokens = region.literalTokens
    tree.trivia = region.trivia
    tree.strings = region.strings
    tree.nodes.append(Self.fileNode(tokens: tree.tokens.count, nodes: tree.nodes.count))
    boundaries = region.boundaries
    parserDiagnostics = region.parserDiagnostics.items
    lexerDiagnostics = region.lexerDiagnostics.items
    interpolations = region.interpolations
    var all = region.parserDiagnostics
    all.absorb(region.lexerDiagnostics)
    diagnostics = all
    splicable = !Self.passesCap(region.parserDiagnostics) && !Self.passesCap(region.lexerDiagnostics)
    lastParsedBytes = source.bytes.count
  }

  /// The tree after its text's bytes `from..<to` were replaced by
  /// `insertedCount` bytes, giving `edited`; a range the text does not
  /// have (or a tree past the cap) makes it `edited`'s whole parse.
  package mutating func replace(_ from: Int, _ to: Int, insertedCount: Int, giving edited: SourceFile) {
    // The range is checked before any arithmetic on it: a range the text
    // does not have must not overflow, only parse the new text whole.
    guard splicable, 0 <= from, from <= to, to <= tree.bytes.count, insertedCount >= 0,
      insertedCount <= edited.bytes.count, edited.bytes.count - insertedCount == tree.bytes.count - (to - from),
      let first = boundaries.first, first.byte == 0
    else {
      self = EditableSyntaxTree(edited)
      return
    }
    let delta = insertedCount - (to - from)
    // The statement before the edited one too: its parse read the edited
    // one's first token (the parser looks one token ahead, past a line
    // break), and a `\r` before the edit may become half of a `\r\n`.
    let startIndex = max(0, lastBoundary(atOrBefore: from) - 1)
    let start = boundaries[startIndex]
    let editEnd = from + insertedCount
    let region = Parser.parseRegion(edited, from: Int(start.byte), expectedBytes: 4096) { byte in
      byte >= editEnd && oldBoundary(at: byte - delta, after: startIndex) != nil
    }
    guard !Self.passesCap(region.parserDiagnostics), !Self.passesCap(region.lexerDiagnostics) else {
      self = EditableSyntaxTree(edited)
      return
    }
    let end = region.stop.flatMap { oldBoundary(at: Int($0.byte) - delta, after: startIndex) }
    splice(region, replacing: startIndex..<(end ?? boundaries.count), delta: delta, edited: edited)
    lastParsedBytes = Int(region.stop?.byte ?? UInt32(edited.bytes.count)) - Int(start.byte)
    guard !Self.passesCap(parserDiagnostics), !Self.passesCap(lexerDiagnostics) else {
      self = EditableSyntaxTree(edited)
      return
    }
    var all = DiagnosticList()
    for diagnostic in parserDiagnostics { all.append(diagnostic) }
    for diagnostic in lexerDiagnostics { all.append(diagnostic) }
    diagnostics = all
  }

  /// The index of the last boundary at or before `byte` (0 when none is).
  private func lastBoundary(atOrBefore byte: Int) -> Int {
    var low = 0
    var high = boundaries.count
    while low < high {
      let middle = (low + high) / 2
      if Int(boundaries[middle].byte) <= byte { low = middle + 1 } else { high = middle }
    }
    return max(0, low - 1)
  }

  /// The index of the boundary at `byte`, if one after `index` is there.
  private func oldBoundary(at byte: Int, after index: Int) -> Int? {
    let found = lastBoundary(atOrBefore: byte)
    return found > index && Int(boundaries[found].byte) == byte ? found : nil
  }

  static func fileNode(tokens: Int, nodes: Int) -> SyntaxNode {
    SyntaxNode(firstToken: 0, endToken: UInt32(tokens), subtreeSize: UInt32(nodes + 1), kind: .sourceFile)
  }

  /// Whether a list dropped some, or would: past its cap the parser's
  /// `errorCount` stops, and the whole parse's lists differ from spliced ones.
  private static func passesCap(_ list: DiagnosticList) -> Bool {
    list.droppedErrors + list.droppedOthers > 0 || passesCap(list.items)
  }

  private static func passesCap(_ diagnostics: [Diagnostic]) -> Bool {
    let errors = diagnostics.count(where: { $0.severity == .error })
    return errors > DiagnosticList.limit || diagnostics.count - errors > DiagnosticList.limit
  }
}
