import PencilDiagnostics
import PencilGeometry
import PencilIR
import PencilSupport

/// Shadows and blurs: a layer's items are drawn apart, into a picture of
/// the pixels the filtered layer can reach on the canvas (its items' box,
/// grown by the blur's three deviations and the shadow's offset, cut to
/// the canvas grown as much, since what lies just outside still blurs in),
/// filtered there (`GaussianBlur`, rows and columns in parallel) and
/// composited in paint order, through the clip of the elements around it.
/// A shadow is the layer's alpha blurred, moved by the offset rounded to
/// whole pixels (Chromium rounds, resvg truncates, rsvg interpolates) and
/// filled with its colour, under the layer. So the cost is the area the
/// layers cover, never the radius alone.
struct LayerCompositor {
  let regions: [ObjectIdentifier: Rect]
  let drawText: Bool
  let threads: Int
  /// In user space, the canvas grown by its own size each way: no layer's
  /// picture, however deeply nested, reaches further (`RasterWork` counts
  /// what it may cost).
  let bounds: Rect

  /// Draws `items` (drawn inside `depth` layers already) onto `pixels`.
  func draw(
    _ items: ArraySlice<DisplayItem>, depth: Int, space: DeviceSpace, pixels: UnsafeMutableBufferPointer<UInt32>,
    diagnostics: inout [Diagnostic]
  ) {
    var index = items.startIndex
    while index < items.endIndex {
      let layers = items[index].layers
      var end = index + 1
      if layers.count <= depth {
        while end < items.endIndex, items[end].layers.count <= depth { end += 1 }
        RasterRenderer.draw(
          items[index..<end], space: space, pixels: pixels, background: nil, drawText: drawText,
          threads: threads, diagnostics: &diagnostics)
      } else {
        let layer = layers[depth]
        while end < items.endIndex, items[end].layers.count > depth, items[end].layers[depth] === layer { end += 1 }
        drawLayer(layer, items[index..<end], depth: depth + 1, space: space, pixels: pixels, diagnostics: &diagnostics)
      }
      index = end
    }
  }

  private func drawLayer(
    _ layer: LayerIR, _ items: ArraySlice<DisplayItem>, depth: Int, space: DeviceSpace,
    pixels: UnsafeMutableBufferPointer<UInt32>, diagnostics: inout [Diagnostic]
  ) {
    guard let box = regions[ObjectIdentifier(layer)] else { return }
    let grown = layer.filterRegion(itemsBox: box)
    let (left, top) = (max(grown.x, bounds.x), max(grown.y, bounds.y))
    let (right, bottom) = (min(grown.maxX, bounds.maxX), min(grown.maxY, bounds.maxY))
    guard right > left, bottom > top else { return }
    let region = Rect(x: left, y: top, width: right - left, height: bottom - top)
    let (sigmaX, sigmaY) = (layer.radius * space.scaleX, layer.radius * space.scaleY)
    var (dx, dy) = (0, 0)
    if case .shadow(_, _, let x, let y) = layer.effect {
      (dx, dy) = (
        clampedInt((x * space.scaleX).rounded(), -1 << 30, 1 << 30),
        clampedInt((y * space.scaleY).rounded(), -1 << 30, 1 << 30)
      )
    }
    // What reaches the canvas: the region, cut to the canvas grown by the
    // blur's reach and the offset (at most a canvas each way).
    guard let (x0, y0, x1, y1) = LayerIR.pixelBox(of: region, reach: layer.reach, in: space) else { return }
    let (width, height) = (x1 - x0, y1 - y0)
    let inner = space.region(x0: x0, y0: y0, width: width, height: height)
    var picture = [UInt32](repeating: 0, count: width * height)
    // A small layer on one thread: starting threads would cost more.
    let layerThreads = width * height < 1 << 18 ? 1 : threads
    let nested = LayerCompositor(regions: regions, drawText: drawText, threads: layerThreads, bounds: bounds)
    picture.withUnsafeMutableBufferPointer { picture in
      nested.draw(items, depth: depth, space: inner, pixels: picture, diagnostics: &diagnostics)
    }
    let clip = clipCoverage(
      layer.clip, space: space,
      over: (
        max(0, min(x0, x0 + dx)), max(0, min(y0, y0 + dy)), min(space.width, max(x1, x1 + dx)),
        min(space.height, max(y1, y1 + dy))
      ))
    let target = Target(pixels: pixels, width: space.width, height: space.height, clip: clip)
    switch layer.effect {
    case .blur:
      // A channel at a time, alpha first (each colour is kept within it,
      // as premultiplied colours are): a quarter of the floats at once.
      var values = [Float](repeating: 0, count: width * height)
      for shift in [UInt32(24), 0, 8, 16] {
        for index in 0..<picture.count { values[index] = Float((picture[index] >> shift) & 0xFF) }
        GaussianBlur.blur(
          &values, width: width, height: height, channels: 1, sigmaX: sigmaX, sigmaY: sigmaY, threads: layerThreads)
        for index in 0..<picture.count {
          // Through the checked helper: a NaN sum (never expected) is 0, not a trap.
          let limit = shift == 24 ? 255 : Int(picture[index] >> 24)
          let byte = UInt32(clampedInt(values[index].rounded(), 0, limit))
          picture[index] = picture[index] & ~(0xFF << shift) | byte << shift
        }
      }
      target.composite(picture, x0: x0, y0: y0, width: width, height: height)
    case .shadow(let color, _, _, _):
      var alpha = picture.map { Float($0 >> 24) }
      GaussianBlur.blur(
        &alpha, width: width, height: height, channels: 1, sigmaX: sigmaX, sigmaY: sigmaY, threads: layerThreads)
      let tint = LinearRGBA(color)
      var shadow = [UInt32](repeating: 0, count: width * height)
      for index in 0..<alpha.count {
        let a = min(255, max(0, alpha[index])) / 255 * tint.a
        guard a > 0 else { continue }
        shadow[index] = PixelCanvas.pack(tint.r * a, tint.g * a, tint.b * a, a)
      }
      target.composite(shadow, x0: x0 + dx, y0: y0 + dy, width: width, height: height)
      target.composite(picture, x0: x0, y0: y0, width: width, height: height)
    }
  }

