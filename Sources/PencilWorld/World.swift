import PencilDiagnostics
import PencilSema
import PencilSupport

/// The one way the command line, the language server and the preview read
/// files, as typst's `World` is: the main file, and every file its imports
/// reach, each with a `FileID`, read once (`WorldFiles`). An import is
/// read from an overlay first (an editor's unsaved buffer: the language
/// server's open documents shadow the disk), else from the `Disk`, which
/// reads only regular files (`RegularFileReader`: E0409 for a FIFO or a
/// device, the size limit). Paths resolve against the importing file's
/// folder (`ImportPath`; the main file read from standard input imports
/// relative to the working directory), and every path asked for is kept,
/// found or not, with its stamp from before it was read when the World is
/// watched: the file list `--watch` and the preview wait on.
///
/// One World per compilation. Used from the threads of one compilation
/// (an adaptive picture's dark appearance is compiled on a second one),
/// hence the lock.
public final class World: ImportLoader, Sendable {
  /// The most bytes all the imported files of one compilation may hold:
  /// twice the largest single input.
  public static let maximumTotalBytes = 2 * SourceFile.maximumSize

  public let main: SourceFile
  public let disk: Disk
  private let overlays: [String: [UInt8]]
  private let anonymousInput: String?
  private let watched: Bool
  private let totalLimit: Int
  private let state: Locked<WorldFiles>

  /// `overlays` are texts by path that shadow the disk; `anonymousInput`
  /// is the name of a main file read from standard input; `watched` keeps
  /// each asked path's stamp.
  public init(
    main: SourceFile, disk: Disk = .system, overlays: [String: [UInt8]] = [:], anonymousInput: String? = nil,
    watched: Bool = false, totalLimit: Int = World.maximumTotalBytes
  ) {
    self.main = main
    self.disk = disk
    self.overlays = overlays
    self.anonymousInput = anonymousInput
    self.watched = watched
    self.totalLimit = totalLimit
    state = Locked(WorldFiles(main: main))
  }

  /// Reads the main file at `path` from `disk`, up to the input limit.
  public static func readMain(
    _ path: String, disk: Disk = .system, limit: Int = SourceFile.maximumSize
  ) -> Result<SourceFile, RegularFileFailure> {
    disk.read(path, limit: limit).map { SourceFile(name: path, bytes: $0) }
  }

  /// The file of `id`, if this World has met it.
  public func source(_ id: FileID) -> SourceFile? {
    state.withLock { Int(id.index) < $0.table.files.count ? $0.table[id] : nil }
  }

  /// The id of `file`, if it is one this World handed out (or the main file).
  public func id(of file: SourceFile) -> FileID? {
    state.withLock { $0.table.id(of: file) }
  }

  /// Every file met, by id: the main file first, then each file read in
  /// the order it was read.
  public var files: [SourceFile] { state.withLock { $0.table.files } }

  /// Every path an import asked for, found or not.
  public var askedPaths: Set<String> { state.withLock { $0.asked } }

  /// Every path an import asked for, with its stamp from before it was
  /// read (empty unless the World is `watched`): what a watch waits on.
  public var watchList: [String: FileStamp] { state.withLock { $0.stamps } }

  public func load(_ path: String, from importer: SourceFile) -> Result<SourceFile, ImportFailure> {
    guard !path.isEmpty else { return .failure(ImportFailure("the path is empty")) }
    // Standard input imports relative to the working directory.
    let name = ImportPath.resolve(path, from: importer.name == anonymousInput ? "" : importer.name)
    let stamp = watched ? FileStamp(name) : nil
    state.withLock { files in
      files.asked.insert(name)
      if let stamp, files.stamps[name] == nil { files.stamps[name] = stamp }
    }
    note(importer)
    if let bytes = overlays[name] { return adopt(name, bytes: bytes) }
    if let file = state.withLock({ $0.byName[name] }) { return .success(file) }
    let read = disk.reader(name, SourceFile.maximumSize) { identity in
      state.withLock { $0.byIdentity[identity] != nil }
    }
    switch read {
    case .failure(let failure):
      return .failure(ImportFailure(failure))
    case .success(let contents):
      return state.withLock { files in
        // Another thread of the compilation may have read it meanwhile.
        if let file = files.byName[name] ?? files.known(contents.identity, as: name) { return .success(file) }
        let bytes = contents.bytes ?? []
        guard files.count(bytes.count, limit: totalLimit) else { return .failure(.tooMuch(totalLimit)) }
        return .success(files.add(name, bytes: bytes, identity: contents.identity))
      }
    }
  }

  /// An overlay's text, known by the identity of the file on disk at
  /// `name` when there is one: the file met first under that identity,
  /// else a new one. It is not counted towards the total limit: the
  /// editor holds it already.
  private func adopt(_ name: String, bytes: [UInt8]) -> Result<SourceFile, ImportFailure> {
    if let file = state.withLock({ $0.byName[name] }) { return .success(file) }
    let identity = FileIdentity(path: name)
    return state.withLock { files in
      .success(
        files.byName[name] ?? files.known(identity, as: name) ?? files.add(name, bytes: bytes, identity: identity))
    }
  }

  /// Makes an importer known by its identity (the first is the main file,
  /// which the World did not read), so an import of it by another spelling
  /// is the cycle it is.
  private func note(_ importer: SourceFile) {
    guard !importer.name.isEmpty, state.withLock({ $0.importersSeen.insert(importer.name).inserted }) else { return }
    let identity = FileIdentity(path: importer.name)
    state.withLock { files in
      if let identity, files.byIdentity[identity] == nil { files.byIdentity[identity] = importer }
      if files.byName[importer.name] == nil { files.byName[importer.name] = importer }
    }
  }
}
