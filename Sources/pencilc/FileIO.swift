import PencilDiagnostics
import PencilWorld

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed read or write, with the code the command line reports it under.
struct IOFailure: Error {
  var code: DiagnosticCode
  var message: String

  /// A problem of the input (too large, not a regular file) is status 1;
  /// one of the environment (missing, unwritable) is 2.
  var exitStatus: Int32 { code == DriverCodes.inputTooLarge || code == DriverCodes.notRegularFile ? 1 : 2 }
}

enum FileIO {
  /// Reads a whole file, or standard input for `-`, stopping as soon as it
  /// is larger than `limit` bytes. A path must name a regular file
  /// (`RegularFileReader`): a FIFO or a device is refused (E0409) without
  /// waiting on it; only `-` reads a pipe, and an endless one is refused
  /// after `limit` bytes, never read to exhaustion.
  static func read(_ path: String, limit: Int, displayName: String? = nil) throws -> [UInt8] {
    let shown = displayName ?? path
    guard path == "-" else {
      let opening = { PathBytes.withCString(path) { open($0, RegularFileReader.openFlags) } }
      switch RegularFileReader.read(opening: opening, limit: limit) {
      case .success(let contents): return contents.bytes ?? []
      case .failure(let failure):
        let message =
          failure.code == DriverCodes.inputTooLarge
          ? tooLarge(shown, limit: limit).message
          : failure.code == DriverCodes.notRegularFile
            ? "cannot read '\(shown)': \(failure.reason); use '-' to compile standard input"
            : "cannot read '\(shown)': \(failure.reason)"
        throw IOFailure(code: failure.code, message: message)
      }
    }
    switch RegularFileReader.readToEnd(0, limit: limit) {
    case .success(let bytes): return bytes
    case .failure(let failure):
      guard failure.code != DriverCodes.inputTooLarge else { throw tooLarge(shown, limit: limit) }
      throw IOFailure(code: failure.code, message: "cannot read '\(shown)': \(failure.reason)")
    }
  }

  private static func tooLarge(_ path: String, limit: Int) -> IOFailure {
    IOFailure(
      code: DriverCodes.inputTooLarge,
      message: "'\(path)' is larger than \(limit >> 20) MiB, the most pencilc compiles; nothing was read past that")
  }

  static func writeStandardOutput(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBufferPointer { try writeAll($0, to: 1, name: "standard output") }
  }

  /// Messages show a file name that is not UTF-8 with U+FFFD (`PathBytes`).
  static func writeStandardError(_ text: String) {
    var text = PathBytes.shown(text)
    text.withUTF8 { try? writeAll($0, to: 2, name: "standard error") }
  }

  static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32, name: String) throws {
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        if errno == EPIPE { SignalCleanup.brokenPipe() }
        throw IOFailure(code: DriverCodes.unwritable, message: "cannot write \(name): \(lastError())")
      }
      offset += written
    }
  }

  static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// The width of the terminal on standard output, if it is one.
  static func terminalColumns() -> Int? {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

  /// The absolute path of the working directory, nil when it cannot be
  /// told (removed, or longer than PATH_MAX).
  static func workingDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  static func lastError() -> String { String(cString: strerror(errno)) }
}
