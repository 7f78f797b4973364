import PencilGeometry
import PencilSema

/// Drawing a connector routed as one cubic: the curve stops at its
/// heads' bases as a straight connector's line does, each head points
/// along the curve's tangent at its tip, and the label stands at the
/// middle of the curve by length.
extension ConnectorGeometry {
  /// The outlines of whatever `path` is; nil when it has no length.
  static func drawing(for path: RoutedPath, style: ConnectorStyle) -> Drawing? {
    switch path {
    case .polyline(let points): return drawing(through: points, style: style)
    case .cubic(let p0, let c1, let c2, let p3): return curveDrawing(p0, c1, c2, p3, style: style)
    case .segments(let segments): return segmentsDrawing(segments, style: style)
    }
  }

  /// Points along the route, for its label: a cubic's at 64 even steps of
  /// its parameter, fine enough that the middle by length is within a
  /// hundredth of the curve's length.
  static func labelPoints(_ path: RoutedPath) -> [Point] {
    switch path {
    case .polyline(let points): return points
    case .cubic(let p0, let c1, let c2, let p3):
      return (0...64).map { point(p0, c1, c2, p3, at: Double($0) / 64) }
    case .segments(let segments):
      var points: [Point] = []
      var current = Point(0, 0)
      for segment in segments {
        switch segment {
        case .move(let p), .line(let p): points.append(p)
        case .cubic(let c1, let c2, let p):
          points += (1...16).map { point(current, c1, c2, p, at: Double($0) / 16) }
        case .close: break
        }
        if case .move(let p) = segment { current = p }
        if case .line(let p) = segment { current = p }
        if case .cubic(_, _, let p) = segment { current = p }
      }
      return points
    }
  }

  /// Which way a label stands off its route: a loop's out of its side
  /// (a unit point of the frame), a curve's away from its chord, where it
  /// bulges; nil for straight runs, whose label goes above.
  static func labelSide(of path: RoutedPath, loop side: Point?) -> Point? {
    if let side { return Point(2 * side.x - 1, 2 * side.y - 1) }
    guard case .cubic(let p0, let c1, let c2, let p3) = path else { return nil }
    let middle = point(p0, c1, c2, p3, at: 0.5)
    let bulge = Point(middle.x - (p0.x + p3.x) / 2, middle.y - (p0.y + p3.y) / 2)
    return abs(bulge.x) + abs(bulge.y) > 0.5 ? bulge : nil
  }

  static func point(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, at t: Double) -> Point {
    let u = 1 - t
    let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
    return Point(
      a * p0.x + b * c1.x + c * c2.x + d * p3.x, a * p0.y + b * c1.y + c * c2.y + d * p3.y)
  }

  /// The part of the cubic between parameters `t0` and `t1`.
  static func piece(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, from t0: Double, to t1: Double)
    -> (Point, Point, Point, Point)
  {
    // The derivative at t, for the handles of the piece.
    func velocity(_ t: Double) -> Point {
      let u = 1 - t
      let (a, b, c) = (3 * u * u, 6 * u * t, 3 * t * t)
      return Point(
        a * (c1.x - p0.x) + b * (c2.x - c1.x) + c * (p3.x - c2.x),
        a * (c1.y - p0.y) + b * (c2.y - c1.y) + c * (p3.y - c2.y))
    }
    let (start, end) = (point(p0, c1, c2, p3, at: t0), point(p0, c1, c2, p3, at: t1))
    let scale = (t1 - t0) / 3
    let (v0, v1) = (velocity(t0), velocity(t1))
    return (
      start, Point(start.x + v0.x * scale, start.y + v0.y * scale), Point(end.x - v1.x * scale, end.y - v1.y * scale),
      end
    )
  }

  /// The parameter where the curve is `length` from `tip` (at t = 1, or
  /// at t = 0 when `fromStart`), found by halving: near an end a
  /// connector's curve moves away from its tip steadily.
  private static func parameter(
    _ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, distance length: Double, fromStart: Bool
  ) -> Double {
    let tip = fromStart ? p0 : p3
    var (near, far) = fromStart ? (0.0, 0.5) : (1.0, 0.5)
    for _ in 0..<40 {
      let middle = (near + far) / 2
      let p = point(p0, c1, c2, p3, at: middle)
      let d = ((p.x - tip.x) * (p.x - tip.x) + (p.y - tip.y) * (p.y - tip.y)).squareRoot()
      if d < length { near = middle } else { far = middle }
    }
    return (near + far) / 2
  }

