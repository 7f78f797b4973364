/// Text bound for a terminal or a log, made harmless. Source lines and
/// messages quote the user's bytes, and an escape sequence among them
/// would otherwise clear the screen, retitle the window or hide text; so
/// control characters, C1 controls and bidirectional overrides (the
/// "Trojan Source" characters) are shown as `<U+001B>`, as clang does.
/// Tabs are kept: the caret line copies them so that columns line up.
func terminalSafe(_ text: String) -> String {
  guard text.unicodeScalars.contains(where: needsEscape) else { return text }
  var result = ""
  for scalar in text.unicodeScalars {
    if needsEscape(scalar) {
      let hex = String(scalar.value, radix: 16, uppercase: true)
      result += "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}

private func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x09: false
  case 0..<0x20, 0x7F...0x9F: true
  case 0x202A...0x202E, 0x2066...0x2069: true
  default: false
  }
}

/// The part of a long source line shown under a diagnostic: a window of
/// bytes around the range, cut at character boundaries, so the output of
/// one diagnostic is bounded however long the line is (as rustc does).
struct LineWindow {
  /// Byte offsets within the line.
  var start: Int
  var end: Int
  /// The range, clipped to the window.
  var markStart: Int
  var markEnd: Int

  /// Lines up to this many bytes are shown whole.
  static let wholeLine = 160
  /// Bytes of context before and after the range, and the most of the range shown.
  static let context = 60
  static let longestMark = 80

  init(line: ArraySlice<UInt8>, markStart: Int, markEnd: Int) {
    let count = line.count
    guard count > Self.wholeLine else {
      self.init(start: 0, end: count, markStart: markStart, markEnd: markEnd)
      return
    }
    let base = line.startIndex
    // Moves an offset back to the start of the character holding it.
    func boundary(_ offset: Int) -> Int {
      var offset = min(max(0, offset), count)
      while offset > 0, offset < count, line[base + offset] & 0xC0 == 0x80 { offset -= 1 }
      return offset
    }
    let start = boundary(markStart - Self.context)
    let clippedMarkEnd = boundary(min(markEnd, markStart + Self.longestMark))
    let end = boundary(max(clippedMarkEnd, markStart) + Self.context)
    self.init(start: start, end: end, markStart: markStart, markEnd: max(markStart, clippedMarkEnd))
  }

  private init(start: Int, end: Int, markStart: Int, markEnd: Int) {
    self.start = start
    self.end = end
    self.markStart = markStart
    self.markEnd = markEnd
  }
}
