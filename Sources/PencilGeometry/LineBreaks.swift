/// Where a word may break between its letters, Unicode's line breaking
/// (UAX #14) for the classes pictures meet: after a hyphen between letters
/// (HY, BA: "state-|of-|the-|art", but not "-5" or "x-2"), and before and
/// after an ideograph, kana or emoji (ID: CJK text has no spaces), except
/// before closing punctuation and small kana (CL, CP, EX, IS, NS: "。",
/// "」", "ー", "ゃ") and after opening punctuation (OP: "「", "（"). Spaces
/// are handled by the wrapping itself; Hangul breaks at spaces, as SwiftUI
/// breaks Korean.
package enum LineBreaks {
  /// The offsets (in scalars) inside `word` where a line may break: a
  /// break at i puts scalars 0..<i on this line and i... on the next.
  package static func opportunities(in word: Substring.UnicodeScalarView) -> [Int] {
    var breaks: [Int] = []
    var previous: Unicode.Scalar?
    var beforePrevious: Unicode.Scalar?
    var index = 0
    for scalar in word {
      if let a = previous, allowsBreak(after: a, before: scalar, following: beforePrevious) {
        breaks.append(index)
      }
      beforePrevious = previous
      previous = scalar
      index += 1
    }
    return breaks
  }

  /// Whether a line may break between `a` and `b` (`z` before `a`).
  static func allowsBreak(after a: Unicode.Scalar, before b: Unicode.Scalar, following z: Unicode.Scalar?) -> Bool {
    // Never inside one visible character, nor before what must not start a
    // line, nor after what glues to the next (LB8a, LB9, LB11, LB12, LB13, LB21).
    if staysWithPrevious(b) || gluesToNext(a) { return false }
    if isHyphen(a) {
      // After a hyphen between letters or ideographs: "-5", "x-2", "--" stay whole.
      return z.map { isLetter($0) || isIdeographic($0) } == true && (isLetter(b) || isIdeographic(b))
    }
    // Closing then opening CJK punctuation: "」「".
    if closes(a) && opens(b) && (a.value >= 0x3000 || b.value >= 0x3000) { return true }
    guard isIdeographic(a) || isIdeographic(b) else { return false }
    return !closes(b) && !opens(a)
  }

  /// Marks, joiners, selectors and modifiers (part of the character before),
  /// hyphens, the soft hyphen, the ideographic space, '/', '%', and
  /// no-break spaces: no break before them.
  static func staysWithPrevious(_ s: Unicode.Scalar) -> Bool {
    // Below U+0300 there are no marks: most text skips the property lookup.
    if s.value >= 0x300 {
      switch s.properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark: return true
      default: break
      }
    }
    switch s.value {
    case 0x200D, 0x2060, 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x1F3FB...0x1F3FF, 0x00AD, 0x3000, 0x2F, 0x25,
      0x00A0, 0x202F, 0x2007, 0x3099, 0x309A:
      return true
    default:
      return isHyphen(s) || closes(s)
    }
  }

  /// The zero-width joiner, the word joiner and no-break spaces: no break after them.
  static func gluesToNext(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x200D, 0x2060, 0x00A0, 0x202F, 0x2007: return true
    default: return opens(s)
    }
  }

  static func isHyphen(_ s: Unicode.Scalar) -> Bool {
    s == "-" || s == "\u{2010}" || s == "\u{2012}" || s == "\u{2013}"
  }

  static func isLetter(_ s: Unicode.Scalar) -> Bool {
    s.properties.isAlphabetic && !isIdeographic(s)
  }

  /// ID: ideographs, kana, fullwidth forms and emoji.
  static func isIdeographic(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x2E80...0x2FFF, 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF01...0xFF60,
      0x1F300...0x1FAFF, 0x20000...0x3FFFF:
      return true
    default:
      return false
    }
  }

  /// CL, CP, EX, IS and NS: no break before them.
  static func closes(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D, 0x2019, 0x201D, 0x2026,
      0x3001, 0x3002, 0x3005, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301E,
      0x301F, 0x303B, 0x309D, 0x309E, 0x30A0, 0x30FB, 0x30FC, 0x30FD, 0x30FE,
      0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
      0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6,
      0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF60, 0xFF61, 0xFF63, 0xFF64:
      return true
    default:
      return false
    }
  }

  /// OP: no break after them.
  static func opens(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x28, 0x5B, 0x7B, 0x2018, 0x201C, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A,
      0x301D, 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62:
      return true
    default:
      return false
    }
  }
}
