/// Renders the shape IR into pixels: each path is flattened, accumulated
/// in its bounding box clipped to the canvas, and composited with its
/// paint. Shapes are drawn one by one, never merged, so shared edges show
/// the same faint seams that resvg and Cairo show.
struct RasterRenderer {
  /// The documented limits: a typo in a size must not exhaust memory.
  static let maximumPixels = 100_000_000
  static let maximumSide = 100_000

  private(set) var canvas: PixelCanvas
  /// Device pixels per point, horizontally and vertically.
  private let scaleX: Double
  private let scaleY: Double
  private let origin: Point
  private var accumulator = CoverageAccumulator()
  private var coverage: [Float] = []
  private var lines: [(Point, Point)] = []
  /// Gradient colour tables by stops and opacity: the pencils of a scene
  /// share a few gradients, and a table does not depend on the frame.
  private var gradientTables: [(stops: [GradientStopIR], opacity: Double, table: [UInt32])] = []
  /// The clip of the items being drawn: children of one element share it.
  private var clipMask: ClipMask?
  /// A row of coverage times the clip.
  private var clippedRow: [Float] = []

  enum PixelSize {
    case size(width: Int, height: Int)
    case refused(Diagnostic)
  }

  /// The picture's size in pixels, or a diagnostic saying why there is none.
  static func pixelSize(of scene: Scene, scale: Double) -> PixelSize {
    let width = (scene.viewport.width * scale - 1e-9).rounded(.up)
    let height = (scene.viewport.height * scale - 1e-9).rounded(.up)
    let range = scene.canvasRange ?? SourceRange(0, 0)
    guard width >= 1, height >= 1 else {
      return .refused(
        Diagnostic(
          BackendCodes.emptyPicture, range,
          "the picture is \(formatNumber(max(width, 0)))x\(formatNumber(max(height, 0))) pixels; add a canvas or something to draw"
        ))
    }
    guard width <= Double(maximumSide), height <= Double(maximumSide), width * height <= Double(maximumPixels) else {
      return .refused(
        Diagnostic(
          BackendCodes.pictureTooLarge, range,
          "the picture would be \(formatNumber(width))x\(formatNumber(height)) pixels; raster output is limited to 100 megapixels and 100000 pixels a side"
        ))
    }
    return .size(width: clampedInt(width, 1, maximumSide), height: clampedInt(height, 1, maximumSide))
  }

  /// Renders the scene, or returns nil after appending an error.
  static func render(_ scene: Scene, options: RenderOptions, diagnostics: inout [Diagnostic]) -> PixelCanvas? {
    switch pixelSize(of: scene, scale: options.scale) {
    case .refused(let diagnostic):
      diagnostics.append(diagnostic)
      return nil
    case .size(let width, let height):
      return render(
        scene, width: width, height: height, scaleX: options.scale, scaleY: options.scale, diagnostics: &diagnostics)
    }
  }

  /// Renders into a canvas of the given size with independent scales, for
  /// backends whose pixels are not square (the ASCII backend's sub-cells).
  /// Without `diagnostics`, text is left out.
  static func render(
    _ scene: Scene, width: Int, height: Int, scaleX: Double, scaleY: Double, diagnostics: inout [Diagnostic],
    drawText: Bool = true
  ) -> PixelCanvas {
    var renderer = RasterRenderer(scene: scene, width: width, height: height, scaleX: scaleX, scaleY: scaleY)
    for item in scene.items {
      if case .text = item, !drawText { continue }
      renderer.draw(item, diagnostics: &diagnostics)
    }
    return renderer.canvas
  }

  private init(scene: Scene, width: Int, height: Int, scaleX: Double, scaleY: Double) {
    canvas = PixelCanvas(width: width, height: height, background: scene.background)
    self.scaleX = scaleX
    self.scaleY = scaleY
    origin = Point(scene.viewport.x, scene.viewport.y)
  }

  private mutating func draw(_ item: DisplayItem, diagnostics: inout [Diagnostic]) {
    switch item {
    case .path(let path):
      if let clip = path.clip, !prepareMask(for: clip, within: reach(of: path)) { return }
      fill(path, rule: path.fillRule, paint: path.paint, opacity: path.opacity)
      if let stroke = path.stroke { self.stroke(path, stroke) }
    case .text(let text):
      if let missing = text.text.unicodeScalars.first(where: { !StrokeFont.covers($0) && $0 != "\n" }) {
        diagnostics.append(
          Diagnostic(
            BackendCodes.glyphReplaced, text.sourceRange,
            "'\(missing)' is not in the built-in font (ASCII, Latin-1, Latin Extended-A, typographic punctuation); it is drawn as a box"
          ))
      }
      if let clip = text.clip, !prepareMask(for: clip, within: reach(of: text)) { return }
      drawText(text)
    }
  }

