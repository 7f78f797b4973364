import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// `pencilc fmt` on the built binary: in place, `--check`, standard input,
/// files with syntax errors and files that cannot be read.
final class FormatCLITests: XCTestCase {
  private let messy = "canvas 100x100\nrect   at 1 , 2 size 3x3 fill = red;rect\n"
  private let tidy = "canvas 100x100\nrect at 1,2 size 3x3 fill=red\nrect\n"

  private func write(_ text: String, _ name: String, in directory: URL) throws -> URL {
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url
  }

  private func read(_ url: URL) throws -> String { String(decoding: try Data(contentsOf: url), as: UTF8.self) }

  func testRewritesInPlaceKeepingPermissions() throws {
    let directory = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = try write(messy, "scene.pencil", in: directory)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
    let result = try CLI.run(["fmt", file.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stdout, "")
    XCTAssertEqual(try read(file), tidy)
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
    XCTAssertEqual(mode, 0o640)
    // The temporary file was renamed over the file: nothing else is left.
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["scene.pencil"])
  }

  func testFormattedFileIsNotTouched() throws {
    let directory = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = try write(tidy, "scene.pencil", in: directory)
    let past = Date(timeIntervalSince1970: 1_000_000_000)
    try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file.path)
    let result = try CLI.run(["fmt", file.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
    XCTAssertEqual(modified, past)
  }

  func testCheckListsFilesThatWouldChange() throws {
    let directory = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let formatted = try write(tidy, "a.pencil", in: directory)
    let unformatted = try write(messy, "b.pencil", in: directory)
    var result = try CLI.run(["fmt", "--check", "a.pencil", "b.pencil"], in: directory)
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stdout, "b.pencil\n")
    XCTAssertEqual(try read(unformatted), messy, "--check changes nothing")
    result = try CLI.run(["fmt", "--check", formatted.path])
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.stdout, "")
  }

  func testStandardInputToStandardOutput() throws {
    let result = try CLI.run(["fmt", "-"], stdin: messy)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stdout, tidy)
    let check = try CLI.run(["fmt", "--check", "-"], stdin: messy)
    XCTAssertEqual(check.status, 1)
    XCTAssertEqual(check.stdout, "<stdin>\n")
  }

  func testSyntaxErrorsAreReportedAndNothingChanges() throws {
    let directory = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let broken = "rect   at 1 2\n"
    let file = try write(broken, "broken.pencil", in: directory)
    let result = try CLI.run(["fmt", "broken.pencil"], in: directory)
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(try read(file), broken)
    // The same diagnostics as the compiler's, in the same format.
    let compiled = try CLI.run(["--check", "broken.pencil"], in: directory)
    XCTAssertEqual(result.stderr, compiled.stderr)
    XCTAssertTrue(result.stderr.contains("broken.pencil:1:13: error:"), result.stderr)
    let json = try CLI.run(["fmt", "--diagnostic-format", "json", "-"], stdin: broken)
    XCTAssertEqual(json.status, 1)
    XCTAssertTrue(json.stdout.contains("\"E0102\""), json.stdout)
  }

  func testUnreadableFilesExitWithTwo() throws {
    let directory = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = try write(messy, "b.pencil", in: directory)
    let result = try CLI.run(["fmt", "missing.pencil", "b.pencil"], in: directory)
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(result.stderr.contains("E0402"), result.stderr)
    XCTAssertEqual(try read(file), tidy, "the other files are still formatted")
    let folder = try CLI.run(["fmt", directory.path])
    XCTAssertEqual(folder.status, 2)
    XCTAssertTrue(folder.stderr.contains("is a directory"), folder.stderr)
  }

  func testInputsOverTheSizeLimitAreRefused() throws {
    // A device is not a regular file: refused at once, as the compiler does.
    let device = try CLI.run(["fmt", "/dev/zero"])
    XCTAssertNotEqual(device.status, 0)
    XCTAssertTrue(device.stderr.contains("E0409"), device.stderr)
    XCTAssertEqual(device.stdout, "")
    // Standard input is read up to the compiler's 128 MiB limit, then
    // refused as it refuses them.
    let result = try CLI.run(
      ["-c", "head -c 140000000 /dev/zero | '\(CLI.binary.path)' fmt -"], executable: URL(fileURLWithPath: "/bin/sh"))
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("E0403"), result.stderr)
    XCTAssertEqual(result.stdout, "")
  }

  func testSymbolicLinksAreFollowed() throws {
    let directory = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = try write(messy, "scene.pencil", in: directory)
    let link = directory.appendingPathComponent("link.pencil")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
    let result = try CLI.run(["fmt", link.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(try read(file), tidy)
    XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), file.path)
  }

  func testUsageAndAFileNamedFmt() throws {
    let directory = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try write("canvas 10x10\n", "fmt", in: directory)
    let compiled = try CLI.run(["--check", "./fmt"], in: directory)
    XCTAssertEqual(compiled.status, 0, compiled.stderr)
    let bare = try CLI.run(["fmt"], in: directory)
    XCTAssertEqual(bare.status, 2)
    XCTAssertTrue(bare.stderr.contains("./fmt"), bare.stderr)
    let unknown = try CLI.run(["fmt", "--scale", "2", "x.pencil"], in: directory)
    XCTAssertEqual(unknown.status, 2)
    for arguments in [["--help"], ["fmt", "--help"]] {
      let help = try CLI.run(arguments)
      XCTAssertEqual(help.status, 0)
      XCTAssertTrue(help.stdout.contains("pencilc fmt [--check] FILE...|-"), help.stdout)
      XCTAssertTrue(help.stdout.contains("./fmt"), help.stdout)
    }
  }

  /// One SARIF log for the run, as `pencilc --diagnostic-format sarif`
  /// writes: one `run`, the refused files' syntax errors in input order,
  /// an unreadable file as a notification; the `--check` list is on
  /// standard error, so standard output is the log alone.
  func testSARIFIsOneLogForTheRun() throws {
    let directory = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try write("rect fill=(\n", "a.pencil", in: directory)
    _ = try write("vstack {\n", "b.pencil", in: directory)
    _ = try write(messy, "c.pencil", in: directory)
    let arguments = [
      "fmt", "--check", "--diagnostic-format", "sarif", "a.pencil", "missing.pencil", "b.pencil", "c.pencil",
    ]
    let result = try CLI.run(arguments, in: directory)
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(result.stderr, "c.pencil\n")
    let log = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any], result.stdout)
    let runs = try XCTUnwrap(log["runs"] as? [[String: Any]])
    XCTAssertEqual(runs.count, 1)
    let results = runs[0]["results"] as? [[String: Any]] ?? []
    let uris = results.map {
      (((($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"]
        as? [String: Any])?["uri"] as? String) ?? ""
    }
    XCTAssertEqual(Set(uris), ["a.pencil", "b.pencil"])
    XCTAssertEqual(uris.first, "a.pencil")
    let invocation = try XCTUnwrap((runs[0]["invocations"] as? [[String: Any]])?.first)
    XCTAssertEqual(invocation["exitCode"] as? Int, 2)
    let notifications = invocation["toolExecutionNotifications"] as? [[String: Any]] ?? []
    XCTAssertEqual(notifications.compactMap { ($0["descriptor"] as? [String: Any])?["id"] as? String }, ["E0402"])
    // Formatted text and the log cannot share standard output.
    let stdin = try CLI.run(["fmt", "--diagnostic-format", "sarif", "-"], stdin: messy)
    XCTAssertEqual(stdin.status, 2)
    let refused = try XCTUnwrap(JSONSerialization.jsonObject(with: stdin.stdoutBytes) as? [String: Any], stdin.stdout)
    XCTAssertTrue("\(refused)".contains("E0401"), "\(refused)")
  }

  private func status(_ url: URL) -> stat {
    var status = stat()
    XCTAssertEqual(stat(url.path, &status), 0, url.path)
    return status
  }

  /// The file keeps its owner and group (given back with fchown when
  /// pencilc runs as root), and its mode, setgid bit included.
  func testRewritingKeepsOwnerAndMode() throws {
    let directory = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = try write(messy, "scene.pencil", in: directory)
    let root = geteuid() == 0
    if root { XCTAssertEqual(chown(file.path, 1234, 5678), 0) }
    XCTAssertEqual(chmod(file.path, 0o2640), 0)
    let before = status(file)
    let result = try CLI.run(["fmt", file.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(try read(file), tidy)
    let after = status(file)
    XCTAssertEqual(after.st_mode & 0o7777, 0o2640)
    XCTAssertEqual(after.st_uid, before.st_uid)
    XCTAssertEqual(after.st_gid, before.st_gid)
  }

  /// A file with several names stays one file: every name sees the
  /// formatted text (it is written in place, not replaced).
  func testRewritingKeepsHardLinks() throws {
    let directory = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = try write(messy + "// a longer tail than the formatted text keeps\n", "scene.pencil", in: directory)
    let other = directory.appendingPathComponent("other.pencil")
    XCTAssertEqual(link(file.path, other.path), 0)
    let result = try CLI.run(["fmt", file.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(try read(other), try read(file))
    let formatted = try read(other)
    XCTAssertTrue(formatted.hasPrefix(tidy), formatted)
    XCTAssertEqual(status(file).st_ino, status(other).st_ino)
    XCTAssertEqual(status(file).st_nlink, 2)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), ["other.pencil", "scene.pencil"])
  }

  /// A read-only file is refused (E0407), even by root, who could write
  /// it: its mode says it is not to be changed. `--check` still reads it.
  func testAReadOnlyFileIsRefused() throws {
    let directory = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = try write(messy, "scene.pencil", in: directory)
    XCTAssertEqual(chmod(file.path, 0o444), 0)
    let result = try CLI.run(["fmt", file.path])
    XCTAssertEqual(result.status, 2, result.stderr)
    XCTAssertTrue(result.stderr.contains("is read-only"), result.stderr)
    XCTAssertTrue(result.stderr.contains("[E0407]"), result.stderr)
    XCTAssertEqual(try read(file), messy)
    XCTAssertEqual(status(file).st_mode & 0o7777, 0o444)
    XCTAssertEqual(try CLI.run(["fmt", "--check", file.path]).status, 1)
    XCTAssertEqual(try CLI.run(["explain", "E0407"]).status, 0)
  }

  /// Run by a user who may write the file but not give a new one away (only
  /// root may chown), fmt rewrites it in place, so its owner stays.
  func testAFileOfAnotherOwnerIsRewrittenInPlace() throws {
    let setpriv = "/usr/bin/setpriv"
    guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: setpriv) else {
      throw XCTSkip("needs root and setpriv to run pencilc as another user")
    }
    let directory = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    XCTAssertEqual(chmod(directory.path, 0o777), 0)
    let file = try write(messy, "scene.pencil", in: directory)
    XCTAssertEqual(chmod(file.path, 0o666), 0)
    let before = status(file)
    let result = try CLI.run(
      ["--reuid=65534", "--regid=65534", "--clear-groups", CLI.binary.path, "fmt", file.path],
      executable: URL(fileURLWithPath: setpriv))
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(try read(file), tidy)
    XCTAssertEqual(status(file).st_uid, before.st_uid)
    XCTAssertEqual(status(file).st_ino, before.st_ino)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["scene.pencil"])
  }

  /// The issue's example: formatting a file that compiles gives one that
  /// still compiles (the `;` after `}` in a block on one line stays).
  func testAFormattedFileStillCompiles() throws {
    let directory = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let text = "zstack { zstack { rect size 1x1 }; rect size 2x2 }\n"
    let file = try write(text, "scene.pencil", in: directory)
    XCTAssertEqual(try CLI.run([file.path, "-o", directory.appendingPathComponent("before.svg").path]).status, 0)
    let result = try CLI.run(["fmt", file.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(try read(file), text)
    let after = try CLI.run([file.path, "-o", directory.appendingPathComponent("after.svg").path])
    XCTAssertEqual(after.status, 0, after.stderr)
  }

  /// A file with CR line ends (classic Mac) compiles as its LF twin, and
  /// fmt writes it with LF.
  func testCarriageReturnLineEndsCompileAndBecomeLineFeeds() throws {
    let directory = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = try write("// a comment\rcanvas 20x20\rrect size 5x5 fill=.red\r", "scene.pencil", in: directory)
    let svg = directory.appendingPathComponent("scene.svg")
    let compiled = try CLI.run([file.path, "-o", svg.path])
    XCTAssertEqual(compiled.status, 0, compiled.stderr)
    let picture = try read(svg)
    XCTAssertTrue(picture.contains(##"fill="#ff3b30""##), picture)
    let result = try CLI.run(["fmt", file.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(try read(file), "// a comment\ncanvas 20x20\nrect size 5x5 fill=.red\n")
  }
}
