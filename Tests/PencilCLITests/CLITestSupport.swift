import Foundation
import XCTest

struct RunResult {
  var status: Int32
  var stdout: String
  var stderr: String
  /// Standard output as bytes, for binary formats.
  var stdoutBytes: Data
}

enum CLI {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The `pencilc` built beside this test bundle.
  static var binary: URL {
    let candidates = [
      Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
    ]
    for directory in candidates {
      let url = directory.appendingPathComponent("pencilc")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return root.appendingPathComponent(".build/debug/pencilc")
  }

  static func run(
    _ arguments: [String], stdin: String? = nil, in directory: URL? = nil, executable: URL? = nil
  ) throws -> RunResult {
    let process = Process()
    process.executableURL = executable ?? binary
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? root
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = input
    try process.run()
    if let stdin {
      // A child that exits before reading its input (`--watch -` is refused
      // at once) has closed the pipe by the time the input is written, the
      // sooner the faster pencilc starts: the write must then fail with
      // EPIPE, not end the whole test process with SIGPIPE. Only while it
      // writes: a child inherits an ignored signal, and the child here is
      // already running with the default (the signal tests need it).
      let previous = signal(SIGPIPE, SIG_IGN)
      defer { signal(SIGPIPE, previous) }
      // What the child did not read is its own business: its status and
      // output are what a test checks.
      try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
    }
    try input.fileHandleForWriting.close()
    // Read both pipes before waiting so a large output cannot block the child.
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RunResult(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self), stdoutBytes: outData)
  }

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("pencilc-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
