import PencilDiagnostics
import PencilIR
import PencilSema

/// An adaptive SVG holds one picture with two sets of colours, so the
/// light and dark compilations must agree on everything else. A value
/// computed from an adaptive colour — `if bg == #000000 { … }`, the
/// colour in a string, `size (c.brightness * 10) x 10` — can make them
/// differ; then the SVG is written light only, with a warning (W0012).
extension AppearanceVariant {
  /// W0012 at the first element that differs in more than colour, or nil.
  static func firstDifference(_ light: Scene, _ dark: Scene) -> Diagnostic? {
    func warning(at range: SourceRange?) -> Diagnostic? {
      Diagnostic(
        InterfaceCodes.appearancesDiffer, range ?? light.canvasRange ?? SourceRange(0, 0),
        "this element differs between the light and dark appearances in more than its colours (it uses a value computed from an adaptive colour), so the SVG is drawn light only; write each with --appearance light and --appearance dark"
      )
    }
    guard light.viewport == dark.viewport, (light.background == nil) == (dark.background == nil) else {
      return warning(at: nil)
    }
    for index in light.items.indices {
      guard index < dark.items.count else { return warning(at: itemRange(light.items[index])) }
      if !sameLayout(light.items[index], dark.items[index]) { return warning(at: itemRange(light.items[index])) }
    }
    if dark.items.count > light.items.count { return warning(at: itemRange(dark.items[light.items.count])) }
    return nil
  }

  /// The item's range in the compiled file: its outermost use, if it
  /// comes from a component.
  private static func itemRange(_ item: DisplayItem) -> SourceRange {
    switch item {
    case .path(let path): path.callSites.first?.range ?? path.sourceRange
    case .text(let text): text.callSites.first?.range ?? text.sourceRange
    }
  }

  /// The same item but for its colours.
  private static func sameLayout(_ a: DisplayItem, _ b: DisplayItem) -> Bool {
    switch (a, b) {
    case (.path(let x), .path(let y)):
      guard x.fillRule == y.fillRule, x.opacity == y.opacity, x.sameOutline(as: y),
        x.stroke?.style == y.stroke?.style, (x.stroke == nil) == (y.stroke == nil)
      else { return false }
      switch (x.paint, y.paint) {
      case (.solid, .solid): return true
      case (.linearGradient(let g), .linearGradient(let h)):
        return g.start == h.start && g.end == h.end && g.stops.map(\.offset) == h.stops.map(\.offset)
      case (.radialGradient(let g), .radialGradient(let h)):
        return g.unitToUser == h.unitToUser && g.stops.map(\.offset) == h.stops.map(\.offset)
      default: return false
      }
    case (.text(let x), .text(let y)):
      return x.text == y.text && x.position == y.position && x.fontSize == y.fontSize && x.bold == y.bold
        && x.alignment == y.alignment
    default:
      return false
    }
  }
}
