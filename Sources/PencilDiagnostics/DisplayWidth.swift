/// How many terminal columns text takes, for the caret line under a
/// source line: East Asian wide and fullwidth characters and emoji take
/// two columns, combining marks and zero-width characters none, and
/// everything else one (as `wcwidth` and terminals count them). A grapheme
/// is as wide as its widest scalar, so an accented letter is one column
/// and an emoji sequence two.
enum DisplayWidth {
  static func of(_ text: String) -> Int {
    var columns = 0
    for character in text { columns += of(character) }
    return columns
  }

  static func of(_ character: Character) -> Int {
    var widest = 0
    for scalar in character.unicodeScalars {
      // An emoji presentation selector makes the sequence an emoji.
      if scalar.value == 0xFE0F { return 2 }
      widest = max(widest, of(scalar))
    }
    return widest
  }

  private static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if value == 0x200B || (0x1160...0x11FF).contains(value) { return 0 }
    if scalar.properties.isEmojiPresentation { return 2 }
    return wideRanges.contains { $0.contains(value) } ? 2 : 1
  }

  /// East Asian Wide and Fullwidth (Unicode's EastAsianWidth.txt, W and F),
  /// folded into the blocks that hold them.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
    0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
    0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
    0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]
}
