// A small checker of XML 1.0 well-formedness, strict about what the SVG
// backend could get wrong: valid UTF-8, only characters XML 1.0 allows,
// balanced and properly nested tags, quoted and unique attributes, and
// only the five predefined entities or character references. No DTDs.
//
// Shared like FuzzChecks.swift (symbolic link in Tests/PencilCoreTests).

enum FuzzXML {
  /// nil when `bytes` is a well-formed XML document, else what is wrong.
  static func check(_ bytes: [UInt8]) -> String? {
    guard let scalars = FuzzChecks.scalars(bytes) else { return "XML: not valid UTF-8" }
    if let bad = scalars.firstIndex(where: { !isChar($0) }) {
      return "XML: U+\(String(scalars[bad], radix: 16, uppercase: true)) at scalar \(bad) is not an XML 1.0 character"
    }
    var reader = Reader(text: scalars)
    do {
      try reader.document()
      return nil
    } catch let failure as Failure {
      return "XML: \(failure.reason) at scalar \(failure.offset)"
    } catch {
      return "XML: malformed"
    }
  }

  /// XML 1.0 `Char`.
  static func isChar(_ c: UInt32) -> Bool {
    c == 0x9 || c == 0xA || c == 0xD || (0x20...0xD7FF).contains(c) || (0xE000...0xFFFD).contains(c)
      || (0x10000...0x10FFFF).contains(c)
  }

