/// The words the parser dispatches on. The lexer recognises them once per
/// identifier (`Token.keyword`), so the parser asks "is this `at`?" with a
/// byte compare instead of a name's key and bytes, clause after clause.
/// Any other word, and every token that is not an identifier, is `none`.
package enum Keyword: UInt8, Sendable, CaseIterable {
  case none
  case at, size, from, to, text, path, stop
  case gradient, shape, component, importKeyword, color, canvas
  case letKeyword, forKeyword, ifKeyword, elseKeyword, inKeyword

  /// How the word is written (empty for `none`).
  package var spelling: String {
    switch self {
    case .none: ""
    case .at: "at"
    case .size: "size"
    case .from: "from"
    case .to: "to"
    case .text: "text"
    case .path: "path"
    case .stop: "stop"
    case .gradient: "gradient"
    case .shape: "shape"
    case .component: "component"
    case .importKeyword: "import"
    case .color: "color"
    case .canvas: "canvas"
    case .letKeyword: "let"
    case .forKeyword: "for"
    case .ifKeyword: "if"
    case .elseKeyword: "else"
    case .inKeyword: "in"
    }
  }

  /// The keyword spelled by `buffer[start..<end]`, an identifier's bytes.
  /// Up to eight bytes are read as one little-endian integer and compared
  /// with the keywords' (identifiers hold no zero byte, so words of
  /// different lengths never collide); `component`, nine bytes, by its
  /// first eight and its last. The constants are checked against the
  /// spellings by `LexerTablesTests`.
  @inline(__always)
  static func of(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Keyword {
    let length = end - start
    guard length >= 2, length <= 9 else { return .none }
    var packed: UInt64 = 0
    if start + 8 <= buffer.count, let base = buffer.baseAddress {
      // Eight bytes in one load, those past the word masked off.
      packed = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
      if length < 8 { packed &= (1 << UInt64(length * 8)) - 1 }
    } else {
      for offset in 0..<min(length, 8) {
        packed |= UInt64(buffer[start + offset]) << UInt64(offset * 8)
      }
    }
    if length == 9 {
      return packed == 0x6E65_6E6F_706D_6F63 && buffer[start + 8] == UInt8(ascii: "t") ? .component : .none
    }
    switch packed {
    case 0x7461: return .at
    case 0x657A_6973: return .size
    case 0x6D6F_7266: return .from
    case 0x6F74: return .to
    case 0x7478_6574: return .text
    case 0x6874_6170: return .path
    case 0x706F_7473: return .stop
    case 0x746E_6569_6461_7267: return .gradient
    case 0x65_7061_6873: return .shape
    case 0x7472_6F70_6D69: return .importKeyword
    case 0x72_6F6C_6F63: return .color
    case 0x7361_766E_6163: return .canvas
    case 0x74_656C: return .letKeyword
    case 0x72_6F66: return .forKeyword
    case 0x6669: return .ifKeyword
    case 0x6573_6C65: return .elseKeyword
    case 0x6E69: return .inKeyword
    default: return .none
    }
  }
}
