import PencilGeometry
import PencilIR

/// An SVG that follows the viewer's light or dark mode: every colour that
/// differs between the two appearances keeps its light value as the
/// presentation attribute (what a renderer without CSS media queries
/// draws) and gets a class, whose rule in a `<style>` sets the light value
/// and, inside `@media (prefers-color-scheme: dark)`, the dark one. A CSS
/// rule overrides a presentation attribute, so browsers follow the mode.
struct AppearanceClasses {
  enum Property {
    case fill
    case stop
    case stroke
    /// A shadow's colour (`feFlood`).
    case flood
  }

  struct Key: Hashable {
    var property: Property
    var light: IRColor
    var dark: IRColor
    /// The item's own opacity, multiplied into `fill-opacity`.
    var opacity: Double
  }

  private(set) var keys: [Key] = []
  /// By key, once there are too many to search: a scene has a handful of
  /// adaptive colours, met on every item, and comparing a few keys costs
  /// less than hashing one.
  private var ids: [Key: Int] = [:]
  private static let searchLimit = 32

  /// The classes the scene needs, numbered in the order they are first met.
  init(light scene: Scene, dark: AppearanceVariant) {
    if let light = scene.background, let dark = dark.background { add(.fill, light, dark, 1) }
    guard let darkItems = dark.items else {
      // Compiled once: the dark colours are the palette's, no item is made.
      for index in scene.items.indices {
        switch scene.items[index] {
        case .path(let path):
          add(path.paint, .fill, path.opacity, dark)
          if let stroke = path.stroke { add(stroke.paint, .stroke, path.opacity, dark) }
        case .text(let text): add(.fill, text.color, dark.dark(text.color), 1)
        }
      }
      // After the items' colours, so a shadow leaves their classes' numbers as they were.
      if scene.hasLayers { addShadows(scene.items, dark) }
      return
    }
    for index in scene.items.indices where index < darkItems.count {
      switch (scene.items[index], darkItems[index]) {
      case (.path(let light), .path(let dark)):
        switch (light.paint, dark.paint) {
        case (.solid(let a), .solid(let b)): add(.fill, a, b, light.opacity)
        default: addStops(light.paint, dark.paint)
        }
        switch (light.stroke?.paint, dark.stroke?.paint) {
        case (.solid(let a)?, .solid(let b)?): add(.stroke, a, b, light.opacity)
        case (let a?, let b?): addStops(a, b)
        default: break
        }
      case (.text(let light), .text(let dark)): add(.fill, light.color, dark.color, 1)
      default: break
      }
    }
    if scene.hasLayers { addShadows(scene.items, dark) }
  }

  /// The classes of a paint whose colours have their dark values in `variant`'s palette.
  private mutating func add(_ paint: Paint, _ property: Property, _ opacity: Double, _ variant: AppearanceVariant) {
    switch paint {
    case .solid(let color):
      if color.variant != 0 { add(property, color, variant.dark(color), opacity) }
    case .linearGradient(let gradient):
      for stop in gradient.stops where stop.color.variant != 0 { add(.stop, stop.color, variant.dark(stop.color), 1) }
    case .radialGradient(let gradient):
      for stop in gradient.stops where stop.color.variant != 0 { add(.stop, stop.color, variant.dark(stop.color), 1) }
    }
  }

  /// A class per shadow colour that differs (a layer shared by items is met
  /// once per item, and found at once after the first).
  private mutating func addShadows(_ items: [DisplayItem], _ variant: AppearanceVariant) {
    for index in items.indices {
      for (depth, layer) in items[index].layers.enumerated() {
        guard case .shadow(let light, _, _, _) = layer.effect,
          let dark = variant.darkShadowColor(item: index, depth: depth, light: light)
        else { continue }
        add(.flood, light, dark, 1)
      }
    }
  }

  /// A class per stop that differs, for two gradients of one kind.
  private mutating func addStops(_ light: Paint, _ dark: Paint) {
    let pairs: ([GradientStopIR], [GradientStopIR])
    switch (light, dark) {
    case (.linearGradient(let a), .linearGradient(let b)): pairs = (a.stops, b.stops)
    case (.radialGradient(let a), .radialGradient(let b)): pairs = (a.stops, b.stops)
    default: return
    }
    guard pairs.0.count == pairs.1.count else { return }
    for (x, y) in zip(pairs.0, pairs.1) { add(.stop, x.color, y.color, 1) }
  }