  /// A path's own outline with heads at its ends: its first and last
  /// pieces cut back by a head's length (at most a quarter of the piece),
  /// each head along the piece's direction at its tip.
  private static func segmentsDrawing(_ segments: [PathSegment], style: ConnectorStyle) -> Drawing? {
    guard segments.count >= 2, case .move(let origin) = segments[0] else { return nil }
    var line = segments
    let headLength = arrowheadLength(forLineWidth: style.stroke?.style.width ?? 1)
    // The start of each piece, to cut the first and the last.
    var starts: [Point] = [origin]
    for segment in segments.dropLast() {
      switch segment {
      case .move(let p), .line(let p), .cubic(_, _, let p): starts.append(p)
      case .close: starts.append(starts.last ?? origin)
      }
    }
    var tips: (start: (tip: Point, base: Point)?, end: (tip: Point, base: Point)?) = (nil, nil)
    func cut(_ index: Int, atEnd: Bool) {
      let from = starts[index]
      switch line[index] {
      case .line(let to):
        let length = ((to.x - from.x) * (to.x - from.x) + (to.y - from.y) * (to.y - from.y)).squareRoot()
        guard length > 0 else { return }
        let h = min(headLength, length / 4)
        if atEnd {
          let base = Point(to.x - (to.x - from.x) / length * h, to.y - (to.y - from.y) / length * h)
          line[index] = .line(base)
          tips.end = (to, base)
        } else {
          let base = Point(from.x + (to.x - from.x) / length * h, from.y + (to.y - from.y) / length * h)
          line[index - 1] = index == 1 ? .move(base) : line[index - 1]
          tips.start = (from, base)
        }
      case .cubic(let c1, let c2, let to):
        let h = min(headLength, max(0, chordLength(from, to) / 4))
        guard h > 0 else { return }
        let t = parameter(from, c1, c2, to, distance: h, fromStart: !atEnd)
        let (q0, q1, q2, q3) = atEnd ? piece(from, c1, c2, to, from: 0, to: t) : piece(from, c1, c2, to, from: t, to: 1)
        line[index] = .cubic(control1: q1, control2: q2, to: q3)
        if atEnd {
          tips.end = (to, q3)
        } else {
          line[index - 1] = .move(q0)
          tips.start = (from, q0)
        }
      default: break
      }
    }
    if style.headAtEnd { cut(segments.count - 1, atEnd: true) }
    if style.headAtStart { cut(1, atEnd: false) }
    return Drawing(
      line: line, endHead: tips.end.flatMap { head(tip: $0.tip, base: $0.base) },
      startHead: tips.start.flatMap { head(tip: $0.tip, base: $0.base) })
  }

  private static func chordLength(_ a: Point, _ b: Point) -> Double {
    ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
  }

  /// A head from `base` to `tip`, 0.8 of its length wide at the base.
  static func head(tip: Point, base: Point) -> [PathSegment]? {
    let (dx, dy) = (tip.x - base.x, tip.y - base.y)
    let d = (dx * dx + dy * dy).squareRoot()
    guard d > 0 else { return nil }
    let direction = Point(dx / d, dy / d)
    let normal = Point(-direction.y, direction.x)
    let half = 0.4 * d
    return [
      .move(tip), .line(Point(base.x + normal.x * half, base.y + normal.y * half)),
      .line(Point(base.x - normal.x * half, base.y - normal.y * half)), .close,
    ]
  }

  private static func curveDrawing(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, style: ConnectorStyle)
    -> Drawing?
  {
    let chord = ((p3.x - p0.x) * (p3.x - p0.x) + (p3.y - p0.y) * (p3.y - p0.y)).squareRoot()
    // A loop starts and ends near each other: its length is what limits a head.
    var length = 0.0
    var previous = p0
    for step in 1...32 {
      let next = point(p0, c1, c2, p3, at: Double(step) / 32)
      length += ((next.x - previous.x) * (next.x - previous.x) + (next.y - previous.y) * (next.y - previous.y))
        .squareRoot()
      previous = next
    }
    guard length > 0, length.isFinite, chord.isFinite else { return nil }
    let headLength = min(arrowheadLength(forLineWidth: style.stroke?.style.width ?? 1), length / 4)
    let t0 = style.headAtStart ? parameter(p0, c1, c2, p3, distance: headLength, fromStart: true) : 0
    let t1 = style.headAtEnd ? parameter(p0, c1, c2, p3, distance: headLength, fromStart: false) : 1
    let (q0, q1, q2, q3) = piece(p0, c1, c2, p3, from: t0, to: t1)
    let line: [PathSegment] = [.move(q0), .cubic(control1: q1, control2: q2, to: q3)]
    // Each head points from where the curve is cut to its tip: along the
    // chord of the part it covers, so its base sits on the curve.
    return Drawing(
      line: line, endHead: style.headAtEnd ? head(tip: p3, base: q3) : nil,
      startHead: style.headAtStart ? head(tip: p0, base: q0) : nil)
  }
}

extension ConnectorGeometry.Drawing {
  /// The outlines and the box round them, in drawing order; nil when
  /// there is nothing to draw.
  init?(line: [PathSegment], endHead: [PathSegment]?, startHead: [PathSegment]?) {
    var box: Rect? = nil
    for outline in [line, endHead, startHead] {
      guard let outline, let own = boundingBox(of: outline) else { continue }
      box = box?.union(own) ?? own
    }
    guard let box else { return nil }
    self.init(box: box, line: line, endHead: endHead, startHead: startHead)
  }
}
