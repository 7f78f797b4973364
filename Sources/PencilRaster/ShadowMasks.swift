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
  let threads: Int
  /// Each layer's recipe and key, worked out before the plans.
  private var recipes: [ObjectIdentifier: (recipe: ShadowRecipe, key: UInt64?)] = [:]
  /// How many layers have each key (those shared are blurred at plan
  /// time), and which forms of the blur they need (see `BlurredAlpha`).
  private var keyCounts: [UInt64: (layers: Int, forms: BlurredAlpha.Forms)] = [:]
  /// Blurred alphas by key. Every plan's mask holds its blur until the
  /// render ends, so the cache adds nothing to the peak: a scene's shadows
  /// are bounded by its raster work (8 coats of each shadow's pixels).
  private var cache: [UInt64: BlurredAlpha] = [:]

  /// Works out every shadow layer of `items` (runs of items in one layer).
  init(_ items: [DisplayItem], space: DeviceSpace, threads: Int) {
    (self.space, self.threads) = (space, threads)
    let regions = LayerIR.regions(of: items)
    var index = 0
    while index < items.count {
      guard let layer = items[index].layers.first, let box = regions[ObjectIdentifier(layer)] else {
        index += 1
        continue
      }
      var end = index + 1
      while end < items.count, items[end].layers.first === layer { end += 1 }
      if let recipe = ShadowRecipe(layer, items[index..<end], box: box, space: space) {
        let key = recipe.key(space: space)
        recipes[ObjectIdentifier(layer)] = (recipe, key)
        if let key {
          let count = keyCounts[key] ?? (0, [])
          keyCounts[key] = (count.layers + 1, count.forms.union(recipe.forms))
        }
      }
      index = end
    }
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

  /// The shadow of `layer`: its mask when other layers share its blur
  /// (made now, once), else its recipe, made when its plan is prepared
  /// (on every core, a part at a time); nil when it misses the canvas.
  mutating func plan(_ layer: LayerIR) -> (mask: ShadowMask?, recipe: ShadowRecipe, color: IRColor)? {
    guard let (recipe, key) = recipes[ObjectIdentifier(layer)] else { return nil }
    guard let key, let count = keyCounts[key], count.layers >= 2 else { return (nil, recipe, recipe.color) }
    // Equal keys are equal pictures; the sizes are checked all the same,
    // so even a hash collision cannot read past a blur.
    if let known = cache[key], known.width == recipe.width, known.height == recipe.height {
      return (recipe.mask(from: known, owned: false), recipe, recipe.color)
    }
    let blurred = recipe.blurred(space: space, threads: threads, forms: count.forms)
    cache[key] = blurred
    return (recipe.mask(from: blurred, owned: false), recipe, recipe.color)
  }
}

/// How one layer's shadow is made: its items' alpha over the region the
/// blur needs (at most a canvas past each edge of the canvas, so layers
/// the canvas cuts share a blur with the others), blurred, and the part
/// that lands on the canvas after the move (rounded to whole pixels).
struct ShadowRecipe {
  let items: ArraySlice<DisplayItem>
  let color: IRColor
  let (x0, y0, width, height): (Int, Int, Int, Int)
  /// The part kept, in the alpha's pixels, and the move.
  let visible: DeviceSpace.Region
  let (dx, dy): (Int, Int)
  let (sigmaX, sigmaY): (Double, Double)
  /// What drawing it needs: coverage when a clip cuts it, else levels.
  let forms: BlurredAlpha.Forms

  init?(_ layer: LayerIR, _ items: ArraySlice<DisplayItem>, box: Rect, space: DeviceSpace) {
    guard case .shadow(let color, let radius, let x, let y) = layer.effect else { return nil }
    let unmoved = LayerIR(effect: .blur(radius: radius), clip: nil)
    guard
      let (ax0, ay0, ax1, ay1) = LayerIR.pixelBox(
        of: unmoved.filterRegion(itemsBox: box), reach: unmoved.reach, in: space)
    else { return nil }
    let limit = 1 << 30
    (dx, dy) = (
      clampedInt((x * space.scaleX).rounded(), -limit, limit), clampedInt((y * space.scaleY).rounded(), -limit, limit)
    )
    let (vx0, vy0) = (max(ax0, -dx), max(ay0, -dy))
    let (vx1, vy1) = (min(ax1, space.width - dx), min(ay1, space.height - dy))
    guard vx1 > vx0, vy1 > vy0 else { return nil }
    (self.items, self.color) = (items, color)
    (x0, y0, width, height) = (ax0, ay0, ax1 - ax0, ay1 - ay0)
    visible = (vx0, vy0, vx1, vy1)
    (sigmaX, sigmaY) = (radius * space.scaleX, radius * space.scaleY)
    forms = layer.clip == nil ? .levels : .coverage
  }

  /// Equal for layers whose blurred alphas are equal.
  func key(space: DeviceSpace) -> UInt64? {
    ShadowMasks.key(items, origin: Point(Double(x0), Double(y0)), space: space).map {
      var hash = $0
      for value in [UInt64(width), UInt64(height), sigmaX.bitPattern, sigmaY.bitPattern] {
        hash = ShadowMasks.combine(hash, value)
      }
      return hash
    }
  }

  /// The items' alpha, blurred. Its diagnostics are the main pass's (the
  /// items are drawn there too), so they are dropped here.
  func blurred(space: DeviceSpace, threads: Int, forms: BlurredAlpha.Forms) -> BlurredAlpha {
    let inner = space.region(x0: x0, y0: y0, width: width, height: height)
    var picture = [UInt32](repeating: 0, count: width * height)
    var ignored: [Diagnostic] = []
    picture.withUnsafeMutableBufferPointer { pixels in
      RasterRenderer.draw(
        items, space: inner, pixels: pixels, background: nil, drawText: true,
        threads: width * height < 1 << 18 ? 1 : threads, diagnostics: &ignored)
    }
    var values = [Float](unsafeUninitializedCapacity: picture.count) { values, count in
      for index in picture.indices { values[index] = Float(picture[index] >> 24) }
      count = picture.count
    }
    GaussianBlur.blur(
      &values, width: width, height: height, channels: 1, sigmaX: sigmaX, sigmaY: sigmaY, threads: threads)
    values.withUnsafeMutableBufferPointer { values in
      for index in values.indices { values[index] = min(1, max(0, values[index] / 255)) }
    }
    return BlurredAlpha(width: width, values: values, forms: forms)
  }

  /// The part of the blurred alpha that lands on the canvas, moved.
  func mask(from blurred: BlurredAlpha, owned: Bool) -> ShadowMask {
    let (vx0, vy0, vx1, vy1) = visible
    return ShadowMask(
      x0: vx0 + dx, y0: vy0 + dy, width: vx1 - vx0, height: vy1 - vy0, alpha: blurred,
      offset: (vy0 - y0) * width + (vx0 - x0), owned: owned)
  }
}
