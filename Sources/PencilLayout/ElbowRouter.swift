import PencilGeometry

/// Elbows that go round the shapes they join: the route of
/// `ConnectorGeometry.route` when it keeps out of both end elements'
/// frames; otherwise the shortest of a few routes of horizontal and
/// vertical runs (around the middle, or past the outer edges of both
/// frames) that leaves each anchored end straight out, never turns back
/// on itself, and keeps out of both frames, bends counted as 20 points.
enum ElbowRouter {
  /// What a bend costs, in points of length: fewer bends read better.
  static let bendCost = 20.0

  static func route(from s: Point, to e: Point, leaving ds: Point?, entering de: Point?, around boxes: [Rect?])
    -> [Point]
  {
    let plain = ConnectorGeometry.route(from: s, to: e, leaving: ds, entering: de, elbow: true)
    let frames = boxes.compactMap { $0 }
    guard !frames.isEmpty, !isClear(plain, of: frames) else { return plain }
    let gap = ConnectorGeometry.elbowClearance
    let s1 = ds.map { Point(s.x + $0.x * gap, s.y + $0.y * gap) } ?? s
    let e1 = de.map { Point(e.x + $0.x * gap, e.y + $0.y * gap) } ?? e
    var xs = [(s1.x + e1.x) / 2, s1.x, e1.x]
    var ys = [(s1.y + e1.y) / 2, s1.y, e1.y]
    if let left = frames.map(\.x).min(), let right = frames.map(\.maxX).max() { xs += [left - gap, right + gap] }
    if let top = frames.map(\.y).min(), let bottom = frames.map(\.maxY).max() { ys += [top - gap, bottom + gap] }
    var candidates: [[Point]] = [[s1, Point(e1.x, s1.y), e1], [s1, Point(s1.x, e1.y), e1]]
    for x in xs { candidates.append([s1, Point(x, s1.y), Point(x, e1.y), e1]) }
    for y in ys { candidates.append([s1, Point(s1.x, y), Point(e1.x, y), e1]) }
    // Out past one frame's edge and round: up (or down), across, and down to the end.
    for y in ys { for x in xs { candidates.append([s1, Point(s1.x, y), Point(x, y), Point(x, e1.y), e1]) } }
    for x in xs { for y in ys { candidates.append([s1, Point(x, s1.y), Point(x, y), Point(e1.x, y), e1]) } }
    var best: (cost: Double, points: [Point])? = nil
    for middle in candidates {
      let points = ConnectorGeometry.simplified([s] + middle + [e])
      guard !turnsBack(points), isClear(points, of: frames) else { continue }
      let cost = length(points) + bendCost * Double(points.count - 2)
      if cost < (best?.cost ?? .infinity) { best = (cost, points) }
    }
    return best?.points ?? plain
  }

  /// Whether no run passes through the inside of a frame (running along
  /// its edge, or starting on it, is clear).
  static func isClear(_ points: [Point], of frames: [Rect]) -> Bool {
    for index in 1..<max(points.count, 1) {
      let (a, b) = (points[index - 1], points[index])
      for frame in frames where crosses(a, b, frame) { return false }
    }
    return true
  }

  private static func crosses(_ a: Point, _ b: Point, _ frame: Rect) -> Bool {
    let inset = 0.5
    let (minX, maxX) = (min(a.x, b.x), max(a.x, b.x))
    let (minY, maxY) = (min(a.y, b.y), max(a.y, b.y))
    return maxX > frame.x + inset && minX < frame.maxX - inset && maxY > frame.y + inset
      && minY < frame.maxY - inset
  }

  /// Whether a run goes back the way the one before it came.
  private static func turnsBack(_ points: [Point]) -> Bool {
    guard points.count >= 3 else { return false }
    for index in 2..<points.count {
      let (a, b, c) = (points[index - 2], points[index - 1], points[index])
      if (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y) < 0 { return true }
    }
    return false
  }

  private static func length(_ points: [Point]) -> Double {
    var total = 0.0
    for index in 1..<points.count {
      total += abs(points[index].x - points[index - 1].x) + abs(points[index].y - points[index - 1].y)
    }
    return total
  }
}
