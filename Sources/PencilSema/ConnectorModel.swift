import PencilGeometry

/// The model of `line` and `arrow` (see Checker+Connectors).

/// How a connector is drawn, whatever its ends.
package final class ConnectorStyle: Equatable {
  package let stroke: StrokeModel?
  package let headAtStart: Bool
  package let headAtEnd: Bool
  /// `fill=`: the line's own fill (lines are not filled unless told).
  package let fill: Color?
  /// A path's `gradient=` fill, when it has arrowheads.
  package let gradient: GradientModel?
  package let opacity: Double
  package let label: String?
  package let elbow: Bool
  /// `route=curve` (or `bend=`): one cubic, leaving and entering each end
  /// perpendicular to its shape, turned `bend` degrees to the left of the
  /// way it goes (TikZ's `bend left`; negative bends right).
  package let curve: Bool
  package let bend: Double
  /// `loop=`: the side a connector from an element to itself loops out
  /// of, as the unit point of that side's middle (the top unless given).
  package let loopSide: Point

  init(
    stroke: StrokeModel?, headAtStart: Bool, headAtEnd: Bool, fill: Color?, opacity: Double, label: String?,
    elbow: Bool, curve: Bool = false, bend: Double = 0, loopSide: Point = Point(0.5, 0), gradient: GradientModel? = nil
  ) {
    self.stroke = stroke
    self.headAtStart = headAtStart
    self.headAtEnd = headAtEnd
    self.fill = fill
    self.gradient = gradient
    self.opacity = opacity
    self.label = label
    self.elbow = elbow
    self.curve = curve
    self.bend = bend
    self.loopSide = loopSide
  }

  package static func == (a: ConnectorStyle, b: ConnectorStyle) -> Bool {
    a === b
      || (a.stroke == b.stroke && a.headAtStart == b.headAtStart && a.headAtEnd == b.headAtEnd && a.fill == b.fill
        && a.opacity == b.opacity && a.label == b.label && a.elbow == b.elbow && a.curve == b.curve
        && a.bend == b.bend && a.loopSide == b.loopSide && a.gradient == b.gradient)
  }
}

/// A `line` or an `arrow` as checked: its ends and its style. Layout
/// routes it (`ConnectorGeometry`): the model holds no outline.
package struct ConnectorElement: Equatable {
  package var from: PointRef
  package var to: PointRef
  package var style: ConnectorStyle
  /// The points between, for `line from A to B to C`.
  package var via: [PointRef] = []
  /// A `path` with arrowheads: its own outline, in absolute coordinates,
  /// from `from` to `to`.
  package var segments: [PathSegment]? = nil

  /// Whether both ends are fixed points, so the route is known before layout.
  /// Whether both ends name one element without a point of it (or the
  /// same point): a loop out of its `loopSide`.
  package var isSelfLoop: Bool {
    guard via.isEmpty, let a = from.anchor, let b = to.anchor, a.element === b.element else { return false }
    return (a.isOutline && b.isOutline) || (a.direction == b.direction && a.offset == b.offset)
  }

  package var fixedEnds: (from: Point, to: Point)? {
    guard case .fixed(let from) = from, case .fixed(let to) = to, via.allSatisfy({ $0.anchor == nil }) else {
      return nil
    }
    return (from, to)
  }

  /// The anchors it reads: its ends', then its points between's.
  package var anchors: [ElementAnchor] { ([from, to] + via).compactMap(\.anchor) }

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
