import PencilGeometry
import PencilSema

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One end of a connector as routing sees it: a point, and for an end
/// at an element what routing needs of the element.
struct ConnectorEnd {
  /// The point: an anchor's, a fixed one, or for an outline end the
  /// element's centre, where rays to its edge start.
  var point: Point
  /// The way out of the edge an anchor is on (`bottom` leaves downwards).
  var direction: Point? = nil
  /// An outline end's element outline, in absolute coordinates, ready for
  /// rays from `point`.
  var outline: OutlineHit? = nil
  /// The frame of the element the end is at, for elbows to go round.
  var box: Rect? = nil
}

/// What a connector's route is: runs through points, one cubic, or a
/// path's own outline.
enum RoutedPath {
  case polyline([Point])
  /// Start, first control, second control, end.
  case cubic(Point, Point, Point, Point)
  case segments([PathSegment])
}

extension ConnectorGeometry {
  /// The route of `connector` between its ends: an outline end is where
  /// the route, aimed from the element's centre, leaves its outline.
  static func path(
    _ style: ConnectorStyle, from start: ConnectorEnd, to end: ConnectorEnd, via: [Point] = [], loop: Bool
  ) -> RoutedPath {
    if loop, let outline = start.outline ?? end.outline { return selfLoop(style, around: start.point, outline) }
    if let first = via.first, let last = via.last {
      // Through points between: an outline end aims at its neighbour.
      let s = start.outline.flatMap { exit($0, from: start.point, toward: first)?.point } ?? start.point
      let e = end.outline.flatMap { exit($0, from: end.point, toward: last)?.point } ?? end.point
      return .polyline(ConnectorGeometry.simplified([s] + via + [e]))
    }
    if style.curve { return curve(style, from: start, to: end) }
    if style.elbow {
      var (s, e) = (start, end)
      // An outline end leaves from the middle of the side facing the
      // other end, straight out, as an anchor on that side would.
      if s.outline != nil { s = facing(s, toward: e.point) }
      if e.outline != nil { e = facing(e, toward: s.point) }
      return .polyline(
        ElbowRouter.route(
          from: s.point, to: e.point, leaving: s.direction, entering: e.direction, around: [s.box, e.box]))
    }
    let aimStart = start.point
    let aimEnd = end.point
    let s = start.outline.flatMap { exit($0, from: aimStart, toward: aimEnd)?.point } ?? aimStart
    let e = end.outline.flatMap { exit($0, from: aimEnd, toward: aimStart)?.point } ?? aimEnd
    return .polyline([s, e])
  }

  /// Where the ray from `origin` toward `target` leaves `outline`.
  static func exit(_ outline: OutlineHit, from origin: Point, toward target: Point) -> (
    point: Point, normal: Point
  )? {
    outline.exit(from: origin, along: Point(target.x - origin.x, target.y - origin.y))
  }

  /// An outline end turned into an end on the side that faces `target`.
  private static func facing(_ end: ConnectorEnd, toward target: Point) -> ConnectorEnd {
    let (dx, dy) = (target.x - end.point.x, target.y - end.point.y)
    let direction = abs(dx) >= abs(dy) ? Point(dx < 0 ? -1 : 1, 0) : Point(0, dy < 0 ? -1 : 1)
    var faced = end
    faced.outline = nil
    faced.direction = direction
    if let outline = end.outline, let hit = outline.exit(from: end.point, along: direction) {
      faced.point = hit.point
    }
    return faced
  }

  /// Rotates `v` by `degrees`, clockwise on the screen.
  static func rotated(_ v: Point, _ degrees: Double) -> Point {
    let (s, c) = (sin(degrees * .pi / 180), cos(degrees * .pi / 180))
    return Point(v.x * c - v.y * s, v.x * s + v.y * c)
  }

  private static func unit(_ v: Point) -> Point? {
    let length = (v.x * v.x + v.y * v.y).squareRoot()
    return length > 0 && length.isFinite ? Point(v.x / length, v.y / length) : nil
  }

  /// One cubic: each end leaves along its anchor's edge normal, or, at an
  /// outline, perpendicular to the outline where the ray turned `bend`
  /// degrees off the straight way meets it (along that ray when bent,
  /// as TikZ's `out=`); a free end leaves along the bent straight way.
  /// The handles are 0.3915 of the distance, TikZ's `looseness=1`.
  private static func curve(_ style: ConnectorStyle, from start: ConnectorEnd, to end: ConnectorEnd) -> RoutedPath {
    guard let chord = unit(Point(end.point.x - start.point.x, end.point.y - start.point.y)) else {
      return .polyline([start.point, end.point])
    }
    // Bending left turns the way out anticlockwise on the screen, and the
    // way in as much the other way.
    let out = rotated(chord, -style.bend)
    let back = rotated(Point(-chord.x, -chord.y), style.bend)
    func place(_ end: ConnectorEnd, along ray: Point, turn: Double) -> (Point, Point) {
      if let outline = end.outline, let hit = outline.exit(from: end.point, along: ray) {
        return (hit.point, style.bend == 0 ? hit.normal : ray)
      }
      if let direction = end.direction { return (end.point, rotated(direction, turn)) }
      return (end.point, ray)
    }
    let (p0, d0) = place(start, along: out, turn: -style.bend)
    let (p3, d3) = place(end, along: back, turn: style.bend)
    let distance = ((p3.x - p0.x) * (p3.x - p0.x) + (p3.y - p0.y) * (p3.y - p0.y)).squareRoot()
    let handle = 0.3915 * distance
    return .cubic(
      p0, Point(p0.x + d0.x * handle, p0.y + d0.y * handle), Point(p3.x + d3.x * handle, p3.y + d3.y * handle), p3)
  }

  /// A loop out of one side of an element and back: it leaves 25° to one
  /// side of that side's middle and comes back 25° to the other, its
  /// handles spread 45° each way, three quarters as far out as the shape
  /// is wide across (from 28 to 64 points), so the loop stands clear.
  private static func selfLoop(_ style: ConnectorStyle, around center: Point, _ outline: OutlineHit) -> RoutedPath {
    let side = style.loopSide
    let normal = Point(2 * side.x - 1, 2 * side.y - 1)
    let box = outline.bounds ?? Rect(x: center.x, y: center.y, width: 0, height: 0)
    let across = normal.x == 0 ? box.width : box.height
    let reach = min(max(28, 0.75 * across), 64)
    func foot(_ turn: Double) -> Point {
      let ray = rotated(normal, turn)
      return outline.exit(from: center, along: ray)?.point ?? center
    }
    let p0 = foot(-25)
    let p3 = foot(25)
    let d0 = rotated(normal, -45)
    let d3 = rotated(normal, 45)
    return .cubic(
      p0, Point(p0.x + d0.x * reach, p0.y + d0.y * reach), Point(p3.x + d3.x * reach, p3.y + d3.y * reach), p3)
  }
}
