import PencilSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A slice of a pie or a donut, as Swift Charts' `SectorMark` draws one:
/// between two angles (degrees as `Arc` measures them: from the positive
/// x axis, clockwise on the screen), from an inner radius (0 for a pie)
/// to the outer one, each straight edge moved `inset` points inwards so
/// that neighbours stand a constant-width gap apart.
public struct Sector: Equatable, Hashable, Sendable {
  public var start: Double
  public var end: Double
  public var innerRadius: Double
  public var inset: Double

  public init(start: Double, end: Double, innerRadius: Double = 0, inset: Double = 0) {
    self.start = start
    self.end = end
    self.innerRadius = innerRadius
    self.inset = inset
  }

  /// The angles in increasing order and the turn between them (at most 360°).
  private var span: (low: Double, high: Double, sweep: Double) {
    let low = min(start, end)
    let sweep = min(max(start, end) - low, 360)
    return (low, low + sweep, sweep)
  }

  /// Whether it goes all the way round: a disc or a ring, with no edges.
  public var isWholeTurn: Bool { span.sweep >= 360 - 1e-9 }

  /// The outline round `center` with the outer radius `radius`, drawn
  /// clockwise (a ring's hole anticlockwise, so it stays a hole under
  /// either fill rule); empty when the inset leaves nothing.
  public func segments(center: Point, radius: Double) -> [PathSegment] {
    guard radius > 0, radius.isFinite else { return [] }
    let (low, high, sweep) = span
    let inner = min(max(innerRadius, 0), radius)
    var segments: [PathSegment] = []
    func arc(_ r: Double, from a: Double, to b: Double) {
      let first = Arc.point(center: center, radius: r, degrees: a)
      segments.append(segments.isEmpty || segments.last == .close ? .move(first) : .line(first))
      Arc.appendCubics(center: center, radius: r, from: a, to: b, to: &segments)
    }
    if isWholeTurn {
      arc(radius, from: low, to: low + 360)
      segments.append(.close)
      if inner > 0 {
        arc(inner, from: low, to: low - 360)
        segments.append(.close)
      }
      return segments
    }
    let d = max(inset, 0)
    guard d < radius else { return [] }
    let outerTrim = Sector.degrees(asin(d / radius))
    guard sweep - 2 * outerTrim > 1e-9 else { return [] }
    arc(radius, from: low + outerTrim, to: high - outerTrim)
    // The inner edge: an arc where the moved edges meet the hole, or the
    // point where they meet each other.
    let middle = (low + high) / 2
    if inner > d, sweep - 2 * Sector.degrees(asin(d / inner)) > 1e-9 {
      let innerTrim = Sector.degrees(asin(d / inner))
      arc(inner, from: high - innerTrim, to: low + innerTrim)
    } else if d > 0, sweep >= 180 {
      // Past a half turn the moved edges meet round the centre: the
      // points `d` from both edges there lie on a circle of radius d.
      arc(max(d, inner), from: high - 90, to: low + 90)
    } else {
      let reach = d > 0 ? d / sin(Sector.radians(sweep / 2)) : 0
      segments.append(.line(Arc.point(center: center, radius: reach, degrees: middle)))
    }
    segments.append(.close)
    return segments
  }

  /// The points a sector offers for labels and connectors.
  public enum Anchor: Sendable {
    /// The centre of its area (of the whole slice, before the inset).
    case centroid
    /// Halfway between the inner and the outer arc, at the middle angle:
    /// where a donut's label goes.
    case midpoint
    /// On the outer arc, at the middle angle.
    case outer
  }

  /// An anchor's point round `center` with the outer radius `radius`.
  public func point(_ anchor: Anchor, center: Point, radius: Double) -> Point {
    let (low, high, sweep) = span
    let middle = (low + high) / 2
    let inner = min(max(innerRadius, 0), radius)
    switch anchor {
    case .outer:
      return Arc.point(center: center, radius: radius, degrees: middle)
    case .midpoint:
      return Arc.point(center: center, radius: (radius + inner) / 2, degrees: middle)
    case .centroid:
      // An annular sector of half-angle α: the centroid is
      // 2/3 · (R³ − r³)/(R² − r²) · sin α / α from the centre.
      let alpha = Sector.radians(sweep / 2)
      guard alpha > 1e-12, radius > inner else {
        return Arc.point(center: center, radius: (radius + inner) / 2, degrees: middle)
      }
      let reach =
        2.0 / 3.0 * (radius * radius * radius - inner * inner * inner) / (radius * radius - inner * inner)
        * sin(alpha) / alpha
      return Arc.point(center: center, radius: reach, degrees: middle)
    }
  }

  private static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
  private static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
}
