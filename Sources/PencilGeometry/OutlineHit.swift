import PencilSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a ray from inside an outline leaves it: how a connector that
/// names an element ends on its edge (Pikchr's "chop"), whatever the shape.
/// The outline is flattened once and its edges sorted into bins by the
/// directions, seen from the centre the rays start at, in which they lie,
/// so the many connectors to one large shape each test a bin's edges, not
/// all of them.
public struct OutlineHit: Sendable {
  /// The pieces each cubic is cut into: a 30° arc of radius 1000 strays
  /// 0.1 pt from its chords at 16 pieces and 0.006 pt at 64.
  static let piecesPerCubic = 64
  /// Bins of directions round the centre: about one for every four edges
  /// (a few edges a bin on a shape the centre sees once round).
  static func binCount(edges: Int) -> Int { min(1 << 16, max(64, edges / 4)) }
  /// Past this many bin entries per edge (an outline that winds round its
  /// centre again and again), the edges are not binned: every ray tests
  /// them all, and `work` says so.
  static let entriesPerEdge = 8

  /// Where the rays start.
  public let origin: Point
  /// The flattened edges, in the outline's order.
  private let starts: [Point]
  private let ends: [Point]
  /// Bin `b`'s edges are `entries[binStarts[b] ..< binStarts[b + 1]]`, in
  /// the outline's order; empty when the edges are not binned.
  private let binStarts: [Int32]
  private let entries: [Int32]
  /// The most edges one ray tests.
  public let work: Int
  /// The outline's bounding box; nil for an empty outline.
  public let bounds: Rect?

  public init(_ segments: [PathSegment], from origin: Point) {
    self.origin = origin
    bounds = boundingBox(of: segments)
    var starts: [Point] = []
    var ends: [Point] = []
    OutlineHit.flatten(segments) { a, b in
      starts.append(a)
      ends.append(b)
    }
    (self.starts, self.ends) = (starts, ends)
    if let (binStarts, entries) = OutlineHit.bin(starts, ends, around: origin) {
      (self.binStarts, self.entries) = (binStarts, entries)
      work = (0..<(binStarts.count - 1)).reduce(0) { max($0, Int(binStarts[$1 + 1] - binStarts[$1])) }
    } else {
      (binStarts, entries) = ([], [])
      work = starts.count
    }
  }

  /// The farthest point where the ray from `origin` along `direction`
  /// crosses `segments` (so a connector never runs back over the shape),
  /// and the outline's normal there, pointing out along the ray; nil when
  /// the ray meets no edge.
  public static func exit(from origin: Point, along direction: Point, of segments: [PathSegment])
    -> (point: Point, normal: Point)?
  {
    OutlineHit(segments, from: origin).exit(from: origin, along: direction)
  }

  /// The same for a ray from `origin` (through the bins when it is the
  /// outline's own `origin`, else past every edge).
  public func exit(from origin: Point, along direction: Point) -> (point: Point, normal: Point)? {
    exit(from: origin, along: direction, pastEveryEdge: false)
  }

  /// `pastEveryEdge`: without the bins (what they must agree with).
  func exit(from origin: Point, along direction: Point, pastEveryEdge: Bool) -> (point: Point, normal: Point)? {
    let length = (direction.x * direction.x + direction.y * direction.y).squareRoot()
    guard length > 0, length.isFinite else { return nil }
    let d = Point(direction.x / length, direction.y / length)
    var best: (t: Double, point: Point, edge: Point)? = nil
    func test(_ index: Int) {
      let (a, b) = (starts[index], ends[index])
      let e = Point(b.x - a.x, b.y - a.y)
      let denominator = d.x * e.y - d.y * e.x
      guard abs(denominator) > 1e-12 else { return }
      let w = Point(a.x - origin.x, a.y - origin.y)
      let t = (w.x * e.y - w.y * e.x) / denominator
      let u = (w.x * d.y - w.y * d.x) / denominator
      guard t >= 0, u >= -1e-9, u <= 1 + 1e-9, t > (best?.t ?? -1) else { return }
      best = (t, Point(origin.x + d.x * t, origin.y + d.y * t), e)
    }
    if binStarts.isEmpty || origin != self.origin || pastEveryEdge {
      for index in starts.indices { test(index) }
    } else {
      let bin = OutlineHit.bin(of: d, among: binStarts.count - 1)
      for entry in Int(binStarts[bin])..<Int(binStarts[bin + 1]) { test(Int(entries[entry])) }
    }
    guard let best else { return nil }
    let edgeLength = (best.edge.x * best.edge.x + best.edge.y * best.edge.y).squareRoot()
    var normal = Point(best.edge.y / edgeLength, -best.edge.x / edgeLength)
    if normal.x * d.x + normal.y * d.y < 0 { normal = Point(-normal.x, -normal.y) }
    return (best.point, normal)
  }

