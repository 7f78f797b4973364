/// String literals: escapes, UTF-8 checks and `\\(…)` interpolations.
extension Lexer {
  mutating func lexString() {
    let start = index
    // Most strings are plain: their bytes are their text, made into a
    // string at once, with no buffer of decoded bytes allocated, filled
    // byte by byte and freed (about 1,200 instructions a label).
    if let end = plainStringEnd(from: start + 1) {
      strings.append(
        bytes.withUnsafeBufferPointer { String(sourceUTF8: UnsafeBufferPointer(rebasing: $0[(start + 1)..<end])) })
      index = end + 1
      return emit(.string, from: start, Double(strings.count - 1))
    }
    index += 1
    var decoded: [UInt8] = []
    var pieces: [StringPiece] = []
    while true {
      guard index < limit, !isLineBreak(bytes[index]) else {
        report(LexerCodes.unterminatedString, start, index, "unterminated string; add '\"' before the end of the line")
        break
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        break
      }
      if byte == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "(") {
        pieces.append(.text(String(decoding: decoded, as: UTF8.self)))
        decoded.removeAll(keepingCapacity: true)
        guard let inner = scanInterpolation() else { break }
        pieces.append(.expression(inner))
        continue
      }
      if byte == UInt8(ascii: "\\") {
        let escaped = peek(1)
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): decoded.append(escaped)
        case UInt8(ascii: "n"): decoded.append(UInt8(ascii: "\n"))
        case UInt8(ascii: "t"): decoded.append(UInt8(ascii: "\t"))
        default:
          let end = escaped == 0 || isLineBreak(escaped) ? index + 1 : index + 2
          report(
            LexerCodes.invalidEscape, index, end,
            "invalid escape sequence '\(String(decoding: bytes[index..<end], as: UTF8.self))'; use \\\", \\\\, \\n or \\t"
          )
          // A `\` at the end of the line escapes nothing: the string
          // still ends with its line, as the next step reports.
          if isLineBreak(escaped) {
            index += 1
            continue
          }
        }
        index = min(limit, index + 2)
        continue
      }
      if byte >= 0x80 {
        let length = validUTF8Length(at: index)
        if length == 0 {
          report(
            LexerCodes.invalidUTF8, index, index + 1,
            "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true)) in string")
          index += 1
          continue
        }
        decoded.append(contentsOf: bytes[index..<index + length])
        index += length
        continue
      }
      decoded.append(byte)
      index += 1
    }
    strings.append(String(decoding: decoded, as: UTF8.self))
    guard !pieces.isEmpty else { return emit(.string, from: start, Double(strings.count - 1)) }
    pieces.append(.text(String(decoding: decoded, as: UTF8.self)))
    interpolations.append(pieces)
    emit(.string, from: start, Double(strings.count - 1), Double(interpolations.count))
  }

  /// The closing quote of a plain string starting at `first`: printable
  /// ASCII up to it, no `\` (an escape or an interpolation), no line
  /// break or tab. Nil for any other string, which the loop decodes.
  private func plainStringEnd(from first: Int) -> Int? {
    var at = first
    while at < limit {
      let byte = bytes[at]
      if byte == UInt8(ascii: "\"") { return at }
      guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
      at += 1
    }
    return nil
  }

  /// After `\(`: the byte range of the expression up to the matching `)`,
  /// skipping strings inside it; nil (reported) at the end of the line.
  private mutating func scanInterpolation() -> SourceRange? {
    let open = index
    index += 2
    let start = index
    var depth = 1
    var inString = false
    while index < limit, !isLineBreak(bytes[index]) {
      let byte = bytes[index]
      if inString {
        // A `\` escapes the next byte, but not a line break (nor the end).
        if byte == UInt8(ascii: "\\"), index + 1 < limit, !isLineBreak(bytes[index + 1]) {
          index += 1
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      } else if byte == UInt8(ascii: "(") {
        depth += 1
      } else if byte == UInt8(ascii: ")") {
        depth -= 1
        if depth == 0 {
          index += 1
          return SourceRange(start, index - 1)
        }
      }
      index += 1
    }
    // A `\` as the last byte stepped over a byte that is not there.
    index = min(index, limit)
    report(
      LexerCodes.unterminatedString, open, index,
      "unterminated interpolation '\\(' in a string; close it with ')' before the end of the line")
    return nil
  }
}

extension Lexer {
  /// `'text'`, as JavaScript and Python allow: an error with the fix that
  /// writes it in double quotes, lexed as the string it means so that
  /// nothing else is reported. False (nothing consumed) when no quote
  /// closes it on the line.
  mutating func lexSingleQuoted() -> Bool {
    let start = index
    var end = index + 1
    while end < limit, bytes[end] != UInt8(ascii: "'"), !isLineBreak(bytes[end]) { end += 1 }
    guard end < limit, bytes[end] == UInt8(ascii: "'") else { return false }
    let content = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
    index = end + 1
    let range = SourceRange(start, index)
    let diagnostic = Diagnostic(
      LexerCodes.unexpectedCharacter, range, "strings are written in double quotes, not single ones")
    if content.contains("\"") || content.contains("\\") {
      let escaped = content.replacingBackslashesAndQuotes
      report(diagnostic.withFix("write it in double quotes", replacing: range, with: "\"\(escaped)\""))
    } else {
      report(
        diagnostic.withFix(
          "write it in double quotes",
          [
            TextEdit(range: SourceRange(start, start + 1), newText: "\""),
            TextEdit(range: SourceRange(end, end + 1), newText: "\""),
          ]))
    }
    strings.append(content)
    emit(.string, from: start, Double(strings.count - 1))
    return true
  }
}

extension String {
  /// With `\` and `"` escaped, for a double-quoted literal.
  fileprivate var replacingBackslashesAndQuotes: String {
    var result = ""
    for character in self {
      if character == "\\" || character == "\"" { result.append("\\") }
      result.append(character)
    }
    return result
  }
}
