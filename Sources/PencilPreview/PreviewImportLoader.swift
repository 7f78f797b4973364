import PencilCore

#if canImport(Glibc)
  import Glibc
#endif

/// Reads the scene's imports from disk as pencilc's `FileImportLoader`
/// does (a path relative to the importing file's folder, normalized by
/// `ImportPath`), and keeps what one compile asked for: every path, found
/// or not (a missing import is watched, to compile again when it
/// appears), and the text of every file read (served by `/source`). The
/// dark appearance may be compiled on a second thread, hence the lock.
final class PreviewImportLoader: ImportLoader, @unchecked Sendable {
  private let lock = Lock()
  private var asked: Set<String> = []
  private var read: [String: SourceFile] = [:]

  func load(_ path: String, from importer: SourceFile) -> Result<SourceFile, ImportFailure> {
    guard !path.isEmpty else { return .failure(ImportFailure("the path is empty")) }
    let name = ImportPath.resolve(path, from: importer.name)
    lock.withLock { _ = asked.insert(name) }
    switch FileReading.read(name) {
    case .failure(let failure): return .failure(ImportFailure(failure.reason))
    case .success(let bytes):
      let file = SourceFile(name: name, bytes: bytes)
      lock.withLock { read[name] = read[name] ?? file }
      return .success(file)
    }
  }

  /// Every path asked for, sorted.
  var askedPaths: [String] { lock.withLock { asked.sorted() } }

  /// The files read, by name.
  var files: [String: SourceFile] { lock.withLock { read } }
}

/// Why a file could not be read, in words.
struct ReadFailure: Error {
  var reason: String
  init(_ reason: String) { self.reason = reason }
}

/// Whole files, bounded by the compiler's input limit.
enum FileReading {
  static func read(_ path: String, limit: Int = SourceFile.maximumSize) -> Result<[UInt8], ReadFailure> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(ReadFailure(String(cString: strerror(errno)))) }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      return .failure(ReadFailure("it is a directory"))
    }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(ReadFailure(String(cString: strerror(errno))))
      }
      if count == 0 { return .success(result) }
      guard result.count + count <= limit else { return .failure(ReadFailure("larger than \(limit >> 20) MiB")) }
      result.append(contentsOf: buffer[0..<count])
    }
  }

  /// `path` from the root: the working directory before a relative path,
  /// normalized.
  static func absolute(_ path: String) -> String {
    guard !path.hasPrefix("/") else { return ImportPath.normalize(path) }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return path }
    let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return ImportPath.normalize(directory + "/" + path)
  }
}
