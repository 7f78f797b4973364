/// Where a ray from inside an outline leaves it: how a connector that
/// names an element ends on its edge (Pikchr's "chop"), whatever the shape.
public enum OutlineHit {
  /// The pieces each cubic is cut into: a 30° arc of radius 1000 strays
  /// 0.1 pt from its chords at 16 pieces and 0.006 pt at 64.
  static let piecesPerCubic = 64

  /// The farthest point where the ray from `origin` along `direction`
  /// crosses `segments` (so a connector never runs back over the shape),
  /// and the outline's normal there, pointing out along the ray; nil when
  /// the ray meets no edge.
  public static func exit(from origin: Point, along direction: Point, of segments: [PathSegment])
    -> (point: Point, normal: Point)?
  {
    let length = (direction.x * direction.x + direction.y * direction.y).squareRoot()
    guard length > 0, length.isFinite else { return nil }
    let d = Point(direction.x / length, direction.y / length)
    var best: (t: Double, point: Point, edge: Point)? = nil
    func edge(_ a: Point, _ b: Point) {
      let e = Point(b.x - a.x, b.y - a.y)
      let denominator = d.x * e.y - d.y * e.x
      guard abs(denominator) > 1e-12 else { return }
      let w = Point(a.x - origin.x, a.y - origin.y)
      let t = (w.x * e.y - w.y * e.x) / denominator
      let u = (w.x * d.y - w.y * d.x) / denominator
      guard t >= 0, u >= -1e-9, u <= 1 + 1e-9, t > (best?.t ?? -1) else { return }
      best = (t, Point(origin.x + d.x * t, origin.y + d.y * t), e)
    }
    var current = Point(0, 0)
    var start = Point(0, 0)
    for segment in segments {
      switch segment {
      case .move(let p):
        (current, start) = (p, p)
      case .line(let p):
        edge(current, p)
        current = p
      case .cubic(let c1, let c2, let p):
        var previous = current
        for step in 1...piecesPerCubic {
          let t = Double(step) / Double(piecesPerCubic)
          let u = 1 - t
          let next =
            step == piecesPerCubic
            ? p
            : Point(
              u * u * u * current.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p.x,
              u * u * u * current.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p.y)
          edge(previous, next)
          previous = next
        }
        current = p
      case .close:
        edge(current, start)
        current = start
      }
    }
    guard let best else { return nil }
    let edgeLength = (best.edge.x * best.edge.x + best.edge.y * best.edge.y).squareRoot()
    var normal = Point(best.edge.y / edgeLength, -best.edge.x / edgeLength)
    if normal.x * d.x + normal.y * d.y < 0 { normal = Point(-normal.x, -normal.y) }
    return (best.point, normal)
  }
}
