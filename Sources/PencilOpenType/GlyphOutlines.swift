import PencilGeometry

/// TrueType outlines (`glyf` and `loca`): a glyph's contours of on-curve
/// and off-curve points, quadratic B-splines whose implied on-curve points
/// lie midway between two off-curve ones; composite glyphs place other
/// glyphs moved, scaled or turned (at most `maximumDepth` deep).
extension OpenTypeFont {
  /// Components inside components: the spec's limit in practice (fonts
  /// state theirs in `maxp`; FreeType allows as deep as the stack goes).
  static let maximumDepth = 8
  /// Points in one glyph, after its components are placed, and the
  /// components placed in all (components of components count each time:
  /// without a bound, a glyph of many components, each of many, eight deep,
  /// would cost their product).
  static let maximumPoints = 65_536
  static let maximumComponents = 4096

  /// A point of an outline, in font units.
  struct OutlinePoint {
    var x: Double
    var y: Double
    var onCurve: Bool
  }

  /// A glyph's outline in font units, y up, TrueType or CFF; empty for a
  /// glyph with none (a space). Throws for a malformed glyph, and for a
  /// font whose outlines are only in `CFF2` (variable CFF, not read).
  public func outline(of glyph: UInt16) throws(FontError) -> [PathSegment] {
    if let cff {
      guard Int(glyph) < cff.charStrings.count else { throw FontError(table: "CFF ", message: "no glyph \(glyph)") }
      return try Type2Charstring.outline(
        try cff.charStrings.item(Int(glyph)), global: cff.globalSubrs, local: try cff.localSubrs(for: Int(glyph)))
    }
    guard !directory.hasCFF else {
      throw FontError(table: "CFF2", message: "CFF2 outlines are not read")
    }
    let (points, ends) = try trueTypePoints(of: glyph)
    return OpenTypeFont.segments(points, ends: ends)
  }

  /// A glyph's points as the font has them (components placed): each
  /// contour's last point's index, and every point, on-curve or not.
  public func contours(of glyph: UInt16) throws(FontError) -> (
    points: [(x: Double, y: Double, onCurve: Bool)], ends: [Int]
  ) {
    guard !directory.hasCFF else {
      throw FontError(table: "CFF ", message: "a CFF font's outlines are curves, not TrueType points")
    }
    let (points, ends) = try trueTypePoints(of: glyph)
    return (points.map { ($0.x, $0.y, $0.onCurve) }, ends)
  }

  /// A TrueType glyph's points with its components placed, and its contours' ends.
  private func trueTypePoints(of glyph: UInt16) throws(FontError) -> ([OutlinePoint], [Int]) {
    var points: [OutlinePoint] = []
    var ends: [Int] = []
    var components = 0
    try collect(glyph, into: &points, ends: &ends, depth: 0, components: &components)
    return (points, ends)
  }

  /// The glyph's data in `glyf`; nil for an empty glyph.
  private func data(of glyph: UInt16) throws(FontError) -> FontReader? {
    guard Int(glyph) < glyphCount else { throw FontError(table: "glyf", message: "no glyph \(glyph)") }
    let loca = try directory.required("loca", in: file)
    let glyf = try directory.required("glyf", in: file)
    let index = Int(glyph)
    let (start, end) =
      longOffsets
      ? (Int(try loca.u32(4 * index)), Int(try loca.u32(4 * index + 4)))
      : (2 * Int(try loca.u16(2 * index)), 2 * Int(try loca.u16(2 * index + 2)))
    guard end > start else { return nil }
    return try glyf.window(start, end - start)
  }

  private func collect(
    _ glyph: UInt16, into points: inout [OutlinePoint], ends: inout [Int], depth: Int, components: inout Int
  ) throws(FontError) {
    guard depth <= OpenTypeFont.maximumDepth else {
      throw FontError(table: "glyf", message: "components more than \(OpenTypeFont.maximumDepth) deep")
    }
    guard let data = try data(of: glyph) else { return }
    let contours = Int(try data.i16(0))
    if contours >= 0 {
      try simple(data, contours: contours, into: &points, ends: &ends)
    } else {
      try composite(data, into: &points, ends: &ends, depth: depth, components: &components)
    }
    guard points.count <= OpenTypeFont.maximumPoints else {
      throw FontError(table: "glyf", message: "glyph \(glyph) has more than \(OpenTypeFont.maximumPoints) points")
    }
  }

  private func simple(
    _ data: FontReader, contours: Int, into points: inout [OutlinePoint], ends: inout [Int]
  ) throws(FontError) {
    let first = points.count
    var last = -1
    for contour in 0..<contours {
      let end = Int(try data.u16(10 + 2 * contour))
      guard end > last else { throw data.error("contour ends out of order") }
      last = end
      ends.append(first + end)
    }
    let count = last + 1
    guard count <= OpenTypeFont.maximumPoints else { throw data.error("\(count) points") }
    let instructions = Int(try data.u16(10 + 2 * contours))
    var offset = 12 + 2 * contours + instructions
    var flags: [UInt8] = []
    flags.reserveCapacity(count)
    while flags.count < count {
      let flag = try data.u8(offset)
      offset += 1
      flags.append(flag)
      if flag & 0x08 != 0 {
        let repeats = Int(try data.u8(offset))
        offset += 1
        for _ in 0..<min(repeats, count - flags.count) { flags.append(flag) }
      }
    }
    var xs = [Double](repeating: 0, count: count)
    var value = 0
    for index in 0..<count {
      let flag = flags[index]
      if flag & 0x02 != 0 {
        let delta = Int(try data.u8(offset))
        offset += 1
        value += flag & 0x10 != 0 ? delta : -delta
      } else if flag & 0x10 == 0 {
        value += Int(try data.i16(offset))
        offset += 2
      }
      xs[index] = Double(value)
    }
    value = 0
    for index in 0..<count {
      let flag = flags[index]
      if flag & 0x04 != 0 {
        let delta = Int(try data.u8(offset))
        offset += 1
        value += flag & 0x20 != 0 ? delta : -delta
      } else if flag & 0x20 == 0 {
        value += Int(try data.i16(offset))
        offset += 2
      }
      points.append(OutlinePoint(x: xs[index], y: Double(value), onCurve: flag & 0x01 != 0))
    }
  }

