/// Hex colours (`#fa8072`).
extension Lexer {
  /// `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`, decoded to 0xRRGGBBAA (-1
  /// when malformed, with its message).
  mutating func lexHex() {
    let start = index
    index += 1
    var value: UInt32 = 0
    var badDigit: Int? = nil
    while isIdentifierPart(peek()) {
      if let digit = hexValue(peek()) {
        value = value &* 16 &+ UInt32(digit)
      } else if badDigit == nil {
        badDigit = index
      }
      index += 1
    }
    let count = index - start - 1
    if let bad = badDigit {
      let digit = String(decoding: bytes[bad..<bad + 1], as: UTF8.self)
      report(
        LexerCodes.invalidHexDigit, start, index, "invalid hex colour '\(quoted(start))': '\(digit)' is not a hex digit"
      )
      emit(.hexColor, from: start, -1)
      return
    }
    let rgba: UInt32
    switch count {
    case 3, 4:
      // #rgb and #rgba double every digit.
      var expanded: UInt32 = 0
      for shift in stride(from: (count - 1) * 4, through: 0, by: -4) {
        let nibble = (value >> UInt32(shift)) & 0xF
        expanded = expanded << 8 | nibble << 4 | nibble
      }
      rgba = count == 3 ? expanded << 8 | 0xFF : expanded
    case 6: rgba = value << 8 | 0xFF
    case 8: rgba = value
    default:
      let found = count == 0 ? "no digits" : "\(count) digit\(count == 1 ? "" : "s")"
      report(
        LexerCodes.invalidHexLength, start, index,
        "invalid hex colour '\(quoted(start))': expected 3, 4, 6 or 8 hex digits, found \(found)")
      emit(.hexColor, from: start, -1)
      return
    }
    emit(.hexColor, from: start, Double(rgba))
  }
}

private func hexValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case 48...57: byte - 48
  case 65...70: byte - 55
  case 97...102: byte - 87
  default: nil
  }
}
