import PencilDiagnostics
import PencilGeometry
import PencilSyntax

extension Evaluator {
  /// A system colour in the compilation's appearance; one that adapts
  /// makes the picture depend on the appearance.
  func resolve(_ entry: SystemColors.Entry) -> Color {
    guard entry.adapts else { return entry.light }
    imports.adaptiveColorsMet += 1
    imports.dependsOnAppearance = true
    if let palette = imports.palette { return palette.adaptive(light: entry.light, dark: entry.dark) }
    return imports.appearance == .dark ? entry.dark : entry.light
  }

  /// `color NAME light=A dark=B`: both are checked, the compilation's
  /// appearance picks one.
  mutating func evaluateColorSet(light: Expr, dark: Expr) -> Computed? {
    let lightColor = resolveColor(light, for: "light")
    let darkColor = light == dark ? lightColor : resolveColor(dark, for: "dark")
    guard let lightColor, let darkColor else { return nil }
    if lightColor != darkColor {
      imports.adaptiveColorsMet += 1
      imports.dependsOnAppearance = true
    }
    if let palette = imports.palette {
      // Each side may adapt itself (`light=.blue`): its own appearance's value.
      return .color(palette.adaptive(light: palette.light(lightColor), dark: palette.dark(darkColor)))
    }
    return .color(imports.appearance == .dark ? darkColor : lightColor)
  }

  /// A colour for `attribute`; reports and returns nil when the value is
  /// not one (nil too for a value not known yet).
  mutating func resolveColor(_ expression: Expr, for attribute: String = "stop") -> Color? {
    guard let value = evaluate(expression, expecting: .color) else { return nil }
    switch value {
    case .color(let color): return color
    case .unknown: return nil
    case .typed(let type):
      if !Checker.fits(type, .color) {
        report(
          SemaCodes.wrongValueKind, valueRange(expression),
          "expected a colour for '\(attribute)', found \(type.description)")
      }
      return nil
    default:
      report(
        SemaCodes.wrongValueKind, valueRange(expression),
        "expected a colour for '\(attribute)', found \(value.description)")
      return nil
    }
  }

  mutating func reportUnknownColor(_ identifier: Identifier, replacing range: SourceRange, dotted: Bool) {
    let name = identifier.name
    // A gradient of this name defined further on changes the message.
    if !dotted, !reportsUnresolvedName() { return }
    let written = dotted ? "." + name : name
    var diagnostic = Diagnostic(SemaCodes.unknownColor, range, "unknown colour '\(written)'")
    if dotted, CSSColors.rgba(named: name) != nil {
      // After a dot the system colour was meant (`.grey` for `.gray`);
      // CSS's colour of that name comes second.
      if let system = Suggestions.closest(to: written, among: SystemColors.names.map { "." + $0 }) {
        diagnostic.message += "; the system colour is '\(system)' (CSS has '\(name)', written without the dot)"
        diagnostic = diagnostic.withFix("use the system colour '\(system)'", replacing: range, with: system)
      } else {
        diagnostic.message += "; Apple system colours do not include it, but CSS does"
      }
      diagnostic = diagnostic.withFix("use the CSS colour '\(name)'", replacing: range, with: name)
    } else if !dotted, SystemColors.entry(named: name) != nil {
      diagnostic.message += "; Apple system colours start with a dot"
      diagnostic = diagnostic.withFix("use the system colour '.\(name)'", replacing: range, with: "." + name)
    } else if !dotted, definitions.gradientStatements[Name(name)] != nil {
      diagnostic.message += "; '\(name)' is a gradient, use it with gradient=\(name)"
    } else {
      let candidates =
        dotted ? SystemColors.names.map { "." + $0 } : CSSColors.names + SystemColors.names.map { "." + $0 }
      if let suggestion = Suggestions.closest(to: written, among: candidates) {
        diagnostic = diagnostic.withFix("did you mean '\(suggestion)'?", replacing: range, with: suggestion)
      }
    }
    diagnostics.append(diagnostic)
  }
}
