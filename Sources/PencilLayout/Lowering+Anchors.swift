import PencilDiagnostics
import PencilGeometry
import PencilIR
import PencilSema

/// Named elements and anchors after layout: each named element's frame is
/// recorded as it is placed, and an element that reads an anchor (a
/// connector's end, `at NAME.ANCHOR`) is built once that frame is known.
/// One that names an element placed later waits for the end of its scope
/// (the file, or the use of a component) and is then put back where it
/// stood in paint order.
extension Lowering {
  /// An element waiting for the frames of the elements it names.
  struct PendingElement {
    /// Where its items go in `items`, and its place among the waiting
    /// (elements waiting at one position keep their source order).
    var position: Int
    var order: Int
    /// When it began to wait: blocks at one position and order (an element
    /// and what it left waiting) go in this order whatever order their
    /// names were placed in.
    var sequence: Int
    var element: ElementModel
    var frame: Rect
    var origin: Origin
    /// The scope of names it waits in: its use's, or for an element of a
    /// use's content, the caller's (see Lowering+Content).
    var scope: Int
    /// The transforms and clips of the elements around it inside its
    /// scope (those outside are applied when the scope's element is).
    var effects: EffectScope
  }

  /// A named element's frame in one scope (the file, or one use of a
  /// component): uses that share their models do not share frames.
  struct FrameKey: Hashable {
    let name: ObjectIdentifier
    let scope: Int
  }

  /// The frame of a named element of the current scope, once placed.
  func frame(of name: ElementName) -> Rect? { frames[FrameKey(name: ObjectIdentifier(name), scope: scope)] }

  func point(_ anchor: ElementAnchor) -> Point? {
    guard let frame = frame(of: anchor.element) else { return nil }
    var point = frame.point(atUnit: anchor.unit)
    if let own = anchor.sectorAnchor,
      let sector = sectors[FrameKey(name: ObjectIdentifier(anchor.element), scope: scope)]
    {
      let (center, radius) = ShapeOutline.circle(in: frame)
      point = sector.point(own, center: center, radius: radius)
    }
    return Point(point.x + anchor.offset.x, point.y + anchor.offset.y)
  }

  /// Whether every anchor the element reads is placed.
  func anchorsPlaced(_ element: ElementModel) -> Bool { firstUnplacedName(element) == nil }

  /// Records a named element's frame: text's is its measured box.
  mutating func recordFrame(_ name: ElementName, _ element: ElementModel, _ frame: Rect, itemsFrom first: Int) {
    var frame = frame
    if case .text = element.content, first < items.count, case .text(let text) = items[items.count - 1] {
      frame = text.bounds
    }
    let key = FrameKey(name: ObjectIdentifier(name), scope: scope)
    frames[key] = frame
    switch element.content {
    case .shape(let shape):
      outlines[key] = NamedOutline(shape: shape.outline)
      if case .sector(let sector) = shape.outline { sectors[key] = sector }
    case .stack(let stack):
      // A labelled shape: the shape, then its label.
      if stack.labelFit != nil, case .shape(let shape)? = stack.children.first?.content {
        outlines[key] = NamedOutline(shape: shape.outline)
      }
      if case .sector(let sector)? = stack.labelFit { sectors[key] = sector }
    default: break
    }
    // While waiting elements are built, what they place may wake others.
    if resolving > 0 { placedNames.append(key) }
  }

  /// Makes an element wait for the anchors it reads.
  mutating func wait(_ element: ElementModel, in frame: Rect, _ origin: Origin) {
    pending.append(
      PendingElement(
        position: items.count, order: pendingCount, sequence: pendingCount, element: element, frame: frame,
        origin: origin, scope: scope,
        effects: Array(effectScope[min(scopeEffects, effectScope.count)...])))
    pendingCount += 1
  }

  func isConnector(_ element: ElementModel) -> Bool {
    if case .connector = element.content { return true }
    return false
  }

