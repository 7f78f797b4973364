import PencilGeometry
import PencilSema

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
/// children once, so a tree is sized in time linear in its size per
/// level of nesting. Every answer is counted against a budget (E0244), so
/// no input, however nested, makes layout run long: past it, every answer
/// is zero and the compilation fails.
final class Layout {
  /// A shape's ideal size when nothing is proposed: SwiftUI's 10x10.
  static let defaultShapeLength = 10.0
  /// Answers allowed for one compilation (`ExpansionBudget.Limits`).
  static let standardBudget = ExpansionBudget.maximumLayoutAnswers

  let budget: Int
  private(set) var answers = 0
  /// Of those, the edges of outlines that connectors' rays may test (see
  /// `Lowering.outlineHit`), which count against the same budget.
  private(set) var outlineEdges = 0
  /// Answers already given for a stack and a proposal: a stack is asked
  /// again by every level around it (and for baselines), and answering
  /// from here keeps deep nesting linear.
  var memo = Memo()
  /// Texts wrapped so far in this compile.
  let texts: TextWrapCache

  struct Memo {
    var childSizes: [StackKey: [Point]] = [:]
    var stackSizes: [StackKey: Point] = [:]
    var baselines: [StackKey: Double?] = [:]
    /// A stack's flexibility (`flexibility(of:)`), keyed without a proposal.
    var flexibilities: [StackKey: Point] = [:]

    /// Whether nothing was memoized: most top-level elements are no stack,
    /// and emptying an empty memo still makes and frees four dictionaries.
    var isEmpty: Bool {
      childSizes.isEmpty && stackSizes.isEmpty && baselines.isEmpty && flexibilities.isEmpty
    }
  }

  /// A stack, by the storage of its children (a stack's children are never
  /// changed once it is made, and equal stacks share it only when they
  /// are copies) and its own settings, with a proposal. Storage can be
  /// reused once freed, so the memo is emptied whenever models may have
  /// been freed: after each top-level element and each use made during
  /// layout (see `Lowering`).
  struct StackKey: Hashable {
    let children: UnsafeRawPointer?
    let count: Int
    let axis: StackAxis
    let spacing: Double
    let alignment: Point
    let baselines: Bool
    let width: Double?
    let height: Double?

    init(_ stack: StackElement, _ width: Double?, _ height: Double?) {
      children = stack.children.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
      count = stack.children.count
      axis = stack.axis
      spacing = stack.spacing
      alignment = stack.alignment
      baselines = stack.alignsBaselines
      self.width = width
      self.height = height
    }
  }
  var exhausted: Bool { answers > budget }

  /// Counts `edges` outline edges a connector's rays may test.
  func charge(outlineEdges edges: Int) {
    answers = answers > Int.max - edges ? Int.max : answers + edges
    outlineEdges = outlineEdges > Int.max - edges ? Int.max : outlineEdges + edges
  }

  init(budget: Int = Layout.standardBudget, texts: TextWrapCache = TextWrapCache()) {
    self.budget = budget
    self.texts = texts
  }

  /// The size the element takes for `proposal`, its modifiers included:
  /// the frame (`size`, `width`, `height`) sizes the content, and padding
  /// goes around the frame.
  func size(of element: ElementModel, _ proposal: Proposal) -> Point {
    answers += 1
    guard answers <= budget else { return Point(0, 0) }
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
  private func frameLength(_ size: Double?, _ length: FrameLength?, offered: Double?) -> Double? {
    if let size { return size }
    switch length {
    case .fixed(let value): return value
    case .fill: return offered
    case nil: return nil
    }
  }

  /// The size of the content alone, inside the modifiers.
  func contentSize(of element: ElementModel, _ proposal: Proposal) -> Point {
    if let size = element.placement.size { return size }
    switch element.content {
    case .shape, .deferred:
      return Point(proposal.width ?? Layout.defaultShapeLength, proposal.height ?? Layout.defaultShapeLength)
    case .connector:
      return Point(0, 0)
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
  /// ideal one; the lines are returned too, for placing (nil: the text's
  /// own lines).
  func textSize(_ text: TextElement, _ proposal: Proposal) -> (size: Point, lines: [String]?, broken: Double?) {
    let measure = Layout.measure(text)
    let ideal = measure.width
    // Text that fits on its lines answers from its stored measure.
    if text.lineLimit == nil, proposal.width.map({ $0 >= ideal * (1 - 1e-12) }) ?? true {
      return (Point(ideal, TextMetrics.height(lines: measure.lines, size: text.fontSize)), nil, nil)
    }
    // Wrapped once per text, size, width and limit (see TextWrapCache).
    let width: Double
    if let offered = proposal.width, offered < ideal * (1 - 1e-12) || text.lineLimit != nil {
      width = offered
    } else {
      // Lines of their own, but more than the limit (the limit is set).
      guard text.lineLimit.map({ measure.lines > $0 }) ?? false else {
        return (Point(ideal, TextMetrics.height(lines: measure.lines, size: text.fontSize)), nil, nil)
      }
      width = ideal
    }
    let wrapped = texts.wrap(text.text, width: width, size: text.fontSize, lineLimit: text.lineLimit)
    return (
      Point(wrapped.width, TextMetrics.height(lines: wrapped.lines.count, size: text.fontSize)), wrapped.lines,
      wrapped.widestBrokenWord
    )
  }

  /// A component's body lays out as a zstack whose children may be
  /// placed with `at` (relative to its top-left): it is as big as what
  /// its children take.
  func groupSize(_ children: [ElementModel], _ proposal: Proposal) -> Point {
    guard !children.isEmpty else { return Point(proposal.width ?? 0, proposal.height ?? 0) }
    var extent = Point(0, 0)
    for index in children.indices {
      let size = size(of: children[index], proposal)
      let origin = children[index].placement.origin ?? Point(0, 0)
      extent = Point(max(extent.x, origin.x + size.x), max(extent.y, origin.y + size.y))
    }
    return extent
  }
}
