/// Lowers the checked scene to the shape IR: lays out stacks, fits
/// outlines to frames, resolves gradients against their frames and sizes
/// the canvas.
struct Lowering {
  var items: [DisplayItem] = []
  var diagnostics: DiagnosticList

  static func lower(_ model: SceneModel, diagnostics: inout DiagnosticList) -> Scene {
    var lowering = Lowering(diagnostics: diagnostics)
    var elementItems: [(element: ElementModel, items: Range<Int>)] = []
    for element in model.elements {
      let first = lowering.items.count
      let origin = element.placement.origin ?? Point(0, 0)
      let size = element.placement.size ?? Point(0, 0)
      lowering.lower(element, in: Rect(x: origin.x, y: origin.y, width: size.x, height: size.y))
      elementItems.append((element, first..<lowering.items.count))
    }
    let viewport: Rect
    if let canvas = model.canvas {
      viewport = Rect(x: 0, y: 0, width: canvas.size.x, height: canvas.size.y)
      lowering.warnOutside(viewport, elementItems)
    } else {
      viewport = Lowering.contentBounds(lowering.items[...])
    }
    diagnostics = lowering.diagnostics
    return Scene(viewport: viewport, background: model.canvas?.background.map(IRColor.init), items: lowering.items)
  }

  private mutating func lower(_ element: ElementModel, in frame: Rect) {
    switch element.content {
    case .pencil(let pencil):
      for (kind, fill) in [(ShapeKinds.tip, pencil.tip), (ShapeKinds.timber, pencil.timber), (ShapeKinds.body, pencil.body)] {
        appendPath(
          ShapeOutline.unitPath(kind.segments).segments(in: frame), fill: fill, frame: frame,
          rule: .nonzero, opacity: pencil.opacity, range: element.range)
      }
    case .shape(let shape):
      appendPath(
        shape.outline.segments(in: frame), fill: shape.fill, frame: frame, rule: shape.fillRule,
        opacity: shape.opacity, range: element.range)
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

  private mutating func appendPath(
    _ segments: [PathSegment], fill: Fill, frame: Rect, rule: FillRule, opacity: Double, range: SourceRange
  ) {
    items.append(
      .path(
        PathItem(segments: segments, paint: Lowering.paint(fill, frame: frame), fillRule: rule, opacity: opacity, sourceRange: range)))
  }

  /// A gradient spans the element's frame, as SwiftUI's does, so the tip
  /// and body of one pencil share one band.
  static func paint(_ fill: Fill, frame: Rect) -> Paint {
    guard let gradient = fill.gradient else { return .solid(IRColor(fill.color)) }
    let offsets = resolveOffsets(gradient.stops.map(\.offset))
    let stops = zip(gradient.stops, offsets).map { stop, offset in
      let color: Color
      switch stop.color {
      case .absolute(let absolute): color = absolute
      case .relative(let hue, let saturation, let brightness):
        color = fill.color.adjusted(hue: hue, saturation: saturation, brightness: brightness)
      }
      return GradientStopIR(offset: offset, color: IRColor(color))
    }
    return .linearGradient(
      LinearGradientIR(start: frame.point(atUnit: gradient.start), end: frame.point(atUnit: gradient.end), stops: stops))
  }

  /// Missing offsets are spread evenly between their known neighbours (the
  /// first defaults to 0, the last to 1), then every offset is raised to
  /// at least the one before it, as SVG 2 specifies.
  static func resolveOffsets(_ given: [Double?]) -> [Double] {
    var offsets = given
    guard !offsets.isEmpty else { return [] }
    if offsets[0] == nil { offsets[0] = 0 }
    if offsets.count > 1, offsets[offsets.count - 1] == nil { offsets[offsets.count - 1] = 1 }
    var index = 0
    var result: [Double] = []
    var last = 0.0
    while index < offsets.count {
      if let offset = offsets[index] {
        last = max(last, offset)
        result.append(last)
        index += 1
        continue
      }
      var next = index
      while offsets[next] == nil { next += 1 }
      let end = max(last, offsets[next] ?? last)
      let steps = Double(next - index + 1)
      for step in 1...(next - index) { result.append(last + (end - last) * Double(step) / steps) }
      index = next
    }
    return result
  }

  private static func bounds(of item: DisplayItem) -> Rect? {
    switch item {
    case .path(let path): boundingBox(of: path.segments)
    case .text(let text): text.estimatedBounds
    }
  }

  /// Without a canvas the picture is the content's bounding box, rounded
  /// out to whole points.
  private static func contentBounds(_ items: ArraySlice<DisplayItem>) -> Rect {
    guard let box = items.compactMap(bounds).reduce(nil, { ($0 as Rect?)?.union($1) ?? $1 }) else {
      return Rect(x: 0, y: 0, width: 0, height: 0)
    }
    let minX = box.x.rounded(.down)
    let minY = box.y.rounded(.down)
    return Rect(x: minX, y: minY, width: box.maxX.rounded(.up) - minX, height: box.maxY.rounded(.up) - minY)
  }

  private mutating func warnOutside(_ canvas: Rect, _ elements: [(element: ElementModel, items: Range<Int>)]) {
    for (element, range) in elements where !range.isEmpty {
      let box = items[range].compactMap(Lowering.bounds).reduce(nil, { ($0 as Rect?)?.union($1) ?? $1 })
      guard let box, !box.intersects(canvas) else { continue }
      diagnostics.append(
        Diagnostic(
          LayoutCodes.outsideCanvas, element.range,
          "this element lies wholly outside the \(formatNumber(canvas.width))x\(formatNumber(canvas.height)) canvas"))
    }
  }
}
