import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `pencilc` in the background and waits for the state a test needs,
/// polling up to a generous deadline instead of sleeping a fixed time.
enum Background {
  /// Waits until `condition` holds, checking every few milliseconds, for up
  /// to `seconds`; true when it held.
  static func wait(seconds: Double = 120, until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      usleep(2_000)
    }
    return condition()
  }

  /// Starts the built `pencilc` with standard output and error discarded.
  static func start(_ arguments: [String], in directory: URL) throws -> Process {
    let process = Process()
    process.executableURL = CLI.binary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// The names in `directory` that start with a dot: temporary outputs.
  static func hiddenFiles(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasPrefix(".") }
  }

  /// Runs a shell script with `$0` the built pencilc and `$1` the rainbow
  /// sample; the script's standard output, error and status.
  static func shell(_ script: String, in directory: URL, arguments: [String] = []) throws -> RunResult {
    try CLI.run(
      ["-c", script, CLI.binary.path, CLI.root.appendingPathComponent("samples/rainbow-pencils.pencil").path]
        + arguments,
      in: directory, executable: URL(fileURLWithPath: "/bin/bash"))
  }
}
