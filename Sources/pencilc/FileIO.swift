#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct IOFailure: Error {
  var message: String
}

enum FileIO {
  static func read(_ path: String) throws -> [UInt8] {
    let descriptor = path == "-" ? 0 : open(path, O_RDONLY)
    guard descriptor >= 0 else { throw IOFailure(message: "cannot read '\(path)': \(lastError())") }
    defer { if descriptor != 0 { close(descriptor) } }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw IOFailure(message: "cannot read '\(path)': \(lastError())")
      }
      if count == 0 { return result }
      result.append(contentsOf: buffer[0..<count])
    }
  }

  /// Writes the whole file or nothing: the bytes go to a temporary file in
  /// the same directory, which is then renamed over the target.
  static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = "\(directory).\(name).tmp-\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw IOFailure(message: "cannot write '\(path)': \(lastError())") }
    do {
      try writeAll(bytes, to: descriptor, name: path)
      guard close(descriptor) == 0 else { throw IOFailure(message: "cannot write '\(path)': \(lastError())") }
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    guard rename(temporary, path) == 0 else {
      let message = lastError()
      unlink(temporary)
      throw IOFailure(message: "cannot write '\(path)': \(message)")
    }
  }

  static func writeStandardOutput(_ bytes: [UInt8]) throws {
    try writeAll(bytes, to: 1, name: "standard output")
  }

  static func writeStandardError(_ text: String) {
    try? writeAll(Array(text.utf8), to: 2, name: "standard error")
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, name: String) throws {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw IOFailure(message: "cannot write \(name): \(lastError())")
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

  private static func lastError() -> String { String(cString: strerror(errno)) }
}
