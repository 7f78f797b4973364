/// How serious a diagnostic is; only errors make the compilation fail.
public enum Severity: String, Sendable {
  case error, warning, info, hint
}

/// A secondary message pointing somewhere else, e.g. "first defined here".
public struct DiagnosticNote: Equatable, Sendable {
  public var message: String
  public var range: SourceRange?
  /// The file `range` is in; nil while the note is made, for the file of
  /// its diagnostic, which `DiagnosticList` fills in (a note at the
  /// `import` of the file where the problem is names another).
  public var file: FileID?

  public init(message: String, range: SourceRange? = nil, file: FileID? = nil) {
    self.message = message
    self.range = range
    self.file = file
  }
}

/// One replacement of a source range by new text.
public struct TextEdit: Equatable, Sendable {
  public var range: SourceRange
  public var newText: String

  package init(range: SourceRange, newText: String) {
    self.range = range
    self.newText = newText
  }
}

/// A suggested change that resolves the diagnostic when applied as a whole.
public struct FixIt: Equatable, Sendable {
  public var message: String
  public var edits: [TextEdit]

  package init(message: String, edits: [TextEdit]) {
    self.message = message
    self.edits = edits
  }
}

/// A problem found in the input. Diagnostics are plain values: every phase
/// appends them to a `DiagnosticList` and keeps going.
public struct Diagnostic: Equatable, Sendable {
  public var severity: Severity
  public var code: DiagnosticCode
  public var range: SourceRange
  public var message: String
  public var notes: [DiagnosticNote] = []
  public var fixes: [FixIt] = []
  /// The file the problem is in (the compilation's `SourceFiles` names
  /// it); fixes apply to this file. Made in the compiled file: a
  /// `DiagnosticList` collecting an imported file's problems moves what
  /// is appended to it into that file.
  public var file = FileID.main

  public static func == (a: Diagnostic, b: Diagnostic) -> Bool {
    a.code == b.code && a.range == b.range && a.message == b.message && a.notes == b.notes && a.fixes == b.fixes
      && a.file == b.file
  }

  package init(
    _ code: DiagnosticCode, _ range: SourceRange, _ message: String,
    notes: [DiagnosticNote] = [], fixes: [FixIt] = []
  ) {
    self.severity = code.severity
    self.code = code
    self.range = range
    self.message = message
    self.notes = notes
    self.fixes = fixes
  }

  package func withNote(_ message: String, at range: SourceRange? = nil) -> Diagnostic {
    var copy = self
    copy.notes.append(DiagnosticNote(message: message, range: range))
    return copy
  }

  /// Puts the last note in `file` (nil: leave it to the file being checked).
  package func inFile(_ file: FileID?) -> Diagnostic {
    guard let file, !notes.isEmpty else { return self }
    var copy = self
    copy.notes[copy.notes.count - 1].file = file
    return copy
  }

  package func withFix(_ message: String, _ edits: [TextEdit]) -> Diagnostic {
    var copy = self
    copy.fixes.append(FixIt(message: message, edits: edits))
    return copy
  }

  package func withFix(_ message: String, replacing range: SourceRange, with text: String) -> Diagnostic {
    withFix(message, [TextEdit(range: range, newText: text)])
  }
}

/// Where a loop or a component was being expanded when a problem was
/// found; kept as plain fields so entering an iteration costs no string.
package struct ExpansionContext {
  package var index: Int
  package var name: String
  package var range: SourceRange
  /// The file `range` is in.
  package var file: FileID
  package var isCall: Bool

  package init(iteration index: Int, of variable: String, at range: SourceRange, in file: FileID) {
    self.index = index
    name = variable
    self.range = range
    self.file = file
    isCall = false
  }

  package init(callOf component: String, at range: SourceRange, in file: FileID) {
    index = 0
    name = component
    self.range = range
    self.file = file
    isCall = true
  }

  package var note: DiagnosticNote {
    DiagnosticNote(
      message: isCall
        ? "reported once; first found in this use of '\(name)'"
        : "reported once; first found when '\(name)' is item \(index) (counting from 0)",
      range: range, file: file)
  }
}

