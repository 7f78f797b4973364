import PencilDiagnostics

/// The files a scene's items were made from, by the names items carry
/// (`PathItem.sourceFile`, `CallSite.file`; nil is the compiled file), so
/// that what points back at the source (`pencilc preview`'s annotations)
/// can tell lines and columns. Compared by name only: two compilations of
/// the same files draw equal scenes.
public struct SceneSources: Equatable, Sendable {
  /// The compiled file; nil for a scene lowered without one (tests).
  public private(set) var compiled: SourceFile?
  private var imported: [String: SourceFile] = [:]

  public init(compiled: SourceFile? = nil, imported: [SourceFile] = []) {
    self.compiled = compiled
    for file in imported { self.imported[file.name] = file }
  }

  /// The file an item's `sourceFile` (or a call site's `file`) names.
  public func file(named name: String?) -> SourceFile? {
    guard let name else { return compiled }
    return imported[name]
  }

  /// The name an item's `sourceFile` stands for: its own, or the compiled file's.
  public func name(_ name: String?) -> String { name ?? compiled?.name ?? "" }

  public static func == (a: SceneSources, b: SceneSources) -> Bool {
    a.compiled?.name == b.compiled?.name && a.imported.keys.sorted() == b.imported.keys.sorted()
  }
}
