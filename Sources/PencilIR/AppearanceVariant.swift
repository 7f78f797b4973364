import PencilGeometry

/// A scene's colours in the dark appearance: the same items, laid out the
/// same, painted differently.
///
/// Usually the scene was compiled once, its adaptive colours carrying
/// their dark values (`AdaptivePalette`): then `palette` holds those values
/// and each item's dark twin is made when a backend asks for it. When the
/// scene computed something other than a colour from an adaptive colour,
/// it was compiled again in dark, and `items` holds that picture.
public struct AppearanceVariant: Equatable, Sendable {
  public var background: IRColor?
  /// The dark value of each `IRColor.variant`; entry 0 is unused.
  var palette: [IRColor] = []
  /// The dark picture, item for item, when it was compiled on its own.
  package var items: [DisplayItem]? = nil

  package init(background: IRColor?, palette: [IRColor] = [], items: [DisplayItem]? = nil) {
    self.background = background
    self.palette = palette
    self.items = items
  }

  /// The dark twin of the scene's item at `index`; nil where there is none
  /// or it is the item itself.
  public func item(at index: Int, light: DisplayItem) -> DisplayItem? {
    if let items { return index < items.count ? items[index] : nil }
    switch light {
    case .path(var path):
      guard path.paint.hasVariant || path.stroke?.paint.hasVariant == true else { return nil }
      path.paint = dark(path.paint)
      if let stroke = path.stroke, stroke.paint.hasVariant {
        path.stroke = StrokeIR(paint: dark(stroke.paint), style: stroke.style)
      }
      return .path(path)
    case .text(var text):
      guard text.color.variant != 0 else { return nil }
      text.color = dark(text.color)
      return .text(text)
    }
  }

  package func dark(_ color: IRColor) -> IRColor {
    color.variant != 0 && Int(color.variant) < palette.count ? palette[Int(color.variant)] : color
  }

  private func dark(_ paint: Paint) -> Paint {
    switch paint {
    case .solid(let color): return .solid(dark(color))
    case .linearGradient(var gradient):
      guard paint.hasVariant else { return paint }
      for index in gradient.stops.indices { gradient.stops[index].color = dark(gradient.stops[index].color) }
      return .linearGradient(gradient)
    case .radialGradient(var gradient):
      guard paint.hasVariant else { return paint }
      for index in gradient.stops.indices { gradient.stops[index].color = dark(gradient.stops[index].color) }
      return .radialGradient(gradient)
    }
  }
}

extension Paint {
  /// Whether a colour of the paint has a dark value of its own.
  fileprivate var hasVariant: Bool {
    switch self {
    case .solid(let color): color.variant != 0
    case .linearGradient(let gradient): gradient.stops.contains { $0.color.variant != 0 }
    case .radialGradient(let gradient): gradient.stops.contains { $0.color.variant != 0 }
    }
  }
}
