import PencilDiagnostics

/// SARIF 2.1.0 (`--diagnostic-format sarif`), the log GitHub code scanning
/// and other analysis viewers read: one document per run, whose
/// `runs[0].results` are the diagnostics of every file in input order.
/// Each file's results are written as text as soon as the file is done
/// (`result`), so a run over many files keeps no source text alive; the
/// document around them is written at the end (`document`).
///
/// Regions count columns in UTF-16 code units, SARIF's default column
/// kind (also stated in the run): `SourceFile.location` gives them from
/// the byte offsets the compiler works with.
public enum SARIFWriter {
  /// The schema this writer follows, the OASIS 2.1.0 errata 01 text;
  /// `scripts/sarif/` holds a copy that CI validates against.
  public static let schemaURI =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

  /// The base id of every relative artifact URI; left undefined in the
  /// log (only described), since its value, the working directory, differs
  /// per machine, and consumers such as code scanning resolve it against
  /// the checkout.
  public static let sourceRoot = "%SRCROOT%"

  /// One `result` object: the rule (with its index in `tool.driver.rules`),
  /// level, message, location, notes with a place as `relatedLocations`
  /// and fixes as `fixes`. Notes without a place are added to the message,
  /// which is then several lines.
  public static func result(_ diagnostic: Diagnostic, in files: SourceFiles, paths: SARIFPaths) -> String {
    let source = files[diagnostic.file]
    var object = JSONObject()
    object.add("ruleId", diagnostic.code.id)
    if let index = ruleIndex[diagnostic.code.id] { object.add("ruleIndex", index) }
    object.add("level", level(diagnostic.severity))
    var text = diagnostic.message
    for note in diagnostic.notes where note.range == nil { text += "\nnote: " + note.message }
    object.add(raw: "message", message(text))
    object.add(raw: "locations", "[" + location(diagnostic.range, in: source, paths: paths) + "]")
    var related: [String] = []
    for note in diagnostic.notes {
      guard let range = note.range else { continue }
      related.append(
        location(
          range, in: note.file.map { files[$0] } ?? source, paths: paths, id: related.count + 1, message: note.message))
    }
    if !related.isEmpty { object.add(raw: "relatedLocations", "[" + related.joined(separator: ",") + "]") }
    if !diagnostic.fixes.isEmpty {
      let fixes = diagnostic.fixes.map { fix(_: $0, in: source, paths: paths) }
      object.add(raw: "fixes", "[" + fixes.joined(separator: ",") + "]")
    }
    return object.text
  }

  /// A problem outside any source text (an unreadable file, a usage
  /// error), for the invocation's `toolExecutionNotifications`; its
  /// descriptor is in `tool.driver.notifications`.
  public static func notification(
    _ code: DiagnosticCode, _ message: String, file: String? = nil, paths: SARIFPaths
  ) -> String {
    var object = JSONObject()
    var descriptor = JSONObject()
    descriptor.add("id", code.id)
    if let index = DriverCodes.all.firstIndex(of: code) { descriptor.add("index", index) }
    object.add(raw: "descriptor", descriptor.text)
    object.add("level", level(code.severity))
    object.add(raw: "message", self.message(message))
    if let file {
      var physical = JSONObject()
      physical.add(raw: "artifactLocation", paths.artifactLocation(file))
      object.add(raw: "locations", "[{\"physicalLocation\":\(physical.text)}]")
    }
    return object.text
  }

