/// Where every name of a compilation is declared and used: the answers to
/// go-to-definition, find-references and rename. Made by checking the
/// file (and its imports) with the checker recording what each name
/// resolved to (see `NameRecorder`), so shadowing, loop variables,
/// parameters, element names and imported definitions are resolved as the
/// compiler resolves them, never by matching text.
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

  /// Declarations and what they declare.
  private let declarations: [Location: NameKind]
  /// Each use with its declaration.
  private let uses: [Location: Location]
  /// Every place, declarations and uses, by file, sorted: found by offset.
  private let placesByFile: [String: [Location]]
  /// The text of each file checked, for the names themselves.
  private let texts: [String: [UInt8]]
  /// Each `import`'s path and the file it names.
  private let importLinks: [Location: String]
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
    let fileNames = recorder.files.map(\.name)
    func name(_ number: Int) -> String { number < fileNames.count ? fileNames[number] : source.name }
    func location(_ place: NameRecorder.Place) -> Location { Location(file: name(place.file), range: place.range) }
    var declarations: [Location: NameKind] = [:]
    for (place, kind) in recorder.declarations { declarations[location(place)] = kind }
    var uses: [Location: Location] = [:]
    for (place, declaration) in recorder.uses { uses[location(place)] = location(declaration) }
    var places: [String: [Location]] = [:]
    for place in Set(declarations.keys).union(uses.keys) { places[place.file, default: []].append(place) }
    for file in places.keys { places[file]?.sort() }
    var texts: [String: [UInt8]] = [:]
    for file in recorder.files { texts[file.name] = file.bytes }
    texts[source.name] = source.bytes
    self.declarations = declarations
    self.uses = uses
    self.placesByFile = places
    self.texts = texts
    var links: [Location: String] = [:]
    for (place, file) in recorder.importLinks { links[location(place)] = name(file) }
    importLinks = links
  }

  /// The name declared or used at `offset` in `file` (an offset at the end
  /// of a name counts, as an editor's cursor after a word does).
  public func symbol(at offset: Int, in file: String) -> Symbol? {
    guard let place = place(at: offset, in: file) else { return nil }
    let declaration = uses[place] ?? place
    guard let kind = declarations[declaration] else { return nil }
    return Symbol(name: text(declaration), kind: kind, declaration: declaration)
  }

  /// The declaration or use at `offset` in `file`: the name under the cursor.
  public func place(at offset: Int, in file: String) -> Location? {
    guard let places = placesByFile[file] else { return nil }
    // Binary search (semantic tokens ask for every name of the file): the
    // first place starting after the offset. Places never overlap but may
    // touch, so only the two before it can hold the offset, and one the
    // cursor is inside wins over one it ends.
    var low = 0
    var high = places.count
    while low < high {
      let middle = (low + high) / 2
      if places[middle].range.start <= offset { low = middle + 1 } else { high = middle }
    }
    var ending: Location? = nil
    for index in stride(from: low - 1, through: max(0, low - 2), by: -1) where index >= 0 {
      let place = places[index]
      guard place.range.start <= offset, offset <= place.range.end else { continue }
      if offset < place.range.end { return place }
      ending = ending ?? place
    }
    return ending
  }

  /// The file an `import`'s path at `offset` read, when it read one.
  public func importedFile(at offset: Int, in file: String) -> String? {
    importLinks.first { $0.key.file == file && $0.key.range.start <= offset && offset <= $0.key.range.end }?.value
  }

  /// The declaration and every use of `symbol` this compilation saw, sorted.
  public func occurrences(of symbol: Symbol) -> [Location] {
    var found = [symbol.declaration]
    for (use, declaration) in uses where declaration == symbol.declaration { found.append(use) }
    return found.sorted()
  }

  /// Every use with its declaration, for comparing two indexes.
  public var resolutions: [Location: Location] { uses }

  /// The text at a location, when its file was checked.
  public func text(_ location: Location) -> String {
    guard let bytes = texts[location.file] else { return "" }
    let start = max(0, min(location.range.start, bytes.count))
    let end = max(start, min(location.range.end, bytes.count))
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The bytes of a file the check read (the compiled one or an import).
  public func bytes(of file: String) -> [UInt8]? { texts[file] }
}
