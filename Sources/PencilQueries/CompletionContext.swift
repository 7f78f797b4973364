import PencilDiagnostics
import PencilSema
import PencilSyntax

/// Where the cursor is in the statement being typed, read from the syntax
/// tree's tokens before it: the statement's first words, the last token,
/// and the kinds of the blocks it is nested in; a comment in its trivia
/// holds the cursor.
struct CompletionContext {
  enum Position: Equatable {
    /// After a leading dot: a system colour.
    case dotted
    /// Where a statement starts, in a block opened by a statement of this
    /// first word (`gradient`, `shape`, an element kind), nil at the top;
    /// `inComponent`: inside a component's body, where `content` goes.
    case statementStart(block: String?, inComponent: Bool)
    /// After an element's kind, where an attribute name goes; `given` are
    /// the attributes already written.
    case attributeName(kind: String, given: Set<String>)
    /// After `NAME=` in an element of this kind.
    case attributeValue(kind: String, attribute: String)
    /// Where some other value goes (`let x = `, an argument).
    case value
    /// Inside the string of `import "…"`, after `typed`.
    case importPath(typed: String)
    case none
  }

  var position = Position.none
  var replacing: SourceRange

  init(tree: SyntaxTree, offset: Int) {
    let bytes = tree.bytes
    func text(_ token: SyntaxToken) -> String {
      String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self)
    }
    // The word being typed ends at the cursor.
    var before = tree.tokens.prefix { Int($0.start) < offset && $0.kind != .endOfFile }
    // Comments are trivia, not tokens: one that holds the cursor makes it
    // prose, not code.
    if CompletionContext.commentHolds(offset, in: tree) {
      replacing = SourceRange(offset, offset)
      return
    }
    replacing = SourceRange(offset, offset)
    if let path = CompletionContext.importPath(before, bytes: bytes, offset: offset) {
      position = .importPath(typed: path.typed)
      replacing = path.replacing
      return
    }
    var dotted = false
    if let last = before.last, last.kind == .identifier, Int(last.end) >= offset {
      replacing = SourceRange(Int(last.start), offset)
      before.removeLast()
    } else if let last = before.last, Int(last.end) > offset, last.kind != .dot {
      // Inside a number, string or comment-adjacent token: nothing to offer.
      return
    }
    if let dot = before.last, dot.kind == .dot, Int(dot.end) == replacing.start {
      let previous = before.dropLast().last
      let isMember =
        previous.map {
          Int($0.end) == Int(dot.start) && [.identifier, .rightParen, .rightBracket].contains($0.kind)
        } ?? false
      if !isMember {
        replacing = SourceRange(Int(dot.start), offset)
        dotted = true
        before.removeLast()
      } else if let attribute = previous, attribute.kind == .identifier {
        // `padding.` in an attribute name: nothing beyond the table's names.
        _ = attribute
        return
      }
    }
    // Split into the statement being typed and the blocks around it.
    var blocks: [String?] = []
    var statement: [SyntaxToken] = []
    var parentheses = 0
    for token in before {
      switch token.kind {
      case .leftBrace:
        blocks.append(CompletionContext.header(statement, text))
        statement = []
        parentheses = 0
      case .rightBrace:
        if !blocks.isEmpty { blocks.removeLast() }
        statement = []
        parentheses = 0
      case .newline where parentheses == 0, .semicolon:
        statement = []
      case .newline:
        break
      case .leftParen, .leftBracket:
        parentheses += 1
        statement.append(token)
      case .rightParen, .rightBracket:
        parentheses = max(0, parentheses - 1)
        statement.append(token)
      default:
        statement.append(token)
      }
    }
    if dotted {
      position = .dotted
      return
    }
    // `NAME:` before an element's kind.
    if statement.count >= 2, statement[0].kind == .identifier, statement[1].kind == .colon {
      statement.removeFirst(2)
    }
    guard let first = statement.first else {
      position = .statementStart(block: blocks.last ?? nil, inComponent: blocks.contains("component"))
      return
    }
    guard first.kind == .identifier else { return }
    let word = text(first)
    let last = statement[statement.count - 1]
    switch word {
    case "let", "for", "if", "color":
      position = statement.contains { $0.kind == .equals } || word != "let" && word != "color" ? .value : .none
      if word == "color", statement.count >= 2 { position = last.kind == .equals ? .value : .none }
      return
    case "gradient", "shape", "component", "import":
      return
    case "stop":
      // `stop COLOUR [offset=…]`: the colour comes first.
      if statement.count == 1 || last.kind == .equals { position = .value }
      return
    default:
      break
    }
    if parentheses > 0 || [.comma, .plus, .minus, .star, .slash, .less, .greater].contains(last.kind) {
      position = .value
      return
    }
    if last.kind == .equals, statement.count >= 2 {
      // The attribute's name may be dotted: `padding.top=`.
      var nameStart = statement.count - 2
      while nameStart >= 2, statement[nameStart - 1].kind == .dot, statement[nameStart - 2].kind == .identifier {
        nameStart -= 2
      }
      let name = statement[nameStart..<(statement.count - 1)].map(text).joined()
      position = .attributeValue(kind: word, attribute: name)
      return
    }
    if last.kind == .identifier, ["at", "size", "from", "to"].contains(text(last)), statement.count > 1 {
      position = .value
      return
    }
    // Attribute names already written: identifiers followed by `=`.
    var given: Set<String> = []
    for index in statement.indices.dropLast() where statement[index + 1].kind == .equals {
      given.insert(text(statement[index]))
    }
    position = .attributeName(kind: word, given: given)
  }

  /// The first word of the statement that opened a block.
  private static func header(_ statement: [SyntaxToken], _ text: (SyntaxToken) -> String) -> String? {
    var tokens = statement[...]
    if tokens.count >= 2, tokens[tokens.startIndex + 1].kind == .colon { tokens = tokens.dropFirst(2) }
    guard let first = tokens.first, first.kind == .identifier else { return nil }
    return text(first)
  }
}

