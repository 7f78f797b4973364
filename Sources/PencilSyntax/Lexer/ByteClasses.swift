/// What a byte can start, for the lexer's dispatch: one load from a
/// 256-entry table and a jump, where a `switch` over the bytes with
/// conditions tested them one after another (a name's first letter
/// after some thirty tests).
enum ByteClass: UInt8 {
  /// Starts no token: a control byte, a stray ASCII symbol, or a byte of a
  /// multi-byte UTF-8 sequence (reported as unexpected or invalid).
  case other
  case space, lineFeed, carriageReturn
  /// `a`–`z`, `A`–`Z`, `_`: the first byte of a name.
  case letter
  /// Next to `letter`: a name's later bytes are one test (`isNamePart`).
  case digit
  case dot, slash, quote, apostrophe, hash, minus
  /// Bytes that make a token with a following `=` (`==`, `<=`, `>=`, `!=`).
  case equals, less, greater, bang
  /// Bytes that make a token only doubled (`&&`, `||`).
  case ampersand, bar
  /// A token of this one byte alone (`ByteClasses.singleKind`).
  case single
}

enum ByteClasses {
  /// The class of every byte, built once from `classify`.
  static let table: [ByteClass] = (0...255).map { classify(UInt8($0)) }

  /// The token each `.single` byte makes (`singleKind`), one load where
  /// the `switch` was a call and a search.
  static let singleKinds: [TokenKind] = (0...255).map { singleKind(UInt8($0)) }

  /// A letter, a digit or `_`: what `isIdentifierPart` accepts, as one
  /// subtraction and compare on the byte's class.
  @inline(__always)
  static func isNamePart(_ byteClass: ByteClass) -> Bool {
    byteClass.rawValue &- ByteClass.letter.rawValue <= ByteClass.digit.rawValue &- ByteClass.letter.rawValue
  }

  /// The class of `byte`, spelled out (the table's source).
  static func classify(_ byte: UInt8) -> ByteClass {
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\t"): .space
    case UInt8(ascii: "\n"): .lineFeed
    case UInt8(ascii: "\r"): .carriageReturn
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): .letter
    case UInt8(ascii: "0")...UInt8(ascii: "9"): .digit
    case UInt8(ascii: "."): .dot
    case UInt8(ascii: "/"): .slash
    case UInt8(ascii: "\""): .quote
    case UInt8(ascii: "'"): .apostrophe
    case UInt8(ascii: "#"): .hash
    case UInt8(ascii: "-"): .minus
    case UInt8(ascii: "="): .equals
    case UInt8(ascii: "<"): .less
    case UInt8(ascii: ">"): .greater
    case UInt8(ascii: "!"): .bang
    case UInt8(ascii: "&"): .ampersand
    case UInt8(ascii: "|"): .bar
    case _ where singleKind(byte) != .invalid: .single
    default: .other
    }
  }

  /// The token a `.single` byte makes on its own (`.invalid` for any other).
  static func singleKind(_ byte: UInt8) -> TokenKind {
    switch byte {
    case UInt8(ascii: "["): .leftBracket
    case UInt8(ascii: "]"): .rightBracket
    case UInt8(ascii: ":"): .colon
    case UInt8(ascii: "?"): .question
    case UInt8(ascii: ","): .comma
    case UInt8(ascii: "("): .leftParen
    case UInt8(ascii: ")"): .rightParen
    case UInt8(ascii: "{"): .leftBrace
    case UInt8(ascii: "}"): .rightBrace
    case UInt8(ascii: ";"): .semicolon
    case UInt8(ascii: "+"): .plus
    case UInt8(ascii: "*"): .star
    case UInt8(ascii: "%"): .percent
    default: .invalid
    }
  }
}
