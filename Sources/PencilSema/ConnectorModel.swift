import PencilGeometry

/// The model of `line` and `arrow` (see Checker+Connectors).

/// How a connector is drawn, whatever its ends.
package final class ConnectorStyle: Equatable {
  package let stroke: StrokeModel?
  package let headAtStart: Bool
  package let headAtEnd: Bool
  /// `fill=`: the line's own fill (lines are not filled unless told).
  package let fill: Color?
  package let opacity: Double
  package let label: String?
  package let elbow: Bool

  init(
    stroke: StrokeModel?, headAtStart: Bool, headAtEnd: Bool, fill: Color?, opacity: Double, label: String?,
    elbow: Bool
  ) {
    self.stroke = stroke
    self.headAtStart = headAtStart
    self.headAtEnd = headAtEnd
    self.fill = fill
    self.opacity = opacity
    self.label = label
    self.elbow = elbow
  }

  package static func == (a: ConnectorStyle, b: ConnectorStyle) -> Bool {
    a === b
      || (a.stroke == b.stroke && a.headAtStart == b.headAtStart && a.headAtEnd == b.headAtEnd && a.fill == b.fill
        && a.opacity == b.opacity && a.label == b.label && a.elbow == b.elbow)
  }
}

/// A `line` or an `arrow` as checked: its ends and its style. Layout
/// routes it (`ConnectorGeometry`): the model holds no outline.
package struct ConnectorElement: Equatable {
  package var from: PointRef
  package var to: PointRef
  package var style: ConnectorStyle

  /// Whether both ends are fixed points, so the route is known before layout.
  package var fixedEnds: (from: Point, to: Point)? {
    guard case .fixed(let from) = from, case .fixed(let to) = to else { return nil }
    return (from, to)
  }

  /// Whether a connector between fixed ends is drawn at all: its route
  /// has no length when the ends coincide (an elbow's to within 1e-9, the
  /// tolerance its route drops repeated points at). Such a connector is no
  /// element, so its name and effects are not checked.
  static func hasLength(from s: Point, to e: Point, elbow: Bool) -> Bool {
    let (dx, dy) = (e.x - s.x, e.y - s.y)
    if elbow { return abs(dx) >= 1e-9 || abs(dy) >= 1e-9 }
    return (dx * dx + dy * dy).squareRoot() > 0
  }
}
