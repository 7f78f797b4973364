import PencilDiagnostics
import PencilGeometry
import PencilSyntax

/// What an element carries beyond its content: its name, a position at an
/// anchor, its transform and its clip (see ElementEffects).
extension Checker {
  /// The largest scale factor: beyond it a typo, not a picture.
  static let maximumScale = 1000.0

  /// `scale=S` or `scale=SX,SY`, as a horizontal and vertical factor.
  mutating func resolveScale(_ expression: Expr, for attribute: String) -> Value? {
    guard let value = evaluator.evaluate(expression, expecting: .number(minimum: nil, maximum: nil)) else { return nil }
    let factors: Point
    switch value {
    case .number(let factor): factors = Point(factor, factor)
    case .point(let point): factors = point
    case .unknown, .typed(.number), .typed(.point): return nil
    default:
      wrongKind(value, expression, expected: "a factor or two factors X,Y", for: attribute)
      return nil
    }
    guard abs(factors.x) <= Checker.maximumScale, abs(factors.y) <= Checker.maximumScale else {
      evaluator.report(
        SemaCodes.valueOutOfRange, evaluator.valueRange(expression),
        "'\(attribute)' must be between -\(formatNumber(Checker.maximumScale)) and \(formatNumber(Checker.maximumScale)), found \(formatNumber(factors.x)),\(formatNumber(factors.y))"
      )
      return nil
    }
    return .point(factors)
  }

  /// `clip=`: a built-in shape's name or a defined shape's.
  /// The builtin shapes a clip can take.
  package static let clipShapes = ["rect", "roundrect", "ellipse", "circle", "capsule"]

  mutating func resolveClipShape(_ expression: Expr, for attribute: String) -> Value? {
    guard case .name(let identifier) = expression else {
      evaluator.report(
        SemaCodes.wrongValueKind, evaluator.valueRange(expression),
        "'\(attribute)' takes a shape's name: rect, roundrect, ellipse, circle, capsule or a shape defined with 'shape NAME'"
      )
      return nil
    }
    let name = identifier.name
    let key = identifier.key
    if Checker.clipShapes.contains(name) || evaluator.definitions.shapes[key] != nil
      || evaluator.definitions.parametricShapes[key] != nil
    {
      if evaluator.definitions.shapeStatements[key] != nil, !evaluator.definitions.usedShapes.contains(key) {
        evaluator.definitions.usedShapes.insert(key)
      }
      recordShapeUse(identifier)
      return .keyword(name)
    }
    if evaluator.definitions.shapeStatements[key] != nil { return nil }  // a shape with errors, reported
    guard evaluator.reportsUnresolvedName() else { return nil }
    var diagnostic = Diagnostic(
      SemaCodes.unknownElement, identifier.range,
      "unknown shape '\(name)'; a clip is rect, roundrect, ellipse, circle, capsule or a shape defined with 'shape NAME'"
    )
    let known =
      Checker.clipShapes + evaluator.definitions.shapes.keys.map(\.text).sorted()
      + evaluator.definitions.parametricShapes.keys.map(\.text).sorted()
    if let suggestion = Suggestions.closest(to: name, among: known) {
      diagnostic = diagnostic.withFix("did you mean '\(suggestion)'?", replacing: identifier.range, with: suggestion)
    }
    evaluator.diagnostics.append(diagnostic)
    return nil
  }

  /// The element's name, anchored position, transform and clip, or nil
  /// when it has none of them (most elements).
  mutating func effects(for statement: ElementStatement, _ values: AttributeValues) -> ElementEffects? {
    var effects: ElementEffects? = nil
    func make() -> ElementEffects {
      if let effects { return effects }
      let made = ElementEffects()
      effects = made
      return made
    }
    // By name: the same name in two branches of an `if` is one name (a
    // second one in a scope is E0253, and nothing is drawn).
    if let name = statement.name, let declared = evaluator.scope.elementNames[name.key] { make().name = declared }
    if case .anchor(let anchor)? = values[.at] { make().origin = anchor }
    var transform = TransformModel()
    if let rotation = values.number(.rotation) { transform.rotation = rotation }
    if case .point(let scale)? = values[.scale] { transform.scale = scale }
    if case .point(let offset)? = values[.offset] { transform.offset = offset }
    if let anchor = values.keyword(.anchor), let unit = ElementKinds.directions.first(where: { $0.name == anchor }) {
      transform.anchor = unit.point
    }
    if transform != TransformModel() { make().transform = transform }
    if let shape = values.keyword(.clip), let attribute = statement.attributes.first(where: { $0.name.key == .clip }) {
      let outline: ShapeOutline?
      switch shape {
      case "rect": outline = .rect
      case "roundrect": outline = .roundRect(radius: values.number(.cornerRadius) ?? 8)
      case "ellipse": outline = .ellipse
      default:
        if let index = builtinShapeIndex(Name(shape)) {
          // `circle`, `capsule`: unless the file defines its own.
          outline = ShapeKinds.builtins[index].outline(values)
        } else if let unit = evaluator.definitions.shapes[Name(shape)] {
          outline = unit.outline(values)
        } else if let parametric = evaluator.definitions.parametricShapes[Name(shape)] {
          outline = self.outline(of: parametric, AttributeValues(), statement)
        } else {
          outline = nil
        }
      }
      if let outline { make().clip = ClipModel(outline: outline, range: attribute.range) }
    }
    if let filter = filter(statement, values) { make().filter = filter }
    return effects
  }
}
