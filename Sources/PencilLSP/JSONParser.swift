/// Why a message body is not JSON, with the byte offset where it failed.
public struct JSONParseError: Error, Equatable, Sendable {
  public var offset: Int
  public var message: String
}

/// A strict RFC 8259 parser over UTF-8 bytes. Nesting is limited so that a
/// hostile message cannot exhaust the stack; invalid UTF-8 in strings and
/// lone surrogates in `\u` escapes become U+FFFD rather than errors.
public struct JSONParser {
  /// Deeper than any LSP message (they nest about 8 levels).
  public static let maximumDepth = 256

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0

  private init(_ bytes: [UInt8]) { self.bytes = bytes }

  public static func parse(_ bytes: [UInt8]) -> Result<JSONValue, JSONParseError> {
    var parser = JSONParser(bytes)
    do {
      parser.skipSpace()
      let value = try parser.value()
      parser.skipSpace()
      guard parser.index == bytes.count else { throw parser.error("unexpected text after the value") }
      return .success(value)
    } catch let error as JSONParseError {
      return .failure(error)
    } catch {
      return .failure(JSONParseError(offset: parser.index, message: "\(error)"))
    }
  }

  public static func parse(_ text: String) -> Result<JSONValue, JSONParseError> { parse(Array(text.utf8)) }

  private func error(_ message: String) -> JSONParseError { JSONParseError(offset: index, message: message) }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipSpace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
  }

  private mutating func expect(_ word: String) throws {
    for byte in word.utf8 {
      guard current == byte else { throw error("expected '\(word)'") }
      index += 1
    }
  }

  private mutating func value() throws -> JSONValue {
    guard let byte = current else { throw error("unexpected end of input") }
    switch byte {
    case UInt8(ascii: "{"): return try nested { try $0.object() }
    case UInt8(ascii: "["): return try nested { try $0.array() }
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"):
      try expect("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expect("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expect("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    default: throw error("unexpected character")
    }
  }

  private mutating func nested(_ body: (inout JSONParser) throws -> JSONValue) throws -> JSONValue {
    guard depth < JSONParser.maximumDepth else { throw error("nested more than \(JSONParser.maximumDepth) deep") }
    depth += 1
    defer { depth -= 1 }
    return try body(&self)
  }

  private mutating func object() throws -> JSONValue {
    index += 1
    var members: [String: JSONValue] = [:]
    skipSpace()
    if current == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard current == UInt8(ascii: "\"") else { throw error("expected a member name") }
      let key = try string()
      skipSpace()
      try expect(":")
      skipSpace()
      members[key] = try value()
      skipSpace()
      if current == UInt8(ascii: ",") {
        index += 1
        continue
      }
      try expect("}")
      return .object(members)
    }
  }

  private mutating func array() throws -> JSONValue {
    index += 1
    var items: [JSONValue] = []
    skipSpace()
    if current == UInt8(ascii: "]") {
      index += 1
      return .array(items)
    }
    while true {
      skipSpace()
      items.append(try value())
      skipSpace()
      if current == UInt8(ascii: ",") {
        index += 1
        continue
      }
      try expect("]")
      return .array(items)
    }
  }

  private mutating func number() throws -> Double {
    let start = index
    if current == UInt8(ascii: "-") { index += 1 }
    func digits(_ parser: inout JSONParser) -> Int {
      let from = parser.index
      while let byte = parser.current, byte >= 0x30, byte <= 0x39 { parser.index += 1 }
      return parser.index - from
    }
    let integerStart = index
    let integerDigits = digits(&self)
    guard integerDigits > 0 else { throw error("expected a digit") }
    guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { throw error("leading zero") }
    if current == UInt8(ascii: ".") {
      index += 1
      guard digits(&self) > 0 else { throw error("expected a digit after '.'") }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard digits(&self) > 0 else { throw error("expected an exponent") }
    }
    guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
      throw error("unreadable number")
    }
    return value
  }

  private mutating func hexQuad() throws -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current else { throw error("unfinished \\u escape") }
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("bad hex digit in \\u escape")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  private mutating func string() throws -> String {
    index += 1
    var utf8: [UInt8] = []
    while true {
      guard let byte = current else { throw error("unterminated string") }
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard let escaped = current else { throw error("unterminated escape") }
        index += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try hexQuad()
          if scalar >= 0xD800, scalar < 0xDC00, current == UInt8(ascii: "\\"), index + 1 < bytes.count,
            bytes[index + 1] == UInt8(ascii: "u")
          {
            let saved = index
            index += 2
            let low = try hexQuad()
            if low >= 0xDC00, low < 0xE000 {
              scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
            } else {
              index = saved
            }
          }
          utf8 += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
        default: throw error("unknown escape")
        }
      case 0..<0x20:
        throw error("control character in a string")
      default:
        utf8.append(byte)
      }
    }
  }
}
