import PencilDiagnostics
import PencilGeometry
import PencilSema

/// The geometry of a `line` or an `arrow`: its route, its heads and its
/// label, as absolute outlines. Layout routes a connector with both ends
/// fixed before it places anything, as a group (`Layout.routed`); lowering
/// draws an anchored one once the elements it names are placed
/// (`Lowering.lowerConnector`), straight into items.
enum ConnectorGeometry {
  /// How far an elbow leaves a box's edge before it turns.
  static let elbowClearance = 16.0

  /// An arrowhead's length along the line for a stroke of `width`; its
  /// base is 0.8 of that wide. Thin lines get heads of at least 6 points.
  static func arrowheadLength(forLineWidth width: Double) -> Double { max(6, 4 * width) }

  /// The direction an elbow leaves an anchor in: out of the edge it is on
  /// (`bottom` leaves downwards); none for the centre, corners and points.
  static func exitDirection(_ unit: Point?) -> Point? {
    guard let unit else { return nil }
    let x: Double = unit.x == 0 ? -1 : unit.x == 1 ? 1 : 0
    let y: Double = unit.y == 0 ? -1 : unit.y == 1 ? 1 : 0
    return (x == 0) != (y == 0) ? Point(x, y) : nil
  }

  /// The points a connector passes through: straight, or an elbow of
  /// horizontal and vertical runs that leaves each anchored end straight
  /// out of its edge and turns halfway between the ends.
  static func route(from s: Point, to e: Point, leaving ds: Point?, entering de: Point?, elbow: Bool) -> [Point] {
    guard elbow else { return [s, e] }
    let gap = elbowClearance
    let s1 = ds.map { Point(s.x + $0.x * gap, s.y + $0.y * gap) } ?? s
    let e1 = de.map { Point(e.x + $0.x * gap, e.y + $0.y * gap) } ?? e
    // Which way the route starts and ends: along the anchors' edges'
    // normals, or, for free ends, along the longer distance.
    var startsAcross = ds.map { $0.x != 0 }
    var endsAcross = de.map { $0.x != 0 }
    if startsAcross == nil, endsAcross == nil {
      startsAcross = abs(e.x - s.x) >= abs(e.y - s.y)
      endsAcross = startsAcross
    }
    let horizontalStart = startsAcross ?? !(endsAcross ?? true)
    let horizontalEnd = endsAcross ?? !horizontalStart
    var points = [s, s1]
    switch (horizontalStart, horizontalEnd) {
    case (true, false): points.append(Point(e1.x, s1.y))
    case (false, true): points.append(Point(s1.x, e1.y))
    case (true, true):
      // Both ends leave the same way (trailing to trailing): around the
      // outermost. Turning back against the way out would run over the
      // first leg: then the route turns at the middle height instead.
      let backwards = (ds.map { (e1.x - s1.x) * $0.x < 0 } ?? false) || (de.map { (s1.x - e1.x) * $0.x < 0 } ?? false)
      if let ds, let de, ds == de {
        let x = ds.x > 0 ? max(s1.x, e1.x) : min(s1.x, e1.x)
        points += [Point(x, s1.y), Point(x, e1.y)]
      } else if backwards {
        let middle = (s1.y + e1.y) / 2
        points += [Point(s1.x, middle), Point(e1.x, middle)]
      } else {
        let middle = (s1.x + e1.x) / 2
        points += [Point(middle, s1.y), Point(middle, e1.y)]
      }
    case (false, false):
      let backwards = (ds.map { (e1.y - s1.y) * $0.y < 0 } ?? false) || (de.map { (s1.y - e1.y) * $0.y < 0 } ?? false)
      if let ds, let de, ds == de {
        let y = ds.y > 0 ? max(s1.y, e1.y) : min(s1.y, e1.y)
        points += [Point(s1.x, y), Point(e1.x, y)]
      } else if backwards {
        let middle = (s1.x + e1.x) / 2
        points += [Point(middle, s1.y), Point(middle, e1.y)]
      } else {
        let middle = (s1.y + e1.y) / 2
        points += [Point(s1.x, middle), Point(e1.x, middle)]
      }
    }
    points += [e1, e]
    return simplified(points)
  }

