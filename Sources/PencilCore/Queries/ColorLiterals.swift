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

  static func find(in index: SyntaxIndex) -> [Literal] {
    var defined = Set(index.definitions.map(\.name.name))
    // Component parameters and loop variables shadow CSS names too.
    index.forEachStatement { statement in
      switch statement {
      case .component(let component): for parameter in component.parameters { defined.insert(parameter.name.name) }
      case .shape(let shape): for parameter in shape.parameters ?? [] { defined.insert(parameter.name.name) }
      case .forLoop(let loop):
        defined.insert(loop.variable.name)
        if let index = loop.index { defined.insert(index.name) }
      case .letBinding(let binding): defined.insert(binding.name.name)
      default: break
      }
    }
    var found: [Literal] = []
    index.forEachExpression { expression in
      if let literal = literal(expression, shadowed: defined) { found.append(literal) }
    }
    return found
  }

  /// The colour `expression` spells on its own, if it is a literal.
  static func literal(_ expression: Expr, shadowed: Set<String>) -> Literal? {
    switch expression {
    case .hexColor(let value?, let range):
      return Literal(range: range, form: .hex, color: QueryColor(rgba: value))
    case .call(let function, let arguments, let range) where function.name == "hsb" || function.name == "rgb":
      var numbers: [Double] = []
      for argument in arguments {
        guard case .number(let value, _) = argument else { return nil }
        numbers.append(value)
      }
      guard numbers.count == 3 || numbers.count == 4 else { return nil }
      let alpha = numbers.count == 4 ? numbers[3] : 1
      if function.name == "hsb" {
        let color = Color(hue: numbers[0], saturation: numbers[1], brightness: numbers[2], alpha: alpha)
        return Literal(range: range, form: .hsb, color: QueryColor(color))
      }
      let color = QueryColor(red: numbers[0] / 255, green: numbers[1] / 255, blue: numbers[2] / 255, alpha: alpha)
      return Literal(range: range, form: .rgb, color: color)
    case .name(let identifier) where !shadowed.contains(identifier.name):
      guard let rgba = CSSColors.rgba(named: identifier.name) else { return nil }
      return Literal(
        range: identifier.range, form: .cssName, color: QueryColor(rgba: rgba), name: identifier.name.lowercased())
    case .dotName(let identifier, let range):
      guard let entry = SystemColors.entry(named: identifier.name) else { return nil }
      return Literal(
        range: range, form: .systemName, color: QueryColor(entry.light),
        dark: entry.adapts ? QueryColor(entry.dark) : nil, name: entry.name)
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

extension SyntaxIndex {
  /// Visits every statement, nested ones included, in source order.
  func forEachStatement(_ visit: (Statement) -> Void) {
    func walk(_ statements: [Statement]) {
      for statement in statements {
        visit(statement)
        walk(SyntaxIndex.children(of: statement))
      }
    }
    walk(statements)
  }
}
