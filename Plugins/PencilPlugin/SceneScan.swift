/// What the plugin needs to know about a scene before pencilc runs: the
/// files it imports (so that editing one of them renders the scene again)
/// and the `// pencil-outputs:` line (which pictures to make). This is a
/// scan, not a parse: it skips comments and strings so that an `import`
/// written inside them is not taken for one, and nothing more.
struct SceneScan {
  /// The paths of `import "…"` statements, as written.
  var imports: [String] = []
  /// The text after `pencil-outputs:` in the first line comment that has
  /// it, and its line (1-based), or nil when the file has none.
  var outputsDirective: (text: String, line: Int)?

  static let directive = "pencil-outputs:"

  init(_ bytes: [UInt8]) {
    let slash = UInt8(ascii: "/")
    let star = UInt8(ascii: "*")
    let quote = UInt8(ascii: "\"")
    let newline = UInt8(ascii: "\n")
    var index = 0
    var line = 1
    // Whether only blanks stand between the start of the line and here: an
    // import statement begins a line (statements are one per line).
    var lineStart = true
    while index < bytes.count {
      let byte = bytes[index]
      let next = index + 1 < bytes.count ? bytes[index + 1] : 0
      if byte == newline {
        line += 1
        lineStart = true
        index += 1
      } else if byte == slash, next == slash {
        let end = bytes[index...].firstIndex(of: newline) ?? bytes.count
        if outputsDirective == nil, let text = Self.directiveText(bytes[(index + 2)..<end]) {
          outputsDirective = (text, line)
        }
        index = end
      } else if byte == slash, next == star {
        // Block comments do not nest; count the lines they cover.
        index += 2
        while index < bytes.count, !(bytes[index] == star && index + 1 < bytes.count && bytes[index + 1] == slash) {
          if bytes[index] == newline { line += 1 }
          index += 1
        }
        index += 2
        lineStart = false
      } else if byte == quote {
        index = Self.endOfString(bytes, from: index)
        lineStart = false
      } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
        index += 1
      } else if lineStart, let (path, end) = Self.importStatement(bytes, at: index) {
        imports.append(path)
        index = end
        lineStart = false
      } else {
        index += 1
        lineStart = false
      }
    }
  }

  /// The directive's text when a line comment's text (after `//`) is one.
  private static func directiveText(_ comment: ArraySlice<UInt8>) -> String? {
    let text = String(decoding: comment, as: UTF8.self).trimmingBlanks
    guard text.hasPrefix(directive) else { return nil }
    return String(text.dropFirst(directive.count)).trimmingBlanks
  }

  /// Just past the string literal that opens at `start`; a backslash
  /// escapes the byte after it. An unterminated string ends at the line's end.
  private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start + 1
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\\"): index += 2
      case UInt8(ascii: "\""): return index + 1
      case UInt8(ascii: "\n"): return index
      default: index += 1
      }
    }
    return bytes.count
  }

  /// `import "path"` starting at `start`: the path and the index past it.
  private static func importStatement(_ bytes: [UInt8], at start: Int) -> (String, Int)? {
    let keyword = Array("import".utf8)
    guard bytes.count > start + keyword.count, Array(bytes[start..<(start + keyword.count)]) == keyword else {
      return nil
    }
    var index = start + keyword.count
    // `import"a.pencil"` is one too, `importer` is not.
    guard [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\"")].contains(bytes[index]) else { return nil }
    while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
      index += 1
    }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
    let end = endOfString(bytes, from: index)
    guard end > index + 2, bytes[end - 1] == UInt8(ascii: "\"") else { return nil }
    // Import paths have no escapes or interpolation (the grammar forbids "\(").
    return (String(decoding: bytes[(index + 1)..<(end - 1)], as: UTF8.self), end)
  }
}

extension String {
  var trimmingBlanks: String {
    let blanks: Set<Character> = [" ", "\t", "\r"]
    return String(drop { blanks.contains($0) }.reversed().drop { blanks.contains($0) }.reversed())
  }
}
