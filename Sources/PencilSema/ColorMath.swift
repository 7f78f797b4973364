import PencilGeometry
import PencilSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Color {
  /// SwiftUI's `Color(hue:saturation:brightness:)`: HSB (HSV) in sRGB.
  package init(hue: Double, saturation: Double, brightness: Double, alpha: Double = 1) {
    let h = (hue - hue.rounded(.down)) * 6
    let sector = clampedInt(h, 0, 6) % 6
    let f = h - h.rounded(.down)
    let v = brightness
    let p = v * (1 - saturation)
    let q = v * (1 - saturation * f)
    let t = v * (1 - saturation * (1 - f))
    let (r, g, b): (Double, Double, Double) =
      switch sector {
      case 0: (v, t, p)
      case 1: (q, v, p)
      case 2: (p, v, t)
      case 3: (p, q, v)
      case 4: (t, p, v)
      default: (v, p, q)
      }
    self.init(red: r, green: g, blue: b, alpha: alpha)
  }

  /// UIKit's `getHue(_:saturation:brightness:alpha:)`.
  package var hsb: (hue: Double, saturation: Double, brightness: Double) {
    let maximum = max(red, green, blue)
    let minimum = min(red, green, blue)
    let delta = maximum - minimum
    guard maximum > 0 else { return (0, 0, 0) }
    let saturation = delta / maximum
    guard delta > 0 else { return (0, 0, maximum) }
    var hue: Double
    if maximum == red {
      hue = (green - blue) / delta
    } else if maximum == green {
      hue = 2 + (blue - red) / delta
    } else {
      hue = 4 + (red - green) / delta
    }
    hue /= 6
    if hue < 0 { hue += 1 }
    return (hue, saturation, maximum)
  }

  /// One stop of a relative (hsb) gradient: the hue shifted and wrapped,
  /// saturation and brightness scaled and clamped to 0…1.
  package func adjusted(
    from base: (hue: Double, saturation: Double, brightness: Double), hue shift: Double, saturation scale: Double,
    brightness factor: Double
  ) -> Color {
    var hue = (base.hue + shift).truncatingRemainder(dividingBy: 1)
    if hue < 0 { hue += 1 }
    return Color(
      hue: hue, saturation: min(1, max(0, base.saturation * scale)),
      brightness: min(1, max(0, base.brightness * factor)), alpha: alpha)
  }

  package func withOpacity(_ opacity: Double) -> Color {
    var copy = self
    copy.alpha *= opacity
    return copy
  }
}
