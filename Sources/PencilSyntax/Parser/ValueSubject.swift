/// What a value is for, named by "expected a value for '…'": a fixed word
/// (`at`, `size`, `index`), or the name before `=`, whose text is made
/// only when that message is. Most values are never reported on, and a
/// string per attribute was a tenth of the parse.
enum ValueSubject: ExpressibleByStringLiteral {
  case word(String)
  /// The bytes of a name token.
  case name(start: Int32, end: Int32)

  init(stringLiteral word: String) { self = .word(word) }

  init(_ name: Token) { self = .name(start: name.start, end: name.end) }

  func text(in bytes: [UInt8]) -> String {
    switch self {
    case .word(let word): word
    case .name(let start, let end): String(decoding: bytes[Int(start)..<Int(end)], as: UTF8.self)
    }
  }
}
