import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// `-j N`: several inputs compiled at once print, write and exit exactly
/// as `-j 1` does, whatever order the jobs finish in.
final class ParallelCLITests: XCTestCase {
  let broken = "rect at 0,0 size 10x10 fill=salmn\npencil color=#ggg at 0,0 size 10x40\n"

  /// A folder with every sample (their imports too), a file with errors
  /// and one with warnings; the inputs name the broken file early so that
  /// later jobs finish before it is printed.
  private func workspace() throws -> (URL, [String]) {
    let directory = try CLI.temporaryDirectory()
    let samples = directory.appendingPathComponent("samples")
    try FileManager.default.copyItem(at: CLI.root.appendingPathComponent("samples"), to: samples)
    try Data(broken.utf8).write(to: samples.appendingPathComponent("broken.pencil"))
    try FileManager.default.copyItem(
      at: CLI.root.appendingPathComponent("Tests/PencilCoreTests/Fixtures/diagnostics/warnings.pencil"),
      to: samples.appendingPathComponent("warnings.pencil"))
    let names = try FileManager.default.contentsOfDirectory(atPath: samples.path).filter { $0.hasSuffix(".pencil") }
      .sorted()
    let inputs = ["samples/broken.pencil", "samples/warnings.pencil"] + names.map { "samples/" + $0 }
    return (directory, inputs)
  }

