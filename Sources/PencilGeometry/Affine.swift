#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A 2D affine map, as SVG's `matrix(a b c d e f)` writes it:
/// x' = a·x + c·y + e, y' = b·x + d·y + f.
///
/// Transforms (`rotation`, `scale`, `offset`) and radial gradients (the
/// unit circle fitted to a frame) are affine maps; the raster backends
/// map geometry through one and sample paints through its inverse, and
/// SVG writes it as it is.
public struct Affine: Equatable, Hashable, Sendable {
  public var a: Double
  public var b: Double
  public var c: Double
  public var d: Double
  public var e: Double
  public var f: Double

  public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.e = e
    self.f = f
  }

  public static let identity = Affine(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

  package static func translation(_ x: Double, _ y: Double) -> Affine { Affine(a: 1, b: 0, c: 0, d: 1, e: x, f: y) }

  package static func scale(_ x: Double, _ y: Double) -> Affine { Affine(a: x, b: 0, c: 0, d: y, e: 0, f: 0) }

  /// Clockwise on screen (y down), as SwiftUI's `rotationEffect`. Exact
  /// at multiples of 90°, so a quarter turn keeps edges on whole pixels.
  package static func rotation(degrees: Double) -> Affine {
    let sine = sineOf(degrees: degrees)
    let cosine = sineOf(degrees: degrees + 90)
    return Affine(a: cosine, b: sine, c: -sine, d: cosine, e: 0, f: 0)
  }

  /// The map of a unit square onto `frame` (what `FrameMap` does).
  package static func fitting(_ frame: Rect) -> Affine {
    Affine(a: frame.width, b: 0, c: 0, d: frame.height, e: frame.x, f: frame.y)
  }

  /// `self` after `first`: apply `first`, then `self`.
  package func concatenating(after first: Affine) -> Affine {
    Affine(
      a: a * first.a + c * first.b, b: b * first.a + d * first.b,
      c: a * first.c + c * first.d, d: b * first.c + d * first.d,
      e: a * first.e + c * first.f + e, f: b * first.e + d * first.f + f)
  }

  @inlinable package func apply(_ p: Point) -> Point { Point(a * p.x + c * p.y + e, b * p.x + d * p.y + f) }

  /// A direction: the linear part only.
  func applyLinear(_ p: Point) -> Point { Point(a * p.x + c * p.y, b * p.x + d * p.y) }

  @inlinable package func apply(_ segment: PathSegment) -> PathSegment {
    switch segment {
    case .move(let p): .move(apply(p))
    case .line(let p): .line(apply(p))
    case .cubic(let c1, let c2, let to): .cubic(control1: apply(c1), control2: apply(c2), to: apply(to))
    case .close: .close
    }
  }

  package var determinant: Double { a * d - b * c }

  /// nil when the map flattens the plane (a scale of 0).
  package var inverted: Affine? {
    let det = determinant
    guard det != 0, det.isFinite, abs(det) > 1e-300 else { return nil }
    return Affine(
      a: d / det, b: -b / det, c: -c / det, d: a / det, e: (c * f - d * e) / det, f: (b * e - a * f) / det)
  }

  /// The largest factor by which the map stretches a length (the larger
  /// singular value): flattening tolerances are divided by it.
  package var maximumStretch: Double {
    let p = a * a + b * b + c * c + d * d
    let q = determinant
    let root = max(0, p * p / 4 - q * q).squareRoot()
    return (p / 2 + root).squareRoot()
  }

  var isIdentity: Bool { self == .identity }
}

/// Sine of an angle in degrees, exact at multiples of 90° (so a square
/// drawn with cos and sin has exact corners, and a quarter turn keeps
/// edges on whole pixels).
package func sineOf(degrees: Double) -> Double {
  var angle = degrees.truncatingRemainder(dividingBy: 360)
  if angle < 0 { angle += 360 }
  switch angle {
  case 0, 180: return 0
  case 90: return 1
  case 270: return -1
  default: return sin(angle * Double.pi / 180)
  }
}

extension Rect {
  /// The box that holds this one drawn through `transform`: an item's
  /// user-space box.
  package func transformed(by transform: Affine?) -> Rect {
    guard let transform else { return self }
    let corners = [
      Point(x, y), Point(maxX, y), Point(x, maxY), Point(maxX, maxY),
    ].map(transform.apply)
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    let minX = xs.min() ?? 0
    let minY = ys.min() ?? 0
    return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
  }
}
