import PencilDiagnostics
import PencilSema
import PencilSyntax

/// Renaming a name everywhere it is used. The edits come from the
/// `NameIndex` (the checker's own resolution); a new name is refused when
/// it is no name, a word the language keeps, or when the renamed files,
/// checked again, would resolve any name differently — the new name hidden
/// by another, hiding one, or clashing with a definition — as gopls checks
/// a rename for conflicts before offering it.
public enum RenamePlan {
  /// Words that are never user names, whatever the context.
  static let reservedWords: Set<String> = [
    "let", "for", "in", "if", "else", "import", "gradient", "shape", "component", "color", "canvas", "true",
    "false", "none", "pi", "stop",
  ]

  /// Why `newName` cannot name `symbol`; nil when it can (so far as the
  /// name alone says: `verify` says the rest).
  public static func problem(with newName: String, for symbol: NameIndex.Symbol) -> String? {
    let bytes = Array(newName.utf8)
    guard let first = bytes.first, isIdentifierStart(first), bytes.allSatisfy(isIdentifierPart) else {
      return "'\(newName)' is not a name: a name starts with a letter or '_' and has letters, digits and '_'"
    }
    guard bytes.count <= Lexer.longestName else { return "a name is at most \(Lexer.longestName) bytes" }
    if reservedWords.contains(newName) { return "'\(newName)' is a word of the language, not a name" }
    switch symbol.kind {
    case .component, .shape:
      if Checker.builtinElementNames.contains(newName) || SyntaxIndex.preludeComponents.contains(newName) {
        return "'\(newName)' is a built-in element"
      }
    case .letBinding, .colorSet, .parameter, .loopVariable:
      if newName == "width" || newName == "height" {
        return "'\(newName)' is the frame's in a component's body; choose another name"
      }
    case .gradient, .element:
      break
    }
    return nil
  }

  /// The ranges to replace, by file, from the occurrences that the indexes
  /// of one or more compilations (the open documents') found.
  public static func ranges(of symbol: NameIndex.Symbol, in indexes: [NameIndex]) -> [String: [SourceRange]] {
    var found: [String: Set<SourceRange>] = [:]
    for index in indexes {
      for location in index.occurrences(of: symbol) { found[location.file, default: []].insert(location.range) }
    }
    return found.mapValues { $0.sorted { $0.start < $1.start } }
  }

  /// `bytes` with each of `ranges` (sorted, not overlapping) replaced by `newName`.
  public static func apply(_ ranges: [SourceRange], newName: String, to bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + ranges.count * newName.utf8.count)
    var position = 0
    for range in ranges where range.start >= position && range.end <= bytes.count {
      result += bytes[position..<range.start]
      result += newName.utf8
      position = range.end
    }
    result += bytes[position...]
    return result
  }

  /// Why the renamed text would mean something else (nil: it means the
  /// same). `before` and `after` index the same compilation before and
  /// after the edits; every resolution must be the same, moved by them.
  /// Compared as two sorted lists, the files by their names' order (as
  /// `Location`s sort), so no location is hashed or named until one differs.
  public static func verify(
    before: NameIndex, after: NameIndex, ranges: [String: [SourceRange]], newName: String
  ) -> String? {
    let files = Set(before.fileNames).union(after.fileNames).sorted()
    func ranks(_ index: NameIndex) -> [Int32] {
      index.fileNames.map { name in Int32(files.firstIndex(of: name) ?? 0) }
    }
    let (beforeRanks, afterRanks) = (ranks(before), ranks(after))
    let shifts = files.map { Shift(ranges[$0] ?? [], newLength: newName.utf8.count) }
    var expected: [(use: NameIndex.Place, declaration: NameIndex.Place)] = []
    expected.reserveCapacity(before.entries.count)
    for entry in before.entries {
      guard let declaration = entry.uses else { continue }
      func moved(_ place: NameIndex.Place) -> NameIndex.Place {
        let rank = beforeRanks[Int(place.file)]
        return NameIndex.Place(file: rank, range: shifts[Int(rank)].moved(place.range))
      }
      expected.append((moved(entry.place), moved(declaration)))
    }
    expected.sort { $0.use < $1.use }
    var found: [(use: NameIndex.Place, declaration: NameIndex.Place)] = []
    found.reserveCapacity(after.entries.count)
    for entry in after.entries {
      guard let declaration = entry.uses else { continue }
      let use = NameIndex.Place(file: afterRanks[Int(entry.place.file)], range: entry.place.range)
      found.append((use, NameIndex.Place(file: afterRanks[Int(declaration.file)], range: declaration.range)))
    }
    found.sort { $0.use < $1.use }
    func location(_ place: NameIndex.Place) -> NameIndex.Location {
      NameIndex.Location(file: files[Int(place.file)], range: place.range)
    }
    func search(_ list: [(use: NameIndex.Place, declaration: NameIndex.Place)], _ use: NameIndex.Place) -> Int? {
      var (low, high) = (0, list.count)
      while low < high {
        let middle = (low + high) / 2
        if list[middle].use < use { low = middle + 1 } else { high = middle }
      }
      return low < list.count && list[low].use == use ? low : nil
    }
    for (position, (use, declaration)) in expected.enumerated() {
      // Two uses moved onto one place: the last stands, as in a table.
      if position + 1 < expected.count, expected[position + 1].use == use { continue }
      let answer = search(found, use).map { found[$0].declaration }
      guard answer != declaration else { continue }
      let name = after.text(location(use))
      return answer == nil
        ? "'\(name)' at \(place(location(use), after)) would no longer refer to what it does"
        : "'\(name)' at \(place(location(use), after)) would refer to another declaration of '\(name)'"
    }
    for (use, _) in found where search(expected, use) == nil {
      let name = after.text(location(use))
      return "the '\(name)' already written at \(place(location(use), after)) would refer to the renamed name"
    }
    if after.errorCount > before.errorCount {
      return "'\(newName)' clashes with a name already defined"
    }
    return nil
  }

  /// Where a range of a file moves when `ranges` of it are replaced by a
  /// name `newLength` bytes long: a binary search, not a walk of them all
  /// for each of the file's names.
  struct Shift {
    let ranges: [SourceRange]
    let newLength: Int
    /// The bytes the first k ranges add, for each k.
    private let added: [Int]

    init(_ ranges: [SourceRange], newLength: Int) {
      self.ranges = ranges
      self.newLength = newLength
      var added = [0]
      added.reserveCapacity(ranges.count + 1)
      for range in ranges { added.append(added[added.count - 1] + newLength - (range.end - range.start)) }
      self.added = added
    }

    func moved(_ range: SourceRange) -> SourceRange {
      // The ranges (sorted, not overlapping) that end before it moves it.
      var (low, high) = (0, ranges.count)
      while low < high {
        let middle = (low + high) / 2
        if ranges[middle].end <= range.start && ranges[middle] != range { low = middle + 1 } else { high = middle }
      }
      let start = range.start + added[low]
      let renamed = low < ranges.count && ranges[low] == range
      return SourceRange(start, renamed ? start + newLength : range.end + added[low])
    }
  }

  /// `file:line:column`, as diagnostics name a place.
  private static func place(_ location: NameIndex.Location, _ index: NameIndex) -> String {
    let file = SourceFile(name: location.file, bytes: index.bytes(of: location.file) ?? [])
    let found = file.location(of: location.range.start)
    return "\(location.file):\(found.line):\(found.column)"
  }
}
