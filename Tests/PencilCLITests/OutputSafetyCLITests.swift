import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// How the built `pencilc` reads its input and writes `-o`: bounded reads,
/// exclusive temporary files, devices written in place, nothing left behind.
final class OutputSafetyCLITests: XCTestCase {
  let rainbow = "samples/rainbow-pencils.pencil"

  private func leftovers(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }
  }

  func testDevicesAreWrittenInPlace() throws {
    let null = try CLI.run([rainbow, "-o", "/dev/null"])
    XCTAssertEqual(null.status, 0, null.stderr)
    var status = stat()
    XCTAssertEqual(stat("/dev/null", &status), 0)
    XCTAssertEqual(status.st_mode & S_IFMT, S_IFCHR, "/dev/null must still be a device")
    let stdout = try CLI.run([rainbow, "-o", "/dev/stdout"])
    XCTAssertEqual(stdout.status, 0, stdout.stderr)
    XCTAssertTrue(stdout.stdout.hasPrefix("<?xml"), stdout.stdout)
    let png = try CLI.run([rainbow, "-o", "/dev/null", "-f", "png"])
    XCTAssertEqual(png.status, 0, png.stderr)
  }

  /// A symbolic link is followed: its target is replaced, the link kept,
  /// and the new file gets the mode the umask allows.
  func testLinksAreFollowedAndModesFollowTheUmask() throws {
    let directory = try CLI.temporaryDirectory()
    let target = directory.appendingPathComponent("real.svg")
    try Data("old".utf8).write(to: target)
    let link = directory.appendingPathComponent("link.svg")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let previous = umask(0o027)
    defer { umask(previous) }
    let result = try CLI.run([rainbow, "-o", link.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), target.path)
    XCTAssertTrue(try String(contentsOf: target, encoding: .utf8).hasPrefix("<?xml"))
    let fresh = directory.appendingPathComponent("fresh.svg")
    XCTAssertEqual(try CLI.run([rainbow, "-o", fresh.path]).status, 0)
    let mode = try FileManager.default.attributesOfItem(atPath: fresh.path)[.posixPermissions] as? Int
    XCTAssertEqual(mode, 0o640)
    XCTAssertEqual(try leftovers(in: directory), [])
  }

  /// A write that fails part-way (here at a 1 KiB file size limit) leaves
  /// neither the target nor a temporary file, and says why.
  func testFailedWritesLeaveNothingBehind() throws {
    let directory = try CLI.temporaryDirectory()
    let output = directory.appendingPathComponent("out.svg")
    let binary = CLI.binary.path
    let result = try CLI.run(
      [
        "-c", "ulimit -f 1; exec \"$0\" \"$1\" -o \"$2\"", binary, CLI.root.appendingPathComponent(rainbow).path,
        output.path,
      ],
      executable: URL(fileURLWithPath: "/bin/sh"))
    XCTAssertEqual(result.status, 2, result.stderr)
    XCTAssertTrue(result.stderr.contains("[E0404]"), result.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
    XCTAssertEqual(try leftovers(in: directory), [])
    let missing = try CLI.run([rainbow, "-o", directory.appendingPathComponent("no/such/dir.svg").path])
    XCTAssertEqual(missing.status, 2)
    XCTAssertTrue(missing.stderr.contains("[E0404]"), missing.stderr)
  }

  /// Endless input is refused: a device at once (E0409, not a regular
  /// file), standard input from a pipe at the limit instead of filling
  /// memory.
  func testInputIsBounded() throws {
    let device = try CLI.run(["/dev/zero", "--check"])
    XCTAssertEqual(device.status, 1)
    XCTAssertTrue(device.stderr.contains("[E0409]"), device.stderr)
    let result = try CLI.run(
      ["-c", "head -c 140000000 /dev/zero | '\(CLI.binary.path)' --check -"],
      executable: URL(fileURLWithPath: "/bin/sh"))
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("larger than 128 MiB"), result.stderr)
    XCTAssertTrue(result.stderr.contains("[E0403]"), result.stderr)
    let directory = try CLI.run(["/tmp", "--check"])
    XCTAssertEqual(directory.status, 2)
    XCTAssertTrue(directory.stderr.contains("[E0402]"), directory.stderr)
  }

  /// Standard output stays JSON Lines, ending in a summary, whatever fails.
  func testJSONModeReportsEveryFailureAsJSON() throws {
    for arguments in [
      ["--diagnostic-format", "json", "--bogus"], ["--diagnostic-format=json"],
      ["--diagnostic-format", "json", "missing.pencil"], ["--diagnostic-format", "json", "--scale", "0", rainbow],
      ["--diagnostic-format", "json", rainbow, "-o", "/no/such/dir/x.svg"],
    ] {
      let result = try CLI.run(arguments)
      XCTAssertEqual(result.status, 2, "\(arguments)")
      let lines = result.stdout.split(separator: "\n")
      XCTAssertGreaterThanOrEqual(lines.count, 2, "\(arguments): \(result.stdout)")
      let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
      XCTAssertEqual(objects.first?["type"] as? String, "failure", "\(arguments)")
      XCTAssertNotNil((objects.first?["code"] as? String)?.range(of: "^E040[1-4]$", options: .regularExpression))
      XCTAssertEqual(objects.last?["type"] as? String, "summary")
      XCTAssertEqual(objects.last?["errors"] as? Int, 1)
      XCTAssertEqual(result.stderr, "", "\(arguments)")
    }
  }

  /// An output beside its input, a path the user did not type, never
  /// follows a symbolic link planted there (`a.svg -> ~/.bashrc` in a
  /// cloned repository) nor writes into a FIFO or device: it is refused
  /// with E0406, and the other inputs are still compiled.
  func testOutputsBesideInputsRefuseLinksAndSpecialFiles() throws {
    let directory = try CLI.temporaryDirectory()
    let scene = try String(contentsOf: CLI.root.appendingPathComponent(rainbow), encoding: .utf8)
    for name in ["a", "b", "c"] {
      try scene.write(to: directory.appendingPathComponent("\(name).pencil"), atomically: true, encoding: .utf8)
    }
    let victim = directory.appendingPathComponent("bashrc")
    try Data("export KEPT=1\n".utf8).write(to: victim)
    try FileManager.default.createSymbolicLink(
      atPath: directory.appendingPathComponent("a.svg").path, withDestinationPath: "bashrc")
    XCTAssertEqual(mkfifo(directory.appendingPathComponent("c.svg").path, 0o644), 0)
    let result = try CLI.run(["a.pencil", "b.pencil", "c.pencil"], in: directory)
    XCTAssertEqual(result.status, 2, result.stderr)
    XCTAssertTrue(result.stderr.contains("'a.svg': it is a symbolic link"), result.stderr)
    XCTAssertTrue(result.stderr.contains("'c.svg': it is not a regular file"), result.stderr)
    XCTAssertEqual(result.stderr.components(separatedBy: "[E0406]").count, 3, result.stderr)
    XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "export KEPT=1\n")
    XCTAssertEqual(
      try FileManager.default.destinationOfSymbolicLink(atPath: directory.appendingPath("a.svg")), "bashrc")
    XCTAssertTrue(try String(contentsOf: directory.appendingPathComponent("b.svg"), encoding: .utf8).hasPrefix("<?xml"))
    // The syntax tree beside its input too.
    let ast = try CLI.run(["--emit", "ast", "a.pencil", "b.pencil"], in: directory)
    XCTAssertEqual(ast.status, 0, ast.stderr)
    try FileManager.default.removeItem(at: directory.appendingPathComponent("a.ast"))
    try FileManager.default.createSymbolicLink(
      atPath: directory.appendingPathComponent("a.ast").path, withDestinationPath: "bashrc")
    let refused = try CLI.run(["--emit", "ast", "a.pencil", "b.pencil"], in: directory)
    XCTAssertTrue(refused.stderr.contains("[E0406]"), refused.stderr)
    XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "export KEPT=1\n")
    XCTAssertEqual(try leftovers(in: directory), [])
    XCTAssertEqual(try CLI.run(["explain", "E0406"]).status, 0)
  }

  /// `-o` over an existing file keeps that file's permissions.
  func testReplacingAFileKeepsItsMode() throws {
    let directory = try CLI.temporaryDirectory()
    let output = directory.appendingPathComponent("out.svg")
    try Data("old".utf8).write(to: output)
    XCTAssertEqual(chmod(output.path, 0o600), 0)
    let result = try CLI.run([rainbow, "-o", output.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(try String(contentsOf: output, encoding: .utf8).hasPrefix("<?xml"))
    XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: output.path)[.posixPermissions] as? Int, 0o600)
  }
}

extension URL {
  fileprivate func appendingPath(_ name: String) -> String { appendingPathComponent(name).path }
}
