import PencilDiagnostics
import PencilGeometry
import PencilSyntax

/// Connectors through more than two points: `line from A to B to C` (each
/// `to` but the last a point between, as Pikchr's `then to`), and a `path`
/// with `arrowheads=`, which is drawn as a connector along its own outline.
extension Checker {
  /// The attributes without the `to`s before the last, and those `to`s.
  static func pointsBetween(_ attributes: [Attribute]) -> (kept: [Attribute], between: [Attribute]) {
    var lastTo: Int? = nil
    for index in attributes.indices where attributes[index].name.key == .to { lastTo = index }
    guard let lastTo, attributes[..<lastTo].contains(where: { $0.name.key == .to }) else { return (attributes, []) }
    var kept: [Attribute] = []
    var between: [Attribute] = []
    for index in attributes.indices {
      if attributes[index].name.key == .to, index != lastTo {
        between.append(attributes[index])
      } else {
        kept.append(attributes[index])
      }
    }
    return (kept, between)
  }

  /// A path's arrowheads: its outline as a connector's route from its
  /// first point to its last; nil (reported) for a path with more than
  /// one piece or a closed one, which has no ends.
  mutating func pathWithArrowheads(
    _ segments: [PathSegment], _ values: AttributeValues, _ statement: ElementStatement, heads: String
  ) -> ElementModel? {
    let moves = segments.filter { if case .move = $0 { return true } else { return false } }.count
    guard moves == 1, segments.last != .close, case .move(let first)? = segments.first, segments.count > 1 else {
      reportShapeConflict(
        statement, .arrowheads,
        "arrowheads go on the two ends of an open path of one piece; this path \(moves > 1 ? "has \(moves) pieces" : "is closed")"
      )
      return nil
    }
    var last = first
    switch segments[segments.count - 1] {
    case .line(let p), .cubic(_, _, let p), .move(let p): last = p
    case .close: break
    }
    let fill = values.color(.fill)
    let style = ConnectorStyle(
      stroke: Checker.stroke(values, default: fill == nil ? .black : nil),
      headAtStart: heads == "start" || heads == "both",
      headAtEnd: heads == "end" || heads == "both", fill: fill, opacity: values.number(.opacity) ?? 1, label: nil,
      elbow: false, gradient: values.gradient(.gradient))
    var connector = ConnectorElement(from: .fixed(first), to: .fixed(last), style: style)
    connector.segments = segments
    guard evaluator.spendElements(1, at: statement.range) else { return nil }
    return ElementModel(
      content: .connector(connector), placement: Placement(origin: Point(0, 0), size: Point(0, 0)),
      range: statement.range, effects: effects(for: statement, values))
  }
}
