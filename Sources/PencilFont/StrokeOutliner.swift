import PencilGeometry

/// Turns a glyph's centre line into the outline of its stroke, in font
/// units, so that the ink never leaves the glyph's band:
///
/// - **Joins** are mitred, but the miter is cut to the square of half a
///   stroke around its vertex: a join reaches no further from its vertex,
///   up, down or sideways, than the strokes meeting there do. A right
///   angle keeps its full corner; a sharp turn (the apex of `A`, the
///   corners of `M`) ends in a short flat; a reversal (a stroke doubling
///   back) ends square instead of in a spike.
/// - **Ends** are butt ends, except where a stroke within 18° of upright
///   ends on a guide line (descender, baseline, x-height, cap height):
///   there the end is cut level with the line, half a stroke beyond it,
///   where the bars and bowls centred on that line end too. So `H` spans
///   what `E` and `O` span. (The slanted butt ends of `A` and `V` reach
///   less far.)
/// - A dot (a stroke shorter than it is wide) is a square around its middle.
///
/// The inner side of a turn is where the two inner edges cross, or, when
/// that lies beyond one of the segments, runs through the vertex (as
/// `Stroker` does), so the overlap keeps the winding of the rest and the
/// nonzero rule fills it. An open polyline is one ring; a closed one two, the inner one
/// reversed, so its middle stays empty.
enum StrokeOutliner {
  /// The guide lines on which steep stroke ends are cut flat.
  static let guideLines: [Double] = [GlyphData.descender, 0, GlyphData.xHeight, GlyphData.capHeight]

  static func rings(_ polyline: [Point], halfWidth h: Double) -> [[Point]] {
    var points = dedupe(polyline)
    guard let first = points.first else { return [] }
    let closed = points.count > 3 && distance(first, points[points.count - 1]) < 1e-6
    if closed { points.removeLast() }
    if points.count == 1 || (!closed && length(of: points) < 2 * h) {
      // A dot, or a stroke shorter than it is wide: a square around it.
      let c = points.count == 1 ? first : Point((first.x + points.last!.x) / 2, (first.y + points.last!.y) / 2)
      return [[Point(c.x - h, c.y - h), Point(c.x + h, c.y - h), Point(c.x + h, c.y + h), Point(c.x - h, c.y + h)]]
    }
    let count = points.count
    let segmentCount = closed ? count : count - 1
    let directions = (0..<segmentCount).map { direction(points[$0], points[($0 + 1) % count]) }
    var left: [Point] = []
    var right: [Point] = []
    for k in 0..<count {
      let p = points[k]
      if !closed, k == 0 || k == count - 1 {
        let d = k == 0 ? directions[0] : directions[segmentCount - 1]
        var l = offset(p, d, h)
        var r = offset(p, d, -h)
        if let line = flatLine(at: p, outwardY: k == 0 ? -d.y : d.y, h) {
          l = along(l, d, toY: line)
          r = along(r, d, toY: line)
        }
        left.append(l)
        right.append(r)
        continue
      }
      let previous = (k - 1 + segmentCount) % segmentCount
      let reach = min(distance(points[previous], p), distance(p, points[(k + 1) % count]))
      join(at: p, directions[previous], directions[k % segmentCount], h, reach: reach, &left, &right)
    }
    return closed ? [left, right.reversed()] : [left + right.reversed()]
  }

  /// The level a steep end on a guide line is cut at, or nil for a butt end.
  private static func flatLine(at p: Point, outwardY: Double, _ h: Double) -> Double? {
    guard abs(outwardY) >= 0.95, guideLines.contains(where: { abs($0 - p.y) < 1e-9 }) else { return nil }
    return p.y + (outwardY > 0 ? h : -h)
  }

  /// The point on the line through `p` along `d` at height `y`.
  private static func along(_ p: Point, _ d: Point, toY y: Double) -> Point {
    let t = (y - p.y) / d.y
    return Point(p.x + d.x * t, y)
  }

