import PencilSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Dashes, and the outline of one polyline's stroke.
extension Stroker {
  /// Splits the polylines into the "on" runs of the pattern, starting
  /// `phase` into it for each subpath (as SVG does).
  static func dashed(_ lines: [Polyline], pattern: [Double], phase: Double) -> [Polyline] {
    let total = pattern.reduce(0, +)
    guard total > 0 else { return lines }
    var result: [Polyline] = []
    for line in lines {
      var points = line.points
      if line.closed, let first = points.first { points.append(first) }
      guard points.count > 1 else { continue }
      // Where in the pattern the subpath starts.
      var offset = phase.truncatingRemainder(dividingBy: total)
      if offset < 0 { offset += total }
      var index = 0
      while offset >= pattern[index] {
        offset -= pattern[index]
        index = (index + 1) % pattern.count
      }
      var remaining = pattern[index] - offset
      var on = index % 2 == 0
      var run: [Point] = on ? [points[0]] : []
      for k in 1..<points.count {
        var a = points[k - 1]
        let b = points[k]
        var length = distance(a, b)
        while length > remaining {
          let t = remaining / length
          let cut = Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
          if on {
            run.append(cut)
            result.append(Polyline(points: run, closed: false))
            run = []
          } else {
            run = [cut]
          }
          on.toggle()
          index = (index + 1) % pattern.count
          length -= remaining
          a = cut
          remaining = pattern[index]
        }
        remaining -= length
        if on { run.append(b) }
      }
      if on, !run.isEmpty { result.append(Polyline(points: run, closed: false)) }
    }
    return result
  }

  /// Appends the outline of one subpath's stroke.
  static func append(
    _ points: [Point], closed: Bool, halfWidth h: Double, style: StrokeStyle, tolerance: Double,
    to out: inout [PathSegment]
  ) {
    guard let first = points.first else { return }
    if points.count == 1 {
      // A zero-length subpath: a dot for round and square caps (SVG).
      switch style.cap {
      case .butt: return
      case .round: ring(arc(first, from: 0, sweep: 2 * Double.pi, radius: h, tolerance: tolerance), to: &out)
      case .square:
        ring(
          [
            Point(first.x - h, first.y - h), Point(first.x + h, first.y - h), Point(first.x + h, first.y + h),
            Point(first.x - h, first.y + h),
          ], to: &out)
      }
      return
    }
    let count = points.count
    let segmentCount = closed ? count : count - 1
    var directions: [Point] = []
    directions.reserveCapacity(segmentCount)
    for k in 0..<segmentCount {
      let a = points[k]
      let b = points[(k + 1) % count]
      let length = distance(a, b)
      directions.append(Point((b.x - a.x) / length, (b.y - a.y) / length))
    }
    var left: [Point] = []
    var right: [Point] = []
    for k in 0..<count {
      let p = points[k]
      let hasIn = closed || k > 0
      let hasOut = closed || k < count - 1
      let incoming = hasIn ? directions[(k - 1 + segmentCount) % segmentCount] : nil
      let outgoing = hasOut ? directions[k % segmentCount] : nil
      guard let d0 = incoming ?? outgoing, let d1 = outgoing ?? incoming else { continue }
      if incoming == nil || outgoing == nil {
        left.append(offset(p, d0, h))
        right.append(offset(p, d0, -h))
        continue
      }
      join(at: p, d0, d1, h, style, tolerance, left: &left, right: &right)
    }
    if closed {
      ring(left, to: &out)
      ring(right.reversed(), to: &out)
      return
    }
    var polygon = left
    cap(at: points[count - 1], direction: directions[segmentCount - 1], h, style, tolerance, into: &polygon, end: true)
    polygon.append(contentsOf: right.reversed())
    cap(at: points[0], direction: directions[0], h, style, tolerance, into: &polygon, end: false)
    ring(polygon, to: &out)
  }

  /// The left (+) or right (−) offset of `p` from a direction.
  private static func offset(_ p: Point, _ d: Point, _ h: Double) -> Point {
    Point(p.x - d.y * h, p.y + d.x * h)
  }

