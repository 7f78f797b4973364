import PencilDiagnostics
import PencilGeometry
import PencilSyntax

/// `shadow=` (and `shadow.color=`, `shadow.x=`, `shadow.y=`) and `blur=`:
/// SwiftUI's `.shadow(color:radius:x:y:)` and `.blur(radius:)`. The
/// radius is the Gaussian's standard deviation in points, as SwiftUI's
/// (Figma and CSS call twice that the blur); a shadow is black at 33%
/// unless given, SwiftUI's `Color(.sRGBLinear, white: 0, opacity: 0.33)`.
extension Checker {
  /// The widest radius without a canvas: a blur reaches three times it.
  static let maximumFilterRadius = 10_000.0

  mutating func filter(_ statement: ElementStatement, _ values: AttributeValues) -> FilterModel? {
    let shadowKeys: [Name] = [.shadow, .shadowColor, .shadowX, .shadowY]
    let hasShadow = shadowKeys.contains { values[$0] != nil }
    let blur = values.number(.blur)
    guard hasShadow || blur != nil else { return nil }
    var model = FilterModel()
    // A radius wider than the picture blurs everything to a haze: almost
    // surely a mistake, and its cost grows with it.
    let canvasSide = canvas.map { max($0.size.x, $0.size.y) }
    let limit = canvasSide ?? Checker.maximumFilterRadius
    for key in [Name.shadow, .blur] {
      guard let radius = values.number(key), let attribute = statement.attributes.first(where: { $0.name.key == key })
      else { continue }
      if radius > limit {
        reportFilterTooWide(radius, attribute.name.name, at: attribute.range, canvasSide: canvasSide)
        return nil
      }
      let key = FilterBeforeCanvas.Key(file: evaluator.diagnostics.file, range: attribute.range)
      if canvasSide == nil, radius > (filtersBeforeCanvas[key]?.radius ?? 0) {
        filtersBeforeCanvas[key] = FilterBeforeCanvas(
          radius: radius, attribute: attribute.name.name, context: evaluator.diagnostics.context)
      }
    }
    if hasShadow {
      let color = values.color(.shadowColor) ?? Color(red: 0, green: 0, blue: 0, alpha: 0.33)
      model.shadow = (color, values.number(.shadow) ?? 0, values.number(.shadowX) ?? 0, values.number(.shadowY) ?? 0)
    }
    model.blur = blur
    return model
  }

  /// E0270 for each radius checked before a canvas written later that
  /// it is wider than, in the file it was written in, with the note of
  /// the use it was found in, in source order.
  mutating func reportFiltersBeforeCanvas() {
    guard let canvas, !filtersBeforeCanvas.isEmpty else { return }
    let side = max(canvas.size.x, canvas.size.y)
    let entries = filtersBeforeCanvas.sorted { ($0.key.file.index, $0.key.range) < ($1.key.file.index, $1.key.range) }
    for (key, filter) in entries where filter.radius > side {
      var diagnostic = filterTooWide(filter.radius, filter.attribute, at: key.range, canvasSide: side)
      diagnostic.file = key.file
      if let context = filter.context { diagnostic.notes.append(context.note) }
      evaluator.diagnostics.append(diagnostic)
    }
    filtersBeforeCanvas = [:]
  }

  private mutating func reportFilterTooWide(
    _ radius: Double, _ name: String, at range: SourceRange, canvasSide: Double?
  ) {
    evaluator.diagnostics.append(filterTooWide(radius, name, at: range, canvasSide: canvasSide))
  }

  private func filterTooWide(_ radius: Double, _ name: String, at range: SourceRange, canvasSide: Double?)
    -> Diagnostic
  {
    let side =
      canvasSide.map { "the canvas's longer side, \(formatNumber($0))" } ?? formatNumber(Checker.maximumFilterRadius)
    return Diagnostic(
      CurveCodes.filterTooWide, range,
      "a \(name == "shadow" ? "shadow" : "blur")'s radius is at most \(side), found \(formatNumber(radius))"
    ).withFix("make it 8", replacing: range, with: "\(name)=8")
  }
}

/// A `shadow=` or `blur=` checked before the canvas: its widest radius,
/// and where it was found, to be reported when the canvas is known.
struct FilterBeforeCanvas {
  struct Key: Hashable {
    let file: FileID
    let range: SourceRange
  }

  let radius: Double
  let attribute: String
  /// The use or loop item it was first found in.
  let context: ExpansionContext?
}
