/// SwiftUI's layout protocol: a parent proposes a size to a child, the
/// child answers with the size it takes, and the parent places it.
/// `nil` in a proposal asks for the child's ideal length; `.infinity`
/// offers all the room there is.
struct Proposal {
  var width: Double?
  var height: Double?

  static let ideal = Proposal(width: nil, height: nil)

  func length(_ horizontal: Bool) -> Double? { horizontal ? width : height }
}

/// The answers of elements to proposals; placing them is `Lowering`'s.
/// Sizing walks models only (it makes nothing), and each level asks its
/// children once, so a tree is sized in time linear in its size per level.
enum Layout {
  /// A shape's ideal size when nothing is proposed: SwiftUI's 10x10.
  static let defaultShapeLength = 10.0

  /// The size the element takes for `proposal`, its modifiers included:
  /// the frame (`size`, `width`, `height`) sizes the content, and padding
  /// goes around the frame.
  static func size(of element: ElementModel, _ proposal: Proposal) -> Point {
    guard let modifiers = element.modifiers else {
      if let size = element.placement.size { return size }
      return contentSize(of: element, proposal)
    }
    let padding = modifiers.padding
    let offered = Proposal(
      width: proposal.width.map { max(0, $0 - padding.horizontal) },
      height: proposal.height.map { max(0, $0 - padding.vertical) })
    let width = frameLength(element.placement.size?.x, modifiers.width, offered: offered.width)
    let height = frameLength(element.placement.size?.y, modifiers.height, offered: offered.height)
    var content = Point(width ?? 0, height ?? 0)
    if width == nil || height == nil {
      content = contentSize(of: element, Proposal(width: width ?? offered.width, height: height ?? offered.height))
    }
    return Point((width ?? content.x) + padding.horizontal, (height ?? content.y) + padding.vertical)
  }

  /// A frame's length: fixed, or all that is offered for `fill` (the
  /// content's own when nothing is); nil when the content decides.
  private static func frameLength(_ size: Double?, _ length: FrameLength?, offered: Double?) -> Double? {
    if let size { return size }
    switch length {
    case .fixed(let value): return value
    case .fill: return offered
    case nil: return nil
    }
  }

  /// The size of the content alone, inside the modifiers.
  static func contentSize(of element: ElementModel, _ proposal: Proposal) -> Point {
    if let size = element.placement.size { return size }
    switch element.content {
    case .shape, .deferred:
      return Point(proposal.width ?? defaultShapeLength, proposal.height ?? defaultShapeLength)
    case .spacer(let minLength):
      return Point(proposal.width ?? minLength, proposal.height ?? minLength)
    case .text(let text):
      return textSize(text, proposal).size
    case .stack(let stack):
      return stackSize(stack, proposal)
    case .group(let group):
      return groupSize(group.children, proposal)
    }
  }

  /// Text answers its measured size, wrapped to a width smaller than its
  /// ideal one; the lines are returned too, for placing.
  static func textSize(_ text: TextElement, _ proposal: Proposal) -> (size: Point, lines: [String], broken: Double?) {
    let ideal = TextMetrics.width(of: text.text, size: text.fontSize)
    var lines: [String]
    var broken: Double? = nil
    if let width = proposal.width, width < ideal * (1 - 1e-12) || text.lineLimit != nil {
      (lines, broken) = TextMetrics.wrap(text.text, width: width, size: text.fontSize, lineLimit: text.lineLimit)
    } else {
      lines = text.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if let limit = text.lineLimit, lines.count > limit {
        (lines, broken) = TextMetrics.wrap(text.text, width: ideal, size: text.fontSize, lineLimit: limit)
      }
    }
    var width = 0.0
    for line in lines { width = max(width, TextMetrics.width(of: line[...], size: text.fontSize)) }
    return (Point(width, TextMetrics.height(lines: lines.count, size: text.fontSize)), lines, broken)
  }

  /// A component's body lays out as a zstack whose children may be
  /// placed with `at` (relative to its top-left): it is as big as what
  /// its children take.
  static func groupSize(_ children: [ElementModel], _ proposal: Proposal) -> Point {
    guard !children.isEmpty else { return Point(proposal.width ?? 0, proposal.height ?? 0) }
    var extent = Point(0, 0)
    for index in children.indices {
      let size = size(of: children[index], proposal)
      let origin = children[index].placement.origin ?? Point(0, 0)
      extent = Point(max(extent.x, origin.x + size.x), max(extent.y, origin.y + size.y))
    }
    return extent
  }

  /// How much an element's length along one axis gives way to what it is
  /// offered: 0 for a fixed length, `.infinity` for a shape or a spacer.
  /// A stack offers room to its least flexible children first, as SwiftUI
  /// does. Worked out from the model, not by proposing sizes, so that
  /// nested stacks cost no more than flat ones.
  static func flexibility(of element: ElementModel, horizontal: Bool) -> Double {
    if element.placement.size != nil { return 0 }
    switch horizontal ? element.modifiers?.width : element.modifiers?.height {
    case .fixed: return 0
    case .fill: return .infinity
    case nil: break
    }
    switch element.content {
    case .shape, .deferred, .spacer: return .infinity
    case .text(let text):
      return horizontal ? TextMetrics.width(of: text.text, size: text.fontSize) : 0
    case .stack(let stack):
      var total = 0.0
      let alongAxis = stack.axis == (horizontal ? .h : .v)
      for index in stack.children.indices {
        var child = flexibility(of: stack.children[index], horizontal: horizontal)
        // A spacer gives way along its stack's axis only.
        if case .spacer = stack.children[index].content, stack.children[index].modifiers == nil, stack.axis != .z {
          child = alongAxis ? .infinity : 0
        }
        total = alongAxis ? total + child : max(total, child)
      }
      return total
    case .group(let group):
      var most = 0.0
      for index in group.children.indices {
        most = max(most, flexibility(of: group.children[index], horizontal: horizontal))
      }
      return most
    }
  }
}
