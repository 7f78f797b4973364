/// How serious a diagnostic is; only errors make the compilation fail.
public enum Severity: String, Sendable {
  case error, warning, info, hint
}

/// A secondary message pointing somewhere else, e.g. "first defined here".
public struct DiagnosticNote: Equatable, Sendable {
  public var message: String
  public var range: SourceRange?
  /// The file `range` is in, when not the diagnostic's own (a note at the
  /// `import` of the file where the problem is).
  public var file: SourceFile?

  public init(message: String, range: SourceRange? = nil, file: SourceFile? = nil) {
    self.message = message
    self.range = range
    self.file = file
  }

  public static func == (a: DiagnosticNote, b: DiagnosticNote) -> Bool {
    a.message == b.message && a.range == b.range && a.file === b.file
  }
}

/// One replacement of a source range by new text.
public struct TextEdit: Equatable, Sendable {
  public var range: SourceRange
  public var newText: String
}

/// A suggested change that resolves the diagnostic when applied as a whole.
public struct FixIt: Equatable, Sendable {
  public var message: String
  public var edits: [TextEdit]
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
  /// The file the problem is in, when it is not the compiled file itself
  /// (a file it imports); fixes apply to this file.
  public var file: SourceFile?

  public static func == (a: Diagnostic, b: Diagnostic) -> Bool {
    a.code == b.code && a.range == b.range && a.message == b.message && a.notes == b.notes && a.fixes == b.fixes
      && a.file === b.file
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

  func withNote(_ message: String, at range: SourceRange? = nil) -> Diagnostic {
    var copy = self
    copy.notes.append(DiagnosticNote(message: message, range: range))
    return copy
  }

  /// Puts the last note in `file` (nil: leave it to the file being checked).
  func inFile(_ file: SourceFile?) -> Diagnostic {
    guard let file, !notes.isEmpty else { return self }
    var copy = self
    copy.notes[copy.notes.count - 1].file = file
    return copy
  }

  func withFix(_ message: String, _ edits: [TextEdit]) -> Diagnostic {
    var copy = self
    copy.fixes.append(FixIt(message: message, edits: edits))
    return copy
  }

  func withFix(_ message: String, replacing range: SourceRange, with text: String) -> Diagnostic {
    withFix(message, [TextEdit(range: range, newText: text)])
  }
}

/// Where a loop or a component was being expanded when a problem was
/// found; kept as plain fields so entering an iteration costs no string.
struct ExpansionContext {
  var index: Int
  var name: String
  var range: SourceRange
  /// The file `range` is in (nil: the compiled file).
  var file: SourceFile?
  var isCall: Bool

  init(iteration index: Int, of variable: String, at range: SourceRange, in file: SourceFile?) {
    self.index = index
    name = variable
    self.range = range
    self.file = file
    isCall = false
  }

  init(callOf component: String, at range: SourceRange, in file: SourceFile?) {
    index = 0
    name = component
    self.range = range
    self.file = file
    isCall = true
  }