  static func isNameStart(_ c: UInt32) -> Bool {
    (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || c == 0x5F || c == 0x3A
      || (0xC0...0xD6).contains(c) || (0xD8...0xF6).contains(c) || (0xF8...0x2FF).contains(c)
      || (0x370...0x37D).contains(c) || (0x37F...0x1FFF).contains(c) || (0x200C...0x200D).contains(c)
      || (0x2070...0x218F).contains(c) || (0x2C00...0x2FEF).contains(c) || (0x3001...0xD7FF).contains(c)
      || (0xF900...0xFDCF).contains(c) || (0xFDF0...0xFFFD).contains(c) || (0x10000...0xEFFFF).contains(c)
  }

  static func isName(_ c: UInt32) -> Bool {
    isNameStart(c) || (0x30...0x39).contains(c) || c == 0x2D || c == 0x2E || c == 0xB7
      || (0x300...0x36F).contains(c) || (0x203F...0x2040).contains(c)
  }

  static func isSpace(_ c: UInt32) -> Bool { c == 0x20 || c == 0x9 || c == 0xA || c == 0xD }

  struct Failure: Error {
    var offset: Int
    var reason: String
  }

  private struct Reader {
    let text: [UInt32]
    var index = 0

    func fail(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }
    func peek(_ ahead: Int = 0) -> UInt32? { index + ahead < text.count ? text[index + ahead] : nil }

    func looking(at literal: String) -> Bool {
      var offset = 0
      for scalar in literal.unicodeScalars {
        guard peek(offset) == scalar.value else { return false }
        offset += 1
      }
      return true
    }

    mutating func skip(_ literal: String) throws {
      guard looking(at: literal) else { throw fail("expected '\(literal)'") }
      index += literal.unicodeScalars.count
    }

    mutating func skipSpace() { while let c = peek(), isSpace(c) { index += 1 } }

    mutating func name() throws -> [UInt32] {
      guard let first = peek(), isNameStart(first) else { throw fail("expected a name") }
      let start = index
      while let c = peek(), isName(c) { index += 1 }
      return Array(text[start..<index])
    }

    /// Comments, processing instructions and white space outside the root.
    mutating func misc() throws {
      while true {
        skipSpace()
        if looking(at: "<!--") {
          try comment()
        } else if looking(at: "<?") {
          try processingInstruction()
        } else {
          return
        }
      }
    }

    mutating func document() throws {
      if looking(at: "<?xml") {
        guard let after = peek(5), isSpace(after) else { throw fail("bad XML declaration") }
        try processingInstruction(declaration: true)
      }
      try misc()
      if looking(at: "<!DOCTYPE") { throw fail("a DOCTYPE (not expected in our SVG)") }
      guard looking(at: "<") else { throw fail("expected the root element") }
      try element()
      try misc()
      guard index == text.count else { throw fail("content after the root element") }
    }

    mutating func comment() throws {
      try skip("<!--")
      while !looking(at: "--") {
        guard peek() != nil else { throw fail("unterminated comment") }
        index += 1
      }
      guard looking(at: "-->") else { throw fail("'--' inside a comment") }
      index += 3
    }

    mutating func processingInstruction(declaration: Bool = false) throws {
      try skip("<?")
      let target = try name()
      if !declaration, String(decoding: target.map { UInt8(truncatingIfNeeded: $0 | 0x20) }, as: UTF8.self) == "xml" {
        throw fail("reserved processing instruction target")
      }
      while !looking(at: "?>") {
        guard peek() != nil else { throw fail("unterminated processing instruction") }
        index += 1
      }
      index += 2
    }

    mutating func reference() throws {
      try skip("&")
      if peek() == 0x23 {  // #
        index += 1
        var value: UInt32 = 0
        var digits = 0
        let hex = peek() == 0x78  // x
        if hex { index += 1 }
        while let c = peek(), c != 0x3B {
          guard c < 0x80, let digit = hex ? FuzzChecks.hexDigit(UInt8(c)) : (0x30...0x39).contains(c) ? c - 0x30 : nil
          else { throw fail("bad character reference") }
          value = min(value * (hex ? 16 : 10) + digit, 0x11_0000)
          digits += 1
          index += 1
        }
        guard digits > 0, isChar(value) else { throw fail("character reference to a non-character") }
      } else {
        let entity = String(decoding: try name().map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
        guard ["amp", "lt", "gt", "quot", "apos"].contains(entity) else { throw fail("undefined entity '&\(entity);'") }
      }
      try skip(";")
    }

    mutating func element() throws {
      var open: [[UInt32]] = []
      repeat {
        if looking(at: "</") {
          index += 2
          let closing = try name()
          skipSpace()
          try skip(">")
          guard let top = open.popLast(), top == closing else { throw fail("end tag does not match its start tag") }
        } else if looking(at: "<!--") {
          try comment()
        } else if looking(at: "<![CDATA[") {
          index += 9
          while !looking(at: "]]>") {
            guard peek() != nil else { throw fail("unterminated CDATA") }
            index += 1
          }
          index += 3
        } else if looking(at: "<?") {
          try processingInstruction()
        } else if looking(at: "<") {
          index += 1
          let tag = try name()
          var attributes: [[UInt32]] = []
          while true {
            let hadSpace = peek().map(isSpace) ?? false
            skipSpace()
            if looking(at: "/>") {
              index += 2
              break
            }
            if looking(at: ">") {
              index += 1
              open.append(tag)
              break
            }
            guard hadSpace else { throw fail("expected white space before an attribute") }
            let attribute = try name()
            guard !attributes.contains(attribute) else { throw fail("repeated attribute") }
            attributes.append(attribute)
            skipSpace()
            try skip("=")
            skipSpace()
            guard let quote = peek(), quote == 0x22 || quote == 0x27 else { throw fail("unquoted attribute value") }
            index += 1
            while peek() != quote {
              guard let c = peek() else { throw fail("unterminated attribute value") }
              if c == 0x3C { throw fail("'<' in an attribute value") }
              if c == 0x26 { try reference() } else { index += 1 }
            }
            index += 1
          }
        } else if peek() == 0x26 {
          try reference()
        } else if looking(at: "]]>") {
          throw fail("']]>' in character data")
        } else {
          guard peek() != nil else { throw fail("unclosed element") }
          index += 1
        }
        // Character data before the first tag is an error.
        if open.isEmpty { break }
      } while true
    }
  }
}
