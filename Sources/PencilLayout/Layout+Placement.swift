import PencilGeometry
import PencilSema

/// Placing elements in the frames layout gives them: stacks' children,
/// a component's children, and text. Lowering reads the frames and makes
/// the display list; what is found wrong comes back as numbers for it to
/// report.
extension Layout {
  /// The frames of a stack's children in the stack's `frame`: along the
  /// axis one after the other, spacing between, the run centred when it is
  /// shorter than the frame; across the axis by the stack's alignment.
  /// `needed` is the length the children take when it is more than the
  /// frame has (the warning W0004), nil when they fit.
  func place(_ stack: StackElement, in frame: Rect) -> (frames: [Rect], needed: Double?) {
    let children = stack.children
    guard !children.isEmpty else { return ([], nil) }
    let sizes = childSizes(stack, Proposal(width: frame.width, height: frame.height))
    if stack.axis == .z {
      let frames = children.indices.map { index in
        let size = sizes[index]
        // A child with `at` stands there in the zstack's frame.
        if let box = positionedBox(children[index], size: size) {
          return Rect(x: frame.x + box.x, y: frame.y + box.y, width: box.width, height: box.height)
        }
        // A sector's label is centred on the slice's midpoint.
        if index == 1, case .sector(let sector)? = stack.labelFit {
          let (center, radius) = ShapeOutline.circle(in: frame)
          let middle = sector.point(.midpoint, center: center, radius: radius)
          return Rect(x: middle.x - size.x / 2, y: middle.y - size.y / 2, width: size.x, height: size.y)
        }
        return Rect(
          x: frame.x + Layout.offset(frame.width - size.x, stack.alignment.x),
          y: frame.y + Layout.offset(frame.height - size.y, stack.alignment.y), width: size.x, height: size.y)
      }
      return (frames, nil)
    }
    let horizontal = stack.axis == .h
    let mainLength = horizontal ? frame.width : frame.height
    let crossLength = horizontal ? frame.height : frame.width
    var used = 0.0
    for size in sizes { used += horizontal ? size.x : size.y }
    let spacing = stack.spacing * Double(children.count - 1)
    let remaining = mainLength - used - spacing
    // Past the layout budget every size is zero: nothing to warn about.
    let needed = remaining < -1e-9 * max(1, mainLength) && !exhausted ? used + spacing : nil
    // Room to spare centres the run; a sliver of rounding is no room.
    var cursor = remaining > 1e-9 * max(1, mainLength) ? remaining / 2 : 0
    var baselines: [Double?] = []
    var lowest = 0.0
    if stack.alignsBaselines {
      baselines = children.indices.map { firstBaseline(of: children[$0], size: sizes[$0]) }
      for index in children.indices { lowest = max(lowest, baselines[index] ?? sizes[index].y) }
    }
    var frames: [Rect] = []
    frames.reserveCapacity(children.count)
    for index in children.indices {
      let size = sizes[index]
      let length = horizontal ? size.x : size.y
      let thickness = horizontal ? size.y : size.x
      var crossOffset = Layout.offset(crossLength - thickness, horizontal ? stack.alignment.y : stack.alignment.x)
      if stack.alignsBaselines { crossOffset = lowest - (baselines[index] ?? size.y) }
      frames.append(
        horizontal
          ? Rect(x: frame.x + cursor, y: frame.y + crossOffset, width: length, height: thickness)
          : Rect(x: frame.x + crossOffset, y: frame.y + cursor, width: thickness, height: length))
      cursor += length + stack.spacing
    }
    return (frames, needed)
  }

  /// Where a length of `room` to spare puts a child aligned at `unit`
  /// (0 leading or top, 0.5 centre, 1 trailing or bottom); halving is exact.
  static func offset(_ room: Double, _ unit: Double) -> Double {
    unit == 0.5 ? room / 2 : room * unit
  }

