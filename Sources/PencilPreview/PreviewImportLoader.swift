import PencilCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Reads the scene's imports from disk as pencilc's `FileImportLoader`
/// does (a path relative to the importing file's folder, normalized by
/// `ImportPath`), and keeps what one compile asked for: every path, found
/// or not (a missing import is watched, to compile again when it
/// appears), and the text of every file read (served by `/source`). The
/// dark appearance may be compiled on a second thread, hence the lock.
final class PreviewImportLoader: ImportLoader {
  private let asked = Mutex<[String: FileStamp]>([:])
  private let read = Mutex<[String: SourceFile]>([:])
  private let disk = DiskImports()

  func load(_ path: String, from importer: SourceFile) -> Result<SourceFile, ImportFailure> {
    guard !path.isEmpty else { return .failure(ImportFailure("the path is empty")) }
    let name = ImportPath.resolve(path, from: importer.name)
    let stamp = FileStamp(name)
    asked.withLock { $0[name] = $0[name] ?? stamp }
    let loaded = disk.load(name, importer: importer)
    if case .success(let file) = loaded { read.withLock { $0[file.name] = $0[file.name] ?? file } }
    return loaded
  }

  /// Every path asked for, with its stamp from before it was read.
  var askedPaths: [String: FileStamp] { asked.withLock { $0 } }

  /// The files read, by name.
  var files: [String: SourceFile] { read.withLock { $0 } }
}

/// Why a file could not be read, in words.
struct ReadFailure: Error {
  var reason: String
  var code: DiagnosticCode
  init(_ reason: String, code: DiagnosticCode = DriverCodes.unreadable) {
    self.reason = reason
    self.code = code
  }
}

/// Whole files, bounded by the compiler's input limit.
enum FileReading {
  /// Only a regular file, opened without blocking (`RegularFileReader`):
  /// a scene replaced by a FIFO is refused, never waited on, so the next
  /// good save is still seen and the server still stops.
  static func read(_ path: String, limit: Int = SourceFile.maximumSize) -> Result<[UInt8], ReadFailure> {
    switch RegularFileReader.read(path, limit: limit) {
    case .success(let contents): .success(contents.bytes ?? [])
    case .failure(let failure): .failure(ReadFailure(failure.reason, code: failure.code))
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