  private func composite(
    _ data: FontReader, into points: inout [OutlinePoint], ends: inout [Int], depth: Int, components: inout Int
  ) throws(FontError) {
    var offset = 10
    var more = true
    // Point matching counts points from this composite's first.
    let first = points.count
    while more {
      components += 1
      guard components <= OpenTypeFont.maximumComponents else {
        throw data.error("more than \(OpenTypeFont.maximumComponents) components in one glyph")
      }
      let flags = try data.u16(offset)
      let component = try data.u16(offset + 2)
      offset += 4
      var (a, b): (Int, Int)
      if flags & 0x0001 != 0 {
        (a, b) =
          flags & 0x0002 != 0
          ? (Int(try data.i16(offset)), Int(try data.i16(offset + 2)))
          : (Int(try data.u16(offset)), Int(try data.u16(offset + 2)))
        offset += 4
      } else {
        (a, b) =
          flags & 0x0002 != 0
          ? (Int(try data.i8(offset)), Int(try data.i8(offset + 1)))
          : (Int(try data.u8(offset)), Int(try data.u8(offset + 1)))
        offset += 2
      }
      // The 2x2 matrix (xx, yx; xy, yy): a scale, x and y scales, or all four.
      var (xx, yx, xy, yy) = (1.0, 0.0, 0.0, 1.0)
      if flags & 0x0008 != 0 {
        xx = try data.f2dot14(offset)
        yy = xx
        offset += 2
      } else if flags & 0x0040 != 0 {
        (xx, yy) = (try data.f2dot14(offset), try data.f2dot14(offset + 2))
        offset += 4
      } else if flags & 0x0080 != 0 {
        (xx, yx, xy, yy) = (
          try data.f2dot14(offset), try data.f2dot14(offset + 2), try data.f2dot14(offset + 4),
          try data.f2dot14(offset + 6)
        )
        offset += 8
      }
      let base = points.count
      try collect(component, into: &points, ends: &ends, depth: depth + 1, components: &components)
      for index in base..<points.count {
        let p = points[index]
        points[index].x = xx * p.x + xy * p.y
        points[index].y = yx * p.x + yy * p.y
      }
      var (dx, dy): (Double, Double)
      if flags & 0x0002 != 0 {
        (dx, dy) = (Double(a), Double(b))
        // SCALED_COMPONENT_OFFSET: the offset is in the component's space.
        if flags & 0x0800 != 0, flags & 0x1000 == 0 { (dx, dy) = (xx * dx + xy * dy, yx * dx + yy * dy) }
      } else {
        // Point matching: the component's point b lands on point a of
        // what came before it.
        guard first + a < base, base + b < points.count else {
          throw data.error("a component matches point \(a) to \(b)")
        }
        (dx, dy) = (points[first + a].x - points[base + b].x, points[first + a].y - points[base + b].y)
      }
      for index in base..<points.count {
        points[index].x += dx
        points[index].y += dy
      }
      more = flags & 0x0020 != 0
    }
  }

  /// Contours of points as path segments: lines between on-curve points,
  /// a quadratic (as the cubic equal to it) through each off-curve one,
  /// an on-curve point implied midway between two off-curve ones.
  static func segments(_ points: [OutlinePoint], ends: [Int]) -> [PathSegment] {
    var segments: [PathSegment] = []
    var start = 0
    for end in ends {
      defer { start = end + 1 }
      guard end >= start, end < points.count else { continue }
      let contour = points[start...end]
      func mid(_ a: OutlinePoint, _ b: OutlinePoint) -> Point { Point((a.x + b.x) / 2, (a.y + b.y) / 2) }
      // Begin at an on-curve point, or midway between the last and first off-curve ones.
      let firstOn = contour.firstIndex { $0.onCurve }
      let origin = firstOn.map { Point(points[$0].x, points[$0].y) } ?? mid(points[end], points[start])
      segments.append(.move(origin))
      var current = origin
      var control: Point?
      let order = firstOn.map { Array(($0 + 1)..<(end + 1)) + Array(start..<$0) } ?? Array(start...end)
      func quad(_ c: Point, _ p: Point) {
        segments.append(
          .cubic(
            control1: Point(current.x + 2 * (c.x - current.x) / 3, current.y + 2 * (c.y - current.y) / 3),
            control2: Point(p.x + 2 * (c.x - p.x) / 3, p.y + 2 * (c.y - p.y) / 3), to: p))
        current = p
      }
      for index in order {
        let point = points[index]
        let p = Point(point.x, point.y)
        if point.onCurve {
          if let c = control {
            quad(c, p)
          } else if p != current {
            segments.append(.line(p))
            current = p
          }
          control = nil
        } else {
          if let c = control { quad(c, Point((c.x + p.x) / 2, (c.y + p.y) / 2)) }
          control = p
        }
      }
      if let c = control { quad(c, origin) } else if current != origin { segments.append(.line(origin)) }
      segments.append(.close)
    }
    return segments
  }
}