  /// A connector's ends: a fixed end is relative to the frame its scope
  /// gives it, an anchor is where layout put it, with the way out of its
  /// edge, the element's frame and, for an element's name alone, its
  /// outline; nil while one is not placed.
  /// `range` is the connector's, for E0244 when its outline ends cross
  /// layout's budget.
  mutating func ends(of connector: ConnectorElement, in frame: Rect, range: SourceRange) -> (
    start: ConnectorEnd, end: ConnectorEnd, via: [Point]
  )? {
    func resolve(_ end: PointRef) -> ConnectorEnd? {
      switch end {
      case .fixed(let point): return ConnectorEnd(point: Point(frame.x + point.x, frame.y + point.y))
      case .anchor(let anchor):
        guard let at = point(anchor), let box = self.frame(of: anchor.element) else { return nil }
        var end = ConnectorEnd(point: at, direction: ConnectorGeometry.exitDirection(anchor.unit), box: box)
        if anchor.isOutline { end.direction = nil }
        return end
      }
    }
    guard var start = resolve(connector.from), var end = resolve(connector.to) else { return nil }
    var via: [Point] = []
    for point in connector.via {
      guard let resolved = resolve(point) else { return nil }
      via.append(resolved.point)
    }
    // Outlines only once every point is placed: a connector that waits is
    // not charged for them twice.
    if case .anchor(let anchor) = connector.from, anchor.isOutline, let box = start.box {
      start.outline = outlineHit(anchor.element, box: box, from: start.point, range: range)
    }
    if case .anchor(let anchor) = connector.to, anchor.isOutline, let box = end.box {
      end.outline = outlineHit(anchor.element, box: box, from: end.point, range: range)
    }
    return (start, end, via)
  }

  /// The outline of the element named `name`, flattened and binned once
  /// for rays from `origin` (its centre), and charged to layout's budget
  /// for the edges the connector's rays may test (at most two rays an
  /// end): so 10,000 arrows to a shape of 10,000 curves flatten it once,
  /// and a shape whose edges every ray must test is bounded by E0244.
  /// nil, for an end at the centre, once the budget is spent.
  mutating func outlineHit(_ name: ElementName, box: Rect, from origin: Point, range: SourceRange) -> OutlineHit? {
    guard !layout.exhausted else { return nil }
    let key = FrameKey(name: ObjectIdentifier(name), scope: scope)
    let known = outlines[key] ?? NamedOutline(shape: .rect)
    let hit: OutlineHit
    if let built = known.hit, built.origin == origin {
      hit = built
    } else {
      hit = OutlineHit(known.shape.segments(in: box), from: origin)
      outlines[key] = NamedOutline(shape: known.shape, hit: hit)
    }
    layout.charge(outlineEdges: 2 * hit.work)
    if layout.exhausted, tooCostly.connector == nil { tooCostly.connector = range }
    return hit
  }

  /// E0244 at `range`: what crossed the budget, size computations or the
  /// outline edges connectors test.
  mutating func reportLayoutTooCostly(at range: SourceRange) {
    tooCostly.reported = true
    // Named by what spent most of the budget.
    let message =
      layout.outlineEdges * 2 > layout.answers
      ? "layout's budget of \(layout.budget) steps is spent, most of it on the outline edges the connectors ending on shapes here test; end them at anchors (a.top), or give the shapes fewer curves"
      : "laying out this element takes more than \(layout.budget) size computations; nest fewer stacks around many children, or give them sizes"
    diagnostics.append(Diagnostic(LayoutCodes.layoutTooCostly, range, message))
  }

  /// A connector's items, its ends resolved. Returns the box it was drawn in.
  @discardableResult
  mutating func lowerConnector(_ connector: ConnectorElement, in frame: Rect, range: SourceRange, _ origin: Origin)
    -> Rect?
  {
    guard let ends = ends(of: connector, in: frame, range: range) else { return nil }
    let path = Layout.route(connector, from: ends.start, to: ends.end, via: ends.via)
    return drawConnector(connector, along: path, range: range, origin)
  }

  /// The items that lowering `ConnectorGeometry.group`'s group gives,
  /// without making its models (a prelude group: its parts fill its box and
  /// take the connector's range, and the label is placed in the box).
  /// Returns the box; nil for a connector of no length.
  @discardableResult
  mutating func drawConnector(
    _ connector: ConnectorElement, along path: RoutedPath, range: SourceRange, _ origin: Origin
  )
    -> Rect?
  {
    guard let drawing = ConnectorGeometry.drawing(for: path, style: connector.style) else { return nil }
    let box = drawing.box
    var inner = origin
    if inner.source == nil { inner.source = range }
    let opacity = connector.style.opacity
    drawing.forEachOutline(style: connector.style) { segments, fill, stroke in
      // An absolute outline drawn at its own box is its segments as they are.
      let (paint, stroke) = paints(fill, stroke, frame: box, source: range, inner) { segments }
      items.append(
        .path(
          PathItem(
            outline: segments, frame: nil, paint: paint, fillRule: .nonzero, opacity: opacity, sourceRange: range,
            expansion: inner.expansion, stroke: stroke)))
    }
    if let label = connector.style.label, !label.isEmpty {
      var text = ConnectorGeometry.labelText(
        label, along: ConnectorGeometry.labelPoints(path), box: box,
        outward: ConnectorGeometry.labelSide(of: path, loop: connector.isSelfLoop ? connector.style.loopSide : nil))
      let local = text.position ?? Point(0, 0)
      text.position = Point(box.x + local.x, box.y + local.y)
      appendText(text, source: range, inner, boxAlignment: text.alignment)
    }
    return box
  }

