/// The ways diagnostics are printed.
public enum DiagnosticFormat: String, CaseIterable, Sendable {
  /// `file:line:col: error: message [E0102]`, the source line, a caret
  /// underline, notes and help lines.
  case human
  /// One line a diagnostic, for gcc-style problem matchers.
  case short
  /// JSON Lines, see `docs/diagnostics.schema.json`.
  case json
  /// One SARIF 2.1.0 log for the whole run, see `SARIFWriter`.
  case sarif
}

/// Turns diagnostics into text. Line and column are computed here, from
/// the byte offsets the compiler works with, in the file a diagnostic's
/// id names in the compilation's `SourceFiles`.
public enum DiagnosticPrinter {
  /// `file:line:col: severity: message [CODE]`. Everything quoted from
  /// the input is made safe for a terminal (see `terminalSafe`).
  public static func short(_ diagnostic: Diagnostic, in files: SourceFiles) -> String {
    let source = files[diagnostic.file]
    let location = source.location(of: diagnostic.range.start)
    return terminalSafe(
      "\(source.name):\(location.line):\(location.column): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code.id)]"
    ) + "\n"
  }

  /// The location line, the source line with carets under the range, the
  /// notes (with their own source lines) and `help:` lines for the fixes;
  /// `colors` adds ANSI styling. A long line is shown as a window around
  /// the range, so the text is bounded whatever the input.
  public static func human(_ diagnostic: Diagnostic, in files: SourceFiles, colors: Bool) -> String {
    let source = files[diagnostic.file]
    let style = Style(enabled: colors)
    let location = source.location(of: diagnostic.range.start)
    let severityColor =
      diagnostic.severity == .error ? style.red : diagnostic.severity == .warning ? style.yellow : style.cyan
    let name = terminalSafe(source.name)
    var text =
      "\(style.bold)\(name):\(location.line):\(location.column): \(severityColor)\(diagnostic.severity.rawValue):\(style.reset)\(style.bold) \(terminalSafe(diagnostic.message)) [\(diagnostic.code.id)]\(style.reset)\n"
    text += snippet(diagnostic.range, in: source, style: style, caretColor: severityColor)
    for note in diagnostic.notes {
      if let range = note.range {
        let noteSource = note.file.map { files[$0] } ?? source
        let noteLocation = noteSource.location(of: range.start)
        text +=
          "\(style.bold)\(terminalSafe(noteSource.name)):\(noteLocation.line):\(noteLocation.column): \(style.cyan)note:\(style.reset) \(terminalSafe(note.message))\n"
        text += snippet(range, in: noteSource, style: style, caretColor: style.cyan)
      } else {
        text += "  \(style.cyan)= note:\(style.reset) \(terminalSafe(note.message))\n"
      }
    }
    for fix in diagnostic.fixes {
      text += "  \(style.green)= help:\(style.reset) \(terminalSafe(fix.message + describeEdits(fix, in: source)))\n"
    }
    return text
  }

  /// Spells out insertions, whose message alone does not show the text.
  private static func describeEdits(_ fix: FixIt, in source: SourceFile) -> String {
    guard fix.edits.count == 1, let edit = fix.edits.first, edit.range.start == edit.range.end else { return "" }
    let shown = edit.newText.trimmingSpaces.map { $0 == "\n" ? "\\n" : String($0) }.joined()
    return ": insert '\(shown)'"
  }

  /// The source line (or a window of it) with a caret line under the
  /// range (to the end of the first line when the range spans several).
  private static func snippet(_ range: SourceRange, in source: SourceFile, style: Style, caretColor: String) -> String {
    let lineIndex = source.lineIndex(of: min(range.start, source.bytes.count))
    let lineStart = source.lineStarts[lineIndex]
    let lineBytes = source.lineBytes(lineIndex)
    let number = String(lineIndex + 1)
    let gutter = String(repeating: " ", count: number.count)
    let startInLine = min(range.start - lineStart, lineBytes.count)
    let endInLine = min(max(range.end - lineStart, startInLine), lineBytes.count)
    let window = LineWindow(line: lineBytes, markStart: startInLine, markEnd: endInLine)
    let base = lineBytes.startIndex
    func text(_ from: Int, _ to: Int) -> String {
      terminalSafe(String(decoding: lineBytes[(base + from)..<(base + to)], as: UTF8.self))
    }
    let before = window.start > 0 ? "..." : ""
    let after = window.end < lineBytes.count ? "..." : ""
    let line = before + text(window.start, window.end) + after
    // Carets count terminal columns (a wide character or an emoji takes
    // two, a combining mark none), and tabs are kept so they line up.
    let prefix = before + text(window.start, window.markStart)
    let marked = text(window.markStart, window.markEnd)
    var padding = ""
    for character in prefix {
      padding += character == "\t" ? "\t" : String(repeating: " ", count: DisplayWidth.of(character))
    }
    let carets = String(repeating: "^", count: max(1, DisplayWidth.of(marked)))
    return
      " \(style.blue)\(number) |\(style.reset) \(line)\n \(gutter) \(style.blue)|\(style.reset) \(padding)\(caretColor)\(carets)\(style.reset)\n"
  }

