import PencilDiagnostics
import PencilSema
import PencilSyntax

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
    var found: [Span] = []
    forEach(in: source, names: names) { found.append($0) }
    return found
  }

  /// Visits the tokens of `source` in order, as `of` lists them, without
  /// an array or a `String` a token: a word not a name is looked up once
  /// a file (`WordClasses`).
  public static func forEach(in source: SourceFile, names: NameIndex?, _ visit: (Span) -> Void) {
    var diagnostics = DiagnosticList()
    forEach(in: source, tree: SyntaxTree.parse(source, diagnostics: &diagnostics), names: names, visit)
  }

  /// `forEach` over `source`'s tree parsed already.
  package static func forEach(
    in source: SourceFile, tree: SyntaxTree, names: NameIndex?, _ visit: (Span) -> Void
  ) {
    let names = names.flatMap { index in index.number(of: source.name).map { (index, $0) } }
    var words = WordClasses(bytes: source.bytes)
    // Neighbours are tokens (newlines and the end left out): a comment
    // between a name and its `=` does not change what the name is.
    let tokens = tree.tokens
    func neighbour(_ index: Int, _ step: Int) -> TokenKind? {
      var index = index + step
      while index >= 0, index < tokens.count {
        let kind = tokens[index].kind
        if kind != .newline, kind != .endOfFile { return kind }
        index += step
      }
      return nil
    }
    // The `?` and `:` of `c ? a : b` (a type's `?` and a name's `:` are not
    // operators).
    var conditionalMarks = Set<Int>()
    for index in tree.nodes.indices where tree.nodes[index].kind == .conditional {
      tree.forEachOwnToken(SyntaxNodeID(index)) { conditionalMarks.insert($0) }
    }
    tree.forEachCodePiece { piece in
      switch piece {
      case .comment(let range, _):
        visit(Span(range: range, kind: .comment, modifiers: []))
      case .token(let index):
        let token = tokens[index]
        let range = SourceRange(Int(token.start), Int(token.end))
        let found: (Kind, Modifiers)?
        switch token.kind {
        case .number, .dimension, .hexColor: found = (.number, [])
        case .string: found = (.string, [])
        case .plus, .minus, .star, .slash, .percent, .less, .greater, .lessEqual, .greaterEqual, .equalEqual,
          .notEqual, .and, .or, .not, .halfOpenRange, .closedRange:
          found = (.operator, [])
        case .question, .colon:
          found = conditionalMarks.contains(index) ? (.operator, []) : nil
        case .identifier:
          found =
            names.flatMap { name($0.0, file: $0.1, range) }
            ?? word(words.classes(of: range), previous: neighbour(index, -1), next: neighbour(index, 1))
        default: found = nil
        }
        if let found { visit(Span(range: range, kind: found.0, modifiers: found.1)) }
      }
    }
  }

  /// What the name at exactly `range` names, when the check resolved it.
  private static func name(_ names: NameIndex, file: Int32, _ range: SourceRange) -> (Kind, Modifiers)? {
    guard let index = names.entryIndex(at: range.start, inFile: file) else { return nil }
    let entry = names.entries[index]
    guard entry.place.range == range, let (declaration, kind) = names.declaration(of: entry) else { return nil }
    let declaring: Modifiers = declaration == entry.place ? .declaration : []
    switch kind {
    case .letBinding: return (.variable, declaring.union(.readonly))
    case .colorSet: return (.enumMember, declaring.union(.readonly))
    case .parameter: return (.parameter, declaring)
    case .loopVariable, .element: return (.variable, declaring)
    case .gradient: return (.type, declaring)
    case .shape: return (.struct, declaring)
    case .component: return (.class, declaring)
    }
  }

  /// A word that names nothing of the file's, by the language's words it is.
  private static func word(_ classes: WordClasses.Classes, previous: TokenKind?, next: TokenKind?) -> (
    Kind, Modifiers
  )? {
    if previous == .dot {
      if next == .leftParen { return (.method, .defaultLibrary) }
      return classes.contains(.systemColor) ? (.enumMember, .defaultLibrary) : (.property, [])
    }
    if next == .equals { return (.property, []) }
    if next == .leftParen, classes.contains(.function) { return (.function, .defaultLibrary) }
    if classes.contains(.constant) { return (.keyword, .defaultLibrary) }
    if classes.contains(.keyword) { return (.keyword, []) }
    if classes.contains(.element) { return (.class, .defaultLibrary) }
    if classes.contains(.cssColor) { return (.enumMember, .defaultLibrary) }
    return nil
  }
}

/// Which of the language's word lists each word of one file is in, worked
/// out once a distinct word: a file repeats a few dozen words thousands of
/// times. Keyed by a hash of the bytes, the word's first occurrence kept
/// to tell two words of one hash apart.
struct WordClasses {
  struct Classes: OptionSet {
    let rawValue: UInt8
    static let systemColor = Classes(rawValue: 1)
    static let function = Classes(rawValue: 2)
    static let constant = Classes(rawValue: 4)
    static let keyword = Classes(rawValue: 8)
    static let element = Classes(rawValue: 16)
    static let cssColor = Classes(rawValue: 32)
  }

  let bytes: [UInt8]
  private var known: [UInt64: (first: SourceRange, classes: Classes)] = [:]

  init(bytes: [UInt8]) { self.bytes = bytes }

  mutating func classes(of range: SourceRange) -> Classes {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for index in range.start..<range.end { hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01b3 }
    if let (first, classes) = known[hash], bytes[first.start..<first.end].elementsEqual(bytes[range.start..<range.end])
    {
      return classes
    }
    let word = String(decoding: bytes[range.start..<range.end], as: UTF8.self)
    var classes: Classes = []
    if SystemColors.entry(named: word) != nil { classes.insert(.systemColor) }
    if Evaluator.functionNames.contains(word) { classes.insert(.function) }
    if SemanticTokens.constants.contains(word) { classes.insert(.constant) }
    if SemanticTokens.keywords.contains(word) { classes.insert(.keyword) }
    // `content`, the place of a use's elements in a component's body.
    if Checker.builtinElementNames.contains(word) || SyntaxIndex.preludeComponents.contains(word) || word == "content" {
      classes.insert(.element)
    }
    if CSSColors.rgba(named: word) != nil { classes.insert(.cssColor) }
    // A second word of one hash is worked out each time (never seen).
    if known[hash] == nil { known[hash] = (range, classes) }
    return classes
  }
}