/// Collects diagnostics from every phase and caps how many of each
/// severity are kept; `sorted()` orders them by position and drops exact
/// duplicates (the idea of go/scanner's ErrorList). Follow-on noise is
/// avoided at the source: the parser reports one error per statement and
/// skips to its end.
package struct DiagnosticList {
  /// The most errors, and separately the most warnings and other notes,
  /// kept from one file; the rest are counted and summed up in a note.
  package static let limit = 50
  package static let errorLimit = limit

  package private(set) var items: [Diagnostic] = []
  package private(set) var errorCount = 0
  package private(set) var otherCount = 0
  package private(set) var droppedErrors = 0
  package private(set) var droppedOthers = 0
  /// (code, range) of every diagnostic kept, so code that runs many times
  /// (a loop body, a component's body) reports each problem once per
  /// source location; in insertion order too, so `restore` can forget.
  private var locations: Set<UInt64> = []
  private var locationOrder: [UInt64] = []

  package init() {}
  /// The file being checked: what is appended in the compiled file (as
  /// every diagnostic is made) is moved to it. Notes without a file are
  /// put in their diagnostic's, so a note always says its file.
  package var file = FileID.main
  /// Set while expanding a loop or a component: each (code, range) is
  /// reported once.
  package var deduplicating = false
  /// The iteration or the call being expanded, named in a note on what
  /// is reported there.
  package var context: ExpansionContext?

  package var hasErrors: Bool { errorCount > 0 || droppedErrors > 0 }

  /// Whether a diagnostic of this severity would still be kept; callers
  /// skip costly extras (suggestions) for those that would not.
  package func accepts(_ severity: Severity) -> Bool {
    (severity == .error ? errorCount : otherCount) < Self.limit
  }

  /// Whether a diagnostic of `code` at `range` (in the current file) would
  /// be kept: below the limit, and not one already reported there while
  /// deduplicating. A loop that repeats a mistake a thousand times then
  /// looks for a suggestion once, not a thousand times.
  package func wouldKeep(_ code: DiagnosticCode, at range: SourceRange) -> Bool {
    guard accepts(code.severity) else { return false }
    guard deduplicating else { return true }
    var probe = Diagnostic(code, range, "")
    probe.file = file
    return !locations.contains(DiagnosticList.locationKey(probe))
  }

  package mutating func append(_ diagnostic: Diagnostic) {
    var diagnostic = diagnostic
    if diagnostic.file == .main { diagnostic.file = file }
    for index in diagnostic.notes.indices
    where diagnostic.notes[index].file == nil && diagnostic.notes[index].range != nil {
      diagnostic.notes[index].file = diagnostic.file
    }
    if deduplicating {
      let key = DiagnosticList.locationKey(diagnostic)
      guard locations.insert(key).inserted else { return }
      locationOrder.append(key)
      if let context { diagnostic.notes.append(context.note) }
    }
    if diagnostic.severity == .error {
      guard errorCount < Self.limit else {
        droppedErrors += 1
        return
      }
      errorCount += 1
    } else {
      guard otherCount < Self.limit else {
        droppedOthers += 1
        return
      }
      otherCount += 1
    }
    items.append(diagnostic)
  }

  /// A point to return to with `restore`: what was kept and dropped so far.
  package struct Mark {
    fileprivate var items, errorCount, otherCount, droppedErrors, droppedOthers, locations: Int
  }

  package var mark: Mark {
    Mark(
      items: items.count, errorCount: errorCount, otherCount: otherCount, droppedErrors: droppedErrors,
      droppedOthers: droppedOthers, locations: locationOrder.count)
  }

  /// Code and range packed into one integer (codes are `E` or `W` and four digits).
  private static func locationKey(_ diagnostic: Diagnostic) -> UInt64 {
    var hasher = Hasher()
    hasher.combine(diagnostic.code.id)
    hasher.combine(diagnostic.range.start)
    hasher.combine(diagnostic.range.end)
    hasher.combine(diagnostic.file)
    return UInt64(bitPattern: Int64(hasher.finalize()))
  }

  /// What was kept since `mark` was taken.
  package func items(since mark: Mark) -> ArraySlice<Diagnostic> { items[mark.items...] }

  /// Forgets everything appended since `mark` was taken.
  package mutating func restore(_ mark: Mark) {
    for key in locationOrder[mark.locations...] { locations.remove(key) }
    locationOrder.removeLast(locationOrder.count - mark.locations)
    items.removeLast(items.count - mark.items)
    (errorCount, otherCount, droppedErrors, droppedOthers) =
      (mark.errorCount, mark.otherCount, mark.droppedErrors, mark.droppedOthers)
  }

  /// Adds `note` to every diagnostic kept (an imported file's problems
  /// all point at the `import`).
  package mutating func addToAll(_ note: DiagnosticNote) {
    for index in items.indices { items[index].notes.append(note) }
  }

  /// Adds another list's diagnostics under this list's cap.
  package mutating func absorb(_ other: DiagnosticList) {
    for item in other.items { append(item) }
    droppedErrors += other.droppedErrors
    droppedOthers += other.droppedOthers
  }

  /// Caps a plain array the same way (for the backends' diagnostics, all
  /// in the compiled file).
  package static func capped(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    var list = DiagnosticList()
    for diagnostic in diagnostics { list.append(diagnostic) }
    return list.sortedWithSummary()
  }

  /// `sorted(in:)`, with a note on the last error and the last warning
  /// saying how many more were left out.
  package func sortedWithSummary(in files: SourceFiles? = nil) -> [Diagnostic] {
    var sorted = self.sorted(in: files)
    func summarize(_ dropped: Int, _ noun: String, where matches: (Diagnostic) -> Bool) {
      guard dropped > 0, let index = sorted.lastIndex(where: matches) else { return }
      sorted[index] = sorted[index].withNote(
        "\(dropped) more \(noun)\(dropped == 1 ? "" : "s") not shown (the limit is \(Self.limit))")
    }
    summarize(droppedErrors, "error") { $0.severity == .error }
    summarize(droppedOthers, "warning") { $0.severity != .error }
    return sorted
  }

  /// Sorted by position, exact duplicates removed; `files` names the
  /// files of the ids (without it, all are in the compiled file).
  package func sorted(in files: SourceFiles? = nil) -> [Diagnostic] {
    var seen = Set<String>()
    var result: [Diagnostic] = []
    func name(_ file: FileID) -> String { file == .main ? "" : files?[file].name ?? "" }
    // The compiled file's first, then each imported file's, by name.
    let ordered = items.enumerated().sorted { a, b in
      let (fileA, fileB) = (name(a.element.file), name(b.element.file))
      if fileA != fileB { return fileA < fileB }
      return a.element.range != b.element.range
        ? a.element.range < b.element.range : a.offset < b.offset
    }
    for (_, item) in ordered {
      let key = "\(item.file.index):\(item.range.start):\(item.range.end):\(item.code.id):\(item.message)"
      if seen.insert(key).inserted { result.append(item) }
    }
    return result
  }
}
