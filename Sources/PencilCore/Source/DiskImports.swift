/// One compilation's imported files from disk, shared by every loader (the
/// command line's, the language server's, the preview's), so that:
///
/// - every spelling of one file is one file: files are known by identity
///   (device and inode, see `FileIdentity`), so `./self.pencil`, a symbolic
///   link or `dir/../self.pencil` reach the file already imported, or the
///   compiled file itself, under its first name, and the checker sees the
///   cycle or the file it has already checked;
/// - each file is read at most once, however many imports name it;
/// - only regular files are read (`RegularFileReader`), never a FIFO or a
///   device that could block or never end;
/// - all the imports of a compilation read at most `maximumTotalBytes`
///   (E0410), so a small file of imports cannot make the compiler read
///   gigabytes.
///
/// Used from the threads of one compilation (the preview compiles its dark
/// appearance on a second one), hence the lock.
public final class DiskImports: Sendable {
  /// The most bytes all the imported files of one compilation may hold:
  /// twice the largest single input.
  public static let maximumTotalBytes = 2 * SourceFile.maximumSize

  private struct Known {
    var byIdentity: [FileIdentity: SourceFile] = [:]
    var byName: [String: SourceFile] = [:]
    var importersSeen: Set<String> = []
    var totalRead = 0
  }

  private let state = Locked(Known())
  private let totalLimit: Int

  public init(totalLimit: Int = DiskImports.maximumTotalBytes) { self.totalLimit = totalLimit }

  /// The file `name` (an import resolved by `ImportPath`), read from disk
  /// unless a file of its identity was met before in this compilation.
  public func load(_ name: String, importer: SourceFile) -> Result<SourceFile, ImportFailure> {
    if let file = known(name, importer: importer) { return .success(file) }
    let read = RegularFileReader.read(name) { identity in state.withLock { $0.byIdentity[identity] != nil } }
    switch read {
    case .failure(let failure):
      return .failure(ImportFailure(failure))
    case .success(let contents):
      return self.state.withLock { state in
        if let file = state.byIdentity[contents.identity] {
          state.byName[name] = file
          return .success(file)
        }
        let bytes = contents.bytes ?? []
        guard state.totalRead + bytes.count <= totalLimit else { return .failure(tooMuch) }
        state.totalRead += bytes.count
        let file = SourceFile(name: name, bytes: bytes)
        state.byIdentity[contents.identity] = file
        state.byName[name] = file
        return .success(file)
      }
    }
  }

  /// The file met under `name` before in this compilation, if any.
  public func known(_ name: String, importer: SourceFile) -> SourceFile? {
    note(importer)
    return state.withLock { $0.byName[name] }
  }

  /// A file whose text the caller has (an open document in the editor, or
  /// read by a reader of its own when `fromDisk`, counted then towards the
  /// limit), known by the identity of the file on disk at `name` when there
  /// is one: the file met first under that identity, else a new one.
  public func adopt(
    _ name: String, bytes: [UInt8], importer: SourceFile, fromDisk: Bool
  ) -> Result<SourceFile, ImportFailure> {
    if let file = known(name, importer: importer) { return .success(file) }
    let identity = FileIdentity(path: name)
    return self.state.withLock { state in
      if let identity, let file = state.byIdentity[identity] {
        state.byName[name] = file
        return .success(file)
      }
      if fromDisk {
        guard state.totalRead + bytes.count <= totalLimit else { return .failure(tooMuch) }
        state.totalRead += bytes.count
      }
      let file = SourceFile(name: name, bytes: bytes)
      if let identity { state.byIdentity[identity] = file }
      state.byName[name] = file
      return .success(file)
    }
  }

  private var tooMuch: ImportFailure {
    ImportFailure(
      "the files this compilation imports would hold more than \(totalLimit >> 20) MiB",
      code: DriverCodes.importsTooLarge)
  }

  /// Makes an importer known by its identity (the first is the compiled
  /// file, which no loader read), so an import of it by another spelling
  /// is the cycle it is.
  private func note(_ importer: SourceFile) {
    guard !importer.name.isEmpty, state.withLock({ $0.importersSeen.insert(importer.name).inserted }) else { return }
    let identity = FileIdentity(path: importer.name)
    state.withLock { state in
      if let identity, state.byIdentity[identity] == nil { state.byIdentity[identity] = importer }
      if state.byName[importer.name] == nil { state.byName[importer.name] = importer }
    }
  }
}

extension ImportFailure {
  /// A file that could not be read, as an import: under E0236 (cannot
  /// import), or under its own code when it has one (not a regular file).
  public init(_ failure: RegularFileFailure) {
    self.init(failure.reason, code: failure.code == DriverCodes.notRegularFile ? failure.code : nil)
  }
}
