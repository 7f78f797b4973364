/// `line from P to Q`, `arrow from P to Q` and `path { … }`: outlines in
/// absolute coordinates, stroked (black, 1 point, unless told otherwise)
/// and not filled unless `fill=` is given. A line or an arrow is a group of
/// its line, its arrowheads (filled with the stroke's paint) and its label.
extension Checker {
  /// An arrowhead's length along the line for a stroke of `width`; its
  /// base is 0.8 of that wide. Thin lines get heads of at least 6 points.
  static func arrowheadLength(forLineWidth width: Double) -> Double { max(6, 4 * width) }

  mutating func checkConnector(_ statement: ElementStatement, in context: ElementContext) -> ElementModel? {
    let kind = statement.kind.name
    rejectLabelAndChildren(statement)
    let values = checkAttributes(statement.attributes, ElementKinds.connector, of: kind)
    guard case .point(let from)? = values[.from], case .point(let to)? = values[.to] else {
      if !statement.recovered, values[.from] == nil || values[.to] == nil,
        !statement.attributes.contains(where: { $0.name.key == .from || $0.name.key == .to })
      {
        diagnostics.append(
          Diagnostic(
            SemaCodes.missingClause, statement.kind.range, "'\(kind)' needs its ends: '\(kind) from X,Y to X,Y'"
          )
          .withFix(
            "add the ends", replacing: SourceRange(statement.kind.range.end, statement.kind.range.end),
            with: " from 0,0 to 100,0"))
      }
      return nil
    }
    let stroke = Checker.stroke(values, default: .black)
    let heads = values.keyword(.arrowheads) ?? (statement.kind.key == .arrow ? "end" : "none")
    let length = ((to.x - from.x) * (to.x - from.x) + (to.y - from.y) * (to.y - from.y)).squareRoot()
    guard length > 0 else { return nil }
    let d = Point((to.x - from.x) / length, (to.y - from.y) / length)
    let head = min(Checker.arrowheadLength(forLineWidth: stroke?.style.width ?? 1), length / 2)
    let atStart = heads == "start" || heads == "both"
    let atEnd = heads == "end" || heads == "both"
    // The line stops at the heads' bases, so a wide stroke does not poke
    // through their tips.
    let start = atStart ? Point(from.x + d.x * head, from.y + d.y * head) : from
    let end = atEnd ? Point(to.x - d.x * head, to.y - d.y * head) : to
    var outlines: [(segments: [PathSegment], filled: Bool)] = [([.move(start), .line(end)], false)]
    func arrowhead(tip: Point, direction: Point) -> [PathSegment] {
      let base = Point(tip.x - direction.x * head, tip.y - direction.y * head)
      let half = 0.4 * head
      let normal = Point(-direction.y, direction.x)
      return [
        .move(tip), .line(Point(base.x + normal.x * half, base.y + normal.y * half)),
        .line(Point(base.x - normal.x * half, base.y - normal.y * half)), .close,
      ]
    }
    if atEnd { outlines.append((arrowhead(tip: to, direction: d), true)) }
    if atStart { outlines.append((arrowhead(tip: from, direction: Point(-d.x, -d.y)), true)) }
    guard let box = Rect.union(of: outlines.compactMap { boundingBox(of: $0.segments) }) else { return nil }
    let fill = values.color(.fill)
    var children = outlines.map { outline -> ElementModel in
      let headPaint = stroke?.paint ?? Fill(color: .black, gradient: nil)
      let shape = ShapeElement(
        outline: .absolute(outline.segments, origin: Point(box.x, box.y)),
        fill: outline.filled
          ? headPaint : Fill(color: fill ?? Color(red: 0, green: 0, blue: 0, alpha: 0), gradient: nil),
        fillRule: .nonzero,
        opacity: values.number(.opacity) ?? 1, stroke: outline.filled ? nil : stroke)
      return ElementModel(content: .shape(shape), placement: Placement(), range: statement.range)
    }
    if case .string(let label)? = values[.label], !label.isEmpty {
      children.append(connectorLabel(label, from: from, to: to, direction: d, box: box, statement))
    }
    guard spendElements(1, at: statement.range) else { return nil }
    let group = GroupElement(children: children, callSite: statement.range, isPrelude: true)
    return ElementModel(
      content: .group(group), placement: Placement(origin: Point(box.x, box.y), size: Point(box.width, box.height)),
      range: statement.range)
  }

  /// The label at the line's midpoint, on the side above it (or to the
  /// right of a vertical line), clear of the stroke.
  private func connectorLabel(
    _ label: String, from: Point, to: Point, direction d: Point, box: Rect, _ statement: ElementStatement
  ) -> ElementModel {
    let size = 13.0
    let middle = Point((from.x + to.x) / 2 - box.x, (from.y + to.y) / 2 - box.y)
    var side = Point(d.y, -d.x)
    if side.y > 0 || (side.y == 0 && side.x < 0) { side = Point(-side.x, -side.y) }
    let vertical = abs(side.x) > abs(side.y)
    let gap = 0.35 * size
    let anchor =
      vertical
      ? Point(middle.x + gap, middle.y + 0.35 * size) : Point(middle.x, middle.y + side.y * gap)
    var text = TextElement(
      text: label, position: anchor, fontSize: size, bold: false, alignment: vertical ? .leading : .center,
      color: .black, usesDefaultColor: true)
    text.opacity = 1
    return ElementModel(content: .text(text), placement: Placement(origin: anchor), range: statement.range)
  }

  /// `path { move …; line …; curve …; close }` in absolute coordinates.
  mutating func checkPath(_ statement: ElementStatement) -> ElementModel? {
    let values = checkAttributes(statement.attributes, ElementKinds.path, of: "path")
    if let label = statement.label {
      diagnostics.append(
        Diagnostic(SemaCodes.unknownAttribute, label.range, "'path' takes no string; only text does")
          .withFix("remove the string", replacing: removalRange(label.range), with: ""))
    }
    var builder = PathBuilder()
    inScope { checker in checker.runPath(statement.children ?? [], into: &builder, use: statement.range) }
    guard !builder.segments.isEmpty, let box = boundingBox(of: builder.segments) else { return nil }
    let fill = values.color(.fill)
    let shape = ShapeElement(
      outline: .absolute(builder.segments, origin: Point(box.x, box.y)),
      fill: Fill(color: fill ?? Color(red: 0, green: 0, blue: 0, alpha: 0), gradient: values.gradient(.gradient)),
      fillRule: FillRule(rawValue: values.keyword(.fillRule) ?? "nonzero") ?? .nonzero,
      opacity: values.number(.opacity) ?? 1, stroke: Checker.stroke(values, default: fill == nil ? .black : nil))
    guard spendElements(1, at: statement.range) else { return nil }
    return ElementModel(
      content: .shape(shape), placement: Placement(origin: Point(box.x, box.y), size: Point(box.width, box.height)),
      range: statement.range)
  }
}
