import PencilGeometry
import PencilSema

/// The elements of a use's content (`card { … }`, placed by the body's
/// `content`) are the caller's code: they lower in the caller's scope of
/// names, so the caller's arrows reach them and theirs reach the caller's
/// elements, and their items and problems point at the caller's file
/// through the caller's uses. Layout places them where the body says.
extension Lowering {
  /// What was current outside a use: its scope of names, where that
  /// scope's effects start, and the origin of its items.
  struct Caller {
    var scope: Int
    var scopeEffects: Int
    var origin: Origin
  }

  /// An element `levels` uses in from where it was written.
  mutating func lowerAsContent(_ element: ElementModel, levels: Int, in outer: Rect, origin: Origin) {
    guard levels <= callers.count else { return lowerWithEffects(element, in: outer, origin: origin) }
    let first = callers.count - levels
    let caller = callers[first]
    let inner = callers[first...]
    var callerOrigin = caller.origin
    // The stack it stands in aligns it, as it aligns the body's elements.
    callerOrigin.boxAlignment = origin.boxAlignment
    let saved = (scope, scopeEffects)
    // Waiting, it carries the effects of the uses it is inside too: the
    // caller's scope takes it up after they were applied to their items.
    (scope, scopeEffects) = (caller.scope, caller.scopeEffects)
    callers.removeSubrange(first...)
    lowerWithEffects(element, in: outer, origin: callerOrigin)
    callers += inner
    (scope, scopeEffects) = saved
  }
}