  /// One JSON object on one line (the `diagnostic` record).
  public static func json(_ diagnostic: Diagnostic, in files: SourceFiles) -> String {
    let source = files[diagnostic.file]
    var object = JSONObject()
    object.add("version", 1)
    object.add("type", "diagnostic")
    object.add("file", source.name)
    object.add("severity", diagnostic.severity.rawValue)
    object.add("code", diagnostic.code.id)
    object.add("message", diagnostic.message)
    object.add(raw: "range", jsonRange(diagnostic.range, in: source))
    let notes = diagnostic.notes.map { note -> String in
      var noteObject = JSONObject()
      noteObject.add("message", note.message)
      let noteSource = note.file.map { files[$0] } ?? source
      if noteSource !== source { noteObject.add("file", noteSource.name) }
      if let range = note.range { noteObject.add(raw: "range", jsonRange(range, in: noteSource)) }
      return noteObject.text
    }
    object.add(raw: "notes", "[" + notes.joined(separator: ",") + "]")
    object.add(raw: "fixes", jsonFixes(diagnostic, in: files))
    return object.text + "\n"
  }

  /// The `fixes` array of the JSON record: `[{"message", "edits": [{"range",
  /// "newText"}]}]` (`pencilc preview`'s state reuses it).
  public static func jsonFixes(_ diagnostic: Diagnostic, in files: SourceFiles) -> String {
    let source = files[diagnostic.file]
    let fixes = diagnostic.fixes.map { fix -> String in
      var fixObject = JSONObject()
      fixObject.add("message", fix.message)
      let edits = fix.edits.map { edit -> String in
        var editObject = JSONObject()
        editObject.add(raw: "range", jsonRange(edit.range, in: source))
        editObject.add("newText", edit.newText)
        return editObject.text
      }
      fixObject.add(raw: "edits", "[" + edits.joined(separator: ",") + "]")
      return fixObject.text
    }
    return "[" + fixes.joined(separator: ",") + "]"
  }

  /// A JSON string literal of `text`, quoted as the JSON records quote.
  public static func jsonQuoted(_ text: String) -> String { jsonString(text) }

  /// A problem outside any source text — the command line, a file that
  /// cannot be read or written — printed as `pencilc: error: …`, or in
  /// JSON as a `failure` record.
  public static func failure(
    _ code: DiagnosticCode, _ message: String, file: String? = nil, format: DiagnosticFormat
  ) -> String {
    guard format == .json else {
      return terminalSafe("pencilc: \(code.severity.rawValue): \(message) [\(code.id)]") + "\n"
    }
    var object = JSONObject()
    object.add("version", 1)
    object.add("type", "failure")
    if let file { object.add("file", file) }
    object.add("severity", code.severity.rawValue)
    object.add("code", code.id)
    object.add("message", message)
    return object.text + "\n"
  }

  /// The closing `summary` record of a run.
  public static func jsonSummary(files: Int, errors: Int, warnings: Int, others: Int) -> String {
    var object = JSONObject()
    object.add("version", 1)
    object.add("type", "summary")
    object.add("files", files)
    object.add("errors", errors)
    object.add("warnings", warnings)
    object.add("notes", others)
    return object.text + "\n"
  }

  private static func jsonRange(_ range: SourceRange, in source: SourceFile) -> String {
    func position(_ offset: Int) -> String {
      let location = source.location(of: offset)
      var object = JSONObject()
      object.add("line", location.line)
      object.add("column", location.column)
      object.add("utf16Column", location.utf16Column)
      object.add("offset", location.offset)
      return object.text
    }
    var object = JSONObject()
    object.add(raw: "start", position(range.start))
    object.add(raw: "end", position(range.end))
    return object.text
  }
}

/// ANSI styles, empty when colours are off.
private struct Style {
  let bold, reset, red, yellow, cyan, blue, green: String

  init(enabled: Bool) {
    func code(_ value: String) -> String { enabled ? "\u{1B}[\(value)m" : "" }
    bold = code("1")
    reset = code("0")
    red = code("1;31")
    yellow = code("1;33")
    cyan = code("1;36")
    blue = code("1;34")
    green = code("1;32")
  }
}

extension String {
  var trimmingSpaces: String {
    String(self.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
  }
}

/// A JSON object written in insertion order, so output is deterministic.
package struct JSONObject {
  private var members: [String] = []

  package init() {}

  package mutating func add(_ key: String, _ value: String) {
    members.append("\(jsonString(key)):\(jsonString(value))")
  }
  package mutating func add(_ key: String, _ value: Int) { members.append("\(jsonString(key)):\(value)") }
  package mutating func add(raw key: String, _ json: String) { members.append("\(jsonString(key)):\(json)") }

  package var text: String { "{" + members.joined(separator: ",") + "}" }
}

/// A JSON string literal; the AST and IR printers quote strings this way too.
package func jsonString(_ text: String) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    case _ where scalar.value < 0x20:
      let hex = String(scalar.value, radix: 16)
      result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}