  /// The coverage of the clips around a layer over the whole canvas, row
  /// by row; nil without a clip.
  private func clipCoverage(_ clip: ClipIR?, space: DeviceSpace, over region: DeviceSpace.Region) -> ClipMask.Rows? {
    guard let clip else { return nil }
    var planner = RasterPlanner(space: space)
    guard region.x1 > region.x0, region.y1 > region.y0, let plan = planner.maskPlan(for: clip, within: region) else {
      return ClipMask.Rows()
    }
    var lines: [(Point, Point)] = []
    let mask = space.prepare(plan, lines: &lines)
    var rows = ClipMask.Rows()
    var accumulator = CoverageAccumulator()
    var coverage: [Float] = []
    var scratch: [Float] = []
    mask.rows(
      region.y0..<region.y1, index: 0, bandIndex: 0, into: &rows, accumulator: &accumulator, coverage: &coverage,
      scratch: &scratch)
    return rows
  }

  /// The canvas a layer is composited onto.
  struct Target {
    let pixels: UnsafeMutableBufferPointer<UInt32>
    let width: Int
    let height: Int
    /// The clip's coverage (empty rows: nothing shows); nil: no clip.
    let clip: ClipMask.Rows?

    /// `picture` (premultiplied, `width` × `height`) over the canvas with
    /// its top-left at `x0`, `y0`.
    func composite(_ picture: [UInt32], x0: Int, y0: Int, width pictureWidth: Int, height pictureHeight: Int) {
      let (top, bottom) = (max(0, y0), min(height, y0 + pictureHeight))
      let (left, right) = (max(0, x0), min(width, x0 + pictureWidth))
      // A shadow moved wholly off the canvas: nothing (and no range to make).
      guard top < bottom, left < right else { return }
      let (rows, columns) = (top..<bottom, left..<right)
      for y in rows {
        let source = (y - y0) * pictureWidth - x0
        let line = y * width
        if let clip {
          guard clip.rows.contains(y) else { continue }
          let maskRow = (y - clip.rows.lowerBound) * clip.width - clip.x0
          for x in columns where x >= clip.x0 && x < clip.x0 + clip.width {
            let pixel = picture[source + x]
            guard pixel != 0 else { continue }
            pixels[line + x] = PixelCanvas.over(pixel, clip.values[maskRow + x], pixels[line + x])
          }
        } else {
          for x in columns {
            let pixel = picture[source + x]
            guard pixel != 0 else { continue }
            pixels[line + x] = pixel >> 24 == 255 ? pixel : PixelCanvas.over(pixel, 1, pixels[line + x])
          }
        }
      }
    }
  }
}