  /// Without repeated points and without points in the middle of a straight run.
  static func simplified(_ points: [Point]) -> [Point] {
    var result: [Point] = []
    for point in points {
      if let last = result.last, abs(last.x - point.x) < 1e-9, abs(last.y - point.y) < 1e-9 { continue }
      if result.count >= 2 {
        let a = result[result.count - 2]
        let b = result[result.count - 1]
        let cross = (b.x - a.x) * (point.y - b.y) - (b.y - a.y) * (point.x - b.x)
        let dot = (b.x - a.x) * (point.x - b.x) + (b.y - a.y) * (point.y - b.y)
        if abs(cross) < 1e-9, dot > 0 {
          result[result.count - 1] = point
          continue
        }
      }
      result.append(point)
    }
    return result
  }

  /// A connector's outlines in absolute coordinates and the box around
  /// them: what `group` wraps in element models for layout, and what
  /// lowering turns into items directly for a connector placed at its
  /// anchors (no models to build, lower and free for each arrow).
  struct Drawing {
    var box: Rect
    /// The route, stopping at the heads' bases.
    var line: [PathSegment]
    var endHead: [PathSegment]?
    var startHead: [PathSegment]?

    /// The outlines in drawing order (the line, then the end's head, then
    /// the start's), each with the fill and the stroke `style` gives it.
    func forEachOutline(style: ConnectorStyle, _ body: ([PathSegment], Fill, StrokeModel?) -> Void) {
      let lineFill = Fill(color: style.fill ?? Color(red: 0, green: 0, blue: 0, alpha: 0), gradient: style.gradient)
      body(line, lineFill, style.stroke)
      guard endHead != nil || startHead != nil else { return }
      let headPaint = style.stroke?.paint ?? Fill(color: .black, gradient: nil)
      if let endHead { body(endHead, headPaint, nil) }
      if let startHead { body(startHead, headPaint, nil) }
    }
  }

  /// The outlines of a connector through `points`; nil when it has no length.
  static func drawing(through points: [Point], style: ConnectorStyle) -> Drawing? {
    guard points.count >= 2 else { return nil }
    func direction(_ a: Point, _ b: Point) -> (Point, Double)? {
      let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
      return length > 0 ? (Point((b.x - a.x) / length, (b.y - a.y) / length), length) : nil
    }
    guard let (first, firstLength) = direction(points[0], points[1]),
      let (last, lastLength) = direction(points[points.count - 2], points[points.count - 1])
    else { return nil }
    let headLength = arrowheadLength(forLineWidth: style.stroke?.style.width ?? 1)
    // The line stops at the heads' bases, so a wide stroke does not poke
    // through their tips; a head takes at most half its leg.
    let startHead = min(headLength, firstLength / 2)
    let endHead = min(headLength, lastLength / 2)
    var line: [PathSegment] = []
    line.reserveCapacity(points.count)
    for index in points.indices {
      var point = points[index]
      if index == 0, style.headAtStart {
        point = Point(points[0].x + first.x * startHead, points[0].y + first.y * startHead)
      }
      if index == points.count - 1, style.headAtEnd {
        point = Point(point.x - last.x * endHead, point.y - last.y * endHead)
      }
      line.append(index == 0 ? .move(point) : .line(point))
    }
    func arrowhead(tip: Point, direction: Point, length: Double) -> [PathSegment] {
      let base = Point(tip.x - direction.x * length, tip.y - direction.y * length)
      let half = 0.4 * length
      let normal = Point(-direction.y, direction.x)
      return [
        .move(tip), .line(Point(base.x + normal.x * half, base.y + normal.y * half)),
        .line(Point(base.x - normal.x * half, base.y - normal.y * half)), .close,
      ]
    }
    let endOutline =
      style.headAtEnd ? arrowhead(tip: points[points.count - 1], direction: last, length: endHead) : nil
    let startOutline =
      style.headAtStart ? arrowhead(tip: points[0], direction: Point(-first.x, -first.y), length: startHead) : nil
    // The union in drawing order, as `Rect.union(of:)` takes it.
    var box: Rect? = nil
    func include(_ outline: [PathSegment]?) {
      guard let outline, let own = boundingBox(of: outline) else { return }
      box = box?.union(own) ?? own
    }
    include(line)
    include(endOutline)
    include(startOutline)
    guard let box else { return nil }
    return Drawing(box: box, line: line, endHead: endOutline, startHead: startOutline)
  }