  /// Every file under `directory`, by relative path, with its bytes.
  private func files(in directory: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: directory.path)
    while let path = enumerator?.nextObject() as? String {
      let url = directory.appendingPathComponent(path)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
        result[path] = try Data(contentsOf: url)
      }
    }
    return result
  }

  /// Runs the same command with `-j 1` and with more jobs, each in a fresh
  /// copy of the workspace, and compares status, both streams and every file.
  private func assertSameForAnyJobCount(
    _ flags: [String], stdin: String? = nil, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    var first: (RunResult, [String: Data])? = nil
    for jobs in ["1", "2", "4"] {
      let (directory, inputs) = try workspace()
      var arguments = ["-j", jobs] + flags + inputs
      // The same file twice, and standard input between the others.
      arguments += ["samples/broken.pencil"] + (stdin == nil ? [] : ["-"])
      let result = try CLI.run(arguments, stdin: stdin, in: directory)
      let written = try files(in: directory)
      guard let (expected, expectedFiles) = first else {
        first = (result, written)
        continue
      }
      XCTAssertEqual(result.status, expected.status, "-j \(jobs) \(flags)", file: file, line: line)
      XCTAssertEqual(result.stderr, expected.stderr, "-j \(jobs) \(flags)", file: file, line: line)
      XCTAssertEqual(result.stdoutBytes, expected.stdoutBytes, "-j \(jobs) \(flags)", file: file, line: line)
      XCTAssertEqual(written.keys.sorted(), expectedFiles.keys.sorted(), "-j \(jobs) \(flags)", file: file, line: line)
      for (path, bytes) in expectedFiles where written[path] != bytes {
        XCTFail("-j \(jobs) \(flags): \(path) differs", file: file, line: line)
      }
    }
    let (expected, _) = try XCTUnwrap(first)
    XCTAssertEqual(expected.status, 1, "the broken file fails the run", file: file, line: line)
  }

  func testParallelRunsPrintAndWriteWhatOneJobDoes() throws {
    try assertSameForAnyJobCount(["--diagnostic-format", "short"])
    try assertSameForAnyJobCount(["--diagnostic-format", "human", "-f", "png"])
  }

  func testStandardInputAmongInputs() throws {
    let scene = "canvas 50x50\nrect at 0,0 size 10x10 fill=red\ngradient g rgb top to bottom { stop red }\n"
    try assertSameForAnyJobCount(["--diagnostic-format", "short"], stdin: scene)
    let (directory, _) = try workspace()
    let result = try CLI.run(
      ["-j", "3", "samples/broken.pencil", "-", "samples/flow.pencil", "--stdin-filename", "piped.pencil"],
      stdin: scene, in: directory)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stdout.hasPrefix("<?xml"), "standard input's picture goes to standard output")
    let lines = result.stderr.split(separator: "\n")
    XCTAssertEqual(lines.count, 3, result.stderr)
    XCTAssertTrue(lines.last?.hasPrefix("piped.pencil:3:10: warning:") ?? false, result.stderr)
  }

  func testJSONIsOneStreamWithOneSummary() throws {
    try assertSameForAnyJobCount(["--diagnostic-format", "json", "--check"])
    let (directory, inputs) = try workspace()
    let result = try CLI.run(["-j", "4", "--diagnostic-format=json"] + inputs, in: directory)
    XCTAssertEqual(result.status, 1)
    var counts: [String: Int] = [:]
    var summaries: [[String: Any]] = []
    for line in result.stdout.split(separator: "\n") {
      let record = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      if record["type"] as? String == "summary" {
        summaries.append(record)
      } else {
        XCTAssertTrue(summaries.isEmpty, "the summary comes last")
        counts[record["severity"] as? String ?? "", default: 0] += 1
      }
    }
    XCTAssertEqual(summaries.count, 1)
    let summary = try XCTUnwrap(summaries.first)
    XCTAssertEqual(summary["files"] as? Int, inputs.count)
    XCTAssertEqual(summary["errors"] as? Int, counts["error"] ?? 0)
    XCTAssertEqual(summary["warnings"] as? Int, counts["warning"] ?? 0)
    XCTAssertEqual(counts["error"], 4, "the broken file is named twice")
    XCTAssertGreaterThan(counts["warning"] ?? 0, 3)
  }

  /// `a.pencil` and `a` both write `a.svg`: the later input's picture wins,
  /// as with one job.
  func testInputsWritingOneOutputFinishInOrder() throws {
    let directory = try CLI.temporaryDirectory()
    try Data("canvas 10x10\nrect at 0,0 size 5x5 fill=red\n".utf8).write(
      to: directory.appendingPathComponent("a.pencil"))
    try Data("canvas 10x10\nrect at 0,0 size 5x5 fill=blue\n".utf8).write(to: directory.appendingPathComponent("a"))
    for _ in 0..<3 {
      let result = try CLI.run(["-j", "2", "a.pencil", "a"], in: directory)
      XCTAssertEqual(result.status, 0, result.stderr)
      let svg = try String(contentsOf: directory.appendingPathComponent("a.svg"), encoding: .utf8)
      XCTAssertTrue(svg.contains("blue") || svg.contains("#0000ff") || svg.contains("#00f"), svg)
    }
  }

  func testJobCountsAreChecked() throws {
    for arguments in [["-j", "0"], ["-j", "two"], ["--jobs=-3"], ["-j0"], ["-j", "1.5"]] {
      let result = try CLI.run(arguments + ["samples/flow.pencil"])
      XCTAssertEqual(result.status, 2, "\(arguments)")
      XCTAssertTrue(result.stderr.contains("takes a whole number of jobs, at least 1"), result.stderr)
    }
    let missing = try CLI.run(["samples/flow.pencil", "-j"])
    XCTAssertEqual(missing.status, 2)
    XCTAssertTrue(missing.stderr.contains("-j needs a value"), missing.stderr)
    let json = try CLI.run(["-j", "0", "--diagnostic-format", "json", "samples/flow.pencil"])
    XCTAssertEqual(json.status, 2)
    XCTAssertTrue(json.stdout.contains("\"type\":\"summary\""), json.stdout)
    XCTAssertTrue(try CLI.run(["--help"]).stdout.contains("-j, --jobs N"))
  }

  /// SIGTERM while two pictures are being written removes both temporary
  /// files, not only the last one made.
  func testInterruptRemovesEveryTemporaryFile() throws {
    let directory = try CLI.temporaryDirectory()
    var scene = "canvas 1000x1000 background=white\ngradient g rgb top to bottom { stop red; stop blue }\n"
    for index in 0..<40 {
      scene += "ellipse at \(index * 37 % 900),\(index * 53 % 900) size 300x200 gradient=g rotation=\(index)\n"
    }
    for name in ["one", "two"] {
      try Data(scene.utf8).write(to: directory.appendingPathComponent("\(name).pencil"))
    }
    let process = Process()
    process.executableURL = CLI.binary
    process.arguments = ["-j", "2", "-f", "png", "one.pencil", "two.pencil"]
    process.currentDirectoryURL = directory
    try process.run()
    let temporary = { try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") } }
    let deadline = Date().addingTimeInterval(60)
    while process.isRunning, try temporary().count < 2, Date() < deadline { usleep(2000) }
    guard process.isRunning, try temporary().count == 2 else {
      process.waitUntilExit()
      throw XCTSkip("the pictures were written before both temporary files were seen")
    }
    process.terminate()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationReason, .uncaughtSignal)
    XCTAssertEqual(process.terminationStatus, SIGTERM)
    XCTAssertEqual(try temporary(), [])
  }

  /// SIGTERM as soon as the first temporary file shows, ten times: the
  /// other job may be between making its file and remembering it, and the
  /// signal, handled by another thread, must wait for it.
  func testInterruptWhileAFileIsBeingMadeLeavesNone() throws {
    let directory = try CLI.temporaryDirectory()
    var scene = "canvas 1000x1000 background=white\n"
    for index in 0..<40 { scene += "ellipse at \(index * 37 % 900),\(index * 53 % 900) size 300x200 fill=red\n" }
    let names = (0..<8).map { "p\($0)" }
    for name in names { try Data(scene.utf8).write(to: directory.appendingPathComponent("\(name).pencil")) }
    let temporary = { try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") } }
    var interrupted = 0
    for round in 0..<10 {
      let process = Process()
      process.executableURL = CLI.binary
      process.arguments = ["-j", "4", "-f", "png"] + names.map { "\($0).pencil" }
      process.currentDirectoryURL = directory
      try process.run()
      // Polled until a temporary file shows (the state wanted), or the
      // pictures are written, or a generous deadline passes.
      let deadline = Date().addingTimeInterval(60)
      while process.isRunning, try temporary().isEmpty, Date() < deadline { usleep(200) }
      let midWrite = try process.isRunning && !temporary().isEmpty
      process.terminate()
      process.waitUntilExit()
      if midWrite, process.terminationReason == .uncaughtSignal {
        XCTAssertEqual(process.terminationStatus, SIGTERM, "round \(round)")
        interrupted += 1
      }
      XCTAssertEqual(try temporary(), [], "round \(round)")
    }
    // Eight 1000×1000 pictures take far longer to write than a poll: a
    // round that finished before its signal would test nothing.
    XCTAssertGreaterThan(interrupted, 0, "no round was interrupted while writing")
  }
}
