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
  public static func verify(
    before: NameIndex, after: NameIndex, ranges: [String: [SourceRange]], newName: String
  ) -> String? {
    let newLength = newName.utf8.count
    func moved(_ location: NameIndex.Location) -> NameIndex.Location {
      var start = location.range.start
      var end = location.range.end
      for range in ranges[location.file] ?? [] {
        let delta = newLength - (range.end - range.start)
        if range == location.range {
          end = start + newLength
        } else if range.end <= location.range.start {
          start += delta
          end += delta
        }
      }
      return NameIndex.Location(file: location.file, range: SourceRange(start, end))
    }
    var expected: [NameIndex.Location: NameIndex.Location] = [:]
    for (use, declaration) in before.resolutions { expected[moved(use)] = moved(declaration) }
    let found = after.resolutions
    for (use, declaration) in expected.sorted(by: { $0.key < $1.key }) where found[use] != declaration {
      let name = after.text(use)
      return found[use] == nil
        ? "'\(name)' at \(place(use, after)) would no longer refer to what it does"
        : "'\(name)' at \(place(use, after)) would refer to another declaration of '\(name)'"
    }
    for (use, _) in found.sorted(by: { $0.key < $1.key }) where expected[use] == nil {
      return "the '\(after.text(use))' already written at \(place(use, after)) would refer to the renamed name"
    }
    if after.errorCount > before.errorCount {
      return "'\(newName)' clashes with a name already defined"
    }
    return nil
  }

  /// `file:line:column`, as diagnostics name a place.
  private static func place(_ location: NameIndex.Location, _ index: NameIndex) -> String {
    let file = SourceFile(name: location.file, bytes: index.bytes(of: location.file) ?? [])
    let found = file.location(of: location.range.start)
    return "\(location.file):\(found.line):\(found.column)"
  }
}
