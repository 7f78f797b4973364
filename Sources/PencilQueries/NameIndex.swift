import PencilCore
import PencilDiagnostics
import PencilSema

/// Where every name of a compilation is declared and used: the answers to
/// go-to-definition, find-references and rename. Made by checking the
/// file (and its imports) with the checker recording what each name
/// resolved to (see `NameRecorder`), so shadowing, loop variables,
/// parameters, element names and imported definitions are resolved as the
/// compiler resolves them, never by matching text.
///
/// Stored flat: every place (declaration or use) in one array sorted by
/// file number and range, so a question is a binary search and making the
/// index is a sort; files are named only in answers (hashing a file name a
/// location was most of making the index keyed by names).
public struct NameIndex: Sendable {
  /// A range in one of the compilation's files, by the file's name (the
  /// compiled file's, or an import's as its loader named it).
  public struct Location: Hashable, Comparable, Sendable {
    public var file: String
    public var range: SourceRange

    public init(file: String, range: SourceRange) {
      self.file = file
      self.range = range
    }

    public static func < (a: Location, b: Location) -> Bool {
      (a.file, a.range.start, a.range.end) < (b.file, b.range.start, b.range.end)
    }
  }

  /// A declared name.
  public struct Symbol: Equatable, Sendable {
    public var name: String
    public var kind: NameKind
    public var declaration: Location
  }

  /// A range in the file numbered `file` (`fileNames`).
  struct Place: Hashable, Comparable, Sendable {
    var file: Int32
    var range: SourceRange

    static func < (a: Place, b: Place) -> Bool {
      (a.file, a.range.start, a.range.end) < (b.file, b.range.start, b.range.end)
    }
  }

  /// A declaration, a use, or both at one place.
  struct Entry: Sendable {
    var place: Place
    /// What it declares, when it is a declaration.
    var declares: NameKind?
    /// The declaration it uses, when it is a use.
    var uses: Place?
  }

  /// Every place, sorted by `Place`'s order, one entry each.
  let entries: [Entry]
  /// Where each file's entries start in `entries` (one more than the files).
  private let fileStarts: [Int]
  /// The files by number, one number a name.
  let fileNames: [String]
  /// The text of each file checked, by number, for the names themselves.
  private let texts: [[UInt8]?]
  /// Each `import`'s path and the number of the file it names.
  private let importLinks: [(place: Place, file: Int32)]
  /// Errors the check found: a rename must not add any.
  public let errorCount: Int
  /// False when the file had more names than the index keeps
  /// (`NameRecorder.maximumPlaces`): its answers may miss some uses.
  public let isComplete: Bool

  /// Checks `source` (with `importer` for its imports, as a compilation
  /// would) and records its names.
  /// (`Pencil.compileIndexingNames`, without its compilation.)
  public init(_ source: SourceFile, importer: (any ImportLoader)?) {
    self = Pencil.compileIndexingNames(source, importer: importer).1
  }

  /// What a check that recorded into `recorder` found.
  init(_ recorder: NameRecorder, source: SourceFile, errorCount: Int) {
    self.errorCount = errorCount
    isComplete = !recorder.overflowed
    // The recorder numbers file objects; two of one name are one file here.
    var names: [String] = []
    var texts: [[UInt8]?] = []
    var numberOfName: [String: Int32] = [:]
    var renumbered: [Int32] = []
    for file in recorder.files + [source] {
      if let known = numberOfName[file.name] {
        renumbered.append(known)
        texts[Int(known)] = file.bytes
      } else {
        let number = Int32(names.count)
        numberOfName[file.name] = number
        names.append(file.name)
        texts.append(file.bytes)
        renumbered.append(number)
      }
    }
    // A number the recorder never gave is the compiled file's.
    let sourceNumber = renumbered[renumbered.count - 1]
    func place(_ place: NameRecorder.Place) -> Place {
      let number = place.file < recorder.files.count ? renumbered[place.file] : sourceNumber
      return Place(file: number, range: place.range)
    }
    var entries: [Entry] = []
    entries.reserveCapacity(recorder.declarations.count + recorder.uses.count)
    for (at, kind) in recorder.declarations { entries.append(Entry(place: place(at), declares: kind, uses: nil)) }
    for (at, declaration) in recorder.uses {
      entries.append(Entry(place: place(at), declares: nil, uses: place(declaration)))
    }
    entries.sort { $0.place < $1.place }
    // A place both declared and used is one entry with both.
    var merged: [Entry] = []
    merged.reserveCapacity(entries.count)
    for entry in entries {
      if let last = merged.last, last.place == entry.place {
        merged[merged.count - 1].declares = last.declares ?? entry.declares
        merged[merged.count - 1].uses = last.uses ?? entry.uses
      } else {
        merged.append(entry)
      }
    }
    var starts = [Int](repeating: merged.count, count: names.count + 1)
    for index in stride(from: merged.count - 1, through: 0, by: -1) { starts[Int(merged[index].place.file)] = index }
    for file in stride(from: names.count - 1, through: 0, by: -1) { starts[file] = min(starts[file], starts[file + 1]) }
    self.entries = merged
    fileStarts = starts
    fileNames = names
    self.texts = texts
    importLinks = recorder.importLinks.map { (place($0.key), renumbered[min($0.value, renumbered.count - 1)]) }
  }

