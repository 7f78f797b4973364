import PencilDiagnostics
import PencilGeometry
import PencilSupport
import PencilSyntax

extension Checker {
  /// The attributes an element kind takes, or nil for an unknown kind.
  private mutating func attributeSpecs(for kindName: Name) -> (specs: [AttributeSpec], shape: (any ShapeKind)?)? {
    switch kindName {
    case .hstack: return (ElementKinds.hstack, nil)
    case .vstack: return (ElementKinds.vstack, nil)
    case .zstack: return (ElementKinds.zstack, nil)
    case .text: return (ElementKinds.text, nil)
    case .spacer: return (ElementKinds.spacer, nil)
    default:
      if let index = builtinShapeIndex(kindName) {
        return (ShapeKinds.builtinSpecs[index], ShapeKinds.builtins[index])
      }
      // A defined shape counts as used even when its path had errors
      // (reported already, so it is nil in `shapes`).
      // Inserting only what is new: CheckSession holds a copy of the
      // checker, so any insert would copy the whole set.
      if evaluator.definitions.shapeStatements[kindName] != nil, !evaluator.definitions.usedShapes.contains(kindName) {
        evaluator.definitions.usedShapes.insert(kindName)
      }
      if let parametric = evaluator.definitions.parametricShapes[kindName] {
        return (ElementKinds.shapeAttributes + parametric.specs, parametric)
      }
      return evaluator.definitions.shapes[kindName].map { (ElementKinds.shapeAttributes, $0) }
    }
  }

  /// The index in `ShapeKinds.builtins` of the built-in shape `key` names,
  /// unless the file defines its own shape of that name (a later
  /// built-in, see `ShapeKinds.laterBuiltins`: the file's wins).
  func builtinShapeIndex(_ key: Name) -> Int? {
    if ShapeKinds.laterBuiltinKeys.contains(key), evaluator.definitions.shapeStatements[key] != nil { return nil }
    return ShapeKinds.builtinKeys.firstIndex(of: key)
  }