  /// A child's frame in its component's frame: `at` is relative to the
  /// frame's top-left; without `at` it is centred, and without `size` it
  /// takes what it answers to the frame's size (a shape: the frame, with
  /// exactly its numbers, as the prelude's pencil parts need).
  func frame(of child: ElementModel, in frame: Rect) -> Rect {
    let proposal = Proposal(width: frame.width, height: frame.height)
    if let origin = child.placement.origin {
      // Padding goes around a `size`: the modifiers make the frame larger.
      let size = (child.modifiers == nil ? child.placement.size : nil) ?? self.size(of: child, proposal)
      return Rect(x: frame.x + origin.x, y: frame.y + origin.y, width: size.x, height: size.y)
    }
    if child.placement.size == nil, child.modifiers == nil, case .shape = child.content { return frame }
    let size = self.size(of: child, proposal)
    return Rect(
      x: frame.x + (frame.width - size.x) / 2, y: frame.y + (frame.height - size.y) / 2, width: size.x,
      height: size.y)
  }

  /// The content's frame inside an element's frame, once the padding is
  /// taken off (the background fills the padded frame).
  static func contentFrame(_ modifiers: Modifiers, in frame: Rect) -> Rect { inset(frame, by: modifiers.padding) }

  static func inset(_ frame: Rect, by insets: EdgeInsets) -> Rect {
    Rect(
      x: frame.x + insets.leading, y: frame.y + insets.top, width: max(0, frame.width - insets.horizontal),
      height: max(0, frame.height - insets.vertical))
  }

  /// Text placed by layout: measured (wrapped to the frame's width when
  /// narrower), centred vertically, lines aligned by `align`. Also the
  /// widest word broken between letters, if any.
  func place(_ text: TextElement, in frame: Rect) -> (text: TextElement, brokenWord: Double?) {
    let (size, lines, broken) = textSize(text, Proposal(width: frame.width, height: frame.height))
    var placed = text
    if let lines { placed.text = lines.joined(separator: "\n") }
    let x: Double
    switch text.alignment {
    case .leading: x = frame.x
    case .center: x = frame.x + frame.width / 2
    case .trailing: x = frame.maxX
    }
    placed.position = Point(
      x, frame.y + (frame.height - size.y) / 2 + TextMetrics.baselineOffset * text.fontSize)
    return (placed, broken)
  }

  /// Where a zstack's child with `at` stands, from the zstack's top-left:
  /// text by its first baseline (its box measured), anything else by its
  /// top-left. Nil for a child the zstack aligns.
  func positionedBox(_ child: ElementModel, size: Point) -> Rect? {
    guard let origin = child.placement.origin else { return nil }
    guard case .text(let text) = child.content, let position = text.position else {
      return Rect(x: origin.x, y: origin.y, width: size.x, height: size.y)
    }
    return place(text, at: position, child.modifiers ?? Modifiers()).padded
  }

  /// Text placed with `at` (on its first baseline) that has modifiers:
  /// wrapped to a fixed `width=`; `padded` is the box its background
  /// fills. `brokenWord` as for text placed by layout, with the width
  /// it was broken to.
  func place(_ text: TextElement, at anchor: Point, _ modifiers: Modifiers)
    -> (text: TextElement, padded: Rect, brokenWord: (word: Double, width: Double)?)
  {
    var width: Double? = nil
    if case .fixed(let fixed) = modifiers.width { width = fixed }
    let (size, lines, broken) = textSize(text, Proposal(width: width, height: nil))
    let boxWidth = width ?? size.x
    let left: Double
    switch text.alignment {
    case .leading: left = anchor.x
    case .center: left = anchor.x - boxWidth / 2
    case .trailing: left = anchor.x - boxWidth
    }
    let box = Rect(
      x: left, y: anchor.y - TextMetrics.baselineOffset * text.fontSize, width: boxWidth,
      height: (modifiers.height.flatMap { if case .fixed(let h) = $0 { h } else { nil } }) ?? size.y)
    let padding = modifiers.padding
    let padded = Rect(
      x: box.x - padding.leading, y: box.y - padding.top, width: box.width + padding.horizontal,
      height: box.height + padding.vertical)
    var placed = text
    if let lines { placed.text = lines.joined(separator: "\n") }
    placed.position = anchor
    var brokenWord: (word: Double, width: Double)? = nil
    if let broken, let width { brokenWord = (broken, width) }
    return (placed, padded, brokenWord)
  }
}