  var note: DiagnosticNote {
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
struct DiagnosticList {
  /// The most errors, and separately the most warnings and other notes,
  /// kept from one file; the rest are counted and summed up in a note.
  static let limit = 50
  static let errorLimit = limit

  private(set) var items: [Diagnostic] = []
  private(set) var errorCount = 0
  private(set) var otherCount = 0
  private(set) var droppedErrors = 0
  private(set) var droppedOthers = 0
  /// (code, range) of every diagnostic kept, so code that runs many times
  /// (a loop body, a component's body) reports each problem once per
  /// source location; in insertion order too, so `restore` can forget.
  private var locations: Set<UInt64> = []
  private var locationOrder: [UInt64] = []
  /// The file being checked, when it is an imported one: what is
  /// appended is stamped with it. Notes without a file are stamped with
  /// it or, outside imported files, with `source`, the compiled file, so
  /// a note always says its file once files mix.
  var file: SourceFile?
  var source: SourceFile?
  /// Set while expanding a loop or a component: each (code, range) is
  /// reported once.
  var deduplicating = false
  /// The iteration or the call being expanded, named in a note on what
  /// is reported there.
  var context: ExpansionContext?

  var hasErrors: Bool { errorCount > 0 || droppedErrors > 0 }

  /// Whether a diagnostic of this severity would still be kept; callers
  /// skip costly extras (suggestions) for those that would not.
  func accepts(_ severity: Severity) -> Bool {
    (severity == .error ? errorCount : otherCount) < Self.limit
  }

  mutating func append(_ diagnostic: Diagnostic) {
    var diagnostic = diagnostic
    if diagnostic.file == nil, let file { diagnostic.file = file }
    if let here = diagnostic.file ?? source {
      for index in diagnostic.notes.indices
      where diagnostic.notes[index].file == nil && diagnostic.notes[index].range != nil {
        diagnostic.notes[index].file = here
      }
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
  struct Mark {
    fileprivate var items, errorCount, otherCount, droppedErrors, droppedOthers, locations: Int
  }

  var mark: Mark {
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
    if let file = diagnostic.file { hasher.combine(ObjectIdentifier(file)) }
    return UInt64(bitPattern: Int64(hasher.finalize()))
  }

  /// What was kept since `mark` was taken.
  func items(since mark: Mark) -> ArraySlice<Diagnostic> { items[mark.items...] }

  /// Forgets everything appended since `mark` was taken.
  mutating func restore(_ mark: Mark) {
    for key in locationOrder[mark.locations...] { locations.remove(key) }
    locationOrder.removeLast(locationOrder.count - mark.locations)
    items.removeLast(items.count - mark.items)
    (errorCount, otherCount, droppedErrors, droppedOthers) =
      (mark.errorCount, mark.otherCount, mark.droppedErrors, mark.droppedOthers)
  }

  /// Adds `note` to every diagnostic kept (an imported file's problems
  /// all point at the `import`).
  mutating func addToAll(_ note: DiagnosticNote) {
    for index in items.indices { items[index].notes.append(note) }
  }

  /// Adds another list's diagnostics under this list's cap.
  mutating func absorb(_ other: DiagnosticList) {
    for item in other.items { append(item) }
    droppedErrors += other.droppedErrors
    droppedOthers += other.droppedOthers
  }

  /// Caps a plain array the same way (for the backends' diagnostics).
  static func capped(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    var list = DiagnosticList()
    for diagnostic in diagnostics { list.append(diagnostic) }
    return list.sortedWithSummary()
  }

  /// `sorted()`, with a note on the last error and the last warning
  /// saying how many more were left out.
  func sortedWithSummary() -> [Diagnostic] {
    var sorted = self.sorted()
    func summarize(_ dropped: Int, _ noun: String, where matches: (Diagnostic) -> Bool) {
      guard dropped > 0, let index = sorted.lastIndex(where: matches) else { return }
      sorted[index] = sorted[index].withNote(
        "\(dropped) more \(noun)\(dropped == 1 ? "" : "s") not shown (the limit is \(Self.limit))")
    }
    summarize(droppedErrors, "error") { $0.severity == .error }
    summarize(droppedOthers, "warning") { $0.severity != .error }
    return sorted
  }

  /// Sorted by position, exact duplicates removed.
  func sorted() -> [Diagnostic] {
    var seen = Set<String>()
    var result: [Diagnostic] = []
    // The compiled file's first, then each imported file's, by name.
    let ordered = items.enumerated().sorted { a, b in
      let (fileA, fileB) = (a.element.file?.name ?? "", b.element.file?.name ?? "")
      if fileA != fileB { return fileA < fileB }
      return a.element.range != b.element.range
        ? a.element.range < b.element.range : a.offset < b.offset
    }
    for (_, item) in ordered {
      let key = "\(item.file?.name ?? ""):\(item.range.start):\(item.range.end):\(item.code.id):\(item.message)"
      if seen.insert(key).inserted { result.append(item) }
    }
    return result
  }
}
