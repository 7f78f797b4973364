/// A point in user space (points, y down).
public struct Point: Hashable, Sendable {
  public var x: Double
  public var y: Double

  @inlinable public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }
}

/// An axis-aligned rectangle: origin at the top-left, y down.
public struct Rect: Equatable, Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  @inlinable public var maxX: Double { x + width }
  @inlinable public var maxY: Double { y + height }

  /// The point at unit coordinates (`0,0` top-left, `1,1` bottom-right).
  @inlinable package func point(atUnit unit: Point) -> Point {
    Point(x + unit.x * width, y + unit.y * height)
  }

  @inlinable package func union(_ other: Rect) -> Rect {
    let minX = min(x, other.x)
    let minY = min(y, other.y)
    return Rect(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
  }

  /// The smallest rectangle holding all of them; nil when there are none.
  @inlinable package static func union<Rects: Sequence>(of rects: Rects) -> Rect? where Rects.Element == Rect {
    rects.reduce(nil) { $0?.union($1) ?? $1 }
  }

  @inlinable package func intersects(_ other: Rect) -> Bool {
    x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
  }
}

/// One segment of a path outline. Quadratic curves are raised to cubics
/// when they are read, so every consumer handles four cases.
public enum PathSegment: Equatable, Sendable {
  case move(Point)
  case line(Point)
  case cubic(control1: Point, control2: Point, to: Point)
  case close
}

/// A map of points, for code that is specialized for each kind.
/// `@usableFromInline`, as are the maps: the SVG backend's specialized
/// path writer can call a package type's `@inlinable` members directly
/// only when the type is usable from inlinable code.
@usableFromInline package protocol PointMap {
  func apply(_ point: Point) -> Point
}

/// Points as they are.
@usableFromInline package struct IdentityMap: PointMap {
  package init() {}
  @inlinable @inline(__always) package func apply(_ point: Point) -> Point { point }
}

/// A 2D affine map restricted to scale and translation, which is all that
/// fitting a unit-square outline into a frame needs.
@usableFromInline package struct FrameMap: PointMap {
  @usableFromInline var frame: Rect

  @inlinable package init(frame: Rect) { self.frame = frame }

  /// The article's `path(in:)` multiplies unit coordinates by the frame's
  /// size and offsets them by its origin. `@inlinable` (with `Point.init`
  /// and `Rect.point(atUnit:)`): the SVG backend, in another module, maps
  /// every point of a fitted outline through it.
  @inlinable package func apply(_ unit: Point) -> Point { frame.point(atUnit: unit) }

  @inlinable package func apply(_ segment: PathSegment) -> PathSegment {
    switch segment {
    case .move(let p): .move(apply(p))
    case .line(let p): .line(apply(p))
    case .cubic(let c1, let c2, let to): .cubic(control1: apply(c1), control2: apply(c2), to: apply(to))
    case .close: .close
    }
  }
}

/// The tight bounding box of a path, with cubic extremes solved exactly.
@inlinable package func boundingBox<Segments: Sequence<PathSegment>>(of segments: Segments) -> Rect? {
  var minX = Double.infinity
  var minY = Double.infinity
  var maxX = -Double.infinity
  var maxY = -Double.infinity
  func include(_ p: Point) {
    minX = min(minX, p.x)
    minY = min(minY, p.y)
    maxX = max(maxX, p.x)
    maxY = max(maxY, p.y)
  }
  var current = Point(0, 0)
  for segment in segments {
    switch segment {
    case .move(let p), .line(let p):
      include(p)
      current = p
    case .cubic(let c1, let c2, let to):
      include(to)
      // Only a control point outside the box can push the curve past it.
      if min(c1.x, c2.x) < minX || max(c1.x, c2.x) > maxX || min(c1.y, c2.y) < minY || max(c1.y, c2.y) > maxY {
        let from = current
        forEachCubicExtremum(from.x, c1.x, c2.x, to.x) { include(cubicPoint(from, c1, c2, to, $0)) }
        forEachCubicExtremum(from.y, c1.y, c2.y, to.y) { include(cubicPoint(from, c1, c2, to, $0)) }
      }
      current = to
    case .close:
      break
    }
  }
  guard minX <= maxX else { return nil }
  return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
}

@inlinable package func cubicPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
  let u = 1 - t
  let a = u * u * u
  let b = 3 * u * u * t
  let c = 3 * u * t * t
  let d = t * t * t
  return Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
}

/// Calls `body` with each parameter in (0, 1) where one coordinate of a
/// cubic has a turning point.
@inlinable package func forEachCubicExtremum(
  _ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, _ body: (Double) -> Void
) {
  // The derivative is the quadratic a t² + b t + c.
  let a = -p0 + 3 * p1 - 3 * p2 + p3
  let b = 2 * (p0 - 2 * p1 + p2)
  let c = p1 - p0
  func visit(_ t: Double) { if t > 0 && t < 1 { body(t) } }
  if abs(a) < 1e-12 {
    if abs(b) > 1e-12 { visit(-c / b) }
    return
  }
  let discriminant = b * b - 4 * a * c
  guard discriminant >= 0 else { return }
  let root = discriminant.squareRoot()
  visit((-b + root) / (2 * a))
  visit((-b - root) / (2 * a))
}

/// How overlapping subpaths of one path decide what is inside.
public enum FillRule: String, Sendable {
  case nonzero, evenodd
}

/// Where a text run's anchor sits on its baseline.
public enum TextAlignment: String, Sendable {
  case leading, center, trailing
}
