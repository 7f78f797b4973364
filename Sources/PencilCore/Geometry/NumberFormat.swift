/// Formats a number the one way every output uses: rounded to at most four
/// decimals, the shortest form of that (`0.5`, `12`, `-3.1416`), never
/// `-0` and never an exponent. Same bytes on every run and machine.
func formatNumber(_ value: Double) -> String {
  var bytes: [UInt8] = []
  appendNumber(value, to: &bytes)
  return String(decoding: bytes, as: UTF8.self)
}

/// The allocation-free form of `formatNumber` for backends that build
/// their output as bytes.
func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
  guard value.isFinite else {
    bytes.append(UInt8(ascii: "0"))
    return
  }
  // Scale to ten-thousandths; beyond 2^53 the integer part alone matters.
  let scaled = (abs(value) * 10_000).rounded()
  guard scaled < 9.0e15 else {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    appendInteger(UInt64(min(abs(value).rounded(), 9.0e18)), to: &bytes)
    return
  }
  var units = UInt64(scaled)
  if units == 0 {
    bytes.append(UInt8(ascii: "0"))
    return
  }
  if value < 0 { bytes.append(UInt8(ascii: "-")) }
  appendInteger(units / 10_000, to: &bytes)
  units %= 10_000
  guard units > 0 else { return }
  bytes.append(UInt8(ascii: "."))
  var divisor: UInt64 = 1000
  while units > 0 {
    bytes.append(UInt8(ascii: "0") + UInt8(units / divisor))
    units %= divisor
    divisor /= 10
  }
}

func appendInteger(_ value: UInt64, to bytes: inout [UInt8]) {
  if value < 10 {
    bytes.append(UInt8(ascii: "0") + UInt8(value))
    return
  }
  var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  var count = 0
  var remaining = value
  withUnsafeMutableBytes(of: &digits) { buffer in
    while remaining > 0 {
      buffer[count] = UInt8(ascii: "0") + UInt8(remaining % 10)
      remaining /= 10
      count += 1
    }
    for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
  }
}