  /// Builds what waited since `start` in `pending` in one pass over a
  /// dependency order: each entry waits under the first name it misses
  /// and is taken up once that name is placed, so every entry is looked
  /// at once plus once per name it waited for (linear, where rounds over
  /// all that waits were quadratic for a chain written backwards). Then
  /// every block of items goes back where its element stood; what is
  /// left names an element never placed (a cycle, or one left out).
  mutating func resolvePending(from start: Int) {
    guard pending.count > start else { return }
    var blocks: [(position: Int, order: Int, sequence: Int, items: [DisplayItem])] = []
    // Entries whose anchors are all placed, in the order they became so.
    var ready: [PendingElement] = []
    var next = 0
    // Entries waiting for a name of this scope, by that name.
    // Numbered as they first wait, for a deterministic report.
    var waiting: [FrameKey: [(number: Int, entry: PendingElement)]] = [:]
    var numbered = 0
    // Elements of a use's content waiting in an outer scope: that scope
    // takes them up when it ends.
    var outer: [PendingElement] = []
    func enqueue(_ entry: PendingElement, _ lowering: inout Lowering) {
      guard entry.scope == lowering.scope else { return outer.append(entry) }
      lowering.anchorChecks += 1
      if let missing = lowering.firstUnplacedName(entry.element) {
        waiting[FrameKey(name: ObjectIdentifier(missing), scope: lowering.scope), default: []].append((numbered, entry))
        numbered += 1
      } else {
        ready.append(entry)
      }
    }
    for entry in pending[start...] { enqueue(entry, &self) }
    pending.removeSubrange(start...)
    let placedBefore = placedNames.count
    resolving += 1
    while next < ready.count {
      let entry = ready[next]
      next += 1
      let before = items.count
      let added = pending.count
      let saved = (effectScope, scopeEffects)
      (effectScope, scopeEffects) = (entry.effects, 0)
      // In the scope and origin it waited in, a content element's too.
      lowerWithEffects(entry.element, in: entry.frame, origin: entry.origin)
      (effectScope, scopeEffects) = saved
      applyEffects(entry.effects, from: before)
      blocks.append((entry.position, entry.order, entry.sequence, Array(items[before...])))
      items.removeSubrange(before...)
      // What it left waiting goes where it goes, after it.
      for var left in pending[added...] {
        (left.position, left.order) = (entry.position, entry.order)
        enqueue(left, &self)
      }
      pending.removeSubrange(added...)
      // What waited for the names it placed may be ready now.
      for key in placedNames[placedBefore...] {
        guard let woken = waiting.removeValue(forKey: key) else { continue }
        for (_, entry) in woken { enqueue(entry, &self) }
      }
      placedNames.removeSubrange(placedBefore...)
    }
    resolving -= 1
    // Reported in the order they waited, each finding the others.
    let left = waiting.values.joined().sorted { $0.number < $1.number }.map(\.entry)
    var byName: [ObjectIdentifier: PendingElement] = [:]
    for entry in left {
      if let name = entry.element.effects?.name, byName[ObjectIdentifier(name)] == nil {
        byName[ObjectIdentifier(name)] = entry
      }
    }
    for entry in left { reportUnplaced(entry, waitingByName: byName) }
    insert(blocks, shifting: &outer)
    pending += outer
  }

  /// The first element the element reads an anchor of that is not placed
  /// in this scope yet.
  func firstUnplacedName(_ element: ElementModel) -> ElementName? {
    if let anchor = element.effects?.origin, frame(of: anchor.element) == nil { return anchor.element }
    if case .connector(let connector) = element.content {
      // Each end in turn, not through an array made for each connector.
      if let anchor = connector.from.anchor, frame(of: anchor.element) == nil { return anchor.element }
      if let anchor = connector.to.anchor, frame(of: anchor.element) == nil { return anchor.element }
      for point in connector.via {
        if let anchor = point.anchor, frame(of: anchor.element) == nil { return anchor.element }
      }
    }
    return nil
  }