  mutating func checkElement(_ statement: ElementStatement, in context: ElementContext) -> ElementModel? {
    guard !evaluator.budget.exhausted else { return nil }
    guard evaluator.budget.depth < ExpansionBudget.maximumDepth else {
      evaluator.report(
        LanguageCodes.elementsTooDeep, statement.kind.range,
        "elements are nested more than \(ExpansionBudget.maximumDepth) deep here, through stacks and component uses; nest fewer, or stop a component that uses itself sooner"
      )
      evaluator.budget.exhausted = true
      return nil
    }
    evaluator.budget.depth += 1
    defer { evaluator.budget.depth -= 1 }
    let kind = statement.kind.name
    let kindName = statement.kind.key
    let component = evaluator.definitions.components[kindName]
    if kindName == .content, component == nil, contentIsPlaceholder {
      // Outside a body's run (a use's content goes through `run`).
      var placed: [ElementModel] = []
      placeContent(statement, into: &placed)
      return nil
    }
    recordKindUse(statement, component: component)
    if let component { return checkUse(of: component, statement, in: context) }
    if kindName == .line || kindName == .arrow { return checkConnector(statement, in: context) }
    if kindName == .path { return checkPath(statement) }
    guard let (specs, shapeKind) = attributeSpecs(for: kindName) else {
      if evaluator.definitions.shapeStatements[kindName] == nil {
        reportUnknownElement(statement.kind)
        evaluator.markNamesRead(in: [.element(statement)])
      }
      return nil
    }
    let inStack = context == .stack
    let isStack = kindName == .hstack || kindName == .vstack || kindName == .zstack
    // A shape with a string is a labelled shape (Checker+Labels).
    let labelled = shapeKind != nil && statement.label != nil
    if kindName != .text { rejectLabelAndChildren(statement, allowChildren: isStack, allowLabel: labelled) }
    let values = checkAttributes(statement.attributes, labelled ? specs + Checker.labelAttributes : specs, of: kind)
    if inStack, let position = statement.attributes.first(where: { $0.name.key == .at }) {
      evaluator.diagnostics.append(
        Diagnostic(
          SemaCodes.positionInStack, position.range,
          "children of a stack take no position; the stack places them"
        )
        .withFix("remove the position", replacing: removalRange(position.range), with: ""))
    }
    // Stacks and text are as big as their content (SwiftUI's hugging);
    // a shape takes the size it is offered, and at the top level none is.
    // `circle radius=R` without a size has a frame of its own, 2R square.
    let radiusFrame =
      shapeKind is CircleShape || shapeKind is SectorShape ? values.number(.radius).map { Point(2 * $0, 2 * $0) } : nil
    if context == .file, kindName != .text, kindName != .spacer, !isStack, radiusFrame == nil, !labelled {
      requireSize(statement)
    }
    var placement = values.placement
    if placement.size == nil, let radiusFrame { placement.size = radiusFrame }
    checkFrameConflicts(statement, values)
    checkBackground(statement, values)
    var content: ElementModel.Content
    switch kindName {
    case .hstack, .vstack, .zstack:
      var children: [ElementModel] = []
      let childContext: ElementContext = kindName == .zstack ? .overlay : .stack
      inScope { checker in checker.run(statement.children ?? [], in: childContext, into: &children) }
      let axis: StackAxis = kindName == .hstack ? .h : kindName == .vstack ? .v : .z
      var stack = StackElement(axis: axis, spacing: values.number(.spacing) ?? 8, children: children)
      if let alignment = values.keyword(.alignment) {
        stack.alignsBaselines = alignment == "firstTextBaseline"
        let unit = ElementKinds.directions.first { $0.name == alignment }?.point ?? Point(0.5, 0)
        stack.alignment = axis == .v ? Point(unit.x, 0.5) : axis == .h ? Point(0.5, unit.y) : unit
      }
      content = .stack(stack)
    case .spacer:
      if context == .file {
        evaluator.diagnostics.append(
          Diagnostic(
            InterfaceCodes.spacerOutsideStack, statement.kind.range,
            "a spacer takes the room left in a stack; at the top level there is none"
          ).withFix("remove the spacer", replacing: removalRange(statement.range), with: ""))
        return nil
      }
      content = .spacer(minLength: values.number(.minLength) ?? 8)
    case .text:
      guard let text = checkText(statement, values, in: context) else { return nil }
      content = .text(text)
    default:
      guard let shapeKind, let outline = outline(of: shapeKind, values, statement) else { return nil }
      // A labelled shape given no paint is drawn as Pikchr draws a box: an
      // outline in the label's colour, nothing filled, so the label reads.
      let outlined = labelled && values[.fill] == nil && values[.gradient] == nil && values[.stroke] == nil
      let outlineColor = outlined ? SystemColors.entry(named: "label").map { evaluator.resolve($0) } : nil
      content = .shape(
        ShapeElement(
          outline: outline,
          fill: Fill(
            color: values.color(.fill) ?? (outlined ? Color(rgba: 0) : .black), gradient: values.gradient(.gradient)),
          fillRule: FillRule(rawValue: values.keyword(.fillRule) ?? "nonzero") ?? .nonzero,
          opacity: values.number(.opacity) ?? 1, stroke: Checker.stroke(values, default: outlineColor)))
      if labelled {
        guard let withLabel = self.labelled(content, statement, values, fit: Checker.labelFit(of: shapeKind, outline))
        else { return nil }
        content = withLabel
      }
    }
    guard evaluator.spendElements(1, at: statement.range) else { return nil }
    return ElementModel(
      content: content, placement: placement, range: statement.range, modifiers: values.modifiers(),
      effects: effects(for: statement, values))
  }

  /// E0242: an hsb gradient's stops (and a radial gradient's stops without
  /// a colour) are relative to a fill a background lacks.
  mutating func checkBackground(_ statement: ElementStatement, _ values: AttributeValues, excluding: [Name] = []) {
    guard values.hasModifiers, !excluding.contains(.background), let gradient = values.gradient(.background),
      gradient.isRelative,
      let attribute = statement.attributes.first(where: { $0.name.key == .background })
    else { return }
    let message =
      if case .radial = gradient.geometry {
        "'\(gradient.name)' has stops without a colour, relative to the colour it fills; a background needs a gradient whose stops all have colours, or a colour"
      } else {
        "'\(gradient.name)' is an hsb gradient, whose stops are relative to the colour it fills; a background needs an rgb gradient or a colour"
      }
    evaluator.diagnostics.append(Diagnostic(InterfaceCodes.relativeBackground, attribute.value.range, message))
  }