  /// A vertex where the direction turns from `d0` to `d1`: the outer side
  /// gets the join, the inner side runs through the vertex.
  private static func join(
    at p: Point, _ d0: Point, _ d1: Point, _ h: Double, _ style: StrokeStyle, _ tolerance: Double,
    left: inout [Point], right: inout [Point]
  ) {
    let cross = d0.x * d1.y - d0.y * d1.x
    let dot = d0.x * d1.x + d0.y * d1.y
    if abs(cross) < 1e-12, dot > 0 {
      left.append(offset(p, d0, h))
      right.append(offset(p, d0, -h))
      return
    }
    // The offset normal is (−d.y, d.x): a positive cross turns towards it,
    // so the left side is the inner one.
    let outerSign: Double = cross > 0 ? -1 : 1
    var outer: [Point] = [offset(p, d0, outerSign * h)]
    let outerEnd = offset(p, d1, outerSign * h)
    switch style.join {
    case .bevel:
      break
    case .miter:
      // The miter's length over the width is 1 / sin(θ/2), θ the angle
      // between the segments; past the limit SVG bevels.
      let cosTheta = -dot
      let sinHalf = ((1 - cosTheta) / 2).squareRoot()
      if sinHalf > 1e-12, 1 / sinHalf <= style.miterLimit {
        let n0 = Point(-d0.y * outerSign, d0.x * outerSign)
        let n1 = Point(-d1.y * outerSign, d1.x * outerSign)
        let scale = h / (1 + n0.x * n1.x + n0.y * n1.y)
        outer.append(Point(p.x + (n0.x + n1.x) * scale, p.y + (n0.y + n1.y) * scale))
      }
    case .round:
      let start = atan2(outer[0].y - p.y, outer[0].x - p.x)
      // Around the outside: the short way between the two offsets.
      var sweep = atan2(outerEnd.y - p.y, outerEnd.x - p.x) - start
      while sweep > Double.pi { sweep -= 2 * Double.pi }
      while sweep <= -Double.pi { sweep += 2 * Double.pi }
      let arcPoints = arc(p, from: start, sweep: sweep, radius: h, tolerance: tolerance)
      outer.append(contentsOf: arcPoints.dropFirst().dropLast())
    }
    outer.append(outerEnd)
    let inner = [offset(p, d0, -outerSign * h), p, offset(p, d1, -outerSign * h)]
    if outerSign > 0 {
      left.append(contentsOf: outer)
      right.append(contentsOf: inner)
    } else {
      left.append(contentsOf: inner)
      right.append(contentsOf: outer)
    }
  }

  /// The cap from the last left point to the last right point (at the
  /// end), or from the first right point to the first left one (start).
  private static func cap(
    at p: Point, direction d: Point, _ h: Double, _ style: StrokeStyle, _ tolerance: Double,
    into polygon: inout [Point], end: Bool
  ) {
    let outward = end ? d : Point(-d.x, -d.y)
    let (a, b) = end ? (offset(p, d, h), offset(p, d, -h)) : (offset(p, d, -h), offset(p, d, h))
    switch style.cap {
    case .butt:
      break
    case .square:
      polygon.append(Point(a.x + outward.x * h, a.y + outward.y * h))
      polygon.append(Point(b.x + outward.x * h, b.y + outward.y * h))
    case .round:
      // The half circle whose middle points outward.
      let start = atan2(a.y - p.y, a.x - p.x)
      let middle = start + Double.pi / 2
      let sweep = cos(middle) * outward.x + sin(middle) * outward.y > 0 ? Double.pi : -Double.pi
      let arcPoints = arc(p, from: start, sweep: sweep, radius: h, tolerance: tolerance)
      polygon.append(contentsOf: arcPoints.dropFirst().dropLast())
    }
  }

  /// Points on a circular arc, the first and last included, no further
  /// from the circle than `tolerance`.
  static func arc(_ centre: Point, from start: Double, sweep: Double, radius: Double, tolerance: Double) -> [Point] {
    let step = 2 * acos(max(-1, min(1, 1 - tolerance / max(radius, 1e-12))))
    let count = clampedInt((abs(sweep) / max(step, 1e-3)).rounded(.up), 2, 1_000)
    return (0...count).map { index in
      let angle = start + sweep * Double(index) / Double(count)
      return Point(centre.x + radius * cos(angle), centre.y + radius * sin(angle))
    }
  }

  static func ring(_ points: [Point], to out: inout [PathSegment]) {
    guard let first = points.first else { return }
    out.append(.move(first))
    for point in points.dropFirst() { out.append(.line(point)) }
    out.append(.close)
  }
}
