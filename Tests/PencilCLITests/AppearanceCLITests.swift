import Foundation
import XCTest

/// `--appearance` on the built binary: a fixed appearance for every
/// format, an adaptive SVG by default, and usage errors.
final class AppearanceCLITests: XCTestCase {
  let form = "samples/edit-practice.pencil"

  func testSVGAdaptsByDefaultAndIsFixedWithTheFlag() throws {
    let adaptive = try CLI.run([form])
    XCTAssertEqual(adaptive.status, 0, adaptive.stderr)
    XCTAssertTrue(adaptive.stdout.contains("@media (prefers-color-scheme: dark)"))
    XCTAssertEqual(
      adaptive.stdout,
      try String(
        contentsOf: CLI.root.appendingPathComponent("Tests/PencilCoreTests/Golden/edit-practice.svg"), encoding: .utf8))
    let dark = try CLI.run([form, "--appearance", "dark"])
    XCTAssertEqual(dark.status, 0, dark.stderr)
    XCTAssertFalse(dark.stdout.contains("<style>"))
    XCTAssertEqual(
      dark.stdout,
      try String(
        contentsOf: CLI.root.appendingPathComponent("Tests/PencilCoreTests/Golden/edit-practice.dark.svg"),
        encoding: .utf8))
    let light = try CLI.run([form, "--appearance=light"])
    XCTAssertFalse(light.stdout.contains("<style>"))
    XCTAssertNotEqual(light.stdout, dark.stdout)
  }

  func testRasterOutputsTakeTheAppearance() throws {
    let directory = try CLI.temporaryDirectory()
    let output = directory.appendingPathComponent("form.png")
    let result = try CLI.run([form, "--appearance", "dark", "-o", output.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    let golden = try Data(
      contentsOf: CLI.root.appendingPathComponent("Tests/PencilCoreTests/Golden/edit-practice.dark.png"))
    XCTAssertEqual(try Data(contentsOf: output), golden)
    // Without the flag a raster picture is light.
    let light = directory.appendingPathComponent("light.png")
    XCTAssertEqual(try CLI.run([form, "-o", light.path]).status, 0)
    XCTAssertEqual(
      try Data(contentsOf: light),
      try Data(contentsOf: CLI.root.appendingPathComponent("Tests/PencilCoreTests/Golden/edit-practice.png")))
  }

  func testABadAppearanceIsAUsageError() throws {
    let result = try CLI.run([form, "--appearance", "dim"])
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(result.stderr.contains("--appearance takes light or dark, not 'dim'"), result.stderr)
  }
}