  /// The outline as straight edges, in order.
  private static func flatten(_ segments: [PathSegment], _ edge: (Point, Point) -> Void) {
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
  }

  /// Whether the segment from `a` to `b` (relative to the origin) passes
  /// within a ten-millionth of its length of the origin, or is too short
  /// or too far out to tell (not finite).
  private static func passesNear(_ a: Point, _ b: Point) -> Bool {
    let e = Point(b.x - a.x, b.y - a.y)
    let length2 = e.x * e.x + e.y * e.y
    guard length2 > 0, length2.isFinite, a.x.isFinite, a.y.isFinite else { return true }
    // The nearest point of the segment to the origin.
    let t = min(1, max(0, -(a.x * e.x + a.y * e.y) / length2))
    let (x, y) = (a.x + t * e.x, a.y + t * e.y)
    return x * x + y * y <= 1e-14 * length2
  }

  /// The bin of a direction (not necessarily of unit length).
  private static func bin(of direction: Point, among binCount: Int) -> Int {
    let turn = atan2(direction.y, direction.x) / (2 * .pi)
    let fraction = turn < 0 ? turn + 1 : turn
    return clampedInt(fraction * Double(binCount), 0, binCount - 1)
  }

  /// Each edge in the bins of the directions that reach it from `origin`
  /// (the shorter turn from its start's direction to its end's, a bin more
  /// each way for rounding; every bin for an edge through the origin,
  /// which every ray meets there), counted first and then placed, so the
  /// bins' entries lie in one array in the outline's order. nil when the
  /// entries would pass `entriesPerEdge` an edge.
  private static func bin(_ starts: [Point], _ ends: [Point], around origin: Point) -> ([Int32], [Int32])? {
    guard starts.count < Int(Int32.max) / (entriesPerEdge + 1) else { return nil }
    let binCount = binCount(edges: starts.count)
    var spans: [(first: Int, count: Int)] = []
    spans.reserveCapacity(starts.count)
    var total = 0
    for index in starts.indices {
      // The edge as the ray test takes it: a little longer at each end
      // (it accepts a crossing up to 1e-9 of the edge past either end).
      let e = Point(ends[index].x - starts[index].x, ends[index].y - starts[index].y)
      let a = Point(starts[index].x - origin.x - 2e-9 * e.x, starts[index].y - origin.y - 2e-9 * e.y)
      let b = Point(ends[index].x - origin.x + 2e-9 * e.x, ends[index].y - origin.y + 2e-9 * e.y)
      let cross = a.x * b.y - a.y * b.x
      let span: (first: Int, count: Int)
      if OutlineHit.passesNear(a, b) {
        // Through the origin, or so near that rounding decides which side:
        // every ray may meet it.
        span = (0, binCount)
      } else {
        var (first, last) = (bin(of: a, among: binCount), bin(of: b, among: binCount))
        // The shorter way round: towards larger angles from a to b when a × b > 0.
        if cross < 0 { swap(&first, &last) }
        var count = last - first
        if count < 0 { count += binCount }
        span = ((first - 1 + binCount) % binCount, min(binCount, count + 3))
      }
      spans.append(span)
      total += span.count
      guard total <= entriesPerEdge * starts.count + binCount else { return nil }
    }
    var binStarts = [Int32](repeating: 0, count: binCount + 1)
    for span in spans {
      for step in 0..<span.count { binStarts[(span.first + step) % binCount + 1] += 1 }
    }
    for bin in 0..<binCount { binStarts[bin + 1] += binStarts[bin] }
    var next = binStarts
    var entries = [Int32](repeating: 0, count: total)
    for (index, span) in spans.enumerated() {
      for step in 0..<span.count {
        let bin = (span.first + step) % binCount
        entries[Int(next[bin])] = Int32(index)
        next[bin] += 1
      }
    }
    return (binStarts, entries)
  }
}
