import PencilGeometry

/// The dark values of the colours of an adaptive picture, compiled once.
///
/// An adaptive SVG holds one picture with two sets of colours. Compiling
/// the scene a second time in dark doubled the time and memory of every
/// scene that uses a system colour; instead, the light compilation
/// carries each adaptive colour's dark value along (`Color.variant`
/// numbers it here), and every operation from colours to a colour
/// (`.opacity`, `mix`, an hsb gradient's stops, the default text colour)
/// is done on both values. Only when a value of another kind is computed
/// from an adaptive colour (`.brightness`, `==`, a colour in a string),
/// so that the dark picture may differ in more than colour, is the scene
/// compiled again in dark (`leaked`), as W0012 needs.
package final class AdaptivePalette {
  /// By variant; entry 0 is unused (variant 0 is the same in both).
  package private(set) var darkValues: [Color] = [.black]
  private var numbers: [Color: UInt32] = [:]
  /// Whether a value other than a colour was computed from an adaptive one.
  private(set) var leaked = false
  /// Called the first time `leaked` is set: the dark compilation starts.
  package var onFirstLeak: (() -> Void)?

  package init() {}

  /// The light value carrying its dark one (variant 0 when they agree).
  package func adaptive(light: Color, dark: Color) -> Color {
    var light = light
    light.variant = 0
    var dark = dark
    dark.variant = 0
    guard light != dark else { return light }
    if let number = numbers[dark] {
      light.variant = number
    } else if darkValues.count < Int(UInt32.max) {
      light.variant = UInt32(darkValues.count)
      numbers[dark] = light.variant
      darkValues.append(dark)
    }
    return light
  }

  /// The colour's value in light.
  func light(_ color: Color) -> Color {
    var light = color
    light.variant = 0
    return light
  }

  /// The colour's value in dark.
  package func dark(_ color: Color) -> Color {
    guard color.variant != 0, Int(color.variant) < darkValues.count else { return color }
    return darkValues[Int(color.variant)]
  }

  /// `transform` applied to the colour in each appearance.
  package func map(_ color: Color, _ transform: (Color) -> Color) -> Color {
    var light = color
    light.variant = 0
    guard color.variant != 0 else {
      var result = transform(light)
      result.variant = 0
      return result
    }
    return adaptive(light: transform(light), dark: transform(dark(color)))
  }

  /// `combine` applied to two colours in each appearance.
  func map(_ a: Color, _ b: Color, _ combine: (Color, Color) -> Color) -> Color {
    var (lightA, lightB) = (a, b)
    lightA.variant = 0
    lightB.variant = 0
    guard a.variant != 0 || b.variant != 0 else {
      var result = combine(lightA, lightB)
      result.variant = 0
      return result
    }
    return adaptive(light: combine(lightA, lightB), dark: combine(dark(a), dark(b)))
  }

  /// Notes that something other than a colour was computed from a value;
  /// it matters when the value holds an adaptive colour.
  package func use(adaptive: Bool) {
    guard adaptive, !leaked else { return }
    leaked = true
    let first = onFirstLeak
    onFirstLeak = nil
    first?()
  }
}

extension Computed {
  /// Whether the value is or holds a colour with a value per appearance.
  var holdsAdaptiveColor: Bool {
    switch self {
    case .color(let color): color.variant != 0
    case .list(let items): items.contains { $0.holdsAdaptiveColor }
    default: false
    }
  }

  /// The value with every colour's light value alone, as a comparison sees it.
  var lightValue: Computed {
    switch self {
    case .color(var color):
      color.variant = 0
      return .color(color)
    case .list(let items) where holdsAdaptiveColor: return .list(items.map(\.lightValue))
    default: return self
    }
  }
}