  /// The stroke the attributes ask for, or nil without `stroke=`. A
  /// gradient stroke derives an hsb gradient from the fill's colour.
  static func stroke(_ values: AttributeValues, default fallback: Color? = nil) -> StrokeModel? {
    let paint: Fill
    switch values[.stroke] {
    case .color(let color)?: paint = Fill(color: color, gradient: nil)
    case .gradient(let gradient)?: paint = Fill(color: values.color(.fill) ?? .black, gradient: gradient)
    default:
      guard let fallback else { return nil }
      paint = Fill(color: fallback, gradient: nil)
    }
    var dash: [Double] = []
    if case .list(let items)? = values[.dash] {
      for case .number(let length) in items { dash.append(length) }
    }
    let style = StrokeStyle(
      width: values.number(.lineWidth) ?? 1, cap: values.keyword(.lineCap).flatMap(LineCap.init(rawValue:)) ?? .butt,
      join: values.keyword(.lineJoin).flatMap(LineJoin.init(rawValue:)) ?? .miter,
      miterLimit: values.number(.miterLimit) ?? 10, dash: dash, dashPhase: values.number(.dashPhase) ?? 0)
    return StrokeModel(paint: paint, style: style)
  }

  /// `size` sets both lengths, so `width=` or `height=` beside it is one too many.
  mutating func checkFrameConflicts(_ statement: ElementStatement, _ values: AttributeValues, excluding: [Name] = []) {
    guard values.hasModifiers, values.placement.size != nil else { return }
    for attribute in statement.attributes
    where (attribute.name.key == .width || attribute.name.key == .height) && !excluding.contains(attribute.name.key) {
      evaluator.diagnostics.append(
        Diagnostic(
          InterfaceCodes.sizeAndFrame, attribute.range,
          "'size' already sets the \(attribute.name.name); give either 'size WxH' or 'width=' and 'height='"
        ).withFix("remove '\(attribute.name.name)='", replacing: removalRange(attribute.range), with: ""))
    }
  }

  /// The most characters of one text element that layout measures.
  static let maximumLaidOutText = 100_000

  /// At the top level every element but text needs a size.
  mutating func requireSize(_ statement: ElementStatement) {
    guard !statement.recovered, !statement.attributes.contains(where: { $0.name.key == .size }) else { return }
    let kind = statement.kind.name
    let insertion = SourceRange(statement.kind.range.end, statement.kind.range.end)
    let suggested = kind == "pencil" ? "100x400" : "100x100"
    evaluator.diagnostics.append(
      Diagnostic(
        SemaCodes.missingClause, statement.kind.range,
        "'\(kind)' at the top level needs a size, like 'size \(suggested)'"
      )
      .withFix("add a size", replacing: insertion, with: " size \(suggested)"))
  }

  private mutating func checkText(_ statement: ElementStatement, _ values: AttributeValues, in context: ElementContext)
    -> TextElement?
  {
    guard let label = statement.label else {
      if !statement.recovered {
        evaluator.diagnostics.append(
          Diagnostic(SemaCodes.missingClause, statement.kind.range, "text needs a string, like text \"Hello\" at 10,20")
            .withFix(
              "add a string", replacing: SourceRange(statement.kind.range.end, statement.kind.range.end),
              with: " \"Text\""))
      }
      return nil
    }
    let position = values.placement.origin
    // Text that layout measures and may wrap has a length limit.
    let laidOut = position == nil || values[.width] != nil || values[.lineLimit] != nil
    guard let string = checkedString(label, of: "text", measured: laidOut) else { return nil }
    if position == nil, context == .file {
      if !statement.recovered, !statement.attributes.contains(where: { $0.name.name == "at" }) {
        evaluator.diagnostics.append(
          Diagnostic(SemaCodes.missingClause, statement.kind.range, "text needs a position: 'at X,Y' on its baseline"))
      }
      return nil
    }
    let (size, bold) = values.textStyle
    let opacity = values.number(.opacity) ?? 1
    let given = values.color(.color)
    return TextElement(
      text: string, position: position, fontSize: size, bold: bold,
      alignment: TextAlignment(rawValue: values.keyword(.align) ?? "leading") ?? .leading,
      color: evaluator.imports.palette?.map(given ?? .black) { $0.withOpacity(opacity) }
        ?? (given ?? .black).withOpacity(opacity),
      lineLimit: values.number(.lineLimit).map { clampedInt($0.rounded(.down), 1, 10_000) },
      usesDefaultColor: given == nil && values[.color] == nil, opacity: opacity)
  }

