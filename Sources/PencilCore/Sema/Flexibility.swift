/// How elements give way to the room a stack offers them (layout's
/// ordering of a stack's children), read from the checked models.
extension ElementModel {
  /// How much an element's length along one axis gives way to what it is
  /// offered: 0 for a fixed length, `.infinity` for a shape or a spacer.
  /// A stack offers room to its least flexible children first, as SwiftUI
  /// does. Worked out from the model, not by proposing sizes, so that
  /// nested stacks cost no more than flat ones. A stack keeps its own,
  /// worked out when it is made.
  func flexibility(horizontal: Bool) -> Double {
    if placement.size != nil { return 0 }
    switch horizontal ? modifiers?.width : modifiers?.height {
    case .fixed: return 0
    case .fill: return .infinity
    case nil: break
    }
    switch content {
    case .shape, .deferred, .spacer: return .infinity
    case .connector: return 0
    case .text(let text):
      return horizontal ? text.idealWidth : 0
    case .stack(let stack):
      return horizontal ? stack.flexibility.x : stack.flexibility.y
    case .group(let group):
      var most = 0.0
      for index in group.children.indices {
        most = max(most, group.children[index].flexibility(horizontal: horizontal))
      }
      return most
    }
  }
}
