import PencilGeometry

/// Where each layer's items reach in user space, for the region a backend
/// filters: the SVG filter's `x y width height`, the raster's offscreen
/// picture. Conservative: an item's box after its transform, grown by
/// its stroke (a miter as long as its limit allows), and by the reach of
/// the layers inside the one it is counted for.
extension Scene {
  /// Whether any item is drawn in a layer (a shadow or a blur).
  package var hasLayers: Bool { items.contains { $0.effects.map { !$0.layers.isEmpty } ?? false } }
}

extension LayerIR {
  /// The box of each layer's items, by layer.
  package static func regions(of items: [DisplayItem]) -> [ObjectIdentifier: Rect] {
    var regions: [ObjectIdentifier: Rect] = [:]
    for item in items {
      let layers = item.layers
      guard !layers.isEmpty, var box = reach(of: item) else { continue }
      // Innermost first: an outer layer holds what the inner ones spread to.
      for layer in layers.reversed() {
        let key = ObjectIdentifier(layer)
        regions[key] = regions[key]?.union(box) ?? box
        let grow = layer.reach
        box = Rect(
          x: box.x - grow.left, y: box.y - grow.top, width: box.width + grow.left + grow.right,
          height: box.height + grow.top + grow.bottom)
      }
    }
    return regions
  }

  /// The region the layer's filtered picture covers: its items' box and
  /// the blur's and the offset's reach.
  package func filterRegion(itemsBox box: Rect) -> Rect {
    let grow = reach
    return Rect(
      x: box.x - grow.left, y: box.y - grow.top, width: box.width + grow.left + grow.right,
      height: box.height + grow.top + grow.bottom)
  }

  /// An item's box in user space, with its stroke.
  static func reach(of item: DisplayItem) -> Rect? {
    var box: Rect
    var margin = 0.0
    switch item {
    case .path(let path):
      guard let bounds = path.userSpaceBounds else { return nil }
      box = bounds
      if let stroke = path.stroke {
        let style = stroke.style
        margin = style.width / 2 * (style.join == .miter ? max(1, style.miterLimit) : 1.5)
      }
    case .text(let text):
      box = text.bounds
      // Glyphs may stand out of the advance box a little (an italic, a swash).
      margin = text.fontSize * 0.25
    }
    box = Rect(x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin)
    guard let transform = item.effects?.transform else { return box }
    let corners = [
      Point(box.x, box.y), Point(box.maxX, box.y), Point(box.x, box.maxY), Point(box.maxX, box.maxY),
    ].map { transform.apply($0) }
    let (xs, ys) = (corners.map(\.x), corners.map(\.y))
    guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return box }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}
