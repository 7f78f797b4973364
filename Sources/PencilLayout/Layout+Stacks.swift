import PencilGeometry
import PencilSema

/// Stacks, after SwiftUI's HStack, VStack and ZStack.
extension Layout {
  /// What each child of a stack takes when the stack is offered `proposal`.
  /// Along the axis the children that give way least are offered room
  /// first, each an equal part of what is left; the spacing comes off
  /// first. Across the axis each is offered the stack's length.
  func childSizes(_ stack: StackElement, _ proposal: Proposal) -> [Point] {
    let key = StackKey(stack, proposal.width, proposal.height)
    if let known = memo.childSizes[key] { return known }
    let sizes = distribute(stack, proposal)
    memo.childSizes[key] = sizes
    return sizes
  }

  private func distribute(_ stack: StackElement, _ proposal: Proposal) -> [Point] {
    let children = stack.children
    if stack.axis == .z {
      return children.indices.map { size(of: children[$0], proposal) }
    }
    let horizontal = stack.axis == .h
    let cross = proposal.length(!horizontal)
    func offer(_ main: Double?) -> Proposal {
      horizontal ? Proposal(width: main, height: cross) : Proposal(width: cross, height: main)
    }
    func answer(_ index: Int, _ main: Double?) -> Point {
      guard case .spacer(let minLength) = children[index].content, children[index].modifiers == nil else {
        return size(of: children[index], offer(main))
      }
      // A spacer is as long as it is offered (at least minLength), and thin across.
      let length = max(minLength, main ?? minLength)
      return horizontal ? Point(length, 0) : Point(0, length)
    }
    guard let available = proposal.length(horizontal) else {
      return children.indices.map { answer($0, nil) }
    }
    var sizes = [Point](repeating: Point(0, 0), count: children.count)
    var flexible: [(index: Int, flexibility: Double)] = []
    // Fixed children take their length whatever they are offered.
    var fixed = 0.0
    for index in children.indices {
      let flexibility = self.flexibility(of: children[index], horizontal: horizontal)
      if flexibility > 0 {
        flexible.append((index, flexibility))
        continue
      }
      sizes[index] = answer(index, available)
      fixed += horizontal ? sizes[index].x : sizes[index].y
    }
    var remaining = available - fixed - stack.spacing * Double(children.count - 1)
    flexible.sort { ($0.flexibility, $0.index) < ($1.flexibility, $1.index) }
    var left = flexible.count
    // Children with an ideal length (text, stacks of it) are offered equal
    // parts of the room first, less only the least the children that
    // take any room (spacers, shapes) need; those share what is left. So
    // text beside a spacer keeps its one line while the row has room for
    // it, as in SwiftUI, and wraps only when the row is too narrow.
    var bounded = flexible.count { $0.flexibility != .infinity }
    var reserved = 0.0
    if bounded > 0, bounded < flexible.count {
      for (index, flexibility) in flexible where flexibility == .infinity {
        let least = answer(index, 0)
        reserved += horizontal ? least.x : least.y
      }
    }
    // When the room holds every such child's ideal length, each is offered
    // at least that: a stack placed in the frame it hugged lays its
    // children out as it measured them (equal parts in order would give a
    // wide child after narrower ones less than it needs, and it would wrap).
    // (The ideal sizes wait in `sizes`, which the loop below overwrites.)
    var idealsFit = false
    if bounded > 0 {
      var total = 0.0
      for (index, flexibility) in flexible where flexibility != .infinity {
        sizes[index] = answer(index, nil)
        total += horizontal ? sizes[index].x : sizes[index].y
      }
      idealsFit = total <= remaining - reserved + 1e-9 * max(1, available)
    }
    // Children that take all they are offered share what is left equally
    // (the same number for each, not a running division).
    var share: Double? = nil
    for (index, flexibility) in flexible {
      let part: Double
      if flexibility == .infinity {
        if share == nil { share = max(0, remaining / Double(left)) }
        part = share ?? 0
      } else {
        let ideal = idealsFit ? (horizontal ? sizes[index].x : sizes[index].y) : 0
        part = max(0, (remaining - reserved) / Double(bounded), ideal)
        bounded -= 1
      }
      sizes[index] = answer(index, part)
      let taken = horizontal ? sizes[index].x : sizes[index].y
      remaining -= taken
      left -= 1
      if taken != part { share = nil }
    }
    return sizes
  }

