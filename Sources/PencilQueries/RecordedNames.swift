import PencilCore
import PencilDiagnostics
import PencilSema

/// The names one check recorded, made into a `NameIndex` only when a
/// question about names is asked. Turning the recorder's numbered places
/// into the index's file-named ones costs about a seventh of checking a
/// file: the language server publishes a change's diagnostics without
/// paying it, and a burst of changes pays it at most once, for the text a
/// request about names reads.
package final class RecordedNames {
  private var recorder: NameRecorder?
  private let source: SourceFile
  private let errorCount: Int
  private var made: NameIndex?

  init(_ recorder: NameRecorder, source: SourceFile, errorCount: Int) {
    self.recorder = recorder
    self.source = source
    self.errorCount = errorCount
  }

  /// The index, made on the first call; the recorder goes then.
  package var index: NameIndex {
    if let made { return made }
    let index = NameIndex(recorder ?? NameRecorder(), source: source, errorCount: errorCount)
    made = index
    recorder = nil
    return index
  }
}

extension Pencil {
  /// The compilation (in light, as `--check` does) and what each of its
  /// names resolved to, from one check: the language server's diagnostics
  /// and its definition, references and rename come from the same work.
  public static func compileIndexingNames(_ source: SourceFile, importer: (any ImportLoader)?) -> (
    Compilation, NameIndex
  ) {
    let (compilation, names) = compileRecordingNames(source, importer: importer)
    return (compilation, names.index)
  }

  /// `compileIndexingNames`, with the index made when it is first asked for.
  package static func compileRecordingNames(_ source: SourceFile, importer: (any ImportLoader)?) -> (
    Compilation, RecordedNames
  ) {
    let recorder = NameRecorder()
    let compilation = compile(
      source, dumpSyntax: false, importer: importer, limits: .standard, appearance: .light, names: recorder)
    let errors = compilation.diagnostics.filter { $0.severity == .error }.count
    return (compilation, RecordedNames(recorder, source: source, errorCount: errors))
  }
}
