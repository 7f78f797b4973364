/// The pixels of a canvas, shared by the threads that draw its bands:
/// each band writes only its own rows.
struct CanvasRows {
  let pixels: UnsafeMutableBufferPointer<UInt32>
  let width: Int
}

/// Composites prepared items onto one band of rows at a time, in paint
/// order. Each thread owns one, with its scratch buffers; what it draws
/// depends only on the band and the items, never on which thread draws
/// it, so the picture is the same at any thread count.
struct BandRenderer {
  private var accumulator = CoverageAccumulator()
  private var coverage: [Float] = []
  /// A row of coverage times the clip.
  private var clipped: [Float] = []
  /// A text's strokes combined, over its rows in the band.
  private var textMask: [Float] = []
  /// The current clip over this band, and a clip's coverage while it is computed.
  private var mask = ClipMask.Rows()
  private var maskScratch: [Float] = []

  /// Draws `items` over device rows `rows` (band number `band`).
  mutating func render(
    band: Int, rows: Range<Int>, items: UnsafeBufferPointer<PreparedItem>, masks: UnsafeBufferPointer<ClipMask?>,
    canvas: CanvasRows
  ) {
    for item in items where item.rows.overlaps(rows) {
      if let index = item.mask {
        if mask.mask != index || mask.band != band {
          guard index < masks.count, let clip = masks[index] else { continue }
          clip.rows(
            rows, index: index, bandIndex: band, into: &mask, accumulator: &accumulator, coverage: &coverage,
            scratch: &maskScratch)
        }
        // The clip shows nothing in this band.
        if mask.rows.isEmpty { continue }
      }
      let clip = item.mask == nil ? nil : mask
      item.store.withView { view in
        for layer in item.layers {
          switch layer {
          case .shape(let edges, let paint):
            var scratch: [Float] = []
            swap(&scratch, &clipped)
            accumulator.accumulate(edges, view, rows: edges.rows(within: rows), coverage: &coverage) { row, coverage in
              BandRenderer.blend(canvas, row: edges.y0 + row, from: edges.x0, coverage, paint, clip, &scratch)
            }
            swap(&scratch, &clipped)
          case .text(let text, let paint):
            draw(text, view, paint, rows: rows, clip: clip, canvas: canvas)
          case .textMask(let mask, let paint):
            draw(mask, paint, rows: rows, clip: clip, canvas: canvas)
          case .shadow(let mask, let paint):
            draw(mask, paint, rows: rows, clip: clip, canvas: canvas)
          }
        }
      }
    }
  }

  /// Text is drawn stroke by stroke into one coverage mask, combined as
  /// 1 − (1 − a)(1 − b): the exact union where strokes cross at right
  /// angles inside a pixel, where summing (what one path would do) counts
  /// the overlap twice. The mask is then composited once.
  private mutating func draw(
    _ text: TextCoverage, _ view: EdgeView, _ paint: PaintSampler, rows band: Range<Int>, clip: ClipMask.Rows?,
    canvas: CanvasRows
  ) {
    let lower = max(band.lowerBound, text.y0)
    let rows = lower..<max(lower, min(band.upperBound, text.y0 + text.height))
    guard !rows.isEmpty else { return }
    let width = text.width
    let count = width * rows.count
    // Taken out of `self` while the strokes write it (and put back), so
    // it is not copied on write.
    var mask: [Float] = []
    swap(&mask, &textMask)
    mask.removeAll(keepingCapacity: true)
    mask.append(contentsOf: repeatElement(0, count: count))
    for stroke in text.strokes {
      accumulator.accumulate(stroke, view, rows: stroke.rows(within: rows), coverage: &coverage) { row, coverage in
        let rowStart = (stroke.y0 + row - rows.lowerBound) * width + (stroke.x0 - text.x0)
        // A stroke lies inside the text's region; the bound is a safeguard.
        for index in 0..<min(coverage.count, width - (stroke.x0 - text.x0)) {
          let c = coverage[index]
          if c > 0 { mask[rowStart + index] = 1 - (1 - mask[rowStart + index]) * (1 - c) }
        }
      }
    }
    var scratch: [Float] = []
    swap(&scratch, &clipped)
    mask.withUnsafeBufferPointer { mask in
      for row in 0..<rows.count {
        BandRenderer.blend(
          canvas, row: rows.lowerBound + row, from: text.x0,
          UnsafeBufferPointer(rebasing: mask[(row * width)..<((row + 1) * width)]), paint, clip, &scratch)
      }
    }
    swap(&scratch, &clipped)
    swap(&mask, &textMask)
  }

