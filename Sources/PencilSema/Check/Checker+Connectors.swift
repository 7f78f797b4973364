import PencilDiagnostics
import PencilGeometry
import PencilSyntax

/// `line from P to Q`, `arrow from P to Q` and `path { … }`: outlines in
/// absolute coordinates, stroked (black, 1 point, unless told otherwise)
/// and not filled unless `fill=` is given. Layout draws a line or an arrow
/// as a group of its line, its arrowheads (filled with the stroke's paint)
/// and its label (`ConnectorGeometry`).
extension Checker {
  mutating func checkConnector(_ statement: ElementStatement, in context: ElementContext) -> ElementModel? {
    let kind = statement.kind.name
    // `arrow "HTTPS" from a to b`, as a labelled shape; `label=` is the
    // spelling of language v2, still read.
    rejectLabelAndChildren(statement, allowLabel: true)
    // `line from A to B to C`: each `to` but the last is a point between.
    let (attributes, between) = Checker.pointsBetween(statement.attributes)
    let values = checkAttributes(attributes, ElementKinds.connector, of: kind)
    var via: [PointRef] = []
    for attribute in between {
      switch resolve(attribute.value, as: .point, for: "to") {
      case .point(let point)?: via.append(.fixed(point))
      case .anchor(let anchor)?:
        guard !anchor.isOutline else {
          reportOutlineNotAllowed(anchor, in: "a point between the ends")
          return nil
        }
        via.append(.anchor(anchor))
      default: return nil
      }
    }
    func end(_ name: Name) -> PointRef? {
      switch values[name] {
      case .point(let point)?: .fixed(point)
      case .anchor(let anchor)?: .anchor(anchor)
      default: nil
      }
    }
    guard let from = end(.from), let to = end(.to) else {
      if !statement.recovered, values[.from] == nil || values[.to] == nil,
        !statement.attributes.contains(where: { $0.name.key == .from || $0.name.key == .to })
      {
        evaluator.diagnostics.append(
          Diagnostic(
            SemaCodes.missingClause, statement.kind.range, "'\(kind)' needs its ends: '\(kind) from X,Y to X,Y'"
          )
          .withFix(
            "add the ends", replacing: SourceRange(statement.kind.range.end, statement.kind.range.end),
            with: " from 0,0 to 100,0"))
      }
      return nil
    }
    let heads =
      values.keyword(.arrowheads).flatMap(Arrowheads.init(rawValue:))
      ?? (statement.kind.key == .arrow ? Arrowheads.end : Arrowheads.none)
    var label: String? = nil
    if case .string(let text)? = values[.label] { label = text }
    if let string = statement.label {
      if let given = statement.attributes.first(where: { $0.name.key == .label }) {
        evaluator.diagnostics.append(
          Diagnostic(SemaCodes.repeatedAttribute, given.range, "the \(kind) has a label already, its string")
            .withFix("remove 'label='", replacing: removalRange(given.range), with: ""))
      }
      // An empty string is no label: `arrow (i == 1 ? "SQL" : "") …`.
      if case .string(let text)? = resolve(string, as: .string, for: "label") { label = text.isEmpty ? nil : text }
    }
    let route = values.keyword(.route).flatMap(ConnectorRoute.init(rawValue:))
    let bend = values.number(.bend)
    if let bend, bend != 0, let given = route, given != .curve {
      reportShapeConflict(statement, .bend, "'bend=' turns a curve, and this \(kind) is 'route=\(given.rawValue)'")
    }
    let loopSide = values.keyword(.loop).flatMap { side in ElementKinds.directions.first { $0.name == side }?.point }
    let style = ConnectorStyle(
      stroke: Checker.stroke(values, default: .black), headAtStart: heads == .start || heads == .both,
      headAtEnd: heads == .end || heads == .both, fill: values.color(.fill), opacity: values.number(.opacity) ?? 1,
      label: label, elbow: route == .elbow, curve: route == .curve || (route == nil && bend != nil),
      bend: bend ?? 0, loopSide: loopSide ?? Point(0.5, 0))
    var connector = ConnectorElement(from: from, to: to, style: style)
    connector.via = via
    if !via.isEmpty, let given = route, given != .straight {
      reportShapeConflict(
        statement, .route,
        "a \(kind) through points between its ends runs straight from one to the next; 'route=\(given.rawValue)' joins two ends"
      )
      return nil
    }
    if loopSide != nil, !connector.isSelfLoop {
      reportShapeConflict(
        statement, .loop,
        "'loop=' is the side a \(kind) from an element to itself loops out of, and this one joins two places")
    }
    if connector.isSelfLoop, let anchor = from.anchor, anchor.element.isConnector {
      reportOutlineNotAllowed(anchor, in: "from")
      return nil
    }
    guard evaluator.spendElements(1, at: statement.range) else { return nil }
    if via.isEmpty, let ends = connector.fixedEnds,
      !ConnectorElement.hasLength(from: ends.from, to: ends.to, elbow: style.elbow)
    {
      return nil
    }
    // Routed by layout: with both ends fixed before it places anything,
    // in the box its route is drawn in; with an anchored end once the
    // elements it names are placed (it takes no room in a stack).
    return ElementModel(
      content: .connector(connector), placement: Placement(origin: Point(0, 0), size: Point(0, 0)),
      range: statement.range, effects: effects(for: statement, values))
  }

