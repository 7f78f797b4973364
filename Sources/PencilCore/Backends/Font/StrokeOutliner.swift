/// Turns a polyline into the outline of a stroke of a given width: the
/// offset lines on both sides, joined with miters (clipped at twice the
/// half width, so sharp turns stay compact) and ended square with the end
/// points (butt caps). A closed polyline gives two rings, the inner one
/// reversed, so the nonzero rule leaves its middle empty.
enum StrokeOutliner {
  static let miterLimit = 2.0

  static func append(_ polyline: [Point], halfWidth: Double, to segments: inout [PathSegment]) {
    var points = dedupe(polyline)
    guard let first = points.first else { return }
    let closed = points.count > 3 && distance(first, points[points.count - 1]) < 1e-6
    if closed { points.removeLast() }
    if points.count == 1 || (!closed && length(of: points) < 2 * halfWidth) {
      // A dot, or a stroke shorter than it is wide: a square around it.
      let centre = points.count == 1 ? first : midpoint(points[0], points[points.count - 1])
      let h = halfWidth
      segments += [
        .move(Point(centre.x - h, centre.y - h)), .line(Point(centre.x - h, centre.y + h)),
        .line(Point(centre.x + h, centre.y + h)), .line(Point(centre.x + h, centre.y - h)), .close,
      ]
      return
    }
    let offsets = (0..<points.count).map { offset(at: $0, of: points, closed: closed, halfWidth: halfWidth) }
    let left = zip(points, offsets).map { Point($0.x + $1.x, $0.y + $1.y) }
    let right = zip(points, offsets).map { Point($0.x - $1.x, $0.y - $1.y) }
    if closed {
      appendRing(left, to: &segments)
      appendRing(right.reversed(), to: &segments)
    } else {
      appendRing(left + right.reversed(), to: &segments)
    }
  }

  /// The vector from a vertex to the stroke's left edge there.
  private static func offset(at index: Int, of points: [Point], closed: Bool, halfWidth: Double) -> Point {
    let count = points.count
    let hasPrevious = closed || index > 0
    let hasNext = closed || index < count - 1
    let previous = hasPrevious ? normal(points[(index - 1 + count) % count], points[index]) : nil
    let next = hasNext ? normal(points[index], points[(index + 1) % count]) : nil
    guard let n0 = previous ?? next, let n1 = next ?? previous else { return Point(0, 0) }
    let bisector = Point(n0.x + n1.x, n0.y + n1.y)
    let bisectorLength = (bisector.x * bisector.x + bisector.y * bisector.y).squareRoot()
    guard bisectorLength > 1e-9 else { return Point(n0.x * halfWidth, n0.y * halfWidth) }
    let unit = Point(bisector.x / bisectorLength, bisector.y / bisectorLength)
    let cosine = unit.x * n0.x + unit.y * n0.y
    let miter = min(halfWidth / max(cosine, 1e-9), miterLimit * halfWidth)
    return Point(unit.x * miter, unit.y * miter)
  }

  /// The unit normal to the left of the direction from a to b.
  private static func normal(_ a: Point, _ b: Point) -> Point {
    let dx = b.x - a.x
    let dy = b.y - a.y
    let length = max((dx * dx + dy * dy).squareRoot(), 1e-12)
    return Point(-dy / length, dx / length)
  }

  private static func appendRing(_ ring: [Point], to segments: inout [PathSegment]) {
    guard let first = ring.first else { return }
    segments.append(.move(first))
    for point in ring.dropFirst() { segments.append(.line(point)) }
    segments.append(.close)
  }

  private static func dedupe(_ points: [Point]) -> [Point] {
    var result: [Point] = []
    for point in points where result.last.map({ distance($0, point) > 1e-9 }) ?? true { result.append(point) }
    return result
  }

  private static func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
  }

  private static func midpoint(_ a: Point, _ b: Point) -> Point { Point((a.x + b.x) / 2, (a.y + b.y) / 2) }

  private static func length(of points: [Point]) -> Double {
    zip(points, points.dropFirst()).reduce(0) { $0 + distance($1.0, $1.1) }
  }
}
