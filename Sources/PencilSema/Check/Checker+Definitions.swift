import PencilDiagnostics
import PencilGeometry
import PencilSyntax

extension Checker {
  static let hsbStopAttributes = [
    AttributeSpec("h", .number(minimum: -1, maximum: 1)), AttributeSpec("s", .number(minimum: 0, maximum: nil)),
    AttributeSpec("b", .number(minimum: 0, maximum: nil)), AttributeSpec("offset", .number(minimum: 0, maximum: 1)),
  ]
  static let rgbStopAttributes = [AttributeSpec("offset", .number(minimum: 0, maximum: 1))]
  /// Words web and CSS users reach for first.
  static let directionAliases = ["left": "leading", "right": "trailing", "middle": "center", "centre": "center"]

  /// A radial gradient's clauses: the centre is a unit point of the frame,
  /// the radius a fraction of it (both stretch with the frame).
  static let radialAttributes = [
    AttributeSpec("center", .unitPoint), AttributeSpec("radius", .number(minimum: 0, maximum: nil, positive: true)),
  ]

  mutating func checkGradient(_ statement: GradientStatement) -> GradientModel? {
    guard !statement.recovered else { return nil }
    // A radial gradient has no colour space: each stop is relative or
    // absolute by its own form (nil here).
    var space: ColorSpace? = nil
    let geometry: GradientGeometry?
    if statement.isRadial {
      geometry = radialGeometry(statement)
    } else {
      space = ColorSpace(rawValue: statement.space.name)
      if space == nil {
        reportUnknownWord(
          statement.space, among: ["hsb", "rgb", "radial"], code: SemaCodes.unknownColorSpace,
          what: "gradient colour space")
      }
      let start = direction(statement.from)
      let end = direction(statement.to)
      geometry = start.flatMap { start in end.map { .linear(start: start, end: $0) } }
    }
    if statement.stops.isEmpty {
      evaluator.diagnostics.append(
        Diagnostic(SemaCodes.emptyGradient, statement.name.range, "gradient '\(statement.name.name)' has no stops"))
    }
    var stops: [(color: StopColor, offset: Double?)] = []
    var lastOffset = -Double.infinity
    for stop in statement.stops {
      guard space != nil || statement.isRadial else { continue }
      guard let model = checkStop(stop, space: space) else { continue }
      if let offset = model.offset {
        if offset < lastOffset, let attribute = stop.attributes.first(where: { $0.name.name == "offset" }) {
          evaluator.diagnostics.append(
            Diagnostic(
              SemaCodes.decreasingOffsets, attribute.range,
              "offset \(formatNumber(offset)) is smaller than an earlier stop's; it is raised to \(formatNumber(lastOffset))"
            ))
        }
        lastOffset = max(lastOffset, offset)
      }
      stops.append(model)
    }
    guard let geometry, stops.count == statement.stops.count, !stops.isEmpty else { return nil }
    let offsets = Checker.resolveOffsets(stops.map(\.offset))
    return GradientModel(
      name: statement.name.name, geometry: geometry,
      stops: zip(stops, offsets).map { StopModel(color: $0.color, offset: $1) })
  }

  /// `center=` (default the frame's centre) and `radius=` (default 0.5,
  /// the circle inscribed in a square frame); nil after a reported error.
  private mutating func radialGeometry(_ statement: GradientStatement) -> GradientGeometry? {
    let values = checkAttributes(statement.attributes, Checker.radialAttributes, of: "radial gradient")
    guard values.count == statement.attributes.count else { return nil }
    var center = Point(0.5, 0.5)
    if case .point(let point)? = values[Checker.radialAttributes[0].key] { center = point }
    return .radial(center: center, radius: values.number(.radius) ?? 0.5)
  }

  /// Missing offsets are spread evenly between their known neighbours (the
  /// first defaults to 0, the last to 1), then every offset is raised to
  /// at least the one before it, as SVG 2 specifies.
  static func resolveOffsets(_ given: [Double?]) -> [Double] {
    var offsets = given
    guard !offsets.isEmpty else { return [] }
    if offsets[0] == nil { offsets[0] = 0 }
    if offsets.count > 1, offsets[offsets.count - 1] == nil { offsets[offsets.count - 1] = 1 }
    var index = 0
    var result: [Double] = []
    var last = 0.0
    while index < offsets.count {
      if let offset = offsets[index] {
        last = max(last, offset)
        result.append(last)
        index += 1
        continue
      }
      var next = index
      while offsets[next] == nil { next += 1 }
      let end = max(last, offsets[next] ?? last)
      let steps = Double(next - index + 1)
      for step in 1...(next - index) { result.append(last + (end - last) * Double(step) / steps) }
      index = next
    }
    return result
  }

  /// A stop of an hsb or rgb gradient, or of a radial one (`space` nil),
  /// whose stops are absolute with a colour and relative without.
  private mutating func checkStop(_ stop: GradientStop, space: ColorSpace?) -> (color: StopColor, offset: Double?)? {
    switch space ?? (stop.color == nil ? .hsb : .rgb) {
    case .hsb:
      if let color = stop.color {
        evaluator.diagnostics.append(
          Diagnostic(
            SemaCodes.stopMismatch, color.range,
            "stops of an hsb gradient take h=, s= and b= (relative to the filled colour), not a colour; use an rgb gradient for fixed colours"
          ))
        return nil
      }
      let values = checkAttributes(stop.attributes, Checker.hsbStopAttributes, of: "stop")
      guard values.count == stop.attributes.count else { return nil }
      return (
        .relative(
          hue: values.number(.hue) ?? 0, saturation: values.number(.saturation) ?? 1,
          brightness: values.number(.brightness) ?? 1),
        values.number(.offset)
      )
    case .rgb:
      let values = checkAttributes(stop.attributes, Checker.rgbStopAttributes, of: "stop")
      guard let expression = stop.color else {
        evaluator.diagnostics.append(
          Diagnostic(SemaCodes.stopMismatch, stop.range, "stops of an rgb gradient need a colour, like 'stop #87ceeb'"))
        return nil
      }
      guard let color = evaluator.resolveColor(expression), values.count == stop.attributes.count else { return nil }
      return (.absolute(color), values.number(.offset))
    }
  }

  private mutating func direction(_ name: Identifier) -> Point? {
    if let match = ElementKinds.directions.first(where: { $0.name == name.name }) { return match.point }
    guard !name.name.isEmpty else { return nil }
    reportUnknownWord(
      name, among: ElementKinds.directions.map(\.name), code: SemaCodes.unknownDirection, what: "direction",
      aliases: Checker.directionAliases)
    return nil
  }
}
