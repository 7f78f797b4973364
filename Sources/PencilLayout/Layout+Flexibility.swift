import PencilGeometry
import PencilSema

/// How elements give way to the room a stack offers them (layout's
/// ordering of a stack's children), and the one place text is measured:
/// the model keeps text and its style, layout asks how big it is.
extension Layout {
  /// A text's ideal size in the built-in font: the widest line's width and
  /// the number of lines (every `\n` starts one, as placed text splits).
  struct TextMeasure {
    var width: Double
    var lines: Int
  }

  static func measure(_ text: TextElement) -> TextMeasure {
    var lines = 1
    for byte in text.text.utf8 where byte == UInt8(ascii: "\n") { lines += 1 }
    return TextMeasure(width: TextMetrics.width(of: text.text, size: text.fontSize), lines: lines)
  }

  /// How much an element's length along one axis gives way to what it is
  /// offered: 0 for a fixed length, `.infinity` for a shape or a spacer.
  /// A stack offers room to its least flexible children first, as SwiftUI
  /// does. Worked out from the model, not by proposing sizes, so that
  /// nested stacks cost no more than flat ones: a stack's is worked out
  /// once per layout pass (`Memo.flexibilities`).
  func flexibility(of element: ElementModel, horizontal: Bool) -> Double {
    if element.placement.size != nil { return 0 }
    switch horizontal ? element.modifiers?.width : element.modifiers?.height {
    case .fixed: return 0
    case .fill: return .infinity
    case nil: break
    }
    switch element.content {
    case .shape, .deferred, .spacer: return .infinity
    case .connector: return 0
    case .text(let text):
      return horizontal ? Layout.measure(text).width : 0
    case .stack(let stack):
      let both = flexibility(of: stack)
      return horizontal ? both.x : both.y
    case .group(let group):
      var most = 0.0
      for index in group.children.indices {
        most = max(most, flexibility(of: group.children[index], horizontal: horizontal))
      }
      return most
    }
  }

  /// How much a stack gives way horizontally (x) and vertically (y), from
  /// its children.
  func flexibility(of stack: StackElement) -> Point {
    let key = StackKey(stack, nil, nil)
    if let known = memo.flexibilities[key] { return known }
    let children = stack.children
    var total = Point(0, 0)
    // A labelled shape gives way as its label does (see `StackElement.labelFit`).
    for index in children.indices where stack.labelFit == nil || index > 0 {
      var child = Point(
        flexibility(of: children[index], horizontal: true), flexibility(of: children[index], horizontal: false))
      // A spacer gives way along its stack's axis only.
      if case .spacer = children[index].content, children[index].modifiers == nil, stack.axis != .z {
        child = stack.axis == .h ? Point(.infinity, 0) : Point(0, .infinity)
      }
      switch stack.axis {
      case .h: total = Point(total.x + child.x, max(total.y, child.y))
      case .v: total = Point(max(total.x, child.x), total.y + child.y)
      case .z: total = Point(max(total.x, child.x), max(total.y, child.y))
      }
    }
    memo.flexibilities[key] = total
    return total
  }
}