  typealias Region = (x0: Int, y0: Int, x1: Int, y1: Int)

  /// The device pixels a path's fill and stroke can reach (nil: none).
  private func reach(of path: PathItem) -> Region? {
    guard var box = boundingBox(of: path.userSpaceSegments) else { return nil }
    if let stroke = path.stroke {
      // A miter reaches at most miterLimit half-widths, a square cap √2.
      let grow = stroke.style.width / 2 * max(stroke.style.miterLimit, 1.5)
      box = Rect(x: box.x - grow, y: box.y - grow, width: box.width + 2 * grow, height: box.height + 2 * grow)
    }
    return deviceRegion(of: box, path.transform)
  }

  /// A text's box, with room for marks above capitals and descenders.
  private func reach(of text: TextItem) -> Region? {
    let box = text.bounds
    let grow = text.fontSize * 0.3
    return deviceRegion(
      of: Rect(x: box.x - grow, y: box.y - grow, width: box.width + 2 * grow, height: box.height + 2 * grow),
      text.transform)
  }

  private func deviceRegion(of box: Rect, _ transform: Affine?) -> Region? {
    let user = Lowering.transformedBounds(box, transform)
    return pixelRegion(
      from: Point((user.x - origin.x) * scaleX - 1, (user.y - origin.y) * scaleY - 1),
      to: Point((user.maxX - origin.x) * scaleX + 1, (user.maxY - origin.y) * scaleY + 1))
  }

  /// Makes the mask of `clip` current over the pixels the item can reach
  /// (`within`), reusing the last mask when it is of this clip and covers
  /// them; false when nothing of the item can show.
  private mutating func prepareMask(for clip: ClipIR, within item: Region?) -> Bool {
    guard let item else { return false }
    if let mask = clipMask, mask.clip === clip, mask.x0 <= item.x0, mask.y0 <= item.y0,
      mask.x0 + mask.width >= item.x1, mask.y0 + mask.height >= item.y1
    {
      return mask.width > 0
    }
    let chain = clip.chain
    var region: Region? = item
    for node in chain {
      guard let box = boundingBox(of: node.segments), let current = region,
        let reach = pixelRegion(
          from: Point((box.x - origin.x) * scaleX, (box.y - origin.y) * scaleY),
          to: Point((box.maxX - origin.x) * scaleX, (box.maxY - origin.y) * scaleY))
      else {
        region = nil
        break
      }
      let x0 = max(current.x0, reach.x0)
      let y0 = max(current.y0, reach.y0)
      let x1 = min(current.x1, reach.x1)
      let y1 = min(current.y1, reach.y1)
      region = x1 > x0 && y1 > y0 ? (x0, y0, x1, y1) : nil
    }
    guard let (x0, y0, x1, y1) = region else {
      clipMask = ClipMask(clip: clip, x0: 0, y0: 0, width: 0, height: 0, values: [])
      return false
    }
    let width = x1 - x0
    var values = [Float](repeating: 1, count: width * (y1 - y0))
    var node = [Float](repeating: 0, count: values.count)
    for clip in chain {
      for index in node.indices { node[index] = 0 }
      accumulate(clip.segments, rule: .nonzero, within: (x0, y0, x1, y1)) { _, rowX0, y, coverage in
        guard y >= y0, y < y1 else { return }
        for index in 0..<coverage.count where rowX0 + index >= x0 && rowX0 + index < x1 {
          node[(y - y0) * width + rowX0 + index - x0] = coverage[index]
        }
      }
      for index in values.indices { values[index] *= node[index] }
    }
    clipMask = ClipMask(clip: clip, x0: x0, y0: y0, width: width, height: y1 - y0, values: values)
    return true
  }

