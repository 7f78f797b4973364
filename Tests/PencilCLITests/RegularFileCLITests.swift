import Foundation
import XCTest

/// Scenes and imports must be regular files: a FIFO or a device is refused
/// (E0409) at once, never waited on or read to the size limit; only `-`
/// reads standard input, from a pipe, bounded.
final class RegularFileCLITests: XCTestCase {
  /// Runs the binary, failing (and ending it) if it has not exited within
  /// `seconds`: a compiler that blocks is a failure, not a hung test.
  private func run(_ arguments: [String], in directory: URL, within seconds: Double = 30) throws -> RunResult {
    let process = Process()
    process.executableURL = CLI.binary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    let collected = ResultBox()
    let reader = Thread {
      collected.data = errors.fileHandleForReading.readDataToEndOfFile()
      collected.done.signal()
    }
    reader.start()
    if exited.wait(timeout: .now() + seconds) != .success {
      XCTFail("pencilc \(arguments) was still running after \(seconds) s")
      process.terminate()
      exited.wait()
    }
    collected.done.wait()
    return RunResult(
      status: process.terminationStatus, stdout: "", stderr: String(decoding: collected.data, as: UTF8.self),
      stdoutBytes: Data())
  }

  func testAnImportedFIFOIsRefusedWithoutBlocking() throws {
    let directory = try CLI.temporaryDirectory()
    XCTAssertEqual(mkfifo(directory.appendingPathComponent("pipe.pencil").path, 0o600), 0)
    try Data("import \"pipe.pencil\"\nrect size 1x1\n".utf8).write(to: directory.appendingPathComponent("scene.pencil"))
    let result = try run(["--check", "--diagnostic-format", "short", "scene.pencil"], in: directory)
    XCTAssertEqual(result.status, 1, result.stderr)
    XCTAssertTrue(
      result.stderr.contains(
        "scene.pencil:1:8: error: cannot import 'pipe.pencil': it is a FIFO (named pipe), not a regular file [E0409]"),
      result.stderr)
  }

  func testASceneThatIsAFIFOOrADeviceIsRefused() throws {
    let directory = try CLI.temporaryDirectory()
    XCTAssertEqual(mkfifo(directory.appendingPathComponent("scene.pencil").path, 0o600), 0)
    for scene in ["scene.pencil", "/dev/zero"] {
      let result = try run(["--check", scene], in: directory)
      XCTAssertEqual(result.status, 1, result.stderr)
      XCTAssertTrue(
        result.stderr.contains("not a regular file; use '-' to compile standard input [E0409]"), result.stderr)
    }
    XCTAssertEqual(try CLI.run(["explain", "E0409"]).status, 0)
  }

  /// Each spelling of /dev/zero used to be read to the 128 MiB limit
  /// (40 of them: 5 GiB); the first 50 errors are printed.
  func testImportsOfDevicesCostNothing() throws {
    let directory = try CLI.temporaryDirectory()
    let spellings = (0..<40).map { "import \"/dev/\(String(repeating: "./", count: $0))zero\"\n" }
    try Data((spellings.joined() + "rect size 1x1\n").utf8).write(to: directory.appendingPathComponent("scene.pencil"))
    let started = Date()
    let result = try run(["--check", "--diagnostic-format", "short", "scene.pencil"], in: directory)
    XCTAssertLessThan(Date().timeIntervalSince(started), 20)
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stderr.components(separatedBy: "[E0409]").count - 1, 40, result.stderr)
  }

  /// `-` is the documented way to compile what a program prints.
  func testStandardInputIsStillReadFromAPipe() throws {
    let result = try CLI.run(["--check", "-"], stdin: "rect size 1x1\n")
    XCTAssertEqual(result.status, 0, result.stderr)
  }
}

// Unchecked: the reading thread sets `data`, then signals `done`, which the test waits for first.
private final class ResultBox: @unchecked Sendable {
  var data = Data()
  let done = DispatchSemaphore(value: 0)
}
