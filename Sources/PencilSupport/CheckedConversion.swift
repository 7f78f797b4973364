/// The one way backends turn floating-point values into integers. Swift's
/// `Int(_:)` traps on NaN, infinity and values out of range; these clamp
/// instead, so a degenerate value (a huge scale, a vanishing segment)
/// gives a wrong pixel at worst, never a crash. NaN maps to the low end.
///
/// The few conversions elsewhere are exact by construction and say why
/// where they stand: the SVG number writer (finite, below 9e15), hex
/// colours (whole 32-bit values the lexer stored), token offsets (sources
/// are at most 128 MiB).
///
/// `@inlinable`: the raster and ASCII backends, in other modules, call
/// them for every pixel.
@inlinable @inline(__always)
package func clampedInt(_ value: Double, _ low: Int, _ high: Int) -> Int {
  guard value > Double(low) else { return low }
  guard value < Double(high) else { return high }
  return Int(value)
}

@inlinable @inline(__always)
package func clampedInt(_ value: Float, _ low: Int, _ high: Int) -> Int {
  guard value > Float(low) else { return low }
  guard value < Float(high) else { return high }
  return Int(value)
}

/// A colour channel or coverage in 0…255 from a value in 0…255, rounded
/// to nearest; NaN and anything out of range clamp.
@inlinable @inline(__always)
package func clampedByte(_ value: Double) -> UInt8 {
  UInt8(truncatingIfNeeded: clampedInt(value.rounded(), 0, 255))
}

/// The same for the rasterizer's per-pixel floats, rounding half up by
/// adding 0.5 and truncating (one instruction, unlike `rounded()`).
@inlinable @inline(__always)
package func clampedByte(_ value: Float) -> UInt8 {
  UInt8(truncatingIfNeeded: clampedInt(value + 0.5, 0, 255))
}

/// Integers used for sizes and counts stay far from overflow when they are
/// multiplied together (a row count times a column count, say).
package let largestSafeCount = 1 << 40
