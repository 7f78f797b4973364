import PencilDiagnostics
import PencilGeometry
import PencilIR
import PencilSupport

/// Renders the shape IR into pixels: each path is flattened, accumulated
/// in its bounding box clipped to the canvas, and composited with its
/// paint. Shapes are drawn one by one, never merged, so shared edges show
/// the same faint seams that resvg and Cairo show.
///
/// The work is split twice over the cores. Items are planned in paint
/// order (paints, clips), then flattened in parallel, each on its own;
/// then the canvas is cut into bands of rows, and each band, on whichever
/// thread takes it, composites every item clipped to its rows in paint
/// order. A band adds exactly what one pass over the canvas would add to
/// its pixels (see `EdgeList`), so the picture is the same, bit for bit,
/// at any thread count and band height.
package enum RasterRenderer {
  /// The documented limits: a typo in a size must not exhaust memory.
  package static let maximumPixels = 100_000_000
  static let maximumSide = 100_000

  /// Rows a band: its coverage buffer (a band high, an item wide) stays
  /// in cache, and a tall canvas still makes enough bands to share.
  package static let bandHeight = 64
  /// Flattened items are held until every band has drawn them, so a scene
  /// of very many items (or a page of text) is taken in parts of about
  /// this many edges (40 bytes each: 20 MB).
  static let edgesAtOnce = 1 << 19

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
  package static func render(_ scene: Scene, options: RasterOptions, diagnostics: inout [Diagnostic]) -> PixelCanvas? {
    switch pixelSize(of: scene, scale: options.scale) {
    case .refused(let diagnostic):
      diagnostics.append(diagnostic)
      return nil
    case .size(let width, let height):
      let space = DeviceSpace(
        scaleX: options.scale, scaleY: options.scale, origin: Point(scene.viewport.x, scene.viewport.y),
        width: width, height: height, bandHeight: bandHeight)
      if case .refused(let refusal) = RasterWork.check(scene, space: space, maximum: options.maximumRasterWork) {
        diagnostics.append(refusal)
        return nil
      }
      return render(
        scene, width: width, height: height, scaleX: options.scale, scaleY: options.scale, diagnostics: &diagnostics,
        threads: options.threads ?? ThreadPool.processorCount)
    }
  }

  /// Renders into a canvas of the given size with independent scales, for
  /// backends whose pixels are not square (the ASCII backend's sub-cells).
  /// Without `drawText`, text is left out. `threads`, `bandHeight` and
  /// `glyphsAsEdges` change the speed and memory, never the pixels.
  package static func render(
    _ scene: Scene, width: Int, height: Int, scaleX: Double, scaleY: Double, diagnostics: inout [Diagnostic],
    drawText: Bool = true, filters: Bool = true, threads: Int = ThreadPool.processorCount,
    bandHeight: Int = RasterRenderer.bandHeight, glyphsAsEdges: Int = DeviceSpace.glyphsAsEdges
  ) -> PixelCanvas {
    let space = DeviceSpace(
      scaleX: scaleX, scaleY: scaleY, origin: Point(scene.viewport.x, scene.viewport.y), width: width,
      height: height, bandHeight: max(1, bandHeight), glyphsAsEdges: glyphsAsEdges)
    let background = scene.background.map { LinearRGBA($0).packed } ?? 0
    if filters, scene.hasLayers, ShadowMasks.suit(scene.items) {
      // Shadows only: each a mask blended in the one banded pass.
      var shadows: ShadowMasks? = ShadowMasks(scene.items, space: space, threads: threads)
      var canvas = PixelCanvas(unwrittenWidth: width, height: height)
      canvas.withMutablePixels { pixels in
        draw(
          scene.items[...], space: space, pixels: pixels, background: background, drawText: drawText,
          threads: threads, shadows: &shadows, diagnostics: &diagnostics)
      }
      return canvas
    }
    if filters, scene.hasLayers {
      // Layers are drawn apart and composited: the canvas is painted first.
      var canvas = PixelCanvas(width: width, height: height, background: scene.background)
      let view = scene.viewport
      let compositor = LayerCompositor(
        regions: LayerIR.regions(of: scene.items), drawText: drawText, threads: threads,
        bounds: Rect(x: view.x - view.width, y: view.y - view.height, width: 3 * view.width, height: 3 * view.height))
      canvas.withMutablePixels { pixels in
        compositor.draw(scene.items[...], depth: 0, space: space, pixels: pixels, diagnostics: &diagnostics)
      }
      return canvas
    }
    var canvas = PixelCanvas(unwrittenWidth: width, height: height)
    var none: ShadowMasks? = nil
    canvas.withMutablePixels { pixels in
      draw(
        scene.items[...], space: space, pixels: pixels, background: background, drawText: drawText, threads: threads,
        shadows: &none, diagnostics: &diagnostics)
    }
    return canvas
  }

  /// Draws `items` onto `pixels` (the whole of `space`), painting
  /// `background` first unless it is nil (the pixels hold a picture).
  static func draw(
    _ items: ArraySlice<DisplayItem>, space: DeviceSpace, pixels: UnsafeMutableBufferPointer<UInt32>,
    background: UInt32?, drawText: Bool, threads: Int, diagnostics: inout [Diagnostic]
  ) {
    var none: ShadowMasks? = nil
    draw(
      items, space: space, pixels: pixels, background: background, drawText: drawText, threads: threads,
      shadows: &none, diagnostics: &diagnostics)
  }

  /// The same, with each shadow layer's mask (`shadows`) before its items.
  static func draw(
    _ items: ArraySlice<DisplayItem>, space: DeviceSpace, pixels: UnsafeMutableBufferPointer<UInt32>,
    background: UInt32?, drawText: Bool, threads: Int, shadows: inout ShadowMasks?,
    diagnostics: inout [Diagnostic]
  ) {
    let (width, height) = (space.width, space.height)
    var planner = RasterPlanner(space: space)
    var plans: [ItemPlan] = []
    var layer: LayerIR? = nil
    for index in items.indices {
      let item = items[index]
      if shadows != nil, item.layers.first !== layer {
        layer = item.layers.first
        if let layer, let (mask, recipe, color) = shadows?.plan(layer),
          let plan = planner.planShadow(mask, recipe: recipe, color: color, clip: layer.clip, for: item)
        {
          plans.append(plan)
        }
      }
      if case .text = item, !drawText { continue }
      if let plan = planner.plan(item, diagnostics: &diagnostics) { plans.append(plan) }
    }
    let bands = (height + space.bandHeight - 1) / space.bandHeight
    var renderers = (0..<ThreadPool.workers(threads, bands)).map { _ in BandRenderer() }
    var masks = [ClipMask?](repeating: nil, count: planner.masks.count)
    // Masks below `nextMask` are prepared, those below `keptMask` dropped.
    var nextMask = 0
    var keptMask = 0
    var spare: [EdgeStore] = []
    do {
      let canvasRows = CanvasRows(pixels: pixels, width: width)
      var start = 0
      // At least one part, to paint the background.
      repeat {
        let first = start == 0 && background != nil
        var items = preparePart(
          plans, from: &start, space: space, planned: planner.masks, masks: &masks, nextMask: &nextMask,
          spare: &spare, threads: threads)
        items.withUnsafeBufferPointer { items in
          masks.withUnsafeBufferPointer { masks in
            renderers.withUnsafeMutableBufferPointer { renderers in
              ThreadPool.run(tasks: bands, threads: threads) { worker, band in
                let rows = band * space.bandHeight..<min(height, (band + 1) * space.bandHeight)
                if first, let background {
                  UnsafeMutableBufferPointer(rebasing: pixels[(rows.lowerBound * width)..<(rows.upperBound * width)])
                    .update(repeating: background)
                }
                renderers[worker].render(band: band, rows: rows, items: items, masks: masks, canvas: canvasRows)
              }
            }
          }
        }
        // Mask numbers only grow (an item's mask is the last one made or a
        // new one), so none before the part's last is needed again.
        let lastMask = items.last(where: { $0.mask != nil })?.mask ?? keptMask
        for index in keptMask..<max(keptMask, lastMask) { masks[index] = nil }
        keptMask = max(keptMask, lastMask)
        // The next part's edges go into this part's memory: already mapped,
        // it costs no page faults (a page of text is millions of edges).
        spare = items.map(\.store)
        items = []
        for index in spare.indices { spare[index].clear() }
      } while start < plans.count
    }
  }

  /// Flattens the items from `start` on, a batch at a time on every core,
  /// until the part holds about `edgesAtOnce` edges, with the masks they
  /// are first to use; moves `start` past them. A batch is as many items
  /// as the edges per item so far say will fill the part: a few lines of
  /// text, or thousands of small shapes (each batch starts threads).
  private static func preparePart(
    _ plans: [ItemPlan], from start: inout Int, space: DeviceSpace, planned: [RasterPlanner.MaskPlan],
    masks: inout [ClipMask?], nextMask: inout Int, spare: inout [EdgeStore], threads: Int
  ) -> [PreparedItem] {
    var part: [PreparedItem] = []
    var edges = 0
    let workers = ThreadPool.workers(threads, plans.count)
    var lines = [[(Point, Point)]](repeating: [], count: workers)
    var size = 4 * workers
    while start < plans.count, edges < edgesAtOnce {
      let batch = plans[start..<min(start + size, plans.count)]
      let lastMask = batch.last(where: { $0.mask != nil })?.mask ?? -1
      let newMasks = nextMask..<max(nextMask, lastMask + 1)
      var items = [PreparedItem](repeating: PreparedItem(), count: batch.count)
      var stores = (0..<batch.count).map { _ in spare.popLast() ?? EdgeStore() }
      items.withUnsafeMutableBufferPointer { items in
        masks.withUnsafeMutableBufferPointer { masks in
          stores.withUnsafeMutableBufferPointer { stores in
            lines.withUnsafeMutableBufferPointer { lines in
              ThreadPool.run(tasks: batch.count + newMasks.count, threads: lines.count) { worker, task in
                if task < batch.count {
                  items[task] = space.prepare(
                    batch[batch.startIndex + task], store: &stores[task], lines: &lines[worker])
                } else {
                  let plan = planned[newMasks.lowerBound + task - batch.count]
                  masks[newMasks.lowerBound + task - batch.count] =
                    plan.width > 0 ? space.prepare(plan, lines: &lines[worker]) : nil
                }
              }
            }
          }
        }
      }
      nextMask = newMasks.upperBound
      // A text's mask counts as edges of the same size (40 bytes an edge).
      edges += items.reduce(0) { $0 + $1.store.count + $1.maskValues / 10 }
      part += items
      start = batch.endIndex
      size = min(4096, max(2 * workers, (edgesAtOnce - edges) / max(1, edges / part.count)))
    }
    return part
  }
}