  /// The number of the file named `name`, when the check read it.
  func number(of name: String) -> Int32? {
    // A compilation reads a handful of files: a search beats a hash.
    fileNames.firstIndex(of: name).map(Int32.init)
  }

  func location(_ place: Place) -> Location { Location(file: fileNames[Int(place.file)], range: place.range) }

  /// The entry at exactly `place`.
  func entry(at place: Place) -> Entry? {
    var low = fileStarts[Int(place.file)]
    var high = fileStarts[Int(place.file) + 1]
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].place < place { low = middle + 1 } else { high = middle }
    }
    return low < entries.count && entries[low].place == place ? entries[low] : nil
  }

  /// The index in `entries` of the place at `offset` in file `file`.
  func entryIndex(at offset: Int, inFile file: Int32) -> Int? {
    // Binary search (semantic tokens ask for every name of the file): the
    // first place starting after the offset. Places never overlap but may
    // touch, so only the two before it can hold the offset, and one the
    // cursor is inside wins over one it ends.
    let first = fileStarts[Int(file)]
    var low = first
    var high = fileStarts[Int(file) + 1]
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].place.range.start <= offset { low = middle + 1 } else { high = middle }
    }
    var ending: Int? = nil
    for index in stride(from: low - 1, through: max(first, low - 2), by: -1) where index >= first {
      let range = entries[index].place.range
      guard range.start <= offset, offset <= range.end else { continue }
      if offset < range.end { return index }
      ending = ending ?? index
    }
    return ending
  }

  /// The declaration an entry names and what it declares.
  func declaration(of entry: Entry) -> (Place, NameKind)? {
    guard let declaration = entry.uses else { return entry.declares.map { (entry.place, $0) } }
    guard let kind = self.entry(at: declaration)?.declares else { return nil }
    return (declaration, kind)
  }

  /// The name declared or used at `offset` in `file` (an offset at the end
  /// of a name counts, as an editor's cursor after a word does).
  public func symbol(at offset: Int, in file: String) -> Symbol? {
    guard let number = number(of: file), let index = entryIndex(at: offset, inFile: number),
      let (declaration, kind) = declaration(of: entries[index])
    else { return nil }
    return Symbol(name: text(declaration), kind: kind, declaration: location(declaration))
  }

  /// The declaration or use at `offset` in `file`: the name under the cursor.
  public func place(at offset: Int, in file: String) -> Location? {
    guard let number = number(of: file), let index = entryIndex(at: offset, inFile: number) else { return nil }
    return location(entries[index].place)
  }

  /// The file an `import`'s path at `offset` read, when it read one.
  public func importedFile(at offset: Int, in file: String) -> String? {
    guard let number = number(of: file) else { return nil }
    return importLinks.first {
      $0.place.file == number && $0.place.range.start <= offset && offset <= $0.place.range.end
    }.map { fileNames[Int($0.file)] }
  }

  /// The declaration and every use of `symbol` this compilation saw, sorted.
  public func occurrences(of symbol: Symbol) -> [Location] {
    var found = [symbol.declaration]
    guard let number = number(of: symbol.declaration.file) else { return found }
    let declaration = Place(file: number, range: symbol.declaration.range)
    for entry in entries where entry.uses == declaration { found.append(location(entry.place)) }
    return found.sorted()
  }

  /// Every use with its declaration, for comparing two indexes.
  public var resolutions: [Location: Location] {
    var found: [Location: Location] = [:]
    for entry in entries { if let declaration = entry.uses { found[location(entry.place)] = location(declaration) } }
    return found
  }

  /// The text at a location, when its file was checked.
  public func text(_ location: Location) -> String {
    guard let number = number(of: location.file) else { return "" }
    return text(Place(file: number, range: location.range))
  }

  func text(_ place: Place) -> String {
    guard let bytes = texts[Int(place.file)] else { return "" }
    let start = max(0, min(place.range.start, bytes.count))
    let end = max(start, min(place.range.end, bytes.count))
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The bytes of a file the check read (the compiled one or an import).
  public func bytes(of file: String) -> [UInt8]? { number(of: file).flatMap { texts[Int($0)] } }
}