  /// Blends a row of coverage, through the clip when the item has one.
  private static func blend(
    _ canvas: inout PixelCanvas, row y: Int, from x0: Int, _ coverage: UnsafeBufferPointer<Float>,
    _ paint: PaintSampler, _ mask: ClipMask?, _ scratch: inout [Float]
  ) {
    guard let mask else { return canvas.blend(row: y, from: x0, coverage: coverage, paint: paint) }
    mask.apply(row: y, from: x0, coverage, into: &scratch)
    scratch.withUnsafeBufferPointer { clipped in
      canvas.blend(
        row: y, from: x0, coverage: UnsafeBufferPointer(rebasing: clipped[0..<coverage.count]), paint: paint)
    }
  }

  private mutating func sampler(_ paint: Paint, opacity: Double, transform: Affine? = nil) -> PaintSampler {
    switch paint {
    case .solid(let color):
      return PaintSampler(solid: LinearRGBA(color, opacity: opacity))
    case .linearGradient(let gradient):
      let table = self.table(for: gradient.stops, opacity: opacity)
      return PaintSampler(
        gradient, table: table, opacity: opacity, scaleX: scaleX, scaleY: scaleY, origin: origin,
        transform: transform)
    case .radialGradient(let gradient):
      let table = self.table(for: gradient.stops, opacity: opacity)
      return PaintSampler(
        gradient, table: table, opacity: opacity, scaleX: scaleX, scaleY: scaleY, origin: origin,
        transform: transform)
    }
  }

  /// The colour table of the stops, shared by linear and radial gradients.
  private mutating func table(for stops: [GradientStopIR], opacity: Double) -> [UInt32] {
    if let cached = gradientTables.first(where: { $0.stops == stops && $0.opacity == opacity }) { return cached.table }
    let table = PaintSampler.table(for: stops, opacity: opacity)
    if gradientTables.count == 16 { gradientTables.removeFirst() }
    gradientTables.append((stops, opacity, table))
    return table
  }

  /// The stroke outlined in user space, within the flattening tolerance
  /// at this scale, then filled like a shape (nonzero: its pieces overlap
  /// only where the stroke covers the pixel anyway).
  /// Under a transform the stroke is outlined in the path's own space
  /// (so a scale widens it, as in SVG) and the outline is then mapped.
  private mutating func stroke(_ path: PathItem, _ stroke: StrokeIR) {
    let stretch = path.transform?.maximumStretch ?? 1
    let tolerance = Flattener.tolerance / max(scaleX * stretch, scaleY * stretch, 1e-9)
    let outline = Stroker.outline(path.userSpaceSegments, style: stroke.style, tolerance: tolerance)
    guard !outline.isEmpty else { return }
    let sampler = self.sampler(stroke.paint, opacity: path.opacity, transform: path.transform)
    let mask = path.clip == nil ? nil : clipMask
    var scratch = clippedRow
    accumulate(outline, transform: path.transform, rule: .nonzero) { canvas, x0, y, coverage in
      RasterRenderer.blend(&canvas, row: y, from: x0, coverage, sampler, mask, &scratch)
    }
    clippedRow = scratch
  }

  private mutating func fill(_ path: PathItem, rule: FillRule, paint: Paint, opacity: Double) {
    // An unfilled line or path: nothing to accumulate.
    if case .solid(let color) = paint, color.alpha == 0 { return }
    let sampler = self.sampler(paint, opacity: opacity, transform: path.transform)
    let (outline, map) = path.outlineAndMap
    let mask = path.clip == nil ? nil : clipMask
    var scratch = clippedRow
    accumulate(outline, map: map, transform: path.transform, rule: rule) { canvas, x0, y, coverage in
      RasterRenderer.blend(&canvas, row: y, from: x0, coverage, sampler, mask, &scratch)
    }
    clippedRow = scratch
  }

