import PencilSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Circular arcs as cubic Béziers, as SwiftUI's
/// `Path.addArc(center:radius:startAngle:endAngle:clockwise:)` draws them:
/// angles in degrees from the positive x axis, growing clockwise on the
/// screen (y points down). The arc runs from `start` to `end`, the way
/// the angle goes: clockwise when `end` is larger, counter-clockwise when
/// it is smaller, at most a whole turn.
public enum Arc {
  /// The widest piece one cubic draws. A cubic through a piece of θ
  /// with handles 4/3·tan(θ/4)·r long strays at most ~2.7e-4·r from the
  /// circle at 90° and (θ/90°)⁶ of that below: at 30°, 3.7e-7·r, so within
  /// 0.01 pt of the true circle up to a radius of 25,000 points.
  public static let maximumPiece = 30.0

  /// The point at `degrees` on the circle; exact at multiples of 90°.
  public static func point(center: Point, radius: Double, degrees: Double) -> Point {
    Point(center.x + radius * sineOf(degrees: degrees + 90), center.y + radius * sineOf(degrees: degrees))
  }

  /// Appends the cubics of the arc (its start point is the caller's:
  /// `point(center:radius:degrees: start)`). At most 12 a whole turn.
  public static func appendCubics(
    center: Point, radius: Double, from start: Double, to end: Double, to segments: inout [PathSegment]
  ) {
    let sweep = end - start
    // A whole turn is 12 pieces; a NaN or wider sweep (the checker allows
    // neither) is clamped, never a trap.
    let pieces = clampedInt((sweep.magnitude / maximumPiece).rounded(.up), 1, 12)
    let handle = 4.0 / 3.0 * tan(sweep / Double(pieces) * .pi / 720) * radius
    var from = start
    for piece in 1...pieces {
      // Each end from the start and the whole sweep: no drift, and a
      // piece ending at a multiple of 90° ends exactly there.
      let to = piece == pieces ? end : start + sweep * Double(piece) / Double(pieces)
      let p0 = point(center: center, radius: radius, degrees: from)
      let p1 = point(center: center, radius: radius, degrees: to)
      // The tangent at angle a is (-sin a, cos a), the way the angle grows.
      let (s0, c0) = (sineOf(degrees: from), sineOf(degrees: from + 90))
      let (s1, c1) = (sineOf(degrees: to), sineOf(degrees: to + 90))
      segments.append(
        .cubic(
          control1: Point(p0.x - handle * s0, p0.y + handle * c0),
          control2: Point(p1.x + handle * s1, p1.y - handle * c1), to: p1))
      from = to
    }
  }
}
