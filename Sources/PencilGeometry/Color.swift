import PencilSupport

/// Colours as the stages hand them on: the checker computes `Color`s
/// (unquantized), lowering quantizes each into the IR's `IRColor`.

/// A colour with components in 0…1, not yet quantized.
package struct Color: Hashable {
  package var red: Double
  package var green: Double
  package var blue: Double
  package var alpha: Double
  /// 0: the same in both appearances. Otherwise, in a compilation that
  /// draws an adaptive picture, the components are the light value and
  /// this numbers the dark one in the compilation's `AdaptivePalette`.
  package var variant: UInt32 = 0

  package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  package init(rgba: UInt32) {
    self.init(
      red: Double(rgba >> 24 & 0xFF) / 255, green: Double(rgba >> 16 & 0xFF) / 255,
      blue: Double(rgba >> 8 & 0xFF) / 255, alpha: Double(rgba & 0xFF) / 255)
  }
}

/// An sRGB colour quantized to 8 bits per channel, with straight alpha.
public struct IRColor: Hashable, Sendable {
  // In this order, 9 bytes: a solid paint fits beside a path's other
  // fields in a 72-byte display item.
  /// In an adaptive scene, numbers this colour's dark value in
  /// `AppearanceVariant` (0: the same in both). Not part of the value: two
  /// colours are equal when they paint the same in the appearance drawn.
  package var variant: UInt32 = 0
  /// The alpha in ten-thousandths, the precision it is rounded to: the
  /// same `Double` comes back as was computed from it.
  private var alphaUnits: UInt16
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8

  package init(_ color: Color) {
    func channel(_ value: Double) -> UInt8 { clampedByte(value * 255) }
    red = channel(color.red)
    green = channel(color.green)
    blue = channel(color.blue)
    alphaUnits = IRColor.units(color.alpha)
    variant = color.variant
  }

  /// 0…1, to four decimals.
  public var alpha: Double {
    get { Double(alphaUnits) / 10_000 }
    set { alphaUnits = IRColor.units(newValue) }
  }

  /// `alpha` in ten-thousandths, rounded and clamped to 0…10,000 (NaN: 0).
  private static func units(_ alpha: Double) -> UInt16 {
    let units = (alpha * 10_000).rounded()
    return units > 0 ? UInt16(min(units, 10_000)) : 0
  }

  public static func == (a: IRColor, b: IRColor) -> Bool {
    a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(red)
    hasher.combine(green)
    hasher.combine(blue)
    hasher.combine(alpha)
  }

  /// `#rrggbb`.
  public var hex: String {
    var writer = ByteWriter()
    writer.writeHex(self)
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}

extension ByteWriter {
  /// `#rrggbb`.
  @inlinable package mutating func writeHex(_ color: IRColor) {
    writeHex(red: color.red, green: color.green, blue: color.blue)
  }
}
