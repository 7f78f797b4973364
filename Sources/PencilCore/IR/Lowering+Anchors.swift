/// Named elements and anchors after layout: each named element's frame is
/// recorded as it is placed, and an element that reads an anchor (a
/// connector's end, `at NAME.ANCHOR`) is built once that frame is known.
/// One that names an element placed later waits for the end of its scope
/// (the file, or the use of a component) and is then put back where it
/// stood in paint order.
extension Lowering {
  /// An element waiting for the frames of the elements it names.
  struct PendingElement {
    /// Where its items go in `items`.
    var position: Int
    var element: ElementModel
    var frame: Rect
    var origin: Origin
    /// The transforms and clips of the elements around it.
    var effects: EffectScope
  }

  /// The frame of a named element, once placed.
  func frame(of name: ElementName) -> Rect? { frames[ObjectIdentifier(name)] }

  func point(_ anchor: ElementAnchor) -> Point? {
    frame(of: anchor.element).map { $0.point(atUnit: anchor.unit) }
  }

  /// Whether every anchor the element reads is placed.
  func anchorsPlaced(_ element: ElementModel) -> Bool {
    if let anchor = element.effects?.origin, frame(of: anchor.element) == nil { return false }
    if case .connector(let connector) = element.content {
      for end in [connector.from, connector.to] {
        if let anchor = end.anchor, frame(of: anchor.element) == nil { return false }
      }
    }
    return true
  }

  /// Records a named element's frame: text's is its measured box.
  mutating func recordFrame(_ name: ElementName, _ element: ElementModel, _ frame: Rect, itemsFrom first: Int) {
    if case .text = element.content, first < items.count, case .text(let text) = items[items.count - 1] {
      frames[ObjectIdentifier(name)] = text.bounds
    } else {
      frames[ObjectIdentifier(name)] = frame
    }
  }

  /// A connector's items, its ends resolved: a fixed end is relative to
  /// the frame its scope gives it, an anchor is where layout put it.
  mutating func lowerConnector(_ connector: ConnectorElement, in frame: Rect, range: SourceRange, _ origin: Origin) {
    func resolve(_ end: PointRef) -> Point? {
      switch end {
      case .fixed(let point): Point(frame.x + point.x, frame.y + point.y)
      case .anchor(let anchor): point(anchor)
      }
    }
    guard let start = resolve(connector.from), let end = resolve(connector.to) else { return }
    let points = ConnectorGeometry.route(
      from: start, to: end, leaving: ConnectorGeometry.exitDirection(connector.from.anchor?.unit),
      entering: ConnectorGeometry.exitDirection(connector.to.anchor?.unit), elbow: connector.style.elbow)
    guard let group = ConnectorGeometry.group(through: points, style: connector.style, range: range),
      let box = group.placement.origin, let size = group.placement.size
    else { return }
    lower(group, in: Rect(x: box.x, y: box.y, width: size.x, height: size.y), origin: origin)
  }

  /// Builds what waited since `start` in `pending`, in order, as long as
  /// that places something; what is left names an element never placed.
  mutating func resolvePending(from start: Int) {
    var progress = true
    while progress, pending.count > start {
      progress = false
      var index = start
      while index < pending.count {
        guard anchorsPlaced(pending[index].element) else {
          index += 1
          continue
        }
        let entry = pending.remove(at: index)
        let before = items.count
        let outer = effectScope
        effectScope = entry.effects
        lower(entry.element, in: entry.frame, origin: entry.origin)
        effectScope = outer
        applyEffects(entry.effects, from: before)
        moveItems(from: before, to: entry.position)
        progress = true
      }
    }
    for entry in pending[start...] { reportUnplaced(entry) }
    pending.removeSubrange(start...)
  }

  /// Moves the items made since `before` (at the end) to `position`,
  /// shifting what waits, and the top-level elements' item ranges, with them.
  private mutating func moveItems(from before: Int, to position: Int) {
    let count = items.count - before
    guard count > 0, position < before else { return }
    let moved = Array(items[before...])
    items.removeSubrange(before...)
    items.insert(contentsOf: moved, at: position)
    for index in pending.indices where pending[index].position >= position {
      let old = pending[index].position
      pending[index].position = old >= before ? position + (old - before) : old + count
    }
    for index in topLevelItems.indices {
      let range = topLevelItems[index].items
      if range.lowerBound >= position {
        topLevelItems[index].items = (range.lowerBound + count)..<(range.upperBound + count)
      } else if range.upperBound > position {
        topLevelItems[index].items = range.lowerBound..<(range.upperBound + count)
      }
    }
  }

  private mutating func reportUnplaced(_ entry: PendingElement) {
    var names: [ElementAnchor] = []
    if let anchor = entry.element.effects?.origin { names.append(anchor) }
    if case .connector(let connector) = entry.element.content {
      names += [connector.from, connector.to].compactMap(\.anchor)
    }
    guard let missing = names.first(where: { frame(of: $0.element) == nil }) else { return }
    let waits = pending.contains { $0.element.effects?.name === missing.element }
    let name = missing.element.name
    // Inside the prelude the use is the place to point at.
    let range = entry.origin.source == nil ? missing.range : entry.origin.range(entry.element)
    var diagnostic = Diagnostic(
      GraphicsCodes.unplacedAnchor, range,
      waits
        ? "'\(name)' waits for an element that waits for '\(name)' to be placed; neither can be placed"
        : "'\(name)' is never drawn (a condition left it out), so '\(name).\(missing.anchorName)' is nowhere")
    diagnostic = diagnostic.withNote("'\(missing.element.name)' is named here", at: missing.element.declaration)
    diagnostic.file = entry.origin.file
    diagnostics.append(diagnostic)
  }
}