  private mutating func add(_ property: Property, _ light: IRColor, _ dark: IRColor, _ opacity: Double) {
    guard light != dark else { return }
    let key = Key(property: property, light: light, dark: dark, opacity: opacity)
    guard find(key) == nil else { return }
    keys.append(key)
    if keys.count > Self.searchLimit {
      if ids.isEmpty {
        for (index, known) in keys.enumerated() { ids[known] = index + 1 }
      } else {
        ids[key] = keys.count
      }
    }
  }

  private func find(_ key: Key) -> Int? {
    guard ids.isEmpty else { return ids[key] }
    return keys.firstIndex(of: key).map { $0 + 1 }
  }

  /// The class of a colour, or nil when it is the same in both appearances.
  func id(_ property: Property, _ light: IRColor, _ dark: IRColor?, opacity: Double = 1) -> Int? {
    guard let dark, light != dark else { return nil }
    return find(Key(property: property, light: light, dark: dark, opacity: opacity))
  }
}

extension SVGWriter {
  /// The `<style>` with each class's light rule, then the dark ones; in
  /// preview, then the rules that force either appearance under an
  /// ancestor's class (`SVGAnnotator.forcedAppearances`).
  mutating func appearanceStyle(_ classes: AppearanceClasses) {
    guard !classes.keys.isEmpty else { return }
    out.write("<style>\n")
    for (index, key) in classes.keys.enumerated() { rule(index + 1, key, key.light) }
    out.write("@media (prefers-color-scheme: dark){\n")
    for (index, key) in classes.keys.enumerated() { rule(index + 1, key, key.dark) }
    out.write("}\n")
    if let forced = annotator?.forcedAppearances {
      for (index, key) in classes.keys.enumerated() {
        rule(index + 1, key, key.light, under: forced.light)
      }
      for (index, key) in classes.keys.enumerated() {
        rule(index + 1, key, key.dark, under: forced.dark)
      }
    }
    out.write("</style>\n")
  }

  private mutating func rule(
    _ id: Int, _ key: AppearanceClasses.Key, _ color: IRColor, under ancestor: StaticString? = nil
  ) {
    if let ancestor { out.write(ancestor) }
    let property: StaticString
    let opacityProperty: StaticString
    switch key.property {
    case .fill: (property, opacityProperty) = ("fill", "fill-opacity")
    case .stop: (property, opacityProperty) = ("stop-color", "stop-opacity")
    case .stroke: (property, opacityProperty) = ("stroke", "stroke-opacity")
    case .flood: (property, opacityProperty) = ("flood-color", "flood-opacity")
    }
    out.write(".a")
    out.write(id)
    out.write("{")
    out.write(property)
    out.write(":")
    out.writeHex(color)
    // Written in both rules when either is translucent, so the dark rule
    // replaces the light one's opacity too.
    if key.light.alpha * key.opacity < 1 || key.dark.alpha * key.opacity < 1 {
      out.write(";")
      out.write(opacityProperty)
      out.write(":")
      out.write(color.alpha * key.opacity)
    }
    out.write("}\n")
  }

  /// ` class="aN"` for a colour that differs in the dark appearance.
  mutating func appearanceClass(
    _ property: AppearanceClasses.Property, _ light: IRColor, _ dark: IRColor?, opacity: Double = 1
  ) {
    writeClasses([appearanceClasses?.id(property, light, dark, opacity: opacity)])
  }

  /// One `class` attribute for an element's adaptive colours (a path's
  /// fill and stroke), nothing when none adapts.
  mutating func writeClasses(_ ids: [Int?]) {
    var first = true
    for case let id? in ids {
      out.write(first ? " class=\"a" : " a")
      out.write(id)
      first = false
    }
    if !first { out.write("\"") }
  }
}

extension AppearanceVariant {
  /// The dark colour of the shadow `depth` layers out from item `index`:
  /// the dark picture's own when it was compiled apart, else the palette's
  /// for an adaptive colour; nil when it does not change.
  func darkShadowColor(item index: Int, depth: Int, light: IRColor) -> IRColor? {
    guard let items else { return light.variant != 0 ? dark(light) : nil }
    guard index < items.count, depth < items[index].layers.count,
      case .shadow(let color, _, _, _) = items[index].layers[depth].effect
    else { return nil }
    return color
  }
}