  /// `path { move …; line …; curve …; close }` in absolute coordinates.
  mutating func checkPath(_ statement: ElementStatement) -> ElementModel? {
    let values = checkAttributes(statement.attributes, ElementKinds.path, of: "path")
    if let label = statement.label {
      evaluator.diagnostics.append(
        Diagnostic(SemaCodes.unknownAttribute, label.range, "'path' takes no string; only text does")
          .withFix("remove the string", replacing: removalRange(label.range), with: ""))
    }
    var builder = PathBuilder()
    inScope { checker in checker.runPath(statement.children ?? [], into: &builder, use: statement.range) }
    guard !builder.segments.isEmpty, let box = boundingBox(of: builder.segments) else { return nil }
    if let heads = values.keyword(.arrowheads), heads != "none" {
      return pathWithArrowheads(builder.segments, values, statement, heads: heads)
    }
    let fill = values.color(.fill)
    let shape = ShapeElement(
      outline: .absolute(builder.segments, origin: Point(box.x, box.y)),
      fill: Fill(color: fill ?? Color(red: 0, green: 0, blue: 0, alpha: 0), gradient: values.gradient(.gradient)),
      fillRule: FillRule(rawValue: values.keyword(.fillRule) ?? "nonzero") ?? .nonzero,
      opacity: values.number(.opacity) ?? 1, stroke: Checker.stroke(values, default: fill == nil ? .black : nil))
    guard evaluator.spendElements(1, at: statement.range) else { return nil }
    return ElementModel(
      content: .shape(shape), placement: Placement(origin: Point(box.x, box.y), size: Point(box.width, box.height)),
      range: statement.range, effects: effects(for: statement, values))
  }
}

extension Checker {
  /// E0269 at the attribute `name`, with a fix that removes it.
  mutating func reportShapeConflict(_ statement: ElementStatement, _ name: Name, _ message: String) {
    guard let attribute = statement.attributes.first(where: { $0.name.key == name }) else { return }
    evaluator.diagnostics.append(
      Diagnostic(CurveCodes.connectorShapeConflict, attribute.range, message)
        .withFix("remove '\(attribute.name.name)='", replacing: removalRange(attribute.range), with: ""))
  }

  /// E0268: an element's name alone (its outline) where a point is needed,
  /// or a line's or an arrow's, which has no outline.
  mutating func reportOutlineNotAllowed(_ anchor: ElementAnchor, in attribute: String) {
    let name = anchor.element.name
    let message =
      anchor.element.isConnector
      ? "'\(name)' is a line or an arrow, which has no outline to end on; use one of its anchors, such as '\(name).center'"
      : "'\(name)' alone stands for its outline, which only a line's or an arrow's 'from' and 'to' end on; '\(attribute)' takes a point, such as '\(name).center'"
    evaluator.diagnostics.append(
      Diagnostic(CurveCodes.outlineNotAllowed, anchor.range, message)
        .withFix("use its centre", replacing: anchor.range, with: "\(name).center"))
  }
}

/// `arrowheads=`: the ends of a connector that carry a head.
enum Arrowheads: String {
  case start, end, both, none
}

/// `route=`: how a connector runs from its start to its end.
enum ConnectorRoute: String {
  case straight, elbow, curve
}