/// The names visible at the cursor: the file's definitions and those of
/// the files it imports, the prelude's components, and the parameters,
/// loop variables and `let`s of the blocks around the cursor.
struct Scope {
  let index: SyntaxIndex
  /// The file's own definitions, then those its imports lend, each with
  /// the file it is written in.
  let definitions: [(definition: Definition, file: SyntaxIndex)]
  var values: [Completions.Candidate] = []

  init(index: SyntaxIndex, offset: Int, imported: ImportedNames? = nil) {
    self.index = index
    definitions =
      index.definitions.map { ($0, index) }
      + (imported?.files ?? []).flatMap { file in file.definitions.map { ($0, file) } }
    var names: [(String, String)] = []
    for (definition, file) in definitions where definition.kind == .value {
      // The file's own `let`s are visible after they are written.
      guard file.source !== index.source || definition.range.end <= offset else { continue }
      names.append((definition.name, file.text(definition.range)))
    }
    let tree = index.tree
    for statement in index.path(to: offset) {
      switch tree.kind(statement.id) {
      case .component, .shape:
        names += index.parameters(of: statement).map { ($0.parameter.name, "parameter " + $0.text) }
      case .forLoop:
        let loop = ForSyntax(unchecked: statement.id)
        if let variable = loop.variable(in: tree) { names.append((variable, "loop variable")) }
        if let comma = tree.ownToken(statement.id, at: 2), tree.tokens[comma].kind == .comma,
          let counter = tree.ownToken(statement.id, at: 3), tree.tokens[counter].kind == .identifier
        {
          names.append((tree.text(token: counter), "loop index"))
        }
      default: break
      }
      for child in index.children(of: statement) where tree.kind(child.id) == .letBinding {
        let range = index.range(child)
        guard range.end <= offset, let name = LetSyntax(unchecked: child.id).name(in: tree) else { continue }
        names.append((name, index.text(range)))
      }
    }
    var seen: Set<String> = []
    for (name, detail) in names.reversed() where seen.insert(name).inserted {
      values.insert(Completions.Candidate(label: name, kind: .variable, detail: detail, documentation: nil), at: 0)
    }
  }

  func named(_ kind: Definition.Kind) -> [(definition: Definition, file: SyntaxIndex)] {
    definitions.filter { $0.definition.kind == kind }
  }

  var gradients: [Completions.Candidate] {
    named(.gradient).map {
      Completions.Candidate(label: $0.definition.name, kind: .gradient, detail: "gradient", documentation: nil)
    }
  }

  /// `color NAME light=… dark=…`, with the light colour's hex as the
  /// documentation (the swatch editors show) when it is a literal.
  var colorSets: [Completions.Candidate] {
    named(.colorSet).map { definition, file in
      let tree = file.tree
      let set = LetSyntax(unchecked: definition.node)
      var lightValue = set.value(in: tree)
      var darkValue = lightValue
      for part in set.parts(in: tree) {
        switch part.name(in: tree) {
        case "light": lightValue = part.value(in: tree)
        case "dark": darkValue = part.value(in: tree)
        default: break
        }
      }
      let light = lightValue.flatMap { ColorLiterals.literal($0, in: tree, shadowed: [])?.color }
      let dark = darkValue.flatMap { ColorLiterals.literal($0, in: tree, shadowed: [])?.color }
      var detail = file.text(definition.range)
      if let light, let dark, light != dark { detail = "colour set, light \(light.hex), dark \(dark.hex)" }
      return Completions.Candidate(
        label: definition.name, kind: .colorSet, detail: detail, documentation: light?.hex)
    }
  }

  /// The parameters of the component `name`: the file's, an imported
  /// file's, or the prelude's.
  func parameters(ofComponent name: String) -> [(parameter: ParameterFacts, text: String)]? {
    for (definition, file) in named(.component) where definition.name == name {
      return file.parameters(ofComponent: name)
    }
    return index.parameters(ofComponent: name)
  }

