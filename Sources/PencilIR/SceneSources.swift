import PencilDiagnostics

/// The files a scene's items were made from, by the ids items carry
/// (`PathItem.sourceFile`, `CallSite.file`): the compilation's files, so
/// that what points back at the source (`pencilc preview`'s annotations,
/// the IR printer) can name a file and tell lines and columns. Compared
/// by name only: two compilations of the same files draw equal scenes.
public struct SceneSources: Equatable, Sendable {
  /// The compilation's files; nil for a scene lowered without them (tests
  /// of one file).
  public private(set) var files: SourceFiles?

  public init(files: SourceFiles? = nil) {
    self.files = files
  }

  /// The compiled file; nil for a scene lowered without one.
  public var compiled: SourceFile? { files?.main }

  /// The file an item's `sourceFile` (or a call site's `file`) is.
  public func file(_ id: FileID) -> SourceFile? { files?[id] }

  /// The file of this name among the scene's (what a request names).
  public func file(named name: String) -> SourceFile? {
    guard let files, let id = files.id(named: name) else { return nil }
    return files[id]
  }

  /// The name of the file an item names: its own, or the compiled file's.
  public func name(_ id: FileID) -> String { file(id)?.name ?? "" }

  /// The name of an imported file; nil for the compiled file (an item
  /// names its file only when it is another).
  public func importedName(_ id: FileID) -> String? { id == .main ? nil : file(id)?.name }

  public static func == (a: SceneSources, b: SceneSources) -> Bool {
    a.files.map { $0.files.map(\.name) } == b.files.map { $0.files.map(\.name) }
  }
}
