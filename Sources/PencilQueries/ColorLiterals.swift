import PencilDiagnostics
import PencilGeometry
import PencilSema
import PencilSyntax

/// The colours written in a file, for the editor's swatches and colour
/// picker (`textDocument/documentColor`) and for hover.
public enum ColorLiterals {
  /// How a colour is spelled; the picker offers the same spelling first.
  public enum Form: Sendable {
    case hex, hsb, rgb, cssName, systemName
  }

  /// One colour in the source: its range, spelling and value (the light
  /// one for a system colour that adapts, with `dark` its dark value).
  public struct Literal: Equatable, Sendable {
    public var range: SourceRange
    public var form: Form
    public var color: QueryColor
    public var dark: QueryColor?
    /// The name of a CSS or system colour, without the dot.
    public var name: String?
  }

  /// Every colour literal of the file in source order: hex literals,
  /// `hsb(…)` and `rgb(…)` with number arguments, CSS names where the file
  /// defines no value of that name, and `.system` names.
  public static func find(in source: SourceFile) -> [Literal] {
    find(in: SyntaxIndex(source))
  }

  /// `find` in `source`'s tree parsed already.
  package static func find(in source: SourceFile, tree: SyntaxTree) -> [Literal] {
    find(in: SyntaxIndex(source, tree: tree))
  }

  /// With `offset`, only the literals whose range holds it (its end included).
  static func find(in index: SyntaxIndex, touching offset: Int? = nil) -> [Literal] {
    let tree = index.tree
    var defined = Set(index.definitions.map(\.name))
    // Component parameters and loop variables shadow CSS names too.
    index.forEachStatement { statement in
      let id = statement.id
      switch tree.kind(id) {
      case .component, .shape:
        guard let list = DefinitionSyntax(unchecked: id).parameterList(in: tree) else { break }
        tree.forEachChild(list) { parameter in
          if let name = ParameterSyntax(parameter, in: tree)?.nameToken(in: tree) {
            defined.insert(tree.text(token: name))
          }
        }
      case .forLoop:
        // `for NAME[, INDEX] in`: the identifiers before `in`.
        var position = 0
        tree.forEachOwnToken(id) { token in
          defer { position += 1 }
          if position == 1 || position == 3, tree.tokens[token].kind == .identifier, !tree.isWord(token, "in") {
            defined.insert(tree.text(token: token))
          }
        }
      case .letBinding, .colorSet:
        if let name = LetSyntax(unchecked: id).name(in: tree) { defined.insert(name) }
      default: break
      }
    }
    var found: [Literal] = []
    index.forEachExpression(touching: offset) { tree, expression in
      if let literal = literal(expression, in: tree, shadowed: defined) { found.append(literal) }
    }
    return found
  }

  /// The colour `expression` spells on its own, if it is a literal.
  static func literal(_ expression: ExprSyntax, in tree: SyntaxTree, shadowed: Set<String>) -> Literal? {
    let id = expression.id
    switch tree.kind(id) {
    case .hexColorLiteral:
      // The lexer stores a whole 32-bit value, or -1 when malformed.
      guard let token = tree.tokenRange(id).first, let value = tree.literal(ofToken: token), value.first >= 0 else {
        return nil
      }
      return Literal(range: tree.contentRange(id), form: .hex, color: QueryColor(rgba: UInt32(value.first)))
    case .call:
      guard let nameToken = tree.ownToken(id, at: 0) else { return nil }
      let function = tree.text(token: nameToken)
      guard function == "hsb" || function == "rgb" else { return nil }
      var numbers: [Double] = []
      var allNumbers = true
      if let arguments = tree.firstChild(id, .argumentList) {
        tree.forEachChild(arguments) { argument in
          guard allNumbers, ExprSyntax(argument, in: tree) != nil else { return }
          if let value = number(argument, in: tree) { numbers.append(value) } else { allNumbers = false }
        }
      }
      guard allNumbers, numbers.count == 3 || numbers.count == 4 else { return nil }
      let range = tree.contentRange(id)
      let alpha = numbers.count == 4 ? numbers[3] : 1
      if function == "hsb" {
        let color = Color(hue: numbers[0], saturation: numbers[1], brightness: numbers[2], alpha: alpha)
        return Literal(range: range, form: .hsb, color: QueryColor(color))
      }
      let color = QueryColor(red: numbers[0] / 255, green: numbers[1] / 255, blue: numbers[2] / 255, alpha: alpha)
      return Literal(range: range, form: .rgb, color: color)
    case .name:
      // A name node is its one token.
      guard let token = tree.tokenRange(id).first else { return nil }
      let name = tree.text(token: token)
      guard !shadowed.contains(name), let rgba = CSSColors.rgba(named: name) else { return nil }
      return Literal(
        range: tree.range(ofToken: token), form: .cssName, color: QueryColor(rgba: rgba), name: name.lowercased())
    case .dotName:
      guard let token = tree.ownToken(id, .identifier),
        let entry = SystemColors.entry(named: tree.text(token: token))
      else { return nil }
      return Literal(
        range: tree.contentRange(id), form: .systemName, color: QueryColor(entry.light),
        dark: entry.adapts ? QueryColor(entry.dark) : nil, name: entry.name)
    default:
      return nil
    }
  }

  /// The number a value is, as the compiler reads a literal: `-3` and
  /// `(3)` are numbers, `3 + 0` is not.
  private static func number(_ id: SyntaxNodeID, in tree: SyntaxTree) -> Double? {
    switch tree.kind(id) {
    case .numberLiteral:
      return tree.tokenRange(id).first.flatMap { tree.literal(ofToken: $0) }?.first
    case .parenthesized:
      return tree.firstChild(id).flatMap { number($0, in: tree) }
    case .prefix:
      guard let sign = tree.ownToken(id, at: 0), tree.tokens[sign].kind == .minus else { return nil }
      return tree.firstChild(id).flatMap { number($0, in: tree) }.map { -$0 }
    default:
      return nil
    }
  }

  /// The spellings the colour picker offers for `color`, the literal's own
  /// form first so that picking keeps it.
  public static func presentations(of color: QueryColor, preferring form: Form?) -> [String] {
    var texts = [color.hex, color.hsbText, color.rgbText]
    switch form {
    case .hsb: texts.swapAt(0, 1)
    case .rgb: texts = [texts[2], texts[0], texts[1]]
    default: break
    }
    return texts
  }

  /// A colour's facts as Markdown: hex, RGB and HSB, per appearance when it adapts.
  public static func describe(_ literal: Literal) -> String {
    var title = "colour"
    switch literal.form {
    case .cssName: title = "CSS colour `\(literal.name ?? "")`"
    case .systemName: title = "system colour `.\(literal.name ?? "")`"
    case .hex: title = "colour `\(literal.color.hex)`"
    case .hsb, .rgb: title = "colour"
    }
    func facts(_ color: QueryColor) -> String {
      "`\(color.hex)` · `\(color.rgbText)` · `\(color.hsbText)`"
    }
    guard let dark = literal.dark else { return "**\(title)**\n\n" + facts(literal.color) }
    return "**\(title)** (adapts to the appearance)\n\nlight: " + facts(literal.color) + "\n\ndark: " + facts(dark)
  }
}
