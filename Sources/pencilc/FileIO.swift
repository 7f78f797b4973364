import PencilCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed read or write, with the code the command line reports it under.
struct IOFailure: Error {
  var code: DiagnosticCode
  var message: String
}

enum FileIO {
  /// Reads a whole file, or standard input for `-`, stopping as soon as it
  /// is larger than `limit` bytes: a device such as /dev/zero or an endless
  /// pipe is refused after `limit` bytes, never read to exhaustion.
  static func read(_ path: String, limit: Int, displayName: String? = nil) throws -> [UInt8] {
    let shown = displayName ?? path
    let descriptor = path == "-" ? 0 : PathBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else {
      throw IOFailure(code: DriverCodes.unreadable, message: "cannot read '\(shown)': \(lastError())")
    }
    defer { if descriptor != 0 { close(descriptor) } }
    var status = stat()
    if fstat(descriptor, &status) == 0 {
      if status.st_mode & S_IFMT == S_IFDIR {
        throw IOFailure(code: DriverCodes.unreadable, message: "cannot read '\(shown)': it is a directory")
      }
      if status.st_mode & S_IFMT == S_IFREG, status.st_size > limit {
        throw tooLarge(shown, limit: limit)
      }
    }
    var result: [UInt8] = []
    if status.st_mode & S_IFMT == S_IFREG { result.reserveCapacity(Int(truncatingIfNeeded: status.st_size)) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw IOFailure(code: DriverCodes.unreadable, message: "cannot read '\(shown)': \(lastError())")
      }
      if count == 0 { return result }
      guard result.count + count <= limit else { throw tooLarge(shown, limit: limit) }
      result.append(contentsOf: buffer[0..<count])
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