  /// Puts the blocks into `items` at their positions (blocks at one
  /// position in source order), shifting the top-level item ranges.
  private mutating func insert(
    _ blocks: [(position: Int, order: Int, sequence: Int, items: [DisplayItem])], shifting outer: inout [PendingElement]
  ) {
    guard !blocks.isEmpty else { return }
    let sorted = blocks.sorted { ($0.position, $0.order, $0.sequence) < ($1.position, $1.order, $1.sequence) }
    var merged: [DisplayItem] = []
    merged.reserveCapacity(items.count + sorted.reduce(0) { $0 + $1.items.count })
    var next = 0
    var inserted: [(position: Int, total: Int)] = []
    var total = 0
    for block in sorted {
      let position = min(block.position, items.count)
      merged += items[next..<max(next, position)]
      next = max(next, position)
      merged += block.items
      total += block.items.count
      inserted.append((position, total))
    }
    merged += items[next...]
    items = merged
    // Items inserted before index i (blocks at positions < i, or ≤ i):
    // `inserted` is in position order, so a binary search finds the last.
    func shift(_ index: Int, including: Bool) -> Int {
      var (low, high) = (0, inserted.count)
      while low < high {
        let middle = (low + high) / 2
        let position = inserted[middle].position
        if position < index || (including && position == index) { low = middle + 1 } else { high = middle }
      }
      return low == 0 ? 0 : inserted[low - 1].total
    }
    for index in topLevelItems.indices {
      let range = topLevelItems[index].items
      let lower = range.lowerBound + shift(range.lowerBound, including: !range.isEmpty)
      let upper = range.upperBound + shift(range.upperBound, including: range.isEmpty)
      topLevelItems[index].items = lower..<max(lower, upper)
    }
    // An entry an outer scope takes up goes after the blocks that waited
    // before it, at its position or before.
    for index in outer.indices {
      let key = (outer[index].position, outer[index].order)
      var (low, high) = (0, sorted.count)
      while low < high {
        let middle = (low + high) / 2
        if (sorted[middle].position, sorted[middle].order) < key { low = middle + 1 } else { high = middle }
      }
      outer[index].position += low == 0 ? 0 : inserted[low - 1].total
    }
  }

  private mutating func reportUnplaced(_ entry: PendingElement, waitingByName: [ObjectIdentifier: PendingElement]) {
    var names: [ElementAnchor] = []
    if let anchor = entry.element.effects?.origin { names.append(anchor) }
    if case .connector(let connector) = entry.element.content {
      names += connector.anchors
    }
    guard let missing = names.first(where: { frame(of: $0.element) == nil }) else { return }
    let waiting = waitingByName[ObjectIdentifier(missing.element)]
    let name = missing.element.name
    // Inside the prelude the use is the place to point at.
    let range = entry.origin.source == nil ? missing.range : entry.origin.range(entry.element)
    let message: String
    if let waiting, let own = entry.element.effects?.name, Lowering.reads(waiting.element, own) {
      message = "'\(name)' waits for an element that waits for '\(name)' to be placed; neither can be placed"
    } else if waiting != nil {
      message =
        "'\(name)' is never placed: it waits for an anchor that is never placed, so '\(name).\(missing.anchorName)' is nowhere"
    } else {
      message = "'\(name)' is never drawn (a condition left it out), so '\(name).\(missing.anchorName)' is nowhere"
    }
    var diagnostic = Diagnostic(GraphicsCodes.unplacedAnchor, range, message)
    diagnostic = diagnostic.withNote("'\(name)' is named here", at: missing.element.declaration)
    diagnostic.file = entry.origin.file
    diagnostics.append(diagnostic)
  }

  /// Whether the element reads an anchor of `name`.
  private static func reads(_ element: ElementModel, _ name: ElementName) -> Bool {
    if element.effects?.origin?.element === name { return true }
    if case .connector(let connector) = element.content {
      return connector.anchors.contains { $0.element === name }
    }
    return false
  }
}

/// A named shape's outline, and once a connector has ended on it, the
/// outline ready for rays (`OutlineHit`).
struct NamedOutline {
  let shape: ShapeOutline
  var hit: OutlineHit? = nil
}