  /// Text is drawn stroke by stroke into one coverage mask, combined as
  /// 1 − (1 − a)(1 − b): the exact union where strokes cross at right
  /// angles inside a pixel, where summing (what one path would do) counts
  /// the overlap twice. The mask is then composited once.
  private mutating func drawText(_ text: TextItem) {
    var strokes = StrokeFont.strokeOutlines(of: text)
    if let transform = text.transform { strokes = strokes.map { $0.map(transform.apply) } }
    guard let box = Rect.union(of: strokes.lazy.compactMap { boundingBox(of: $0) }),
      let (x0, y0, x1, y1) = pixelRegion(
        from: Point((box.x - origin.x) * scaleX, (box.y - origin.y) * scaleY),
        to: Point((box.maxX - origin.x) * scaleX, (box.maxY - origin.y) * scaleY))
    else { return }
    let maskWidth = x1 - x0
    var mask = [Float](repeating: 0, count: maskWidth * (y1 - y0))
    for stroke in strokes {
      accumulate(stroke, rule: .nonzero) { _, strokeX0, y, coverage in
        let rowStart = (y - y0) * maskWidth + (strokeX0 - x0)
        for index in 0..<coverage.count {
          let c = coverage[index]
          if c > 0 { mask[rowStart + index] = 1 - (1 - mask[rowStart + index]) * (1 - c) }
        }
      }
    }
    let sampler = PaintSampler(solid: LinearRGBA(text.color))
    let clip = text.clip == nil ? nil : clipMask
    var scratch = clippedRow
    mask.withUnsafeBufferPointer { mask in
      for row in 0..<(y1 - y0) {
        RasterRenderer.blend(
          &canvas, row: y0 + row, from: x0,
          UnsafeBufferPointer(rebasing: mask[(row * maskWidth)..<((row + 1) * maskWidth)]), sampler, clip, &scratch)
      }
    }
    clippedRow = scratch
  }

  /// A device-space box in whole pixels, clipped to the canvas; nil when
  /// nothing of it is on the canvas (or it is not finite).
  private func pixelRegion(from low: Point, to high: Point) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
    guard low.x.isFinite, low.y.isFinite, high.x.isFinite, high.y.isFinite else { return nil }
    func clipped(_ value: Double, _ limit: Int) -> Int { clampedInt(value, 0, limit) }
    let x0 = clipped(low.x.rounded(.down), canvas.width)
    let x1 = clipped(high.x.rounded(.up), canvas.width)
    let y0 = clipped(low.y.rounded(.down), canvas.height)
    let y1 = clipped(high.y.rounded(.up), canvas.height)
    return x1 > x0 && y1 > y0 ? (x0, y0, x1, y1) : nil
  }

  /// Flattens an outline, accumulates its coverage in its bounding box
  /// clipped to the canvas, and hands each row to `sink(canvas, x0, y, coverage)`.
  /// `map`, when given, takes the outline's points into user space first.
  private mutating func accumulate(
    _ segments: [PathSegment], map: FrameMap? = nil, transform: Affine? = nil, rule: FillRule,
    within limit: Region? = nil, _ sink: (inout PixelCanvas, Int, Int, UnsafeBufferPointer<Float>) -> Void
  ) {
    if let transform {
      // Through the item's transform: the frame map, then the transform.
      let mapped = segments.map { segment in transform.apply(map?.apply(segment) ?? segment) }
      return accumulate(mapped, rule: rule, within: limit, sink)
    }
    let (scaleX, scaleY, origin) = (self.scaleX, self.scaleY, self.origin)
    lines.removeAll(keepingCapacity: true)
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    let toDevice = { (p: Point) in
      let user = map?.apply(p) ?? p
      return Point((user.x - origin.x) * scaleX, (user.y - origin.y) * scaleY)
    }
    Flattener.flatten(segments, transform: toDevice) { a, b in
      lines.append((a, b))
      minX = min(minX, a.x, b.x)
      maxX = max(maxX, a.x, b.x)
      minY = min(minY, a.y, b.y)
      maxY = max(maxY, a.y, b.y)
    }
    guard var (x0, y0, x1, y1) = pixelRegion(from: Point(minX, minY), to: Point(maxX, maxY)) else { return }
    // Only these pixels are wanted (a clip's mask for one item): the
    // accumulator clamps what lies beyond, as it does at the canvas edges.
    if let limit {
      (x0, y0, x1, y1) = (max(x0, limit.x0), max(y0, limit.y0), min(x1, limit.x1), min(y1, limit.y1))
      guard x1 > x0, y1 > y0 else { return }
    }
    accumulator.reset(width: x1 - x0, height: y1 - y0)
    let shift = Point(Double(x0), Double(y0))
    for (a, b) in lines {
      accumulator.addLine(Point(a.x - shift.x, a.y - shift.y), Point(b.x - shift.x, b.y - shift.y))
    }
    accumulator.forEachRow(rule: rule, coverage: &coverage) { row, rowCoverage in
      sink(&canvas, x0, y0 + row, rowCoverage)
    }
  }
}
