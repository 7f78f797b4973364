import PencilSema

/// What lowering counts: its work, for the tests of bounded cost, and
/// the display items it will make, to reserve them at once.
extension Lowering {
  /// Work one lowering did, counted for the tests of bounded cost.
  struct Work {
    /// How many times an element waiting for anchors was looked at.
    var anchorChecks: Int
    /// How many times a text was wrapped (not answered from the cache).
    var textWraps: Int
    /// How many items were checked against the canvas's edges (W0015).
    var canvasChecks: Int
    /// How many clips' outlines those checks measured (each clip once).
    var clipBoxesMeasured: Int
    /// How many outline edges connectors' rays may have tested.
    var outlineEdges: Int
  }

  /// How many display items an element lowers to.
  /// By index: `reduce` would copy every element model it passes on.
  static func itemCount(_ elements: [ElementModel]) -> Int {
    var count = 0
    for index in elements.indices {
      if elements[index].modifiers?.background != nil { count += 1 }
      switch elements[index].content {
      case .shape, .text: count += 1
      case .group(let group): count += itemCount(group.children)
      case .deferred, .spacer: break  // a deferred use's items are counted when it is made
      case .connector: count += 4
      case .stack(let stack): count += itemCount(stack.children)
      }
    }
    return count
  }
}
