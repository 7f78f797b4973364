import PencilDiagnostics
import PencilSema

/// The files one World has met, kept under its lock, so that:
///
/// - every spelling of one file is one file: files are known by identity
///   (device and inode, see `FileIdentity`), so `./self.pencil`, a symbolic
///   link or `dir/../self.pencil` reach the file already imported, or the
///   compiled file itself, under its first name, and the checker sees the
///   cycle or the file it has already checked;
/// - each file is read at most once, however many imports name it;
/// - all the files read from disk for one compilation hold at most the
///   World's total limit (E0410), so a small file of imports cannot make
///   the compiler read gigabytes.
struct WorldFiles {
  /// Every file by id (`FileID`): the main file first.
  var table: SourceFiles
  var byIdentity: [FileIdentity: SourceFile] = [:]
  var byName: [String: SourceFile] = [:]
  var importersSeen: Set<String> = []
  var totalRead = 0
  /// Every path an import asked for, found or not.
  var asked: Set<String> = []
  /// With the stamp each had before it was read, when the World keeps them.
  var stamps: [String: FileStamp] = [:]

  init(main: SourceFile) {
    table = SourceFiles(main: main)
  }

  /// The file met before under `identity` (known from now on under
  /// `name` too), if any.
  mutating func known(_ identity: FileIdentity?, as name: String) -> SourceFile? {
    guard let identity, let file = byIdentity[identity] else { return nil }
    byName[name] = file
    return file
  }

  /// A new file of `bytes`, known under `name` and `identity` from now on.
  mutating func add(_ name: String, bytes: [UInt8], identity: FileIdentity?) -> SourceFile {
    let file = SourceFile(name: name, bytes: bytes)
    table.add(file)
    if let identity { byIdentity[identity] = file }
    byName[name] = file
    return file
  }

  /// Counts `count` bytes read from disk towards `limit`; false (nothing
  /// counted) when they would pass it.
  mutating func count(_ count: Int, limit: Int) -> Bool {
    guard totalRead + count <= limit else { return false }
    totalRead += count
    return true
  }
}

extension ImportFailure {
  /// A file that could not be read, as an import: under E0236 (cannot
  /// import), or under its own code when it has one (not a regular file).
  public init(_ failure: RegularFileFailure) {
    self.init(failure.reason, code: failure.code == DriverCodes.notRegularFile ? failure.code : nil)
  }

  /// The imports of one compilation would read more than `limit` bytes.
  static func tooMuch(_ limit: Int) -> ImportFailure {
    ImportFailure(
      "the files this compilation imports would hold more than \(limit >> 20) MiB",
      code: DriverCodes.importsTooLarge)
  }
}
