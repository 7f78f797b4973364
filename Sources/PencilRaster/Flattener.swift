import PencilGeometry
import PencilSupport

/// Turns outlines into line segments in device space. Cubic Béziers are
/// split into as many straight pieces as Wang's formula asks for the
/// tolerance, so curves stay within it at any scale.
package enum Flattener {
  /// The largest distance, in device pixels, between a curve and its
  /// flattened form.
  static let tolerance = 0.05

  /// Calls `line(from, to)` for every segment of the outline mapped by
  /// `transform`; every subpath is closed, as filling requires.
  package static func flatten(
    _ segments: [PathSegment], transform: (Point) -> Point, line: (Point, Point) -> Void
  ) {
    var start = Point(0, 0)
    var current = Point(0, 0)
    var open = false
    for segment in segments {
      switch segment {
      case .move(let p):
        if open, current != start { line(current, start) }
        start = transform(p)
        current = start
        open = true
      case .line(let p):
        let next = transform(p)
        line(current, next)
        current = next
      case .cubic(let c1, let c2, let to):
        let (p1, p2, p3) = (transform(c1), transform(c2), transform(to))
        let pieces = pieceCount(current, p1, p2, p3)
        let step = 1 / Double(pieces)
        var previous = current
        for index in 1...pieces {
          let next = index == pieces ? p3 : cubicPoint(current, p1, p2, p3, Double(index) * step)
          line(previous, next)
          previous = next
        }
        current = p3
      case .close:
        if current != start { line(current, start) }
        current = start
      }
    }
    if open, current != start { line(current, start) }
  }

  /// Wang's formula for a cubic: n = ⌈√(3/4 · M / tolerance)⌉, M the
  /// largest second difference of the control points.
  static func pieceCount(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> Int {
    let ax = p0.x - 2 * p1.x + p2.x
    let ay = p0.y - 2 * p1.y + p2.y
    let bx = p1.x - 2 * p2.x + p3.x
    let by = p1.y - 2 * p2.y + p3.y
    let m = max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
    let n = (0.75 * m / tolerance).squareRoot().rounded(.up)
    return clampedInt(n, 1, 10_000)
  }
}