  /// The whole log around the results and notifications of a run.
  /// `executionSuccessful` is false when something could not be analysed
  /// or written at all (the notifications say what); errors in the input
  /// are results, and the run that found them was successful.
  public static func document(
    results: [String], notifications: [String], exitCode: Int32, informationURI: String? = nil
  ) -> String {
    var driver = JSONObject()
    driver.add("name", "pencilc")
    driver.add("version", Pencil.version)
    driver.add("semanticVersion", Pencil.version)
    if let informationURI { driver.add("informationUri", informationURI) }
    driver.add(raw: "rules", rules)
    driver.add(raw: "notifications", "[" + DriverCodes.all.map(descriptor).joined(separator: ",") + "]")
    var invocation = JSONObject()
    invocation.add(raw: "executionSuccessful", notifications.isEmpty ? "true" : "false")
    invocation.add("exitCode", Int(exitCode))
    if !notifications.isEmpty {
      invocation.add(raw: "toolExecutionNotifications", "[" + notifications.joined(separator: ",") + "]")
    }
    var bases = JSONObject()
    bases.add(raw: sourceRoot, "{\"description\":\(message("the working directory pencilc ran in"))}")
    var run = JSONObject()
    run.add(raw: "tool", "{\"driver\":\(driver.text)}")
    run.add(raw: "invocations", "[" + invocation.text + "]")
    run.add(raw: "originalUriBaseIds", bases.text)
    run.add("columnKind", "utf16CodeUnits")
    run.add(raw: "results", "[" + results.joined(separator: ",") + "]")
    var log = JSONObject()
    log.add("$schema", schemaURI)
    log.add("version", "2.1.0")
    log.add(raw: "runs", "[" + run.text + "]")
    return log.text + "\n"
  }

  /// SARIF has three levels for problems; info and hint are notes.
  static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .info, .hint: "note"
    }
  }

  private static func message(_ text: String) -> String {
    var object = JSONObject()
    object.add("text", text)
    return object.text
  }

  /// Every diagnostic code as a rule, in `DiagnosticCode.all`'s order
  /// (by id), so a rule's index is the same in every log.
  static let rules = "[" + DiagnosticCode.all.map(descriptor).joined(separator: ",") + "]"

  private static let ruleIndex: [String: Int] = Dictionary(
    DiagnosticCode.all.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })

  /// A `reportingDescriptor`: the summary as short description and, from
  /// `pencilc explain`'s text, the first paragraph as full description and
  /// the whole as help (plain and Markdown).
  private static func descriptor(_ code: DiagnosticCode) -> String {
    var object = JSONObject()
    object.add("id", code.id)
    object.add("name", SARIFText.ruleName(code.summary))
    object.add(raw: "shortDescription", message(code.summary))
    object.add(raw: "fullDescription", message(SARIFText.firstParagraph(code.explanation) ?? code.summary))
    var help = JSONObject()
    help.add("text", code.explanation)
    help.add("markdown", SARIFText.markdown(code.explanation))
    object.add(raw: "help", help.text)
    object.add(raw: "defaultConfiguration", "{\"level\":\"\(level(code.severity))\"}")
    return object.text
  }

  private static func location(
    _ range: SourceRange, in source: SourceFile, paths: SARIFPaths, id: Int? = nil, message text: String? = nil
  ) -> String {
    var physical = JSONObject()
    physical.add(raw: "artifactLocation", paths.artifactLocation(source.name))
    physical.add(raw: "region", region(range, in: source))
    var object = JSONObject()
    if let id { object.add("id", id) }
    object.add(raw: "physicalLocation", physical.text)
    if let text { object.add(raw: "message", message(text)) }
    return object.text
  }

  /// 1-based lines and UTF-16 columns; `endColumn` is just past the range,
  /// so an insertion point has `startColumn == endColumn`.
  static func region(_ range: SourceRange, in source: SourceFile) -> String {
    let start = source.location(of: range.start)
    let end = source.location(of: range.end)
    var object = JSONObject()
    object.add("startLine", start.line)
    object.add("startColumn", start.utf16Column)
    object.add("endLine", end.line)
    object.add("endColumn", end.utf16Column)
    return object.text
  }

  /// Every edit of a fix is in the diagnostic's file; regions are in the
  /// unchanged file, as SARIF asks.
  private static func fix(_ fix: FixIt, in source: SourceFile, paths: SARIFPaths) -> String {
    let replacements = fix.edits.map { edit -> String in
      var object = JSONObject()
      object.add(raw: "deletedRegion", region(edit.range, in: source))
      object.add(raw: "insertedContent", message(edit.newText))
      return object.text
    }
    var change = JSONObject()
    change.add(raw: "artifactLocation", paths.artifactLocation(source.name))
    change.add(raw: "replacements", "[" + replacements.joined(separator: ",") + "]")
    var object = JSONObject()
    object.add(raw: "description", message(fix.message))
    object.add(raw: "artifactChanges", "[" + change.text + "]")
    return object.text
  }
}

