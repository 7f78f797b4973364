/// The one way backends turn floating-point values into integers. Swift's
/// `Int(_:)` traps on NaN, infinity and values out of range; these clamp
/// instead, so a degenerate value (a huge scale, a vanishing segment)
/// gives a wrong pixel at worst, never a crash. NaN maps to the low end.
///
/// The few conversions elsewhere are exact by construction and say why
/// where they stand: the SVG number writer (finite, below 9e15), hex
/// colours (whole 32-bit values the lexer stored), token offsets (sources
/// are at most 128 MiB).
@inline(__always)
func clampedInt(_ value: Double, _ low: Int, _ high: Int) -> Int {
  guard value > Double(low) else { return low }
  guard value < Double(high) else { return high }
  return Int(value)
}

@inline(__always)
func clampedInt(_ value: Float, _ low: Int, _ high: Int) -> Int {
  guard value > Float(low) else { return low }
  guard value < Float(high) else { return high }
  return Int(value)
}

/// Integers used for sizes and counts stay far from overflow when they are
/// multiplied together (a row count times a column count, say).
let largestSafeCount = 1 << 40
