import PencilCore

/// Loads imported files from disk: a path is relative to the folder of the
/// importing file; the compiled file read from standard input imports
/// relative to the working directory, or to `--stdin-filename`'s folder
/// when that is given. Names are normalized (`a/./b/../c` is `a/c`), so the
/// compiler recognizes a file reached by two spellings and finds cycles.
struct FileImportLoader: ImportLoader {
  /// The name standard input is shown under when no --stdin-filename was given.
  var anonymousInput: String
  /// Told every file asked for (`--watch` watches them).
  var recorder: ImportRecorder? = nil

  func load(_ path: String, from importer: SourceFile) -> Result<SourceFile, ImportFailure> {
    guard !path.isEmpty else { return .failure(ImportFailure("the path is empty")) }
    // Standard input imports relative to the working directory.
    let name = ImportPath.resolve(path, from: importer.name == anonymousInput ? "" : importer.name)
    recorder?.note(name)
    do {
      return .success(SourceFile(name: name, bytes: try FileIO.read(name, limit: SourceFile.maximumSize)))
    } catch let failure as IOFailure {
      // FileIO's message names the path; keep only the reason.
      let reason = failure.message.split(separator: ":", maxSplits: 1).last.map(String.init) ?? failure.message
      return .failure(ImportFailure(reason.trimmingLeadingSpace))
    } catch {
      return .failure(ImportFailure("\(error)"))
    }
  }
}

extension String {
  fileprivate var trimmingLeadingSpace: String { String(drop { $0 == " " }) }
}