  /// The string of a text (or a label, `what`), or nil (reported): its
  /// glyphs checked, and its length when layout measures and wraps it.
  mutating func checkedString(_ label: Expr, of what: String, measured: Bool) -> String? {
    guard case .string(let string)? = resolve(label, as: .string, for: what) else { return nil }
    warnAboutMissingGlyphs(in: string, label: label)
    guard measured, string.utf8.count > Checker.maximumLaidOutText,
      string.unicodeScalars.count > Checker.maximumLaidOutText
    else { return string }
    evaluator.diagnostics.append(
      Diagnostic(
        InterfaceCodes.textTooLong, label.range,
        "this \(what) has \(string.unicodeScalars.count) characters; text that layout measures and wraps holds at most \(Checker.maximumLaidOutText)"
      ))
    return nil
  }

  mutating func rejectLabelAndChildren(
    _ statement: ElementStatement, allowChildren: Bool = false, allowLabel: Bool = false
  ) {
    let kind = statement.kind.name
    if !allowLabel, let label = statement.label {
      evaluator.diagnostics.append(
        Diagnostic(SemaCodes.unknownAttribute, label.range, "'\(kind)' takes no string; only text does")
          .withFix("remove the string", replacing: removalRange(label.range), with: ""))
      evaluator.markNamesRead(in: label)
    }
    if !allowChildren, let children = statement.childrenRange {
      evaluator.diagnostics.append(
        Diagnostic(
          SemaCodes.unexpectedChildren, children,
          "'\(kind)' takes no children; only hstack, vstack and zstack hold elements in { }"))
      evaluator.markNamesRead(in: statement.children ?? [])
    }
  }

  private mutating func reportUnknownElement(_ kind: Identifier) {
    guard evaluator.reportsUnresolvedName() else { return }
    var diagnostic = Diagnostic(SemaCodes.unknownElement, kind.range, "unknown element '\(kind.name)'")
    // Past the error limit the diagnostic is dropped: spend nothing on it.
    guard evaluator.diagnostics.wouldKeep(SemaCodes.unknownElement, at: kind.range) else {
      return evaluator.diagnostics.append(diagnostic)
    }
    if elementNameIndex == nil {
      elementNameIndex = SuggestionIndex(
        ElementKinds.nonShapeKinds + ShapeKinds.builtins.map(\.name) + ["gradient", "shape"]
          + evaluator.definitions.shapeStatements.keys.map(\.text))
    }
    if evaluator.definitions.gradientStatements[kind.key] != nil {
      diagnostic = diagnostic.withNote(
        "'\(kind.name)' is a gradient; fill an element with it: rect at 0,0 size 100x100 gradient=\(kind.name)")
    } else if let peer = PeerSpellings.elements[kind.name] {
      // `box` (Pikchr), `circle` (SVG), `Rectangle` (SwiftUI).
      diagnostic.message += "; pencil calls it '\(peer)'"
      diagnostic = diagnostic.withFix("pencil calls it '\(peer)'", replacing: kind.range, with: peer)
    } else if let suggestion = elementNameIndex?.closest(to: kind.name) {
      evaluator.definitions.usedShapes.insert(Name(suggestion))
      diagnostic = diagnostic.withFix("did you mean '\(suggestion)'?", replacing: kind.range, with: suggestion)
    }
    evaluator.diagnostics.append(diagnostic)
  }
}
