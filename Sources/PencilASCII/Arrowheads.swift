import PencilGeometry
import PencilIR
import PencilRaster

/// Arrowheads in the text picture: `>` `<` `^` `v`.
///
/// A head a few points long rasterizes to a blot of one or two cells that
/// no pattern reads as an arrow, so heads are found in the IR, left out of
/// the raster, and written as characters. The IR has no arrow kind: an
/// arrowhead is a filled triangle, drawn just after a stroked line, with
/// the middle of one side on an end of that line and its opposite corner
/// (the tip) pointing on along it. `arrow` lowers to exactly that (the
/// line stops at the head's base); a `triangle` of the user's, or any
/// other closed path, is not one unless it is drawn as such a head, and a
/// hand-made arrow of a line and a triangle reads as an arrow too.
struct Arrowhead {
  var tip: Point
  /// The middle of the side the line ends at.
  var base: Point
  /// The other end of the line's segment at `base`, and the line's width:
  /// ink within that stroke is the arrow's own.
  var lineFrom: Point
  var lineWidth: Double
  var paint: Paint
  var opacity: Double
  /// The tip where the paint is read, before the item's transform.
  var paintTip: Point
  /// What the head is cut to: a head whose tip is cut away is not written.
  var clip: ClipIR?

  /// Paths looked back over for the line: the line itself, and the other
  /// head of an arrow with two.
  private static let lookBack = 2

  /// The heads in `items`, and the items without them (the same array
  /// when there are none). Only heads that fit in two cells along their
  /// direction (`cell`: a cell's width and height, in points) are taken:
  /// a larger one rasterizes to a triangle that reads as one.
  static func separate(_ items: [DisplayItem], cell: Point) -> (heads: [Arrowhead], rest: [DisplayItem]) {
    var heads: [Arrowhead] = []
    var headIndices: [Int] = []
    for (index, item) in items.enumerated() {
      guard case .path(let path) = item, let corners = filledTriangle(path) else { continue }
      var seen = 0
      var previous = index - 1
      while previous >= 0, seen < lookBack {
        defer { previous -= 1 }
        guard case .path(let line) = items[previous] else { continue }
        seen += 1
        if let head = head(corners, path, on: line), head.fits(in: cell) {
          heads.append(head)
          headIndices.append(index)
          break
        }
      }
    }
    guard !heads.isEmpty else { return ([], items) }
    var rest: [DisplayItem] = []
    rest.reserveCapacity(items.count - heads.count)
    var next = 0
    for (index, item) in items.enumerated() {
      if next < headIndices.count, headIndices[next] == index {
        next += 1
      } else {
        rest.append(item)
      }
    }
    return (heads, rest)
  }

  private func fits(in cell: Point) -> Bool {
    let (dx, dy) = (abs(tip.x - base.x), abs(tip.y - base.y))
    return dx >= dy ? dx <= 2 * cell.x : dy <= 2 * cell.y
  }

  /// The three corners of a visibly filled path that is one triangle of
  /// straight sides (`move`, two `line`s, optionally a `line` back, `close`).
  private static func filledTriangle(_ path: PathItem) -> (Point, Point, Point)? {
    guard path.opacity > 0, path.segmentCount >= 3, path.segmentCount <= 5 else { return nil }
    if case .solid(let color) = path.paint, color.alpha <= 0 { return nil }
    var points: [Point] = []
    points.reserveCapacity(4)
    // Where the picture draws them: through the item's transform.
    let place = { (point: Point) in path.transform?.apply(point) ?? point }
    for (index, segment) in path.userSpaceSegments.enumerated() {
      switch segment {
      case .move(let point) where index == 0: points.append(place(point))
      case .line(let point) where index > 0: points.append(place(point))
      case .close where index == path.segmentCount - 1: break
      default: return nil
      }
    }
    if points.count == 4, points[3] == points[0] { points.removeLast() }
    guard points.count == 3 else { return nil }
    let (a, b, c) = (points[0], points[1], points[2])
    let area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    guard area.isFinite, area != 0 else { return nil }
    return (a, b, c)
  }

  /// The head, if `line` is a stroked open path with an end on the middle
  /// of a side of the triangle and the opposite corner lies on ahead.
  private static func head(_ corners: (Point, Point, Point), _ path: PathItem, on line: PathItem) -> Arrowhead? {
    guard let stroke = line.stroke, stroke.style.width > 0, let ends = Arrowhead.ends(of: line) else { return nil }
    // The stroke's width as drawn, near enough for telling the arrow's own
    // ink from other ink (a transform may scale it).
    let width = stroke.style.width * (line.transform.map { abs($0.determinant).squareRoot() } ?? 1)
    let (a, b, c) = corners
    for (tip, p, q) in [(a, b, c), (b, c, a), (c, a, b)] {
      let base = Point((p.x + q.x) / 2, (p.y + q.y) / 2)
      let length = Stroker.distance(tip, base)
      for (end, from) in [ends.start, ends.end] {
        let tolerance = 0.02 * length
        let along = (tip.x - base.x) * (end.x - from.x) + (tip.y - base.y) * (end.y - from.y)
        guard Stroker.distance(end, base) <= tolerance, along > 0.9 * length * Stroker.distance(end, from) else {
          continue
        }
        return Arrowhead(
          tip: tip, base: base, lineFrom: from, lineWidth: width, paint: path.paint, opacity: path.opacity,
          paintTip: path.transform?.inverted?.apply(tip) ?? tip, clip: path.clip)
      }
    }
    return nil
  }

  /// The first and last points of an open path, each with the point its
  /// segment leaves from (a curve's nearest control point), which gives
  /// the direction the line runs out in.
  private static func ends(of line: PathItem) -> (start: (Point, Point), end: (Point, Point))? {
    var first: Point?
    var second: Point?
    var last: Point?
    var beforeLast: Point?
    let place = { (point: Point) in line.transform?.apply(point) ?? point }
    for segment in line.userSpaceSegments {
      let (from, to): (Point?, Point)
      switch segment {
      case .close: return nil
      case .move(let point):
        guard first == nil else { return nil }
        (from, to) = (nil, place(point))
      case .line(let point): (from, to) = (last, place(point))
      case .cubic(let control1, let control2, let point):
        if first != nil, second == nil { second = place(control1) }
        (from, to) = (place(control2), place(point))
      }
      if first == nil { first = to } else if second == nil { second = to }
      beforeLast = from
      last = to
    }
    guard let first, let second, let last, let beforeLast, first != second, last != beforeLast else { return nil }
    return ((first, second), (last, beforeLast))
  }
}

extension ClipIR {
  /// Whether a point (in user space) is inside this clip and every clip
  /// around it, by the nonzero rule they cut with.
  func contains(_ point: Point) -> Bool {
    var next: ClipIR? = self
    while let clip = next {
      var winding = 0
      Flattener.flatten(
        clip.segments, transform: { $0 },
        line: { a, b in
          let side = (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y)
          if a.y <= point.y, b.y > point.y, side > 0 { winding += 1 }
          if b.y <= point.y, a.y > point.y, side < 0 { winding -= 1 }
        })
      guard winding != 0 else { return false }
      next = clip.parent
    }
    return true
  }
}
