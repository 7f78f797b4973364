import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// `-o` naming a file pencilc already holds open — `/dev/stdout`,
/// `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`, or the very file standard
/// output is redirected to — is written through that descriptor, as `cat`
/// writes: the shell's file is neither replaced nor truncated, and an
/// appending descriptor keeps appending.
final class DescriptorOutputCLITests: XCTestCase {
  private func inode(_ path: String) -> ino_t {
    var status = stat()
    XCTAssertEqual(stat(path, &status), 0, path)
    return status.st_ino
  }

  func testAppendingStandardOutputKeepsTheLog() throws {
    // `log.svg`, not `.txt`: the name chooses the format, and `.txt` is ASCII art.
    for spelling in ["/dev/stdout", "/proc/self/fd/1", "/dev/fd/1", "log.svg"] {
      let directory = try CLI.temporaryDirectory()
      let log = directory.appendingPathComponent("log.svg").path
      try Data("earlier line\n".utf8).write(to: URL(fileURLWithPath: log))
      let before = inode(log)
      let result = try Background.shell("\"$0\" \"$1\" -o \"$2\" >> log.svg", in: directory, arguments: [spelling])
      XCTAssertEqual(result.status, 0, "\(spelling): \(result.stderr)")
      let text = try String(contentsOfFile: log, encoding: .utf8)
      XCTAssertTrue(text.hasPrefix("earlier line\n<?xml"), "\(spelling): \(text.prefix(40))")
      XCTAssertTrue(text.hasSuffix("</svg>\n"), spelling)
      XCTAssertEqual(inode(log), before, "\(spelling) replaced the log")
      XCTAssertEqual(Background.hiddenFiles(in: directory), [])
    }
  }

  /// Not appending: the output goes on where the shell's descriptor stands.
  func testAGroupsOutputIsContinuedNotReplaced() throws {
    let directory = try CLI.temporaryDirectory()
    let result = try Background.shell(
      "{ echo HEADER; \"$0\" \"$1\" -o /dev/stdout; echo FOOTER; } > out; { echo E; \"$0\" \"$1\" -o /dev/stderr; } 2> err",
      in: directory)
    XCTAssertEqual(result.status, 0, result.stderr)
    let out = try String(contentsOf: directory.appendingPathComponent("out"), encoding: .utf8)
    XCTAssertTrue(out.hasPrefix("HEADER\n<?xml"), String(out.prefix(40)))
    XCTAssertTrue(out.hasSuffix("</svg>\nFOOTER\n"), String(out.suffix(40)))
    let err = try String(contentsOf: directory.appendingPathComponent("err"), encoding: .utf8)
    XCTAssertTrue(err.hasPrefix("<?xml"), String(err.prefix(40)))
    XCTAssertEqual(Background.hiddenFiles(in: directory), [])
  }

  /// A descriptor the shell opened for pencilc (`3>>file`) is written the same way.
  func testAnInheritedDescriptorIsWrittenInPlace() throws {
    let directory = try CLI.temporaryDirectory()
    try Data("kept\n".utf8).write(to: directory.appendingPathComponent("three"))
    let result = try Background.shell("\"$0\" \"$1\" -o /dev/fd/3 3>> three", in: directory)
    XCTAssertEqual(result.status, 0, result.stderr)
    let text = try String(contentsOf: directory.appendingPathComponent("three"), encoding: .utf8)
    XCTAssertTrue(text.hasPrefix("kept\n<?xml"), String(text.prefix(40)))
    // A descriptor that is not open is a write error, not a crash.
    let closed = try Background.shell("\"$0\" \"$1\" -o /dev/fd/9", in: directory)
    XCTAssertEqual(closed.status, 2, closed.stderr)
    XCTAssertTrue(closed.stderr.contains("[E0404]"), closed.stderr)
  }
}