  /// A text's accumulated coverage, blended over the band's rows of it.
  private mutating func draw(
    _ mask: TextMask, _ paint: PaintSampler, rows band: Range<Int>, clip: ClipMask.Rows?, canvas: CanvasRows
  ) {
    let lower = max(band.lowerBound, mask.y0)
    let upper = min(band.upperBound, mask.y0 + mask.height)
    guard lower < upper else { return }
    var scratch: [Float] = []
    swap(&scratch, &clipped)
    mask.values.withUnsafeBufferPointer { values in
      for y in lower..<upper {
        let start = (y - mask.y0) * mask.width
        BandRenderer.blend(
          canvas, row: y, from: mask.x0, UnsafeBufferPointer(rebasing: values[start..<(start + mask.width)]), paint,
          clip, &scratch)
      }
    }
    swap(&scratch, &clipped)
  }

  /// A shadow's rows in the band: its levels when nothing clips it, its
  /// coverage through the clip when something does.
  private mutating func draw(
    _ mask: ShadowMask, _ paint: PaintSampler, rows band: Range<Int>, clip: ClipMask.Rows?, canvas: CanvasRows
  ) {
    let lower = max(band.lowerBound, mask.y0)
    let upper = min(band.upperBound, mask.y0 + mask.height)
    guard lower < upper else { return }
    if clip == nil, let source = paint.solid, !mask.alpha.levels.isEmpty {
      mask.alpha.levels.withUnsafeBufferPointer { levels in
        for y in lower..<upper {
          let start = mask.rowStart(y)
          PixelCanvas.blendLevels(
            canvas.pixels, width: canvas.width, row: y, from: mask.x0,
            levels: UnsafeBufferPointer(rebasing: levels[start..<(start + mask.width)]), source: source)
        }
      }
      return
    }
    // A layer's forms follow its clip (`ShadowRecipe.forms`), so a clipped
    // shadow has its coverage; without it there is nothing to draw.
    guard mask.alpha.values.count >= mask.rowStart(upper - 1) + mask.width else { return }
    var scratch: [Float] = []
    swap(&scratch, &clipped)
    mask.alpha.values.withUnsafeBufferPointer { values in
      for y in lower..<upper {
        let start = mask.rowStart(y)
        BandRenderer.blend(
          canvas, row: y, from: mask.x0, UnsafeBufferPointer(rebasing: values[start..<(start + mask.width)]), paint,
          clip, &scratch)
      }
    }
    swap(&scratch, &clipped)
  }

  /// Blends a row of coverage, through the clip when the item has one.
  private static func blend(
    _ canvas: CanvasRows, row y: Int, from x0: Int, _ coverage: UnsafeBufferPointer<Float>,
    _ paint: PaintSampler, _ clip: ClipMask.Rows?, _ scratch: inout [Float]
  ) {
    guard let clip else {
      return PixelCanvas.blend(canvas.pixels, width: canvas.width, row: y, from: x0, coverage: coverage, paint: paint)
    }
    // Rows of the band outside the clip's region show nothing.
    guard clip.rows.contains(y) else { return }
    clip.apply(row: y, from: x0, coverage, into: &scratch)
    scratch.withUnsafeBufferPointer { clipped in
      PixelCanvas.blend(
        canvas.pixels, width: canvas.width, row: y, from: x0,
        coverage: UnsafeBufferPointer(rebasing: clipped[0..<coverage.count]), paint: paint)
    }
  }
}
