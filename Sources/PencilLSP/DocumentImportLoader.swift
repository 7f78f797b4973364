import PencilCore
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads imported files for the server's compilations: the text of an
/// open document first (what the user sees, saved or not), then the disk.
/// Paths resolve as `pencilc` resolves them (relative to the importer's
/// folder, `.` and `..` removed), files are known by identity so every
/// spelling of one file is one file (`DiskImports`), and every path asked
/// for is recorded so a change to it checks its importers again.
final class DocumentImportLoader: ImportLoader {
  private let openTexts: [String: [UInt8]]
  private let reader: @Sendable (String) -> [UInt8]?
  private let files = DiskImports()
  private let loaded = Locked<Set<String>>([])

  init(openTexts: [String: [UInt8]], reader: @escaping @Sendable (String) -> [UInt8]?) {
    self.openTexts = openTexts
    self.reader = reader
  }

  var loadedPaths: Set<String> { loaded.withLock { $0 } }

  func load(_ path: String, from importer: SourceFile) -> Result<SourceFile, ImportFailure> {
    guard !path.isEmpty else { return .failure(ImportFailure("the path is empty")) }
    let name = ImportPath.resolve(path, from: importer.name)
    loaded.withLock { _ = $0.insert(name) }
    if let bytes = openTexts[name] { return files.adopt(name, bytes: bytes, importer: importer, fromDisk: false) }
    if let file = files.known(name, importer: importer) { return .success(file) }
    guard let bytes = reader(name) else {
      return .failure(ImportFailure(RegularFileReader.whyUnread(name)))
    }
    return files.adopt(name, bytes: bytes, importer: importer, fromDisk: true)
  }
}

/// Reads a whole file with the C library, up to the compiler's input
/// limit: only a regular file (`RegularFileReader`), so an import of
/// `/dev/stdin` (the server's own input), a FIFO or `/dev/zero` is
/// refused at once, never waited on or read to the limit.
public enum DiskReader {
  @Sendable public static func read(_ path: String) -> [UInt8]? {
    switch RegularFileReader.read(path) {
    case .success(let contents): contents.bytes
    case .failure: nil
    }
  }

  /// Most entries read from one folder: a folder of a million files is
  /// not read to its end for a completion list.
  static let maximumEntriesRead = 10_000

  /// The entries of a folder, each a folder or not as `stat` sees it
  /// (through a symbolic link, so a link to a folder is a folder; a
  /// dangling link or a loop of links fails `stat` and is left out). One
  /// folder is read, never its subfolders, so no loop can be followed.
  /// Hidden entries (a leading dot, `.` and `..` too) are left out.
  @Sendable public static func list(_ path: String) -> [FolderEntry]? {
    guard let folder = opendir(path) else { return nil }
    defer { closedir(folder) }
    var entries: [FolderEntry] = []
    var read = 0
    while read < maximumEntriesRead, let entry = readdir(folder) {
      read += 1
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard !name.hasPrefix(".") else { continue }
      var status = stat()
      guard stat((path.hasSuffix("/") ? path : path + "/") + name, &status) == 0 else { continue }
      entries.append(FolderEntry(name: name, isFolder: status.st_mode & S_IFMT == S_IFDIR))
    }
    return entries
  }
}