  /// The group of outlines for a connector through `points`, placed in
  /// absolute coordinates; nil when it has no length.
  static func group(along path: RoutedPath, style: ConnectorStyle, range: SourceRange) -> ElementModel? {
    guard let drawing = drawing(for: path, style: style) else { return nil }
    let box = drawing.box
    var children: [ElementModel] = []
    drawing.forEachOutline(style: style) { segments, fill, stroke in
      let shape = ShapeElement(
        outline: .absolute(segments, origin: Point(box.x, box.y)), fill: fill, fillRule: .nonzero,
        opacity: style.opacity, stroke: stroke)
      children.append(ElementModel(content: .shape(shape), placement: Placement(), range: range))
    }
    if let label = style.label, !label.isEmpty {
      let text = labelText(label, along: labelPoints(path), box: box)
      children.append(ElementModel(content: .text(text), placement: Placement(origin: text.position), range: range))
    }
    let group = GroupElement(children: children, callSite: range, isPrelude: true)
    return ElementModel(
      content: .group(group), placement: Placement(origin: Point(box.x, box.y), size: Point(box.width, box.height)),
      range: range)
  }

  /// The label at the route's midpoint (by length), on the side above the
  /// run it falls on (or to the right of a vertical run), clear of the stroke.
  /// Its position is relative to `box`'s top-left, as a group's
  /// children's are.
  static func labelText(_ label: String, along points: [Point], box: Rect, outward: Point? = nil) -> TextElement {
    var total = 0.0
    for index in 1..<points.count { total += distance(points[index - 1], points[index]) }
    var remaining = total / 2
    var middle = Point((points[0].x + points[1].x) / 2, (points[0].y + points[1].y) / 2)
    var d = Point(1, 0)
    for index in 1..<points.count {
      let length = distance(points[index - 1], points[index])
      guard length > 0 else { continue }
      d = Point((points[index].x - points[index - 1].x) / length, (points[index].y - points[index - 1].y) / length)
      if remaining <= length || index == points.count - 1 {
        // A straight line's exact middle; elsewhere the point halfway along.
        if points.count > 2 {
          let t = min(remaining, length)
          middle = Point(points[index - 1].x + d.x * t, points[index - 1].y + d.y * t)
        }
        break
      }
      remaining -= length
    }
    let size = 13.0
    let local = Point(middle.x - box.x, middle.y - box.y)
    var side = Point(d.y, -d.x)
    if side.y > 0 || (side.y == 0 && side.x < 0) { side = Point(-side.x, -side.y) }
    // A curve's label stands on the outside of its bend, a loop's on the
    // side it loops out of.
    if let outward {
      let vertical = abs(outward.x) > abs(outward.y)
      side = vertical ? Point(outward.x < 0 ? -1 : 1, 0) : Point(0, outward.y < 0 ? -1 : 1)
    }
    let vertical = abs(side.x) > abs(side.y)
    var gap = 0.35 * size
    // Beside a sloping curve the label's near corner would touch it: it
    // stands off by the rise of the run under half its width (or the run
    // across half its height), at most a line's height more.
    if outward != nil {
      let slope = vertical ? abs(d.x) / max(abs(d.y), 1e-9) : abs(d.y) / max(abs(d.x), 1e-9)
      let half = vertical ? 0.5 * size : TextMetrics.width(of: label, size: size) / 2
      gap += min(half * slope, 1.2 * size)
    }
    // Text hangs above its baseline: below the run, the baseline goes a
    // line's ascent lower.
    let anchor =
      vertical
      ? Point(local.x + side.x * gap, local.y + 0.35 * size)
      : Point(local.x, local.y + side.y * gap + (side.y > 0 ? 0.75 * size : 0))
    let alignment: TextAlignment = vertical ? (side.x < 0 ? .trailing : .leading) : .center
    return TextElement(
      text: label, position: anchor, fontSize: size, bold: false, alignment: alignment,
      color: .black, usesDefaultColor: true)
  }

  private static func distance(_ a: Point, _ b: Point) -> Double {
    ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
  }
}
