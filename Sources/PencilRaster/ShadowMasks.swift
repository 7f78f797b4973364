import PencilDiagnostics
import PencilGeometry
import PencilIR
import PencilSupport

/// Shadows drawn as coverage masks in the one banded pass: a layer's
/// alpha is drawn apart and blurred into a mask of the shadow's pixels on
/// the canvas, which the bands blend in the shadow's colour just before
/// the layer's items, drawn as they are (a shadow leaves its items
/// untouched). Layers whose items are the same picture up to a move by
/// whole pixels (a grid of pencils) share one blurred mask: the key is
/// their geometry and opacity relative to the mask's corner, so equal
/// keys are equal pictures; a layer whose items cannot be keyed (a clip,
/// a see-through gradient) is always drawn.
struct ShadowMasks {
  let space: DeviceSpace
  let regions: [ObjectIdentifier: Rect]
  let threads: Int
  /// Blurred alphas by key, in 0…1 over a region of a size.
  private var cache: [UInt64: (width: Int, height: Int, values: [Float])] = [:]
  /// Masks made and reused, for the benchmark's notes.
  private(set) var made = 0
  private(set) var reused = 0

  init(space: DeviceSpace, regions: [ObjectIdentifier: Rect], threads: Int) {
    (self.space, self.regions, self.threads) = (space, regions, threads)
  }

  /// Whether every layer is a shadow directly around items (no blur, no
  /// shadow in a shadow): then each is a mask in the banded pass.
  static func suit(_ items: [DisplayItem]) -> Bool {
    items.allSatisfy { item in
      let layers = item.layers
      guard layers.count <= 1 else { return false }
      if let layer = layers.first, case .blur = layer.effect { return false }
      return true
    }
  }

  /// The shadow of `layer`, whose items are `items`, on the canvas; nil
  /// when none of it reaches the canvas.
  mutating func mask(_ layer: LayerIR, _ items: ArraySlice<DisplayItem>, diagnostics: inout [Diagnostic])
    -> (mask: TextMask, color: IRColor)?
  {
    guard case .shadow(let color, let radius, let x, let y) = layer.effect, let box = regions[ObjectIdentifier(layer)]
    else { return nil }
    let unmoved = LayerIR(effect: .blur(radius: radius), clip: nil)
    let region = unmoved.filterRegion(itemsBox: box)
    let (sigmaX, sigmaY) = (radius * space.scaleX, radius * space.scaleY)
    let limit = 1 << 30
    let dx = clampedInt((x * space.scaleX).rounded(), -limit, limit)
    let dy = clampedInt((y * space.scaleY).rounded(), -limit, limit)
    // The alpha is blurred over the whole region (at most a canvas past
    // each edge), so layers cut by the canvas share a blur with the
    // others; what lands on the canvas after the move is kept.
    guard let (ax0, ay0, ax1, ay1) = LayerIR.pixelBox(of: region, reach: unmoved.reach, in: space) else { return nil }
    let (x0, y0) = (max(ax0, -dx), max(ay0, -dy))
    let (x1, y1) = (min(ax1, space.width - dx), min(ay1, space.height - dy))
    guard x1 > x0, y1 > y0 else { return nil }
    let (width, height) = (ax1 - ax0, ay1 - ay0)
    let key = ShadowMasks.key(items, origin: Point(Double(ax0), Double(ay0)), space: space).map {
      var hash = $0
      for value in [UInt64(width), UInt64(height), sigmaX.bitPattern, sigmaY.bitPattern] {
        hash = (hash ^ value) &* 0x100_0000_01b3
      }
      return hash
    }
    var blurred: [Float]
    if let key, let known = cache[key], known.width == width, known.height == height {
      blurred = known.values
      reused += 1
    } else {
      blurred = alpha(items, x0: ax0, y0: ay0, width: width, height: height, diagnostics: &diagnostics)
      GaussianBlur.blur(
        &blurred, width: width, height: height, channels: 1, sigmaX: sigmaX, sigmaY: sigmaY, threads: threads)
      for index in blurred.indices { blurred[index] = min(1, max(0, blurred[index] / 255)) }
      if let key { cache[key] = (width, height, blurred) }
      made += 1
    }
    // The part that lands on the canvas, moved by the offset.
    let mask: TextMask
    if (x0, y0, x1, y1) == (ax0, ay0, ax1, ay1) {
      mask = TextMask(x0: x0 + dx, y0: y0 + dy, width: width, height: height, values: blurred)
    } else {
      var values: [Float] = []
      values.reserveCapacity((x1 - x0) * (y1 - y0))
      for row in y0..<y1 {
        let start = (row - ay0) * width + (x0 - ax0)
        values += blurred[start..<(start + x1 - x0)]
      }
      mask = TextMask(x0: x0 + dx, y0: y0 + dy, width: x1 - x0, height: y1 - y0, values: values)
    }
    return (mask, color)
  }

  /// The items' alpha over a region of the canvas, 0…255 a pixel.
  private func alpha(
    _ items: ArraySlice<DisplayItem>, x0: Int, y0: Int, width: Int, height: Int, diagnostics: inout [Diagnostic]
  ) -> [Float] {
    let inner = DeviceSpace(
      scaleX: space.scaleX, scaleY: space.scaleY,
      origin: Point(space.origin.x + Double(x0) / space.scaleX, space.origin.y + Double(y0) / space.scaleY),
      width: width, height: height, bandHeight: space.bandHeight, glyphsAsEdges: space.glyphsAsEdges)
    var picture = [UInt32](repeating: 0, count: width * height)
    let few = width * height < 1 << 18 ? 1 : threads
    picture.withUnsafeMutableBufferPointer { pixels in
      RasterRenderer.draw(
        items, space: inner, pixels: pixels, background: nil, drawText: true, threads: few,
        diagnostics: &diagnostics)
    }
    return picture.map { Float($0 >> 24) }
  }
}
