import PencilDiagnostics
import PencilGeometry
import PencilIR
import PencilSema

/// Lowers the checked scene to the shape IR: lays out stacks, fits
/// outlines to frames, resolves gradients against their frames and sizes
/// the canvas.
package struct Lowering {
  var items: [DisplayItem] = []
  var diagnostics: DiagnosticList
  /// Resolved stops by gradient and base colour: a scene uses a few
  /// colours many times, and the stops do not depend on the frame.
  private var stopCache: [(gradient: GradientModel, color: Color, stops: [GradientStopIR])] = []
  /// The last gradient paint made, and what it was made of: the parts of a
  /// component (a pencil's tip and body) often share a fill and a frame.
  /// Separate fields, compared in place: copying a tuple of them costs
  /// more than the comparison saves.
  private var lastPaint: Paint?
  private var lastGradient: GradientModel?
  private var lastColor = Color.black
  private var lastFrame = Rect(x: 0, y: 0, width: 0, height: 0)
  /// The last solid stroke made, shared by the paths stroked alike after it.
  var lastStroke: StrokeIR?
  /// The colour of text without `color=` (see SceneModel).
  var defaultTextColor = Color.black
  /// For an adaptive picture: the dark values of adaptive colours, to
  /// which the colours derived here are added.
  var palette: AdaptivePalette?
  /// Sizes elements for layout, within a budget of answers (E0244).
  var layout = Layout()
  /// The frames of named elements placed so far, by scope (see Lowering+Anchors).
  var frames: [FrameKey: Rect] = [:]
  /// The named sectors' geometry, for their own anchors.
  var sectors: [FrameKey: Sector] = [:]
  /// The named shapes' outlines, for connectors ending on them (others end on frames).
  var outlines: [FrameKey: NamedOutline] = [:]
  /// The scope of names being lowered: 0 the file, then one per use of a
  /// component, and the next to give out.
  var scope = 0
  var nextScope = 1
  /// What was current outside each use being lowered, outermost first:
  /// where its content's elements lower (see Lowering+Content).
  var callers: [Caller] = []
  /// Elements waiting for an element they name to be placed, and how
  /// many have waited (their order).
  var pending: [PendingElement] = []
  var pendingCount = 0
  /// Where layout's budget was first crossed by a connector's outline ends
  /// (reported after the waiting elements when no element was), and
  /// whether E0244 is reported.
  var tooCostly: (connector: SourceRange?, reported: Bool) = (nil, false)
  /// While waiting elements are built (`resolving` deep), the names they
  /// place, to take up what waits for them.
  var placedNames: [FrameKey] = []
  var resolving = 0
  /// How many times an element waiting for anchors was looked at, and how
  /// many texts were measured: work counted for the tests of bounded cost.
  var anchorChecks = 0
  var canvasChecks = 0
  var clipBoxesMeasured = 0
  /// Where the current scope's own effects start in `effectScope`.
  var scopeEffects = 0
  /// The transforms and clips around the element being lowered.
  var effectScope: EffectScope = []
  /// Each top-level element's source and the items it made (for the
  /// outside-the-canvas warning).
  var topLevelItems: [TopLevelItems] = []
  /// Expands the component uses whose size layout decides (taken from
  /// the model: layout owns it while it works).
  var sizedUses: SizedUseExpander?

  /// Takes `model.elements` and frees them as it goes (see
  /// ElementChunks), so a large scene's model and IR are not held in full
  /// at once.
  package static func lower(
    _ model: inout SceneModel, diagnostics: inout DiagnosticList, layoutBudget: Int = Layout.standardBudget,
    palette: AdaptivePalette? = nil
  ) -> Scene {
    lowerCountingWork(&model, diagnostics: &diagnostics, layoutBudget: layoutBudget, palette: palette)
      .scene
  }

  static func lowerCountingWork(
    _ model: inout SceneModel, diagnostics: inout DiagnosticList, layoutBudget: Int = Layout.standardBudget,
    palette: AdaptivePalette? = nil
  ) -> (scene: Scene, work: Work) {
    var lowering = Lowering(diagnostics: diagnostics)
    lowering.palette = palette
    lowering.layout = Layout(budget: layoutBudget)
    lowering.defaultTextColor = model.defaultTextColor
    lowering.sizedUses = model.sizedUses.take()
    // Layout repeats a component's body and a loop's elements: each
    // problem it finds is reported once per place in the source.
    let deduplicating = lowering.diagnostics.deduplicating
    lowering.diagnostics.deduplicating = true
    lowering.topLevelItems.reserveCapacity(model.elements.count)
    // Exactly: growing by doubling would hold the old and the new array at
    // once, for a large scene the largest allocation of the whole compile.
    lowering.items.reserveCapacity(Lowering.itemCount(model.elements))
    var elements = ElementChunks(taking: &model.elements)
    chunks: for chunk in elements.chunks.indices {
      // By index, here and below: a for-in loop copies each element model.
      for index in elements.chunks[chunk].indices {
        let first = lowering.items.count
        var element = elements.chunks[chunk][index]
        guard Layout.routeFixedConnectors(in: &element) else { continue }
        let placement = element.placement
        let origin = placement.origin ?? Point(0, 0)
        // A stack, text or component use without a size hugs its content.
        var size = placement.size ?? Point(0, 0)
        if placement.size == nil || element.modifiers != nil {
          size = lowering.layout.size(of: element, .ideal)
        }
        lowering.lower(element, in: Rect(x: origin.x, y: origin.y, width: size.x, height: size.y))
        lowering.topLevelItems.append(TopLevelItems(source: element.range, items: first..<lowering.items.count))
        if !lowering.layout.memo.isEmpty { lowering.layout.memo = Layout.Memo() }
        if lowering.layout.exhausted {
          lowering.reportLayoutTooCostly(at: element.range)
          break chunks
        }
      }
      elements.release(chunk)
    }
    lowering.resolvePending(from: 0)
    if let range = lowering.tooCostly.connector, !lowering.tooCostly.reported {
      lowering.reportLayoutTooCostly(at: range)
    }
    let viewport: Rect
    if let canvas = model.canvas {
      viewport = Rect(x: 0, y: 0, width: canvas.size.x, height: canvas.size.y)
      lowering.checkAgainstCanvas(viewport)
    } else {
      viewport = Lowering.contentBounds(lowering.items[...])
    }
    lowering.diagnostics.deduplicating = deduplicating
    diagnostics = lowering.diagnostics
    let scene = Scene(
      viewport: viewport, background: model.canvas?.background.map(IRColor.init), canvasRange: model.canvas?.range,
      items: lowering.items)
    return (
      scene,
      Work(
        anchorChecks: lowering.anchorChecks, textWraps: lowering.layout.texts.wraps,
        canvasChecks: lowering.canvasChecks, clipBoxesMeasured: lowering.clipBoxesMeasured,
        outlineEdges: lowering.layout.outlineEdges)
    )
  }

  mutating func lower(_ element: ElementModel, in outer: Rect, origin: Origin = Origin()) {
    guard let effects = element.effects else {
      guard isConnector(element) else { return lowerContent(element, in: outer, origin: origin) }
      return lowerWithEffects(element, in: outer, origin: origin)
    }
    guard effects.contentLevels == 0 else {
      return lowerAsContent(element, levels: effects.contentLevels, in: outer, origin: origin)
    }
    lowerWithEffects(element, in: outer, origin: origin)
  }

  /// An element with effects, or a connector: placed now, or waiting for
  /// the anchors it reads.
  mutating func lowerWithEffects(_ element: ElementModel, in outer: Rect, origin: Origin) {
    // A bare connector: its ends are looked up once (to wait, and to draw).
    if element.effects == nil, element.modifiers == nil, case .connector(let connector) = element.content {
      guard let ends = ends(of: connector, in: outer, range: origin.range(element)) else {
        return wait(element, in: outer, origin)
      }
      let path = Layout.route(connector, from: ends.start, to: ends.end, via: ends.via)
      drawConnector(connector, along: path, range: origin.range(element), origin)
      return
    }
    guard anchorsPlaced(element) else { return wait(element, in: outer, origin) }
    // Copied only to be moved: text to the anchor, anything else's frame.
    guard let anchor = element.effects?.origin, let point = point(anchor) else {
      return lowerPlaced(element, in: outer, origin: origin)
    }
    var moved = element
    if case .text(var text) = moved.content {
      text.position = point
      moved.content = .text(text)
    }
    lowerPlaced(moved, in: Rect(x: point.x, y: point.y, width: outer.width, height: outer.height), origin: origin)
  }

  /// An element with effects, or a connector, its anchors placed.
  private mutating func lowerPlaced(_ element: ElementModel, in outer: Rect, origin: Origin) {
    let first = items.count
    // A connector's frame is the box it is drawn in.
    if case .connector(let connector) = element.content, let effects = element.effects {
      guard let box = lowerConnector(connector, in: outer, range: origin.range(element), origin) else { return }
      if let name = effects.name { recordFrame(name, element, box, itemsFrom: first) }
      applyEffects(effects, frame: box, from: first)
      return
    }
    guard let effects = element.effects, effects.clip != nil || effects.transform != nil || effects.filter != nil else {
      lowerContent(element, in: outer, origin: origin)
      if let name = element.effects?.name { recordFrame(name, element, outer, itemsFrom: first) }
      return
    }
    let layers = layers(of: effects)
    effectScope.append((effects, outer, layers))
    lowerContent(element, in: outer, origin: origin)
    effectScope.removeLast()
    if let name = effects.name { recordFrame(name, element, outer, itemsFrom: first) }
    // Text placed at a point turns about its measured box.
    var frame = outer
    if case .text = element.content, first < items.count, case .text(let text) = items[items.count - 1] {
      frame = text.bounds
    }
    applyEffects(effects, frame: frame, from: first, layers: layers)
  }

  private mutating func lowerContent(_ element: ElementModel, in outer: Rect, origin: Origin) {
    var frame = outer
    if let modifiers = element.modifiers {
      if case .text(let text) = element.content, let anchor = text.position {
        let placed = placeAnchoredText(text, at: anchor, modifiers, range: origin.range(element), origin)
        return appendText(placed, source: origin.range(element), origin, boxAlignment: text.alignment)
      }
      frame = applyModifiers(modifiers, frame: outer, source: origin.range(element), origin)
    }
    switch element.content {
    case .shape(let shape):
      appendShape(shape, in: frame, source: origin.range(element), origin)
    case .deferred(let deferred):
      guard let (expanded, found) = sizedUses?.expand(deferred, for: Point(frame.width, frame.height)) else { break }
      for diagnostic in found { diagnostics.append(diagnostic) }
      if var group = expanded {
        if let routed = Layout.routeFixedConnectors(group.children) { group.children = routed }
        lower(
          ElementModel(content: .group(group), placement: element.placement, range: element.range), in: frame,
          origin: origin)
      }
      // The use's models are freed now: their storage may be reused.
      layout.memo = Layout.Memo()
    case .group(let group):
      var inner = origin
      if group.isPrelude {
        if inner.source == nil { inner.source = group.callSite }
      } else {
        let use = CallSite(range: group.callSite, file: group.callSiteFile)
        inner.expansion = ItemExpansion(
          file: group.bodyFile, callSites: (origin.expansion?.callSites ?? []) + [use])
        inner.file = group.bodyFile
      }
      // A use of a component is a scope of names: what waits on a name
      // in its body is built before the use ends, inside the effects of
      // the use (which are applied to all its items afterwards).
      let outerScope = (scope, scopeEffects, pending.count)
      if !group.isPrelude {
        callers.append(Caller(scope: scope, scopeEffects: scopeEffects, origin: origin))
        (scope, scopeEffects) = (nextScope, effectScope.count)
        nextScope += 1
      }
      defer {
        if !group.isPrelude {
          resolvePending(from: outerScope.2)
          (scope, scopeEffects) = (outerScope.0, outerScope.1)
          callers.removeLast()
        }
      }
      for index in group.children.indices {
        // A part that fills the frame (the prelude pencil's three): no
        // frame to work out, no recursion. Not one with modifiers: its
        // padding and frame place it inside the frame.
        if group.children[index].placement.origin == nil, group.children[index].placement.size == nil,
          group.children[index].modifiers == nil, group.children[index].effects == nil,
          case .shape(let shape) = group.children[index].content
        {
          appendShape(shape, in: frame, source: inner.source ?? group.children[index].range, inner)
          continue
        }
        let child = group.children[index]
        guard case .text(var text) = child.content, let position = text.position else {
          lower(child, in: layout.frame(of: child, in: frame), origin: inner)
          continue
        }
        var placed = child
        text.position = Point(frame.x + position.x, frame.y + position.y)
        placed.content = .text(text)
        lower(placed, in: frame, origin: inner)
      }
    case .stack(let stack):
      lowerChildren(of: stack, in: frame, origin, range: origin.range(element))
    case .text(let text):
      guard text.position == nil else {
        return appendText(text, source: origin.range(element), origin, boxAlignment: text.alignment)
      }
      let placed = placeText(text, in: frame, range: origin.range(element), file: origin.file)
      let alignment = boxAlignment(of: placed, in: frame, origin)
      appendText(placed, source: origin.range(element), origin, boxAlignment: alignment)
    case .spacer:
      break
    case .connector(let connector):
      lowerConnector(connector, in: frame, range: origin.range(element), origin)
    }
  }

  /// A shape's path item, fitted to `frame`, with its stroke.
  mutating func appendShape(_ shape: ShapeElement, in frame: Rect, source: SourceRange, _ origin: Origin) {
    let (paint, stroke) = paints(shape.fill, shape.stroke, frame: frame, source: source, origin) {
      shape.outline.segments(in: frame)
    }
    if let unit = shape.outline.sharedUnitSegments {
      items.append(
        .path(
          PathItem(
            outline: unit, frame: frame, paint: paint, fillRule: shape.fillRule, opacity: shape.opacity,
            sourceRange: source, expansion: origin.expansion, stroke: stroke)))
    } else {
      items.append(
        .path(
          PathItem(
            outline: shape.outline.segments(in: frame), frame: nil, paint: paint, fillRule: shape.fillRule,
            opacity: shape.opacity, sourceRange: source, expansion: origin.expansion, stroke: stroke)))
    }
  }

  /// A gradient spans the element's frame, as SwiftUI's does, so the tip
  /// and body of one pencil share one band.
  mutating func paint(_ fill: Fill, frame: Rect) -> Paint {
    guard let gradient = fill.gradient else { return .solid(IRColor(fill.color)) }
    if lastGradient === gradient, lastFrame == frame, lastColor == fill.color, let lastPaint { return lastPaint }
    var stops: [GradientStopIR] = []
    var index = 0
    while index < stopCache.count, !(stopCache[index].gradient === gradient && stopCache[index].color == fill.color) {
      index += 1
    }
    if index < stopCache.count {
      stops = stopCache[index].stops
    } else {
      stops = Lowering.stops(of: gradient, over: fill.color, palette: palette)
      if stopCache.count == 32 { stopCache.removeFirst() }
      stopCache.append((gradient, fill.color, stops))
    }
    let paint: Paint
    switch gradient.geometry {
    case .linear(let start, let end):
      paint = .linearGradient(
        LinearGradientIR(start: frame.point(atUnit: start), end: frame.point(atUnit: end), stops: stops))
    case .radial(let center, let radius):
      // The unit circle scaled to the radius and moved to the centre, in
      // the frame's unit square; then the square fitted to the frame.
      let inUnitSquare = Affine(a: radius, b: 0, c: 0, d: radius, e: center.x, f: center.y)
      paint = .radialGradient(
        RadialGradientIR(stops: stops, unitToUser: Affine.fitting(frame).concatenating(after: inUnitSquare)))
    }
    (lastPaint, lastGradient, lastColor, lastFrame) = (paint, gradient, fill.color, frame)
    return paint
  }

  /// A relative stop (every stop of an hsb gradient, a radial gradient's
  /// stop without a colour) is derived from the filled colour; an absolute
  /// one is its own colour.
  private static func stops(of gradient: GradientModel, over fillColor: Color, palette: AdaptivePalette?)
    -> [GradientStopIR]
  {
    let base = fillColor.hsb
    let darkBase = palette.map { $0.dark(fillColor).hsb }
    return gradient.stops.map { stop in
      let color: Color
      switch stop.color {
      case .absolute(let absolute): color = absolute
      case .relative(let hue, let saturation, let brightness):
        color = fillColor.adjusted(from: base, hue: hue, saturation: saturation, brightness: brightness)
        if let palette, let darkBase, fillColor.variant != 0 {
          let dark = palette.dark(fillColor).adjusted(
            from: darkBase, hue: hue, saturation: saturation, brightness: brightness)
          return GradientStopIR(offset: stop.offset, color: IRColor(palette.adaptive(light: color, dark: dark)))
        }
      }
      return GradientStopIR(offset: stop.offset, color: IRColor(color))
    }
  }
}
