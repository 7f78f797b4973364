/// Lowers the checked scene to the shape IR: lays out stacks, fits
/// outlines to frames, resolves gradients against their frames and sizes
/// the canvas.
struct Lowering {
  var items: [DisplayItem] = []
  var diagnostics: DiagnosticList
  /// Resolved stops by gradient and base colour: a scene uses a few
  /// colours many times, and the stops do not depend on the frame.
  private var stopCache: [(gradient: GradientModel, color: Color, stops: [GradientStopIR])] = []

  static func lower(_ model: SceneModel, diagnostics: inout DiagnosticList) -> Scene {
    var lowering = Lowering(diagnostics: diagnostics)
    var elementItems: [(source: SourceRange, items: Range<Int>)] = []
    elementItems.reserveCapacity(model.elements.count)
    // Exactly: growing by doubling would hold the old and the new array at
    // once, for a large scene the largest allocation of the whole compile.
    lowering.items.reserveCapacity(model.elements.reduce(0) { $0 + Lowering.itemCount($1) })
    for element in model.elements {
      let first = lowering.items.count
      let origin = element.placement.origin ?? Point(0, 0)
      let size = element.placement.size ?? Point(0, 0)
      lowering.lower(element, in: Rect(x: origin.x, y: origin.y, width: size.x, height: size.y))
      elementItems.append((element.range, first..<lowering.items.count))
    }
    let viewport: Rect
    if let canvas = model.canvas {
      viewport = Rect(x: 0, y: 0, width: canvas.size.x, height: canvas.size.y)
      lowering.warnOutside(viewport, elementItems)
    } else {
      viewport = Lowering.contentBounds(lowering.items[...])
    }
    diagnostics = lowering.diagnostics
    return Scene(
      viewport: viewport, background: model.canvas?.background.map(IRColor.init), canvasRange: model.canvas?.range,
      items: lowering.items)
  }

  /// How many display items an element lowers to.
  private static func itemCount(_ element: ElementModel) -> Int {
    switch element.content {
    case .pencil: 3
    case .shape, .text: 1
    case .stack(let stack): stack.children.reduce(0) { $0 + itemCount($1) }
    }
  }

  private mutating func lower(_ element: ElementModel, in frame: Rect) {
    switch element.content {
    case .pencil(let pencil):
      let map = FrameMap(frame: frame)
      let fillPaint = paint(pencil.fill, frame: frame)
      let timberPaint = paint(pencil.timber, frame: frame)
      func part(_ kind: UnitPathShape, _ paint: Paint) -> DisplayItem {
        .path(
          PathItem(
            unitOutline: kind.segments, in: map.frame, paint: paint, fillRule: .nonzero, opacity: pencil.opacity,
            sourceRange: element.range))
      }
      items.append(part(ShapeKinds.tip, fillPaint))
      items.append(part(ShapeKinds.timber, timberPaint))
      items.append(part(ShapeKinds.body, fillPaint))
    case .shape(let shape):
      let paint = paint(shape.fill, frame: frame)
      if let unit = shape.outline.sharedUnitSegments {
        items.append(
          .path(
            PathItem(
              unitOutline: unit, in: frame, paint: paint, fillRule: shape.fillRule, opacity: shape.opacity,
              sourceRange: element.range)))
      } else {
        items.append(
          .path(
            PathItem(
              segments: shape.outline.segments(in: frame), paint: paint, fillRule: shape.fillRule,
              opacity: shape.opacity, sourceRange: element.range)))
      }
    case .stack(let stack):
      for (child, childFrame) in layout(stack, in: frame, range: element.range) { lower(child, in: childFrame) }
    case .text(let text):
      items.append(
        .text(
          TextItem(
            text: text.text, position: text.position, fontSize: text.fontSize, bold: text.bold,
            alignment: text.alignment, color: IRColor(text.color), sourceRange: element.range)))
    }
  }

  /// A gradient spans the element's frame, as SwiftUI's does, so the tip
  /// and body of one pencil share one band.
  private mutating func paint(_ fill: Fill, frame: Rect) -> Paint {
    guard let gradient = fill.gradient else { return .solid(IRColor(fill.color)) }
    let stops: [GradientStopIR]
    if let cached = stopCache.first(where: { $0.gradient === gradient && $0.color == fill.color }) {
      stops = cached.stops
    } else {
      stops = Lowering.stops(of: gradient, over: fill.color)
      if stopCache.count == 32 { stopCache.removeFirst() }
      stopCache.append((gradient, fill.color, stops))
    }
    return .linearGradient(
      LinearGradientIR(start: frame.point(atUnit: gradient.start), end: frame.point(atUnit: gradient.end), stops: stops)
    )
  }

  /// An hsb gradient's stops are derived from the filled colour; an rgb
  /// gradient's are its own.
  private static func stops(of gradient: GradientModel, over fillColor: Color) -> [GradientStopIR] {
    let base = fillColor.hsb
    return gradient.stops.map { stop in
      let color: Color
      switch stop.color {
      case .absolute(let absolute): color = absolute
      case .relative(let hue, let saturation, let brightness):
        color = fillColor.adjusted(from: base, hue: hue, saturation: saturation, brightness: brightness)
      }
      return GradientStopIR(offset: stop.offset, color: IRColor(color))
    }
  }

  /// Whether an item reaches into `canvas`; a point of the outline inside
  /// it settles the question without solving for curve extremes.
  private static func touches(_ item: DisplayItem, _ canvas: Rect) -> Bool {
    if case .path(let path) = item {
      for case .move(let p) in path.userSpaceSegments
      where p.x > canvas.x && p.x < canvas.maxX && p.y > canvas.y && p.y < canvas.maxY {
        return true
      }
    }
    return bounds(of: item)?.intersects(canvas) ?? false
  }

  private static func bounds(of item: DisplayItem) -> Rect? {
    switch item {
    case .path(let path): boundingBox(of: path.userSpaceSegments)
    case .text(let text): text.estimatedBounds
    }
  }

  /// Without a canvas the picture is the content's bounding box, rounded
  /// out to whole points.
  private static func contentBounds(_ items: ArraySlice<DisplayItem>) -> Rect {
    guard let box = Rect.union(of: items.lazy.compactMap(bounds)) else {
      return Rect(x: 0, y: 0, width: 0, height: 0)
    }
    let minX = box.x.rounded(.down)
    let minY = box.y.rounded(.down)
    return Rect(x: minX, y: minY, width: box.maxX.rounded(.up) - minX, height: box.maxY.rounded(.up) - minY)
  }

  private mutating func warnOutside(_ canvas: Rect, _ elements: [(source: SourceRange, items: Range<Int>)]) {
    for (source, range) in elements where !range.isEmpty {
      if items[range].contains(where: { Lowering.touches($0, canvas) }) { continue }
      diagnostics.append(
        Diagnostic(
          LayoutCodes.outsideCanvas, source,
          "this element lies wholly outside the \(formatNumber(canvas.width))x\(formatNumber(canvas.height)) canvas"))
    }
  }
}
