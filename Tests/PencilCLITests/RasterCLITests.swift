import Foundation
import XCTest

final class RasterCLITests: XCTestCase {
  let rainbow = "samples/rainbow-pencils.pencil"

  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  func testPNGFromTheOutputExtension() throws {
    let directory = try CLI.temporaryDirectory()
    let output = directory.appendingPathComponent("rainbow.png")
    let result = try CLI.run([rainbow, "-o", output.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    let data = [UInt8](try Data(contentsOf: output))
    XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let golden = try Data(
      contentsOf: CLI.root.appendingPathComponent("Tests/PencilCoreTests/Golden/rainbow-pencils.png"))
    XCTAssertEqual(Data(data), golden)
  }

  func testBinaryPPMOnStdout() throws {
    let result = try CLI.run(["-f", "ppm", "-"], stdin: "canvas 3x2 background=red\n")
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.stdout.hasPrefix("P6\n# pencilc\n3 2\n255\n"), result.stdout)
  }

  func testPlainPPMAndScale() throws {
    let result = try CLI.run(
      ["-f", "ppm", "--ppm-plain", "--scale", "2", "-"], stdin: "canvas 2x1 background=#00ff00\n")
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(
      result.stdout, "P3\n# pencilc\n4 2\n255\n0 255 0 0 255 0 0 255 0 0 255 0\n0 255 0 0 255 0 0 255 0 0 255 0\n")
  }

  func testTransparentBackgroundCompositesOntoWhiteInPPM() throws {
    let result = try CLI.run(["-f", "ppm", "--ppm-plain", "-"], stdin: "rect at 0,0 size 1x1 fill=#ff000080\n")
    XCTAssertEqual(result.stdout, "P3\n# pencilc\n1 1\n255\n255 127 127\n")
  }

  func testTooLargeIsADiagnosticNotACrash() throws {
    let result = try CLI.run(["-f", "png", "-", "--stdin-filename", "big.pencil"], stdin: "canvas 20000x20000\n")
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stdout, "")
    XCTAssertTrue(
      result.stderr.contains("big.pencil:1:1: error: the picture would be 20000x20000 pixels"), result.stderr)
    XCTAssertTrue(result.stderr.contains("[E0301]"))
    // The same scene is fine as SVG, which has no pixels to allocate.
    XCTAssertEqual(try CLI.run(["-f", "svg", "-"], stdin: "canvas 20000x20000\n").status, 0)
  }

  func testEmptyPicture() throws {
    let result = try CLI.run(["-f", "png", "-"], stdin: "// nothing\n")
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("[E0302]"), result.stderr)
  }

  func testTextBeyondTheFontWarnsAndStillRenders() throws {
    let result = try CLI.run(["-f", "ppm", "-"], stdin: "text \"héllo → ok\" at 0,20\n")
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.stderr.contains("warning: '→' is not in the built-in font"), result.stderr)
    XCTAssertTrue(result.stdout.hasPrefix("P6"))
  }

  func testBadScaleIsAUsageError() throws {
    for value in ["0", "-1", "abc", "1000"] {
      let result = try CLI.run(["--scale", value, rainbow, "-f", "png"])
      XCTAssertEqual(result.status, 2, value)
    }
  }

  /// `--threads` changes the speed, never the bytes, of PNG, PPM and ASCII.
  func testThreadCountsGiveTheSameBytes() throws {
    for format in ["png", "ppm", "ascii"] {
      let one = try CLI.run(["--threads", "1", "--scale", "2", rainbow, "-f", format, "-o", "/dev/stdout"])
      XCTAssertEqual(one.status, 0, one.stderr)
      XCTAssertGreaterThan(one.stdoutBytes.count, 1000)
      for threads in ["2", "5"] {
        let many = try CLI.run(["--threads=\(threads)", "--scale", "2", rainbow, "-f", format, "-o", "/dev/stdout"])
        XCTAssertEqual(many.stdoutBytes, one.stdoutBytes, "\(format), \(threads) threads")
      }
    }
    for value in ["0", "-2", "many", "2000"] {
      let result = try CLI.run(["--threads", value, rainbow, "-f", "ppm", "-o", "/dev/null"])
      XCTAssertEqual(result.status, 2, value)
      XCTAssertTrue(result.stderr.contains("--threads takes a whole number"), result.stderr)
    }
  }

  /// The total raster work is bounded (E0303): the refusal names the
  /// element and `--max-raster-work`, which raises or lowers the bound.
  func testMaxRasterWork() throws {
    let scene = "canvas 100x100\nfor i in 0..<3 { rect at 0,0 size 100x100 fill=red }\n"
    let refused = try CLI.run(["-f", "png", "--max-raster-work", "25000", "-"], stdin: scene)
    XCTAssertEqual(refused.status, 1)
    XCTAssertEqual(refused.stdout, "")
    XCTAssertTrue(refused.stderr.contains("<stdin>:2:18: error: drawing the picture would cover"), refused.stderr)
    XCTAssertTrue(refused.stderr.contains("--max-raster-work N [E0303]"), refused.stderr)
    let allowed = try CLI.run(["-f", "png", "--max-raster-work=30000", "-o", "/dev/stdout", "-"], stdin: scene)
    XCTAssertEqual(allowed.status, 0, allowed.stderr)
    for value in ["0", "-5", "lots", "1000000000001"] {
      let result = try CLI.run(["--max-raster-work", value, rainbow, "-f", "ppm", "-o", "/dev/null"])
      XCTAssertEqual(result.status, 2, value)
      XCTAssertTrue(result.stderr.contains("--max-raster-work takes a whole number"), result.stderr)
    }
  }
}
