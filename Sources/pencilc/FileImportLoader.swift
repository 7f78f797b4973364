import PencilCore

/// Loads imported files from disk: a path is relative to the folder of the
/// importing file; the compiled file read from standard input imports
/// relative to the working directory, or to `--stdin-filename`'s folder
/// when that is given. Names are normalized (`a/./b/../c` is `a/c`), and
/// `DiskImports` knows files by identity, so the compiler recognizes a file
/// reached by any spelling and finds cycles; only regular files are read.
struct FileImportLoader: ImportLoader {
  /// The name standard input is shown under when no --stdin-filename was given.
  var anonymousInput: String
  /// Told every file asked for (`--watch` watches them).
  var recorder: ImportRecorder? = nil
  /// This compilation's files: a new loader for every compilation.
  let files = DiskImports()

  func load(_ path: String, from importer: SourceFile) -> Result<SourceFile, ImportFailure> {
    guard !path.isEmpty else { return .failure(ImportFailure("the path is empty")) }
    // Standard input imports relative to the working directory.
    let name = ImportPath.resolve(path, from: importer.name == anonymousInput ? "" : importer.name)
    recorder?.note(name)
    return files.load(name, importer: importer)
  }
}
