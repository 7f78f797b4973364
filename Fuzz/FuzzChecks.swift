// Checkers for the outputs the fuzz target and FuzzRegressionTests look at:
// strict UTF-8 and strict JSON here, XML in FuzzXML.swift, the pictures in
// FuzzPictures.swift. Each returns nil when the bytes pass, or what is wrong.
//
// Shared: compiled into the fuzz target (scripts/fuzz.sh, with
// -D PENCIL_FUZZER) and, through the symbolic link
// Tests/PencilCoreTests/FuzzChecks.swift, into the test target.

enum FuzzChecks {
  // MARK: - UTF-8

  /// Decodes strict UTF-8 (no overlong forms, no surrogates, nothing past
  /// U+10FFFF); nil at the first malformed byte.
  static func scalars(_ bytes: [UInt8]) -> [UInt32]? {
    var result: [UInt32] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      let length: Int
      var value: UInt32
      switch lead {
      case 0x00...0x7F:
        length = 1
        value = UInt32(lead)
      case 0xC2...0xDF:
        length = 2
        value = UInt32(lead & 0x1F)
      case 0xE0...0xEF:
        length = 3
        value = UInt32(lead & 0x0F)
      case 0xF0...0xF4:
        length = 4
        value = UInt32(lead & 0x07)
      default: return nil
      }
      guard index + length <= bytes.count else { return nil }
      for offset in 1..<max(1, length) {
        let byte = bytes[index + offset]
        guard byte & 0xC0 == 0x80 else { return nil }
        value = value << 6 | UInt32(byte & 0x3F)
      }
      let smallest: UInt32 = [0, 0, 0x80, 0x800, 0x10000][length]
      guard value >= smallest, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
      result.append(value)
      index += length
    }
    return result
  }

  /// Whether a well-formed UTF-8 sequence (of any scalar, U+FFFD and
  /// noncharacters included) starts at `offset`.
  static func startsValidUTF8(_ bytes: [UInt8], at offset: Int) -> Bool {
    guard offset >= 0, offset < bytes.count else { return false }
    let lead = bytes[offset]
    let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    guard offset + length <= bytes.count else { return false }
    return scalars(Array(bytes[offset..<offset + length]))?.count == 1
  }

  // MARK: - JSON (RFC 8259, strict)

  /// One JSON value, optionally surrounded by JSON whitespace.
  static func json(_ bytes: [UInt8]) -> String? {
    guard scalars(bytes) != nil else { return "JSON is not valid UTF-8" }
    var parser = JSONParser(bytes: bytes)
    do {
      parser.skipSpace()
      try parser.value(depth: 0)
      parser.skipSpace()
      guard parser.index == bytes.count else { throw JSONParser.Failure(at: parser.index, "trailing bytes") }
      return nil
    } catch let failure as JSONParser.Failure {
      return "invalid JSON at byte \(failure.offset): \(failure.reason)"
    } catch {
      return "invalid JSON"
    }
  }

  private struct JSONParser {
    struct Failure: Error {
      var offset: Int
      var reason: String
      init(at offset: Int, _ reason: String) {
        self.offset = offset
        self.reason = reason
      }
    }

    let bytes: [UInt8]
    var index = 0

    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipSpace() {
      while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    mutating func expect(_ byte: UInt8) throws {
      guard peek() == byte else { throw Failure(at: index, "expected '\(Character(Unicode.Scalar(byte)))'") }
      index += 1
    }

    mutating func value(depth: Int) throws {
      guard depth < 128 else { throw Failure(at: index, "nested too deeply") }
      guard let byte = peek() else { throw Failure(at: index, "expected a value") }
      switch byte {
      case UInt8(ascii: "{"):
        index += 1
        skipSpace()
        if peek() == UInt8(ascii: "}") {
          index += 1
          return
        }
        var keys: [ArraySlice<UInt8>] = []
        while true {
          skipSpace()
          let keyStart = index
          try string()
          let key = bytes[keyStart..<index]
          guard !keys.contains(key) else { throw Failure(at: keyStart, "duplicate key") }
          keys.append(key)
          skipSpace()
          try expect(UInt8(ascii: ":"))
          skipSpace()
          try value(depth: depth + 1)
          skipSpace()
          if peek() == UInt8(ascii: ",") {
            index += 1
            continue
          }
          try expect(UInt8(ascii: "}"))
          return
        }
      case UInt8(ascii: "["):
        index += 1
        skipSpace()
        if peek() == UInt8(ascii: "]") {
          index += 1
          return
        }
        while true {
          skipSpace()
          try value(depth: depth + 1)
          skipSpace()
          if peek() == UInt8(ascii: ",") {
            index += 1
            continue
          }
          try expect(UInt8(ascii: "]"))
          return
        }
      case UInt8(ascii: "\""): try string()
      case UInt8(ascii: "t"): try literal("true")
      case UInt8(ascii: "f"): try literal("false")
      case UInt8(ascii: "n"): try literal("null")
      default: try number()
      }
    }

    mutating func literal(_ word: String) throws {
      for byte in word.utf8 { try expect(byte) }
    }

    mutating func digits() throws {
      guard let byte = peek(), (0x30...0x39).contains(byte) else { throw Failure(at: index, "expected a digit") }
      while let byte = peek(), (0x30...0x39).contains(byte) { index += 1 }
    }

    mutating func number() throws {
      if peek() == UInt8(ascii: "-") { index += 1 }
      if peek() == UInt8(ascii: "0") {
        index += 1
      } else {
        try digits()
      }
      if peek() == UInt8(ascii: ".") {
        index += 1
        try digits()
      }
      if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
        index += 1
        if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
        try digits()
      }
    }

    mutating func hex4() throws -> UInt32 {
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard let byte = peek(), let digit = FuzzChecks.hexDigit(byte) else {
          throw Failure(at: index, "bad \\u escape")
        }
        value = value << 4 | digit
        index += 1
      }
      return value
    }

    mutating func string() throws {
      try expect(UInt8(ascii: "\""))
      while true {
        guard let byte = peek() else { throw Failure(at: index, "unterminated string") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return
        case 0x00..<0x20: throw Failure(at: index - 1, "raw control character 0x\(String(byte, radix: 16)) in a string")
        case UInt8(ascii: "\\"):
          guard let escaped = peek() else { throw Failure(at: index, "unterminated escape") }
          index += 1
          switch escaped {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            break
          case UInt8(ascii: "u"):
            let unit = try hex4()
            if (0xDC00...0xDFFF).contains(unit) { throw Failure(at: index, "lone low surrogate") }
            if (0xD800...0xDBFF).contains(unit) {
              guard peek() == UInt8(ascii: "\\") else { throw Failure(at: index, "lone high surrogate") }
              index += 1
              try expect(UInt8(ascii: "u"))
              guard (0xDC00...0xDFFF).contains(try hex4()) else { throw Failure(at: index, "lone high surrogate") }
            }
          default: throw Failure(at: index - 1, "invalid escape")
          }
        default: break
        }
      }
    }
  }

  static func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: return UInt32(byte - 0x30)
    case 0x41...0x46: return UInt32(byte - 0x41 + 10)
    case 0x61...0x66: return UInt32(byte - 0x61 + 10)
    default: return nil
    }
  }
}
