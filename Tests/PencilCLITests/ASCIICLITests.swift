import Foundation
import XCTest

final class ASCIICLITests: XCTestCase {
  let rainbow = "samples/rainbow-pencils.pencil"

  func testColumnsRowsAndNoTrailingSpaces() throws {
    for columns in [20, 40, 80] {
      let result = try CLI.run([rainbow, "-f", "ascii", "--columns", String(columns)])
      XCTAssertEqual(result.status, 0, result.stderr)
      XCTAssertTrue(result.stdout.hasSuffix("\n"))
      let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      // 400x360 points with cells twice as tall as wide.
      XCTAssertEqual(lines.count, Int((360.0 / (400.0 / Double(columns) * 2)).rounded()))
      for line in lines {
        XCTAssertLessThanOrEqual(line.count, columns)
        XCTAssertFalse(line.hasSuffix(" "), "trailing space at \(columns) columns")
        XCTAssertTrue(line.unicodeScalars.allSatisfy { $0.isASCII })
      }
      XCTAssertTrue(result.stdout.contains("Rainbow Pencil Set"))
    }
  }

  /// The title, centred by its vstack, is written in the middle of the
  /// 80 columns (it was at column 8, the left of its box); with blocks,
  /// a box's thin outline shows.
  func testCentredTitleAndBlockOutlines() throws {
    let result = try CLI.run([rainbow, "-f", "ascii", "--columns", "80"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let title = result.stdout.split(separator: "\n").first { $0.contains("Rainbow Pencil Set") }
    XCTAssertEqual(title, String(repeating: " ", count: 31) + "Rainbow Pencil Set", result.stdout)
    let box = "canvas 160x80 background=white\nrect at 20,20 size 120x40 fill=.clear stroke=black\n"
    let blocks = try CLI.run(["-f", "ascii", "--charset", "blocks", "--columns", "40", "-"], stdin: box)
    XCTAssertEqual(blocks.status, 0, blocks.stderr)
    XCTAssertGreaterThanOrEqual(blocks.stdout.filter { $0 == "▀" || $0 == "▄" }.count, 40, blocks.stdout)
  }

  func testTextFileFromTheExtensionAndNoColourInFiles() throws {
    let directory = try CLI.temporaryDirectory()
    let output = directory.appendingPathComponent("rainbow.txt")
    XCTAssertEqual(try CLI.run([rainbow, "-o", output.path]).status, 0)
    let text = try String(contentsOf: output, encoding: .utf8)
    XCTAssertFalse(text.contains("\u{1B}"))
    XCTAssertEqual(text.split(separator: "\n").first.map { $0.count <= 80 }, true)
  }

  func testColourAlwaysWritesTrueColourEscapes() throws {
    let result = try CLI.run([rainbow, "-f", "ascii", "--columns", "40", "--color", "always"])
    XCTAssertTrue(result.stdout.contains("\u{1B}[38;2;"), "24-bit foreground")
    for line in result.stdout.split(separator: "\n") where line.contains("\u{1B}") {
      XCTAssertTrue(line.hasSuffix("\u{1B}[0m"), "every coloured line is reset")
    }
    let plain = try CLI.run([rainbow, "-f", "ascii", "--columns", "40", "--color", "never"])
    XCTAssertFalse(plain.stdout.contains("\u{1B}"))
  }

  func testBlocksUseUnicodeQuadrants() throws {
    let result = try CLI.run([rainbow, "-f", "ascii", "--charset", "blocks", "--columns", "40"])
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.stdout.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) }, result.stdout)
  }

  func testInvertSwapsInk() throws {
    let normal = try CLI.run(["-", "-f", "ascii", "--columns", "4"], stdin: "canvas 4x2 background=white\n")
    let inverted = try CLI.run(
      ["-", "-f", "ascii", "--columns", "4", "--invert"], stdin: "canvas 4x2 background=white\n")
    XCTAssertEqual(normal.stdout, "\n")
    XCTAssertEqual(inverted.stdout, "@@@@\n")
  }

  func testCharactersOutsideTheCharsetAreReplacedWithAWarning() throws {
    let scene = "canvas 100x20\ntext \"naïve\" at 0,15\n"
    let ascii = try CLI.run(["-", "-f", "ascii", "--columns", "20"], stdin: scene)
    XCTAssertEqual(ascii.status, 0)
    XCTAssertTrue(ascii.stdout.contains("na?ve"), ascii.stdout)
    XCTAssertTrue(ascii.stderr.contains("[W0007]"), ascii.stderr)
    let blocks = try CLI.run(["-", "-f", "ascii", "--columns", "20", "--charset", "blocks"], stdin: scene)
    XCTAssertTrue(blocks.stdout.contains("naïve"), blocks.stdout)
    XCTAssertFalse(blocks.stderr.contains("W0007"))
  }

  func testUsageErrors() throws {
    for arguments in [
      ["--columns", "0"], ["--columns", "x"], ["--charset", "emoji"], ["--color", "sometimes"], ["--cell-aspect", "0"],
    ] {
      let result = try CLI.run(arguments + [rainbow, "-f", "ascii"])
      XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
    }
  }
}
