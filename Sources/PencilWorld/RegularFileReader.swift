import PencilDiagnostics

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which file a path reaches, whatever its spelling (`./a`, `dir/../a`, a
/// symbolic link, a hard link): its device and inode.
public struct FileIdentity: Hashable, Sendable {
  public var device: UInt64
  public var inode: UInt64

  public init(device: UInt64, inode: UInt64) {
    self.device = device
    self.inode = inode
  }

  /// The identity of the file `path` reaches (through links), nil when
  /// there is none. `stat` never opens the file, so it cannot block.
  public init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    self.init(status)
  }

  /// The identity `stat` (or `fstat`) told.
  public init(_ status: stat) {
    self.init(device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino))
  }
}

/// Why a file was not read: the code it is reported under (E0402, E0403,
/// E0409) and the reason in words, without the path.
public struct RegularFileFailure: Error, Sendable {
  public var code: DiagnosticCode
  public var reason: String

  public init(_ code: DiagnosticCode, _ reason: String) {
    self.code = code
    self.reason = reason
  }
}

/// What `RegularFileReader.read` found: the file's identity (nil only for
/// a file that is not on disk, a test's `Disk.inMemory`), and its bytes
/// unless the caller already had the file under that identity.
public struct RegularFileContents: Sendable {
  public var identity: FileIdentity?
  public var bytes: [UInt8]?

  public init(identity: FileIdentity?, bytes: [UInt8]?) {
    self.identity = identity
    self.bytes = bytes
  }
}

/// The one reader of scenes and imports from disk, for the compiler, the
/// language server and the preview. The file is opened with O_NONBLOCK, so
/// that opening a FIFO with no writer returns at once instead of waiting
/// for one, and is refused unless `fstat` says it is a regular file: a
/// FIFO, `/dev/stdin`, `/dev/zero` or a socket could block for ever or
/// never end. A regular file is read up to `limit` bytes and no further,
/// even if it grows while read.
public enum RegularFileReader {
  /// Reads `path`, unless `alreadyHave` says the caller has the file of
  /// that identity (then only the identity is returned).
  public static func read(
    _ path: String, limit: Int = SourceFile.maximumSize, alreadyHave: (FileIdentity) -> Bool = { _ in false }
  ) -> Result<RegularFileContents, RegularFileFailure> {
    read(opening: { open(path, openFlags) }, limit: limit, alreadyHave: alreadyHave)
  }

  /// How every reader opens a file: never waiting on a FIFO's writer, never
  /// taking a terminal as the controlling one.
  public static let openFlags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY

  /// The same, for a caller that opens the path its own way (`openFlags`
  /// with the path's own bytes, for a file name that is not UTF-8).
  public static func read(
    opening: () -> Int32, limit: Int = SourceFile.maximumSize,
    alreadyHave: (FileIdentity) -> Bool = { _ in false }
  ) -> Result<RegularFileContents, RegularFileFailure> {
    let descriptor = opening()
    guard descriptor >= 0 else { return .failure(RegularFileFailure(DriverCodes.unreadable, lastError())) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      return .failure(RegularFileFailure(DriverCodes.unreadable, lastError()))
    }
    if let refusal = refusal(of: status.st_mode) { return .failure(refusal) }
    let identity = FileIdentity(status)
    if alreadyHave(identity) { return .success(RegularFileContents(identity: identity, bytes: nil)) }
    guard status.st_size <= limit else { return .failure(tooLarge(limit)) }
    return readToEnd(descriptor, limit: limit, expected: Int(truncatingIfNeeded: status.st_size)).map {
      RegularFileContents(identity: identity, bytes: $0)
    }
  }

  /// Reads an open descriptor to its end, failing as soon as it has given
  /// more than `limit` bytes: a regular file that grows while read, or a
  /// pipe (the command line's standard input) that never ends.
  public static func readToEnd(
    _ descriptor: Int32, limit: Int = SourceFile.maximumSize, expected: Int = 0
  ) -> Result<[UInt8], RegularFileFailure> {
    var result: [UInt8] = []
    result.reserveCapacity(min(max(0, expected), limit))
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(RegularFileFailure(DriverCodes.unreadable, lastError()))
      }
      if count == 0 { return .success(result) }
      guard result.count + count <= limit else { return .failure(tooLarge(limit)) }
      result.append(contentsOf: buffer[0..<count])
    }
  }

  /// Why `path` could not be read, told by `stat` (which never opens it,
  /// so never blocks), for a reader that only said it could not.
  public static func whyUnread(_ path: String, limit: Int = SourceFile.maximumSize) -> RegularFileFailure {
    var status = stat()
    guard stat(path, &status) == 0 else { return RegularFileFailure(DriverCodes.unreadable, lastError()) }
    if let refusal = refusal(of: status.st_mode) { return refusal }
    if status.st_size > limit { return tooLarge(limit) }
    return RegularFileFailure(DriverCodes.unreadable, "it cannot be read")
  }

  /// Why a file of this mode is not read; nil for a regular file.
  static func refusal(of mode: mode_t) -> RegularFileFailure? {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return RegularFileFailure(DriverCodes.unreadable, "it is a directory")
    case S_IFIFO: return notRegular("a FIFO (named pipe)")
    case S_IFCHR: return notRegular("a character device")
    case S_IFBLK: return notRegular("a block device")
    case S_IFSOCK: return notRegular("a socket")
    default: return notRegular("not a file")
    }
  }

  private static func notRegular(_ kind: String) -> RegularFileFailure {
    RegularFileFailure(DriverCodes.notRegularFile, "it is \(kind), not a regular file")
  }

  static func tooLarge(_ limit: Int) -> RegularFileFailure {
    RegularFileFailure(
      DriverCodes.inputTooLarge,
      "it is larger than \(limit >> 20) MiB, the most pencilc compiles; nothing was read past that")
  }

  private static func lastError() -> String { String(cString: strerror(errno)) }
}
