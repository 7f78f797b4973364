import PencilGeometry
import PencilSupport

/// A colour as the editor queries report it: sRGB components and alpha in
/// 0…1, without the compiler's appearance bookkeeping.
public struct QueryColor: Equatable, Sendable {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  init(_ color: Color) {
    self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
  }

  /// 0xRRGGBBAA, as the lexer stores hex literals.
  init(rgba value: UInt32) {
    self.init(
      red: Double(value >> 24 & 0xFF) / 255, green: Double(value >> 16 & 0xFF) / 255,
      blue: Double(value >> 8 & 0xFF) / 255, alpha: Double(value & 0xFF) / 255)
  }

  /// A component as a byte, rounded; NaN and out-of-range values clamp.
  private static func byte(_ value: Double) -> Int { Int(clampedByte(value * 255)) }

  private static func hexDigits(_ value: Int) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[value >> 4 & 0xF], digits[value & 0xF]])
  }

  /// `#rrggbb`, or `#rrggbbaa` when not opaque.
  public var hex: String {
    var text = "#" + [red, green, blue].map { QueryColor.hexDigits(QueryColor.byte($0)) }.joined()
    if QueryColor.byte(alpha) != 255 { text += QueryColor.hexDigits(QueryColor.byte(alpha)) }
    return text
  }

  /// `rgb(250, 128, 114)`, with the alpha when not opaque.
  public var rgbText: String {
    var parts = [red, green, blue].map { String(QueryColor.byte($0)) }
    if QueryColor.byte(alpha) != 255 { parts.append(QueryColor.decimal(alpha)) }
    return "rgb(" + parts.joined(separator: ", ") + ")"
  }

  /// `hsb(0.017, 0.544, 0.98)`: SwiftUI's hue, saturation and brightness.
  public var hsbText: String {
    let (hue, saturation, brightness) = Color(red: red, green: green, blue: blue).hsb
    var parts = [hue, saturation, brightness].map(QueryColor.decimal)
    if QueryColor.byte(alpha) != 255 { parts.append(QueryColor.decimal(alpha)) }
    return "hsb(" + parts.joined(separator: ", ") + ")"
  }

  /// At most three decimals, without trailing zeros: `0.5`, `1`, `0.017`.
  static func decimal(_ value: Double) -> String {
    let thousandths = clampedInt((value * 1000).rounded(), 0, 1000)
    if thousandths == 1000 { return "1" }
    if thousandths == 0 { return "0" }
    var fraction = String(thousandths)
    while fraction.count < 3 { fraction = "0" + fraction }
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "0." + fraction
  }
}
