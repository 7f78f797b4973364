import PencilCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One entry of a workspace folder, as `stat` sees it through links.
public struct WorkspaceEntry: Equatable, Sendable {
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

/// What the workspace walk of references and rename reads: folders with
/// the identity of each entry, so a folder reached by several links is
/// read once, and regular files only, so a FIFO, a device or a link to
/// `/dev/stdin` named `*.pencil` never blocks the server. Tests give
/// their own.
public struct WorkspaceDisk: Sendable {
  /// A folder's identity and its entries; nil: not a readable folder.
  public var list: @Sendable (String) -> (identity: FileIdentity, entries: [WorkspaceEntry])?
  /// A regular file's bytes (one chunk past the compiler's limit at
  /// most); nil for anything else or an unreadable file.
  public var read: @Sendable (String) -> [UInt8]?

  public init(
    list: @escaping @Sendable (String) -> (identity: FileIdentity, entries: [WorkspaceEntry])?,
    read: @escaping @Sendable (String) -> [UInt8]?
  ) {
    self.list = list
    self.read = read
  }

  public static let disk = WorkspaceDisk(list: listFolder, read: readRegularFile)

  /// Hidden entries (a leading dot) are left out, as the completion of
  /// import paths leaves them out; at most `DiskReader.maximumEntriesRead`
  /// entries are read. `fstatat` follows links and never opens the
  /// entry, so nothing here waits on a FIFO.
  @Sendable static func listFolder(_ path: String) -> (identity: FileIdentity, entries: [WorkspaceEntry])? {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0, let folder = fdopendir(descriptor) else {
      close(descriptor)
      return nil
    }
    // `closedir` closes the descriptor too.
    defer { closedir(folder) }
    var entries: [WorkspaceEntry] = []
    var read = 0
    while read < DiskReader.maximumEntriesRead, let entry = readdir(folder) {
      read += 1
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      var target = stat()
      guard !name.hasPrefix("."), fstatat(dirfd(folder), name, &target, 0) == 0 else { continue }
      let kind: WorkspaceEntry.Kind =
        switch target.st_mode & S_IFMT {
        case S_IFDIR: .folder
        case S_IFREG: .regularFile
        default: .other
        }
      entries.append(WorkspaceEntry(name: name, kind: kind, identity: FileIdentity(target)))
    }
    return (FileIdentity(status), entries)
  }

  /// Opened without waiting (`O_NONBLOCK`: a FIFO with no writer opens at
  /// once) and checked with `fstat` on that descriptor, so a file swapped
  /// for a FIFO or a device after the folder was listed is refused too.
  @Sendable static func readRegularFile(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count <= SourceFile.maximumSize {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return count == 0 ? bytes : nil }
      bytes += chunk[0..<count]
    }
    return bytes
  }
}
