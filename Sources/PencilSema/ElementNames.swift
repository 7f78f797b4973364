import PencilDiagnostics
import PencilGeometry
import PencilSyntax

/// Named elements (`start: roundrect …`) and their anchors (`start.trailing`).
///
/// A name belongs to a scope: the file, or one use of a component. Its
/// frame is known only after layout, so an anchor is a value that names
/// the element and the unit point; lowering resolves it once the element
/// is placed (see `Lowering+Anchors.swift`).

/// One element's name in one scope. Compared by identity: each use of a
/// component names its own elements.
package final class ElementName: Hashable {
  package let name: String
  package let declaration: SourceRange
  /// Whether it names a built-in `sector`, whose anchors include
  /// `ElementKinds.sectorAnchors`.
  let isSector: Bool
  /// Whether it names a line or an arrow: no outline to end a connector on.
  package let isConnector: Bool

  init(name: String, declaration: SourceRange, isSector: Bool = false, isConnector: Bool = false) {
    self.name = name
    self.declaration = declaration
    self.isSector = isSector
    self.isConnector = isConnector
  }

  package static func == (a: ElementName, b: ElementName) -> Bool { a === b }
  package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// `NAME.ANCHOR`: a unit point of a named element's frame.
package struct ElementAnchor: Hashable {
  package let element: ElementName
  /// Which of `ElementKinds.directions` (an index, not the name and the
  /// point: an anchor is copied with every value that holds it, and at
  /// 40 bytes it keeps `Computed` and `Value` as small as they were).
  let direction: UInt8
  /// Where `NAME.ANCHOR` is written, for the problems found after layout.
  package let range: SourceRange
  /// Added once the point is known: `NAME.ANCHOR + (dx, dy)`.
  package var offset = Point(0, 0)

  /// The unit point of a direction; a sector's own anchors (after the
  /// directions) are worked out from its geometry, and stand at the centre
  /// until then.
  package var unit: Point {
    Int(direction) < ElementKinds.directions.count ? ElementKinds.directions[Int(direction)].point : Point(0.5, 0.5)
  }
  package var anchorName: String {
    let index = Int(direction)
    let directions = ElementKinds.directions
    if index < directions.count { return directions[index].name }
    return isOutline ? "outline" : ElementKinds.sectorAnchors[index - directions.count].name
  }
  /// A sector's own anchor, or nil for a direction of the frame.
  package var sectorAnchor: Sector.Anchor? {
    let index = Int(direction) - ElementKinds.directions.count
    return index >= 0 && index < ElementKinds.sectorAnchors.count ? ElementKinds.sectorAnchors[index].anchor : nil
  }

  /// The index of `outline`: the element's name alone in `from` or `to`,
  /// which ends the connector where it meets the element's outline
  /// (Pikchr's chop).
  static let outlineDirection = UInt8(ElementKinds.directions.count + ElementKinds.sectorAnchors.count)

  /// Whether it is the element's outline rather than a point of it.
  package var isOutline: Bool { direction == ElementAnchor.outlineDirection }

  static func outline(of element: ElementName, range: SourceRange) -> ElementAnchor {
    ElementAnchor(element: element, direction: outlineDirection, range: range)
  }
}

/// A point written in the source: fixed, or an anchor known after layout.
package enum PointRef: Equatable {
  case fixed(Point)
  case anchor(ElementAnchor)

  package var anchor: ElementAnchor? {
    if case .anchor(let anchor) = self { return anchor }
    return nil
  }
}

/// What an element carries beyond its content and place, in one box that
/// most elements do not have: its name, a position at an anchor, and the
/// effects applied after layout (transforms, clipping).
package final class ElementEffects: Equatable {
  package var name: ElementName?
  /// `at NAME.ANCHOR`: the element's top-left, once that element is placed.
  package var origin: ElementAnchor?
  package var transform: TransformModel?
  package var clip: ClipModel?
  /// `shadow=` and `blur=`: drawn as layers (see `LayerIR`).
  package var filter: FilterModel?
  /// For an element of a use's content: how many uses out its code was
  /// written (1: the use's caller), whose names and file it lowers in.
  package var contentLevels = 0

  init(name: ElementName? = nil, origin: ElementAnchor? = nil) {
    self.name = name
    self.origin = origin
  }

  init(contentLevels: Int) { self.contentLevels = contentLevels }

  /// A copy one use further from where it was written.
  func placedOneLevelDeeper() -> ElementEffects {
    let copy = ElementEffects(name: name, origin: origin)
    (copy.transform, copy.clip, copy.contentLevels) = (transform, clip, contentLevels + 1)
    copy.filter = filter
    return copy
  }

  var isEmpty: Bool {
    name == nil && origin == nil && transform == nil && clip == nil && filter == nil && contentLevels == 0
  }

  package static func == (a: ElementEffects, b: ElementEffects) -> Bool {
    a === b
      || (a.name == b.name && a.origin == b.origin && a.transform == b.transform && a.clip == b.clip
        && a.filter == b.filter && a.contentLevels == b.contentLevels)
  }
}

/// `shadow=` (with `shadow.color=`, `shadow.x=`, `shadow.y=`) and `blur=`:
/// SwiftUI's `.shadow(color:radius:x:y:)` and `.blur(radius:)`, the radius
/// a Gaussian's standard deviation in points.
package struct FilterModel: Equatable {
  package var shadow: (color: Color, radius: Double, x: Double, y: Double)?
  package var blur: Double?

  package static func == (a: FilterModel, b: FilterModel) -> Bool {
    a.blur == b.blur && a.shadow?.color == b.shadow?.color && a.shadow?.radius == b.shadow?.radius
      && a.shadow?.x == b.shadow?.x && a.shadow?.y == b.shadow?.y
  }
}

/// `rotation=`, `scale=`, `offset=`, `anchor=`: SwiftUI's `rotationEffect`,
/// `scaleEffect` and `offset`, applied after layout about a unit point of
/// the frame.
package struct TransformModel: Equatable {
  var rotation = 0.0
  var scale = Point(1, 1)
  var offset = Point(0, 0)
  var anchor = Point(0.5, 0.5)

  /// The map for an element laid out in `frame`: scale, then rotate,
  /// about the anchor; then offset (SwiftUI applies `offset` last when it
  /// is written last, and these attributes have no order).
  package func affine(in frame: Rect) -> Affine {
    let pivot = frame.point(atUnit: anchor)
    return Affine.translation(pivot.x + offset.x, pivot.y + offset.y)
      .concatenating(after: Affine.rotation(degrees: rotation))
      .concatenating(after: Affine.scale(scale.x, scale.y))
      .concatenating(after: Affine.translation(-pivot.x, -pivot.y))
  }
}

/// `clip=`: the shape an element's children are cut to, fitted to its frame.
package struct ClipModel: Equatable {
  package var outline: ShapeOutline
  var range: SourceRange
}

extension Checker {
  /// Whether any element in `statements` (or nested in them) has a name.
  static func namesElements(_ statements: [Statement]) -> Bool {
    statements.contains { statement in
      switch statement {
      case .element(let element): element.name != nil || namesElements(element.children ?? [])
      case .forLoop(let loop): namesElements(loop.body)
      case .conditional(let conditional):
        conditional.branches.contains { namesElements($0.body) } || namesElements(conditional.elseBody ?? [])
      default: false
      }
    }
  }

  /// Declares the names of the elements `statements` hold (through stacks
  /// and `if` branches; a name in a loop is an error), so that an anchor
  /// may name an element written after it.
  mutating func declareElementNames(
    in statements: [Statement], inLoop: Bool = false, reusing pool: [Name: ElementName] = [:]
  ) {
    for statement in statements { declareElementNames(in: statement, inLoop: inLoop, reusing: pool) }
  }

  mutating func declareElementNames(
    in statement: Statement, inLoop: Bool = false, reusing pool: [Name: ElementName] = [:]
  ) {
    switch statement {
    case .element(let element):
      if let name = element.name {
        if inLoop {
          evaluator.diagnostics.append(
            Diagnostic(
              GraphicsCodes.nameInLoop, name.range,
              "'\(name.name)' would name every copy this loop makes; name elements outside loops, or use a component"
            ).withFix(
              "remove the name", replacing: SourceRange(name.range.start, element.kind.range.start), with: ""))
        } else if let first = evaluator.scope.elementNames[name.key] {
          evaluator.diagnostics.append(
            Diagnostic(
              GraphicsCodes.duplicateElementName, name.range,
              "'\(name.name)' already names an element in this scope"
            ).withNote("first named here", at: first.declaration))
        } else {
          evaluator.scope.elementNames[name.key] =
            pool[name.key]
            ?? ElementName(
              name: name.name, declaration: name.range,
              isSector: builtinShapeIndex(element.kind.key).map { ShapeKinds.builtins[$0] is SectorShape } ?? false,
              isConnector: (element.kind.key == .line || element.kind.key == .arrow)
                && evaluator.definitions.components[element.kind.key] == nil)
          evaluator.recordDeclaration(name, as: .element)
        }
      }
      // A use's content names elements of the caller's (see Checker+Content).
      if evaluator.definitions.components[element.kind.key].map({ !$0.contentParents.isEmpty }) ?? true {
        declareElementNames(in: element.children ?? [], inLoop: inLoop, reusing: pool)
      }
    case .forLoop(let loop):
      declareElementNames(in: loop.body, inLoop: true, reusing: pool)
    case .conditional(let conditional):
      // Only one branch is drawn, so a name in two branches is one name:
      // each branch starts from the names before the `if`, and a name an
      // earlier branch declared is reused.
      let before = evaluator.scope.elementNames
      var all = evaluator.scope.elementNames
      for body in conditional.branches.map(\.body) + [conditional.elseBody ?? []] {
        evaluator.scope.elementNames = before
        declareElementNames(in: body, inLoop: inLoop, reusing: all)
        for (key, name) in evaluator.scope.elementNames where all[key] == nil { all[key] = name }
      }
      evaluator.scope.elementNames = all
    default:
      break
    }
  }
}

extension Evaluator {
  /// E0255: an anchor where the position must be known before layout.
  mutating func reportAnchorNotAllowed(_ range: SourceRange, in place: String) {
    diagnostics.append(
      Diagnostic(
        GraphicsCodes.anchorNotAllowed, range,
        "an anchor is known only after layout, so \(place) cannot use it; anchors go in 'at', 'from' and 'to'"))
  }

  /// An anchor compared or computed with: its point is not known yet.
  mutating func anchorInExpression(_ expression: Expr) -> Computed? {
    reportAnchorNotAllowed(expression.range, in: "an expression")
    return nil
  }

  /// `NAME.ANCHOR` when `NAME` is an element of this scope (and not a
  /// `let` or parameter); nil when the expression is something else.
  mutating func evaluateAnchor(_ base: Expr, _ member: Identifier, _ arguments: [Expr]?) -> Computed?? {
    guard case .name(let identifier) = base, arguments == nil else { return nil }
    let anchors = ElementKinds.directions
    if let hiding = binding(identifier.key) {
      // `let box = 5` beside `box: rect`: `box.trailing` reads the let.
      guard let element = scope.elementNames[identifier.key], anchors.contains(where: { $0.name == member.name }),
        !hiding.value.isUnknown
      else { return nil }
      markUsed(hiding)
      recordUse(identifier, of: hiding)
      diagnostics.append(
        Diagnostic(
          GraphicsCodes.unknownElementName, identifier.range,
          "'\(identifier.name)' here is a \(hiding.kind == .parameter ? "parameter" : hiding.kind == .loopVariable ? "loop variable" : "let"), which hides the element named '\(identifier.name)'; rename one of them"
        )
        .withNote("the \(hiding.kind == .parameter ? "parameter" : "name") is declared here", at: hiding.declaration)
        .withNote("the element is named here", at: element.declaration))
      return .some(nil)
    }
    guard let element = scope.elementNames[identifier.key] else {
      // Not an element: a colour's member (`red.opacity`) or an unknown
      // name. An anchor's name after it says the user meant an element.
      let colorMembers = ["opacity", "mix", "hue", "saturation", "brightness", "alpha", "count"]
      guard !colorMembers.contains(member.name), CSSColors.rgba(named: identifier.name) == nil,
        definitions.gradientStatements[identifier.key] == nil
      else { return nil }
      guard reportsUnresolvedName() else { return .some(nil) }
      var diagnostic = Diagnostic(
        GraphicsCodes.unknownElementName, identifier.range, "no element is named '\(identifier.name)' here")
      if let suggestion = Suggestions.closest(to: identifier.name, among: scope.elementNames.values.map(\.name)) {
        diagnostic = diagnostic.withFix("did you mean '\(suggestion)'?", replacing: identifier.range, with: suggestion)
      } else if scope.elementNames.isEmpty {
        diagnostic.message += "; name one by writing 'NAME:' before it"
      }
      diagnostics.append(diagnostic)
      return .some(nil)
    }
    recordUse(identifier, declaredAt: element.declaration, in: currentFile, as: .element)
    if let own = ElementKinds.sectorAnchors.firstIndex(where: { $0.name == member.name }) {
      guard element.isSector else {
        diagnostics.append(
          Diagnostic(
            GraphicsCodes.unknownAnchor, member.range,
            "'\(member.name)' is an anchor of a sector, and '\(identifier.name)' is not one; an element's anchors are top, bottom, leading, trailing, center, topLeading, topTrailing, bottomLeading and bottomTrailing"
          ).withFix("use the centre", replacing: member.range, with: "center"))
        return .some(nil)
      }
      return .some(
        .anchor(
          ElementAnchor(
            element: element, direction: UInt8(truncatingIfNeeded: anchors.count + own),
            range: SourceRange(identifier.range.start, member.range.end))))
    }
    guard let direction = anchors.firstIndex(where: { $0.name == member.name }) else {
      var diagnostic = Diagnostic(
        GraphicsCodes.unknownAnchor, member.range,
        "'\(member.name)' is not an anchor; an element's anchors are top, bottom, leading, trailing, center, topLeading, topTrailing, bottomLeading and bottomTrailing"
      )
      if PeerSpellings.coordinates.contains(member.name) {
        // Pikchr's `box.x`: a coordinate of the centre.
        diagnostic.message += "; an anchor is a point, and pencil reads no coordinate of it"
        diagnostic = diagnostic.withFix("use the centre", replacing: member.range, with: "center")
      } else if let suggestion = ElementKinds.directionAliases[member.name]
        ?? Suggestions.closest(to: member.name, among: anchors.map(\.name))
      {
        diagnostic = diagnostic.withFix("did you mean '\(suggestion)'?", replacing: member.range, with: suggestion)
      }
      diagnostics.append(diagnostic)
      return .some(nil)
    }
    return .some(
      .anchor(
        ElementAnchor(
          element: element, direction: UInt8(truncatingIfNeeded: direction),
          range: SourceRange(identifier.range.start, member.range.end))))
  }
}