/// How file names become SARIF artifact locations. Code scanning matches
/// results to files by a URI relative to the checkout, so names are kept
/// relative: a relative name as given (under `%SRCROOT%`), an absolute one
/// inside `workingDirectory` made relative to it; only an absolute name
/// outside it is an absolute `file://` URI.
public struct SARIFPaths: Sendable {
  /// An absolute path without a trailing slash (`/` itself aside), or nil
  /// to keep absolute names absolute.
  public var workingDirectory: String?

  public init(workingDirectory: String?) {
    self.workingDirectory = workingDirectory
  }

  /// An `artifactLocation` object.
  func artifactLocation(_ name: String) -> String {
    var object = JSONObject()
    if let relative = relativeName(name) {
      object.add("uri", SARIFText.percentEncoded(relative))
      object.add("uriBaseId", SARIFWriter.sourceRoot)
    } else {
      object.add("uri", "file://" + SARIFText.percentEncoded(name))
    }
    return object.text
  }

  /// The name relative to the working directory, nil when it cannot be.
  func relativeName(_ name: String) -> String? {
    var name = Substring(name)
    if name.hasPrefix("/") {
      guard let directory = workingDirectory, directory.hasPrefix("/") else { return nil }
      let prefix = directory.hasSuffix("/") ? directory : directory + "/"
      guard name.hasPrefix(prefix), name.count > prefix.count else { return nil }
      name = name.dropFirst(prefix.count)
    }
    while name.hasPrefix("./") { name = name.dropFirst(2).drop { $0 == "/" } }
    return String(name)
  }
}

/// The text transformations SARIF needs from pencilc's own texts.
package enum SARIFText {
  /// `unknown colour` → `UnknownColour`: SARIF suggests a rule name be an
  /// identifier-like word, which code scanning shows beside the id.
  static func ruleName(_ summary: String) -> String {
    let words = summary.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// The explanation's opening prose on one line, nil when it opens with
  /// an example.
  static func firstParagraph(_ text: String) -> String? {
    var lines: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.allSatisfy({ $0 == " " }) || line.hasPrefix("    ") { break }
      lines.append(line)
    }
    return lines.isEmpty ? nil : lines.joined(separator: " ")
  }

  /// The explanations are Markdown already, except that their examples
  /// are indented by four spaces, which CommonMark does not read as code
  /// right after a paragraph line: they become fenced blocks.
  package static func markdown(_ text: String) -> String {
    var output: [String] = []
    var inCode = false
    var pendingBlanks = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.allSatisfy({ $0 == " " }) {
        pendingBlanks += 1
        continue
      }
      let isCode = line.hasPrefix("    ")
      if inCode, !isCode {
        output.append("```")
        inCode = false
      }
      output += Array(repeating: "", count: pendingBlanks)
      pendingBlanks = 0
      if isCode, !inCode {
        if let last = output.last, !last.isEmpty { output.append("") }
        output.append("```text")
        inCode = true
      }
      output.append(String(isCode ? line.dropFirst(4) : line))
    }
    if inCode { output.append("```") }
    return output.joined(separator: "\n")
  }

  /// A path as a URI reference: every byte but the unreserved characters
  /// and `/` percent-encoded, so spaces, `%`, `#`, `?`, a `:` that would
  /// read as a scheme, and non-ASCII names stay one valid reference.
  static func percentEncoded(_ path: String) -> String {
    let hex = Array("0123456789ABCDEF")
    var result = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
      }
    }
    return result
  }
}
