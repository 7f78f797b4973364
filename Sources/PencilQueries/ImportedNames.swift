import PencilDiagnostics
import PencilSema
import PencilSyntax

/// The files a file imports, directly or through its imports, parsed for
/// the names they lend (`import` brings in a file's definitions and those
/// of its own imports). Read through the same loader as the compilation,
/// so an editor's unsaved text counts; a file is read once however often
/// it is imported, a cycle ends where it closes, and the walk stops after
/// `maximumFiles` files, so a query stays cheap on any project.
struct ImportedNames {
  static let maximumFiles = 64

  /// The imported files in the order they are met, each parsed.
  var files: [SyntaxIndex] = []

  init(of index: SyntaxIndex, loader: (any ImportLoader)?) {
    guard let loader else { return }
    var seen: Set<String> = [index.source.name]
    var pending: [(importer: SourceFile, index: SyntaxIndex)] = [(index.source, index)]
    while !pending.isEmpty, files.count < ImportedNames.maximumFiles {
      let (importer, parsed) = pending.removeFirst()
      for statement in parsed.statements where files.count < ImportedNames.maximumFiles {
        guard let statement = ImportSyntax(statement.id, in: parsed.tree), let path = statement.path(in: parsed.tree),
          case .success(let file) = loader.load(path, from: importer),
          seen.insert(file.name).inserted
        else { continue }
        let imported = SyntaxIndex(file)
        files.append(imported)
        pending.append((file, imported))
      }
    }
  }
}

extension Completions {
  /// Most entries offered for one import path; the list is marked
  /// incomplete beyond, so the editor asks again as more is typed.
  static let maximumPathEntries = 200

  /// The `.pencil` files and the folders of the folder `typed` names
  /// (relative to the document's folder, as `import` resolves it) whose
  /// names start with the part after its last `/`; no hidden entries, and
  /// not the document itself, which cannot import itself.
  static func importPaths(
    typed: String, from document: SourceFile, list: ((String) -> [FolderEntry]?)?
  ) -> (candidates: [Candidate], isIncomplete: Bool) {
    guard let list else { return ([], false) }
    let folderPart = typed.lastIndex(of: "/").map { String(typed[...$0]) } ?? ""
    let prefix = String(typed.dropFirst(folderPart.count)).lowercased()
    var folder = ImportPath.resolve(folderPart, from: document.name)
    if folder.isEmpty { folder = "." }
    let own = ImportPath.normalize(document.name)
    let entries = (list(folder) ?? []).filter { entry in
      !entry.name.hasPrefix(".") && !entry.name.contains("/") && entry.name.lowercased().hasPrefix(prefix)
        && (entry.isFolder || entry.name.hasSuffix(".pencil"))
        && ImportPath.resolve(folderPart + entry.name, from: document.name) != own
    }
    let sorted = entries.sorted { $0.name < $1.name }
    let candidates = sorted.prefix(maximumPathEntries).map { entry in
      entry.isFolder
        ? Candidate(label: entry.name + "/", kind: .folder, detail: "folder", documentation: nil)
        : Candidate(label: entry.name, kind: .file, detail: "file", documentation: nil)
    }
    return (Array(candidates), sorted.count > maximumPathEntries)
  }
}
