import PencilCore
import PencilDiagnostics
import PencilQueries
import PencilSema
import PencilWorld

/// The `.pencil` files of the workspace's folders (from `initialize`, else
/// the open documents' folders), for
/// references and rename in files that are not open: a name declared in
/// an imported file is used by importers the editor has not opened, as
/// gopls finds a package's importers in the workspace.
extension LanguageServer {
  /// The workspace's folders as paths, from `workspaceFolders` (or the
  /// older `rootUri` and `rootPath`).
  static func workspaceFolders(from params: JSONValue) -> [String] {
    let folders = params["workspaceFolders"]?.array?.compactMap { $0["uri"]?.string } ?? []
    if !folders.isEmpty { return folders.map(DocumentURI.path) }
    if let root = params["rootUri"]?.string { return [DocumentURI.path(of: root)] }
    return params["rootPath"]?.string.map { [$0] } ?? []
  }

  /// Every `.pencil` file below the workspace's folders, in a stable order
  /// (breadth first, names sorted), up to the limits. Each folder and each
  /// file is read once, by device and inode, however many links lead to
  /// it (links to `.` and `..` would otherwise list the tree once per
  /// path, N^depth times); only regular files count, so a FIFO or a
  /// device never blocks the server. Hidden entries are left out.
  func workspaceFiles() -> [String] {
    var found: [String] = []
    // A client that names no workspace (an editor opened on one file):
    // the folders of the open documents, where their importers likely are.
    let roots =
      workspaceFolders.isEmpty
      ? Set(documents.values.filter { $0.uri.hasPrefix("file://") }.map { Self.folderPath(of: $0.path) }).sorted()
      : workspaceFolders
    var queue = roots.map { (folder: $0, depth: 0) }
    var seenFolders = Set<FileIdentity>()
    var seenFiles = Set<FileIdentity>()
    var next = 0
    var listed = 0
    while next < queue.count, found.count < limits.maximumWorkspaceFiles, listed < limits.maximumWorkspaceFolders {
      let (folder, depth) = queue[next]
      next += 1
      guard let (identity, entries) = disk.lister(folder) else { continue }
      listed += 1
      // A root inside another root, or named twice, is read once.
      guard depth > 0 || seenFolders.insert(identity).inserted else { continue }
      for entry in entries.sorted(by: { $0.name < $1.name }) {
        let path = folder.hasSuffix("/") ? folder + entry.name : folder + "/" + entry.name
        switch entry.kind {
        case .folder:
          if depth < limits.maximumWorkspaceDepth, seenFolders.insert(entry.identity).inserted {
            queue.append((path, depth + 1))
          }
        case .regularFile:
          if entry.name.hasSuffix(".pencil"), found.count < limits.maximumWorkspaceFiles,
            seenFiles.insert(entry.identity).inserted
          {
            found.append(path)
          }
        case .other: continue
        }
      }
    }
    return found
  }

  /// `/a/b` for `/a/b/c.pencil` (`/` for `/c.pencil`).
  static func folderPath(of path: String) -> String {
    let folder = ImportPath.folder(of: path)
    return folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
  }

  /// The names of each workspace file that is not open and may import
  /// `file`: its text names the file (an `import` must), so most files are
  /// never compiled.
  func closedImporters(of file: String) -> [(path: String, index: NameIndex)] {
    let open = Set(documents.values.map(\.path))
    let base = Array((file.split(separator: "/").last.map(String.init) ?? file).utf8)
    var openTexts: [String: [UInt8]] = [:]
    for document in documents.values { openTexts[document.path] = document.bytes }
    var found: [(path: String, index: NameIndex)] = []
    for path in workspaceFiles() where !open.contains(path) && path != file {
      guard case .success(let bytes) = disk.read(path), bytes.count <= SourceFile.maximumSize,
        Self.bytes(bytes, contain: base)
      else {
        continue
      }
      let source = SourceFile(name: path, bytes: bytes)
      let world = World(main: source, disk: disk, overlays: openTexts)
      let (_, index) = Pencil.compileIndexingNames(source, importer: world)
      if index.bytes(of: file) != nil { found.append((path, index)) }
    }
    return found
  }

  /// Whether `needle` occurs in `bytes` (the prefilter's search; the
  /// standard library's `firstRange(of:)` would link _StringProcessing).
  /// A file name is short, so the plain search costs about a pass per byte.
  static func bytes(_ bytes: [UInt8], contain needle: [UInt8]) -> Bool {
    guard let first = needle.first, needle.count <= bytes.count else { return needle.isEmpty }
    var start = 0
    while start <= bytes.count - needle.count {
      if bytes[start] == first, bytes[start..<start + needle.count].elementsEqual(needle) { return true }
      start += 1
    }
    return false
  }
}