  func signature(ofComponent name: String) -> String? {
    parameters(ofComponent: name).map { "component \(name)(" + $0.map(\.text).joined(separator: ", ") + ")" }
  }
}

/// What completion needs of a parameter: its name and declared type.
struct ParameterFacts {
  var name: String
  var typeName: String
  var isList: Bool
  var isOptional: Bool
}

extension SyntaxIndex {
  /// The prelude's components, parsed once.
  static let prelude = SyntaxIndex(SourceFile(name: "<prelude>", text: Prelude.source))

  /// The names of the prelude's components (`pencil`), which are built-in elements to the user.
  static let preludeComponents = Set(prelude.definitions.filter { $0.kind == .component }.map(\.name))

  /// The parameters of a component or shape statement, each with its text
  /// as written (`color: Color = .blue`).
  func parameters(of statement: StatementSyntax) -> [(parameter: ParameterFacts, text: String)] {
    guard let list = DefinitionSyntax(unchecked: statement.id).parameterList(in: tree) else { return [] }
    var found: [(parameter: ParameterFacts, text: String)] = []
    tree.forEachChild(list) { id in
      guard let parameter = ParameterSyntax(id, in: tree), let name = parameter.nameToken(in: tree),
        let type = parameter.type(in: tree)
      else { return }
      let facts = ParameterFacts(
        name: tree.text(token: name), typeName: type.name(in: tree), isList: type.isList(in: tree),
        isOptional: type.isOptional(in: tree))
      found.append((facts, text(tree.contentRange(id))))
    }
    return found
  }

  /// The parameters of the component `name`, from the file or the
  /// prelude, each with its text as written (`color: Color = .blue`).
  func parameters(ofComponent name: String) -> [(parameter: ParameterFacts, text: String)]? {
    for statement in statements where tree.kind(statement.id) == .component {
      if DefinitionSyntax(unchecked: statement.id).name(in: tree) == name { return parameters(of: statement) }
    }
    guard source !== SyntaxIndex.prelude.source else { return nil }
    return SyntaxIndex.prelude.parameters(ofComponent: name)
  }

  /// `component NAME(parameters)` as written.
  func signature(ofComponent name: String) -> String? {
    guard let parameters = parameters(ofComponent: name) else { return nil }
    return "component \(name)(" + parameters.map(\.text).joined(separator: ", ") + ")"
  }
}

extension CompletionContext {
  /// The path typed before the cursor when the cursor is in the string of
  /// an `import` (`import "lib/pa|`, closed or not), with the range its
  /// last part takes (from just after its last `/`): what a file's or a
  /// folder's name replaces. nil for any other place, and for a path with
  /// an escape, which is not a file name as typed.
  static func importPath(_ before: ArraySlice<SyntaxToken>, bytes: [UInt8], offset: Int) -> (
    typed: String, replacing: SourceRange
  )? {
    guard let string = before.last, string.kind == .string else { return nil }
    let start = Int(string.start)
    let end = min(Int(string.end), bytes.count)
    // A closed string holds the cursor before its closing quote only.
    let closed = end - start >= 2 && bytes[end - 1] == UInt8(ascii: "\"")
    guard offset < end || !closed && offset == end, start < offset else { return nil }
    let keyword = before.dropLast().last
    guard let keyword, keyword.kind == .identifier,
      bytes[Int(keyword.start)..<Int(keyword.end)].elementsEqual("import".utf8)
    else { return nil }
    // `import` starts its statement.
    let previous = before.dropLast(2).last
    guard previous.map({ [.newline, .semicolon, .leftBrace, .rightBrace].contains($0.kind) }) ?? true else {
      return nil
    }
    let typed = Array(bytes[(start + 1)..<offset])
    guard !typed.contains(UInt8(ascii: "\\")), !typed.contains(where: isLineBreak) else { return nil }
    let lastPart = typed.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
    return (String(decoding: typed, as: UTF8.self), SourceRange(start + 1 + lastPart, offset))
  }

  /// Whether the cursor at `offset` is in a comment: after its `//` and
  /// not past its line, or after its `/*` and not past its `*/`.
  static func commentHolds(_ offset: Int, in tree: SyntaxTree) -> Bool {
    // Trivia is in source order: none after the cursor can hold it.
    for piece in tree.trivia {
      guard Int(piece.start) < offset else { break }
      let end = Int(piece.end)
      switch piece.kind {
      case .lineComment:
        if offset <= end { return true }
      case .blockComment:
        let closed =
          end - Int(piece.start) >= 4 && tree.bytes[end - 2] == UInt8(ascii: "*")
          && tree.bytes[end - 1] == UInt8(ascii: "/")
        if offset < end || offset == end && !closed { return true }
      case .whitespace, .newline:
        break
      }
    }
    return false
  }
}
