import PencilCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An output named by `-o` (or beside an input), written so that a reader
/// never sees half a file and nothing of the system is clobbered:
///
/// - A regular file (or a new one) is written to a temporary file created
///   exclusively with an unpredictable name (`mkstemp`) in the same
///   directory, given the mode the umask allows, and renamed over the
///   target once complete. A symbolic link is followed, so the file it
///   points to is replaced and the link kept.
/// - Anything else — `/dev/null`, `/dev/stdout`, a FIFO, a terminal — is
///   written in place: renaming over a device would replace the device.
/// - On failure the temporary file is removed; on SIGINT, SIGTERM or
///   SIGHUP too (see `SignalCleanup`). SIGXFSZ is ignored, so a file size
///   limit shows up as a write error and is cleaned up like one. Only
///   SIGKILL (or a crash of the machine) can leave `.NAME.XXXXXX` behind.
final class OutputFile {
  private let path: String
  private let target: String
  private var descriptor: Int32
  private let temporary: String?
  private var cleanupSlot: Int?
  private(set) var failure: IOFailure?

  /// `mode` is the new file's permissions (`pencilc fmt` keeps the
  /// file's own); without one, those the umask allows.
  init(path: String, mode: mode_t? = nil) throws {
    self.path = path
    var status = stat()
    if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
      guard status.st_mode & S_IFMT != S_IFDIR else {
        throw IOFailure(code: DriverCodes.unwritable, message: "cannot write '\(path)': it is a directory")
      }
      let opened = open(path, O_WRONLY | O_CLOEXEC)
      guard opened >= 0 else { throw OutputFile.failure(path) }
      descriptor = opened
      target = path
      temporary = nil
      return
    }
    let resolved = OutputFile.resolvingSymbolicLink(path)
    target = resolved
    let slash = resolved.lastIndex(of: "/")
    let directory = slash.map { String(resolved[...$0]) } ?? ""
    let name = slash.map { String(resolved[resolved.index(after: $0)...]) } ?? resolved
    var template = Array("\(directory).\(name).XXXXXX".utf8CString)
    SignalCleanup.install()
    // Made and remembered with the signals held back: one arriving between
    // the two would leave the file behind.
    let (created, temporaryPath, slot) = SignalCleanup.whileBlocked {
      let created = template.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress.map { mkstemp($0) } ?? -1
      }
      guard created >= 0 else { return (created, "", Int?.none) }
      let temporaryPath = String(cString: template)
      return (created, temporaryPath, SignalCleanup.remember(temporaryPath))
    }
    guard created >= 0 else { throw OutputFile.failure(path) }
    descriptor = created
    temporary = temporaryPath
    cleanupSlot = slot
    // mkstemp makes the file private (0600); give it the mode any new file gets.
    fchmod(descriptor, mode ?? 0o666 & ~OutputFile.creationMask)
  }

  /// The umask, read once: reading it means setting it, which other
  /// threads writing files must not see half done.
  private static let creationMask: mode_t = {
    let mask = umask(0)
    umask(mask)
    return mask
  }()

  /// Sets up what files written at once share; call on the main thread
  /// before starting the threads that write them.
  static func prepare(concurrentFiles: Int) {
    SignalCleanup.reserve(concurrentFiles)
    _ = creationMask
  }

  /// Appends bytes; after the first failure the rest is ignored and the
  /// failure reported by `commit`.
  func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard failure == nil else { return }
    do {
      try FileIO.writeAll(bytes, to: descriptor, name: "'\(path)'")
    } catch {
      failure = error as? IOFailure ?? IOFailure(code: DriverCodes.unwritable, message: "cannot write '\(path)'")
    }
  }

  /// Finishes the file: renames the temporary file over the target.
  func commit() throws {
    if let failure {
      discard()
      throw failure
    }
    guard close(descriptor) == 0 else {
      let error = OutputFile.failure(path)
      descriptor = -1
      discard()
      throw error
    }
    descriptor = -1
    guard let temporary else { return }
    guard rename(temporary, target) == 0 else {
      let error = OutputFile.failure(path)
      discard()
      throw error
    }
    SignalCleanup.forget(cleanupSlot)
    cleanupSlot = nil
  }

  /// Abandons the file: the temporary file is removed and the target untouched.
  func discard() {
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
    if let temporary { unlink(temporary) }
    SignalCleanup.forget(cleanupSlot)
    cleanupSlot = nil
  }

  private static func failure(_ path: String) -> IOFailure {
    IOFailure(code: DriverCodes.unwritable, message: "cannot write '\(path)': \(FileIO.lastError())")
  }

  /// The file a symbolic link points to (through any chain of links), or
  /// the path itself when it is not a link or the link dangles.
  private static func resolvingSymbolicLink(_ path: String) -> String {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, stat(path, &status) == 0,
      let resolved = realpath(path, nil)
    else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
