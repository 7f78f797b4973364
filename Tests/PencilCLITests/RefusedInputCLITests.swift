import Foundation
import XCTest

/// Inputs the command line refuses before compiling or writing: a format
/// that disagrees with the output's extension, and an empty file.
final class RefusedInputCLITests: XCTestCase {
  func testRefusedInputFormatThatDisagreesWithTheOutputsExtension() throws {
    let directory = try CLI.temporaryDirectory()
    let refused = try CLI.run([
      "samples/flow.pencil", "-f", "png", "-o", directory.appendingPathComponent("out.svg").path,
    ])
    XCTAssertEqual(refused.status, 2)
    XCTAssertTrue(refused.stderr.contains("-f png writes PNG, but the output"), refused.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.svg").path))
    // Agreeing, or an extension no format has, is fine.
    XCTAssertEqual(
      try CLI.run(["samples/flow.pencil", "-f", "png", "-o", directory.appendingPathComponent("a.png").path]).status, 0)
    XCTAssertEqual(
      try CLI.run(["samples/flow.pencil", "-f", "svg", "-o", directory.appendingPathComponent("a.out").path]).status, 0)
  }

  func testRefusedInputEmptyFileInEveryFormatButNotForCheck() throws {
    for format in ["svg", "png", "ppm", "ascii"] {
      let result = try CLI.run(["-", "-f", format, "--diagnostic-format", "short"], stdin: "// nothing\n")
      XCTAssertEqual(result.status, 1, format)
      XCTAssertTrue(result.stderr.contains("[E0302]"), "\(format): \(result.stderr)")
      XCTAssertTrue(result.stdout.isEmpty, format)
    }
    XCTAssertEqual(try CLI.run(["-", "--check"], stdin: "// nothing\n").status, 0)
  }
}
