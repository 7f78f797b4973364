/// What each word of a file is, for an editor's semantic highlighting
/// (`textDocument/semanticTokens/full`): the TextMate grammar colours by
/// pattern, this by meaning — a `let` that hides another, a parameter, a
/// component used before it is defined, a colour set from an import —
/// because names come from the checker's own resolution (`NameIndex`).
public enum SemanticTokens {
  /// LSP's standard token types, in the legend's order.
  public enum Kind: Int, CaseIterable, Sendable {
    case keyword, `class`, `struct`, type, parameter, variable, property, enumMember, function, method, number, string
    case comment, `operator`

    public var name: String { "\(self)" }
  }

  /// LSP's standard modifiers, as bits in the legend's order.
  public struct Modifiers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let declaration = Modifiers(rawValue: 1)
    public static let readonly = Modifiers(rawValue: 2)
    public static let defaultLibrary = Modifiers(rawValue: 4)
    public static let names = ["declaration", "readonly", "defaultLibrary"]
  }

  /// A classified range of the source.
  public struct Span: Equatable, Sendable {
    public var range: SourceRange
    public var kind: Kind
    public var modifiers: Modifiers
  }

  /// Words that are the language's, wherever they stand.
  static let keywords: Set<String> = RenamePlan.reservedWords.union(["at", "size", "from", "to", "x"]).subtracting([
    "true", "false", "none", "pi",
  ])
  static let constants: Set<String> = ["true", "false", "none", "pi"]

  /// The tokens of `source` in order; `names` (the file's compilation's)
  /// says what its names are.
  public static func of(_ source: SourceFile, names: NameIndex?) -> [Span] {
    let bytes = source.bytes
    var diagnostics = DiagnosticList()
    let tree = SyntaxTree.parse(source, diagnostics: &diagnostics)
    // Neighbours are tokens: a comment between a name and its `=` does
    // not change what the name is.
    let tokens = tree.tokens.filter { $0.kind != .newline && $0.kind != .endOfFile }
    var found: [Span] = []
    found.reserveCapacity(tokens.count)
    var index = 0
    tree.forEachCodePiece { piece in
      switch piece {
      case .comment(let range, _):
        found.append(Span(range: range, kind: .comment, modifiers: []))
      case .token:
        let token = tokens[index]
        let range = SourceRange(Int(token.start), Int(token.end))
        let previous = index > 0 ? tokens[index - 1].kind : nil
        let next = index + 1 < tokens.count ? tokens[index + 1].kind : nil
        index += 1
        if let kind = classify(token.kind, range, bytes, previous: previous, next: next, source: source, names: names) {
          found.append(Span(range: range, kind: kind.0, modifiers: kind.1))
        }
      }
    }
    return found
  }

  private static func classify(
    _ kind: TokenKind, _ range: SourceRange, _ bytes: [UInt8], previous: TokenKind?, next: TokenKind?,
    source: SourceFile, names: NameIndex?
  ) -> (Kind, Modifiers)? {
    switch kind {
    case .number, .dimension, .hexColor: return (.number, [])
    case .string: return (.string, [])
    case .identifier: break
    case .plus, .minus, .star, .slash, .percent, .less, .greater, .lessEqual, .greaterEqual, .equalEqual, .notEqual,
      .and, .or, .not, .halfOpenRange, .closedRange:
      return (.operator, [])
    default: return nil
    }
    if let names, let place = names.place(at: range.start, in: source.name), place.range == range,
      let symbol = names.symbol(at: range.start, in: source.name)
    {
      let declaring: Modifiers = symbol.declaration == place ? .declaration : []
      switch symbol.kind {
      case .letBinding: return (.variable, declaring.union(.readonly))
      case .colorSet: return (.enumMember, declaring.union(.readonly))
      case .parameter: return (.parameter, declaring)
      case .loopVariable, .element: return (.variable, declaring)
      case .gradient: return (.type, declaring)
      case .shape: return (.struct, declaring)
      case .component: return (.class, declaring)
      }
    }
    let word = String(decoding: bytes[range.start..<range.end], as: UTF8.self)
    if previous == .dot {
      if next == .leftParen { return (.method, .defaultLibrary) }
      return SystemColors.entry(named: word) != nil ? (.enumMember, .defaultLibrary) : (.property, [])
    }
    if next == .equals { return (.property, []) }
    if next == .leftParen, Checker.functionNames.contains(word) { return (.function, .defaultLibrary) }
    if constants.contains(word) { return (.keyword, .defaultLibrary) }
    if keywords.contains(word) { return (.keyword, []) }
    if Checker.builtinElementNames.contains(word) || SyntaxIndex.preludeComponents.contains(word) {
      return (.class, .defaultLibrary)
    }
    if CSSColors.rgba(named: word) != nil { return (.enumMember, .defaultLibrary) }
    return nil
  }
}
