import PencilSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns an outline and a stroke style into the outline of the stroke: a
/// set of closed polygons whose nonzero fill is exactly the area SVG's
/// stroking covers (offset curves within the flattening tolerance, joins
/// and caps as SVG defines them). The raster backends fill it with the
/// same exact-area coverage as shapes.
///
/// Each subpath becomes one polygon (two rings when closed): its left
/// offset with the joins, the end cap, its right offset backwards and the
/// start cap. On the inner side of a turn the outline runs through the
/// vertex itself, as Skia's stroker does, so a small overlap there has the
/// same winding as the rest and the nonzero rule keeps it covered.
package enum Stroker {
  /// The stroke's outline, in the coordinates of `segments`; `tolerance`
  /// is the largest distance allowed between a curve and its polygon.
  package static func outline(
    _ segments: some Sequence<PathSegment>, style: StrokeStyle, tolerance: Double
  ) -> [PathSegment] {
    let halfWidth = style.width / 2
    guard halfWidth > 0, halfWidth.isFinite else { return [] }
    var result: [PathSegment] = []
    var pieces = polylines(segments, tolerance: tolerance)
    let pattern = style.effectiveDash
    if !pattern.isEmpty, dashCount(pieces, pattern) <= Double(maximumDashes) {
      pieces = dashed(pieces, pattern: pattern, phase: style.dashPhase)
    }
    for piece in pieces {
      append(piece.points, closed: piece.closed, halfWidth: halfWidth, style: style, tolerance: tolerance, to: &result)
    }
    return result
  }

  /// The most dashes one stroke is cut into. A pattern finer than that
  /// (`dash=[0.001, 0.001]` along a long path) is drawn as a solid
  /// stroke, which at that scale it is indistinguishable from, instead of
  /// as millions of pieces.
  package static let maximumDashes = 100_000

  /// Whether the raster backends draw this dashed stroke solid, its
  /// pattern too fine for `maximumDashes` (the tolerance of one device
  /// pixel's flattening at scale 1; the length hardly depends on it).
  package static func drawsDashesSolid(_ segments: [PathSegment], style: StrokeStyle) -> Bool {
    let pattern = style.effectiveDash
    guard !pattern.isEmpty else { return false }
    return dashCount(polylines(segments, tolerance: 0.2), pattern) > Double(maximumDashes)
  }

  /// How many dashes the pattern makes along the polylines.
  private static func dashCount(_ lines: [Polyline], _ pattern: [Double]) -> Double {
    var length = 0.0
    for line in lines {
      for index in line.points.indices.dropFirst() { length += distance(line.points[index - 1], line.points[index]) }
      if line.closed, let first = line.points.first, let last = line.points.last { length += distance(last, first) }
    }
    return length / pattern.reduce(0, +) * Double(pattern.count) / 2
  }

  struct Polyline {
    var points: [Point]
    var closed: Bool
  }

  /// The subpaths as polylines (curves split by Wang's formula); a closed
  /// one does not repeat its first point at its end.
  static func polylines(_ segments: some Sequence<PathSegment>, tolerance: Double) -> [Polyline] {
    var result: [Polyline] = []
    var current: [Point] = []
    // After `close` the pen is back at the start: a line starts a new
    // subpath there, a move or the end leaves nothing more.
    var afterClose = false
    func finish() {
      if !current.isEmpty, !(afterClose && current.count == 1) {
        result.append(Polyline(points: dedupe(current), closed: false))
      }
      current = []
      afterClose = false
    }
    for segment in segments {
      switch segment {
      case .move(let p):
        finish()
        current = [p]
      case .line(let p):
        if current.isEmpty { current = [p] }
        current.append(p)
        afterClose = false
      case .cubic(let c1, let c2, let to):
        let p0 = current.last ?? to
        if current.isEmpty { current = [to] }
        let pieces = cubicPieces(p0, c1, c2, to, tolerance: tolerance)
        for index in 1...pieces {
          current.append(index == pieces ? to : cubicPoint(p0, c1, c2, to, Double(index) / Double(pieces)))
        }
        afterClose = false
      case .close:
        guard let first = current.first else { continue }
        if !afterClose {
          var points = dedupe(current)
          if points.count > 1, let last = points.last, distance(last, first) <= 1e-9 { points.removeLast() }
          result.append(Polyline(points: points, closed: true))
        }
        current = [first]
        afterClose = true
      }
    }
    finish()
    return result
  }

  private static func cubicPieces(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tolerance: Double) -> Int {
    let ax = p0.x - 2 * p1.x + p2.x
    let ay = p0.y - 2 * p1.y + p2.y
    let bx = p1.x - 2 * p2.x + p3.x
    let by = p1.y - 2 * p2.y + p3.y
    let m = max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
    return clampedInt((0.75 * m / max(tolerance, 1e-9)).squareRoot().rounded(.up), 1, 10_000)
  }

  private static func dedupe(_ points: [Point]) -> [Point] {
    var result: [Point] = []
    result.reserveCapacity(points.count)
    for point in points where result.last.map({ distance($0, point) > 1e-9 }) ?? true { result.append(point) }
    return result
  }

  package static func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
  }
}