  /// A stack hugs its children: as long as they are with the spacing,
  /// as thick as the thickest.
  func stackSize(_ stack: StackElement, _ proposal: Proposal) -> Point {
    let key = StackKey(stack, proposal.width, proposal.height)
    if let known = memo.stackSizes[key] { return known }
    let size = hug(stack, proposal)
    memo.stackSizes[key] = size
    return size
  }

  private func hug(_ stack: StackElement, _ proposal: Proposal) -> Point {
    // A labelled shape hugs its label: its shape takes what it is given.
    let sizes = stack.labelFit == nil ? childSizes(stack, proposal) : Array(childSizes(stack, proposal).dropFirst())
    guard !sizes.isEmpty else { return Point(0, 0) }
    var total = Point(0, 0)
    for (index, size) in sizes.enumerated() {
      switch stack.axis {
      case .z:
        // A child with `at` reaches from the top-left to its far corner.
        let reach =
          stack.labelFit == nil ? positionedBox(stack.children[index], size: size).map { Point($0.maxX, $0.maxY) } : nil
        let extent = reach ?? size
        total = Point(max(total.x, extent.x), max(total.y, extent.y))
      case .h: total = Point(total.x + size.x, max(total.y, size.y))
      case .v: total = Point(max(total.x, size.x), total.y + size.y)
      }
    }
    let spacing = stack.spacing * Double(sizes.count - 1)
    switch stack.axis {
    case .z:
      switch stack.labelFit {
      case nil, .box?: break
      case .ellipse?: total = Point(total.x * 2.0.squareRoot(), total.y * 2.0.squareRoot())
      case .circle?, .sector?:
        let diameter = (total.x * total.x + total.y * total.y).squareRoot()
        total = Point(diameter, diameter)
      }
    case .h: total.x += spacing
    case .v: total.y += spacing
    }
    if stack.alignsBaselines, stack.axis == .h {
      // Lined up on their baselines, children reach as far above it as
      // the tallest ascent and as far below as the deepest descent.
      var above = 0.0
      var below = 0.0
      for index in sizes.indices {
        let baseline = firstBaseline(of: stack.children[index], size: sizes[index]) ?? sizes[index].y
        above = max(above, baseline)
        below = max(below, sizes[index].y - baseline)
      }
      total.y = above + below
    }
    return total
  }

  /// The distance from an element's top to its first line of text's
  /// baseline, in a frame of `size`; nil when it has no text. Children are
  /// sized one at a time, only until the first baseline is found.
  func firstBaseline(of element: ElementModel, size: Point) -> Double? {
    let padding = element.modifiers?.padding ?? EdgeInsets()
    let inner = Point(max(0, size.x - padding.horizontal), max(0, size.y - padding.vertical))
    let offer = Proposal(width: inner.x, height: inner.y)
    switch element.content {
    case .text(let text):
      let measured = textSize(text, offer).size
      return padding.top + (inner.y - measured.y) / 2 + TextMetrics.baselineOffset * text.fontSize
    case .stack(let stack):
      let key = StackKey(stack, inner.x, inner.y)
      if let known = memo.baselines[key] { return known.map { padding.top + $0 } }
      let baseline = stackBaseline(stack, inner: inner)
      memo.baselines.updateValue(baseline, forKey: key)
      return baseline.map { padding.top + $0 }
    case .group(let group):
      for index in group.children.indices {
        let child = group.children[index]
        let childSize = child.placement.size ?? self.size(of: child, offer)
        guard let baseline = firstBaseline(of: child, size: childSize) else { continue }
        let top = child.placement.origin?.y ?? (inner.y - childSize.y) / 2
        return padding.top + top + baseline
      }
      return nil
    default:
      return nil
    }
  }

  /// A stack's first baseline from the top of its content (`inner`).
  private func stackBaseline(_ stack: StackElement, inner: Point) -> Double? {
    let offer = Proposal(width: inner.x, height: inner.y)
    var above = 0.0
    for index in stack.children.indices {
      let child = stack.children[index]
      let childSize = self.size(of: child, stack.axis == .v ? Proposal(width: inner.x, height: nil) : offer)
      if let baseline = firstBaseline(of: child, size: childSize) {
        switch stack.axis {
        case .v: return above + baseline
        case .h: return baseline
        case .z: return Layout.offset(inner.y - childSize.y, stack.alignment.y) + baseline
        }
      }
      if stack.axis == .v { above += childSize.y + stack.spacing }
    }
    return nil
  }
}