  /// A vertex where the direction turns from `d0` to `d1`; `reach` is the
  /// shorter of the two segments meeting there.
  private static func join(
    at p: Point, _ d0: Point, _ d1: Point, _ h: Double, reach: Double, _ left: inout [Point], _ right: inout [Point]
  ) {
    let cross = d0.x * d1.y - d0.y * d1.x
    let dot = d0.x * d1.x + d0.y * d1.y
    if abs(cross) < 1e-12, dot > 0 {
      left.append(offset(p, d0, h))
      right.append(offset(p, d0, -h))
      return
    }
    // A positive cross turns left: the right side is the outer one.
    let s: Double = cross > 0 ? -1 : 1
    let a = offset(p, d0, s * h)
    let b = offset(p, d1, s * h)
    var outer: [Point]
    let n0 = Point((a.x - p.x) / h, (a.y - p.y) / h)
    let n1 = Point((b.x - p.x) / h, (b.y - p.y) / h)
    let denominator = 1 + n0.x * n1.x + n0.y * n1.y
    // The inner side: where the two inner edges cross, when that is
    // within both segments (no loop, which in a closed ring would wind
    // against the other ring); else through the vertex.
    var inner = [offset(p, d0, -s * h), p, offset(p, d1, -s * h)]
    if denominator > 1e-9 {
      let scale = h / denominator
      let crossing = Point(p.x - (n0.x + n1.x) * scale, p.y - (n0.y + n1.y) * scale)
      let along = abs((crossing.x - p.x) * d0.x + (crossing.y - p.y) * d0.y)
      if along <= reach { inner = [crossing] }
    }
    if denominator < 1e-9 {
      // A reversal: squared off half a stroke ahead.
      outer = [a, Point(a.x + d0.x * h, a.y + d0.y * h), Point(b.x + d0.x * h, b.y + d0.y * h), b]
    } else {
      let scale = h / denominator
      let miter = Point(p.x + (n0.x + n1.x) * scale, p.y + (n0.y + n1.y) * scale)
      if max(abs(miter.x - p.x), abs(miter.y - p.y)) <= h * (1 + 1e-9) {
        outer = [a, miter, b]
      } else {
        outer = clippedToSquare([p, a, miter, b], centre: p, h)
      }
    }
    if s > 0 {
      left += outer
      right += inner
    } else {
      left += inner
      right += outer
    }
  }

  /// The convex polygon `[centre, a, miter, b]` cut to the square of
  /// half-side `h` around `centre`, from `a` to `b` (the centre dropped).
  private static func clippedToSquare(_ polygon: [Point], centre c: Point, _ h: Double) -> [Point] {
    var points = polygon
    let edges: [(Point) -> Double] = [
      { c.x + h - $0.x }, { $0.x - (c.x - h) }, { c.y + h - $0.y }, { $0.y - (c.y - h) },
    ]
    for inside in edges {
      var result: [Point] = []
      for (index, current) in points.enumerated() {
        let previous = points[(index + points.count - 1) % points.count]
        let (pi, ci) = (inside(previous), inside(current))
        if (pi >= 0) != (ci >= 0) {
          let t = pi / (pi - ci)
          result.append(Point(previous.x + (current.x - previous.x) * t, previous.y + (current.y - previous.y) * t))
        }
        if ci >= 0 { result.append(current) }
      }
      points = result
    }
    guard let start = points.firstIndex(where: { $0.x == c.x && $0.y == c.y }) else { return polygon }
    return Array(points[(start + 1)...] + points[..<start])
  }

  /// The left (+) or right (−) offset of `p` from a direction.
  private static func offset(_ p: Point, _ d: Point, _ h: Double) -> Point { Point(p.x - d.y * h, p.y + d.x * h) }

  private static func direction(_ a: Point, _ b: Point) -> Point {
    let length = max(distance(a, b), 1e-12)
    return Point((b.x - a.x) / length, (b.y - a.y) / length)
  }

  private static func dedupe(_ points: [Point]) -> [Point] {
    var result: [Point] = []
    for point in points where result.last.map({ distance($0, point) > 1e-9 }) ?? true { result.append(point) }
    return result
  }

  private static func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
  }

  private static func length(of points: [Point]) -> Double {
    zip(points, points.dropFirst()).reduce(0) { $0 + distance($1.0, $1.1) }
  }
}
