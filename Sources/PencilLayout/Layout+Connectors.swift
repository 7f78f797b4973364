import PencilDiagnostics
import PencilGeometry
import PencilSema

/// Connector routing, in one place: layout turns a `line` or an `arrow`
/// into the group of outlines `ConnectorGeometry` draws. One with both
/// ends fixed is routed before layout places anything (it takes the box
/// its route is drawn in, in a stack too); one with an anchored end once
/// the elements it names are placed (`Lowering.lowerConnector`).
extension Layout {
  /// The group a connector from `start` to `end` is drawn as; an anchored
  /// end leaves its element's edge straight out. Nil: it has no length.
  static func routed(_ connector: ConnectorElement, from start: Point, to end: Point, range: SourceRange)
    -> ElementModel?
  {
    let via = connector.via.compactMap { end -> Point? in
      if case .fixed(let point) = end { return point }
      return nil
    }
    let path = route(connector, from: ConnectorEnd(point: start), to: ConnectorEnd(point: end), via: via)
    return ConnectorGeometry.group(along: path, style: connector.style, range: range)
  }

  /// The route of a connector between its ends, through the points
  /// between them (`via`, resolved), or along a path's own outline.
  static func route(
    _ connector: ConnectorElement, from start: ConnectorEnd, to end: ConnectorEnd, via: [Point] = []
  ) -> RoutedPath {
    if let segments = connector.segments { return .segments(segments) }
    return ConnectorGeometry.path(connector.style, from: start, to: end, via: via, loop: connector.isSelfLoop)
  }

  /// What routing the connectors between fixed ends did to an element.
  enum FixedRouting {
    /// Nothing in its tree is such a connector.
    case unchanged
    case routed(ElementModel)
    /// A connector of no length: it draws nothing.
    case dropped
  }

  /// The element with each connector between fixed ends in its tree (in
  /// stacks and component uses) replaced by its routed group, which keeps
  /// the connector's name and effects. A tree without one is not copied.
  static func routeFixedConnectors(_ element: ElementModel) -> FixedRouting {
    switch element.content {
    case .connector(let connector):
      guard let ends = connector.fixedEnds else { return .unchanged }
      guard var group = routed(connector, from: ends.from, to: ends.to, range: element.range) else { return .dropped }
      group.effects = element.effects
      return .routed(group)
    case .group(var group):
      guard let children = routeFixedConnectors(group.children) else { return .unchanged }
      group.children = children
      var routed = element
      routed.content = .group(group)
      return .routed(routed)
    case .stack(var stack):
      guard let children = routeFixedConnectors(stack.children) else { return .unchanged }
      stack.children = children
      var routed = element
      routed.content = .stack(stack)
      return .routed(routed)
    case .shape, .deferred, .text, .spacer:
      return .unchanged
    }
  }

  /// Routes the connectors between fixed ends in a top-level element;
  /// false when the element is such a connector and draws nothing.
  static func routeFixedConnectors(in element: inout ElementModel) -> Bool {
    switch routeFixedConnectors(element) {
    case .unchanged: return true
    case .routed(let routed):
      element = routed
      return true
    case .dropped: return false
    }
  }

  /// The elements with their connectors between fixed ends routed; nil
  /// when none is such a connector or holds one.
  static func routeFixedConnectors(_ elements: [ElementModel]) -> [ElementModel]? {
    var result: [ElementModel]? = nil
    // By index: a for-in loop copies each element model.
    for index in elements.indices {
      let routing = routeFixedConnectors(elements[index])
      if case .unchanged = routing {
        result?.append(elements[index])
        continue
      }
      if result == nil { result = Array(elements[..<index]) }
      if case .routed(let element) = routing { result?.append(element) }
    }
    return result
  }
}
