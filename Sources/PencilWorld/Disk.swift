import PencilDiagnostics
import PencilSema

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One entry of a folder, as `stat` sees it through links.
public struct DiskEntry: Equatable, Sendable {
  public enum Kind: Sendable { case folder, regularFile, other }
  public var name: String
  public var kind: Kind
  public var identity: FileIdentity

  public init(name: String, kind: Kind, identity: FileIdentity) {
    self.name = name
    self.kind = kind
    self.identity = identity
  }
}

/// What a World reads files and folders from: the file system
/// (`Disk.system`: only regular files, `RegularFileReader`; folders through
/// `FolderReader`), or a test's files in memory (`Disk.inMemory`).
public struct Disk: Sendable {
  /// Reads `path` up to `limit` bytes, unless `alreadyHave` says the
  /// caller has the file of its identity (then only the identity comes).
  public typealias Reader =
    @Sendable (_ path: String, _ limit: Int, _ alreadyHave: (FileIdentity) -> Bool) ->
    Result<RegularFileContents, RegularFileFailure>
  /// A folder's identity and its entries; nil: not a readable folder.
  public typealias Lister = @Sendable (_ folder: String) -> (identity: FileIdentity, entries: [DiskEntry])?

  public var reader: Reader
  public var lister: Lister

  public init(reader: @escaping Reader, lister: @escaping Lister) {
    self.reader = reader
    self.lister = lister
  }

  /// The file system.
  public static let system = Disk(
    reader: { path, limit, alreadyHave in RegularFileReader.read(path, limit: limit, alreadyHave: alreadyHave) },
    lister: FolderReader.list)

  /// Files and folders a test gives, by path (nil: none there). A file is
  /// known by the identity of the file on disk at its path, if any (as an
  /// editor's unsaved buffer is), and a missing one is told why by `stat`.
  public static func inMemory(
    files: @escaping @Sendable (String) -> [UInt8]?,
    folders: @escaping Lister = { _ in nil }
  ) -> Disk {
    Disk(
      reader: { path, limit, _ in
        guard let bytes = files(path) else { return .failure(RegularFileReader.whyUnread(path, limit: limit)) }
        return .success(RegularFileContents(identity: FileIdentity(path: path), bytes: bytes))
      }, lister: folders)
  }

  /// The whole of `path`, up to the compiler's input limit.
  public func read(_ path: String, limit: Int = SourceFile.maximumSize) -> Result<[UInt8], RegularFileFailure> {
    reader(path, limit) { _ in false }.map { $0.bytes ?? [] }
  }

  /// A folder's entries for the completion of import paths: each a folder
  /// or not; nil when it is not a readable folder.
  public func entries(of folder: String) -> [FolderEntry]? {
    lister(folder)?.entries.map { FolderEntry(name: $0.name, isFolder: $0.kind == .folder) }
  }
}

/// Reads folders: one at a time, never their subfolders, so no loop of
/// links can be followed.
public enum FolderReader {
  /// Most entries read from one folder: a folder of a million files is
  /// not read to its end for a completion list or a workspace walk.
  public static let maximumEntriesRead = 10_000

  /// Hidden entries (a leading dot, `.` and `..` too) are left out; at
  /// most `maximumEntriesRead` entries are read. `fstatat` follows links
  /// (a link to a folder is a folder; a dangling link or a loop of links
  /// fails and is left out) and never opens the entry, so nothing here
  /// waits on a FIFO.
  @Sendable public static func list(_ path: String) -> (identity: FileIdentity, entries: [DiskEntry])? {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0, let folder = fdopendir(descriptor) else {
      close(descriptor)
      return nil
    }
    // `closedir` closes the descriptor too.
    defer { closedir(folder) }
    var entries: [DiskEntry] = []
    var read = 0
    while read < maximumEntriesRead, let entry = readdir(folder) {
      read += 1
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      var target = stat()
      guard !name.hasPrefix("."), fstatat(dirfd(folder), name, &target, 0) == 0 else { continue }
      let kind: DiskEntry.Kind =
        switch target.st_mode & S_IFMT {
        case S_IFDIR: .folder
        case S_IFREG: .regularFile
        default: .other
        }
      entries.append(DiskEntry(name: name, kind: kind, identity: FileIdentity(target)))
    }
    return (FileIdentity(status), entries)
  }
}
