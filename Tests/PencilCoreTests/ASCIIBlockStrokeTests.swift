import XCTest

/// `--charset blocks` draws thin strokes: a quadrant is inked where a
/// stroke's centre line runs through it, though a one-point line covers
/// far less than half of it.
final class ASCIIBlockStrokeTests: XCTestCase {
  /// The README's two boxes joined by arrows (the example of the ASCII
  /// section) at 40 columns: the boxes' sides and the arrows' lines show,
  /// not only the arrowheads.
  static let boxes = """
    canvas 320x112 background=white
    rect at 16,16 size 80x80 fill=.clear stroke=black
    rect at 224,16 size 80x80 fill=.clear stroke=black
    arrow from 96,40 to 224,40
    arrow from 224,72 to 96,72
    """

  func testTheReadmeBoxesAndArrowsShowTheirStrokes() throws {
    let picture = try asciiPicture(Self.boxes, columns: 40) { $0.charset = .blocks }
    let lines = picture.split(separator: "\n").map(String.init)
    // The boxes' tops: a run of ink over each box's width (80 points:
    // ten cells).
    let top = try XCTUnwrap(lines.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }, picture)
    XCTAssertGreaterThanOrEqual(top.filter { $0 != " " }.count, 20, picture)
    // The arrows' lines: a row with a long run of ink between the boxes
    // that ends in the head.
    XCTAssertTrue(lines.contains { $0.contains(">") && $0.filter { $0 != " " }.count >= 15 }, picture)
    XCTAssertTrue(lines.contains { $0.contains("<") && $0.filter { $0 != " " }.count >= 15 }, picture)
    // Every row of the boxes has both sides of both boxes.
    let middle = lines.filter { !$0.contains(">") && !$0.contains("<") }.dropFirst().dropLast()
    for line in middle where !line.isEmpty {
      XCTAssertGreaterThanOrEqual(line.filter { $0 != " " }.count, 4, picture)
    }
  }

  /// A line on the border between two quadrants inks one of them (the
  /// right one), not both: a vertical line at a cell's middle is half a
  /// cell wide, and its ends are no lines across.
  func testALineOnAQuadrantBorderInksOneQuadrant() throws {
    // 40 columns over 160 points: 4 points a cell, the line at x = 82 on
    // the border of cell 20's two halves; it starts and ends half-way
    // down a cell (cells are 8 points high).
    let picture = try asciiPicture(
      "canvas 160x160 background=white\nline from 82,20 to 82,140 stroke=black\n", columns: 40
    ) { $0.charset = .blocks }
    let rows = picture.split(separator: "\n").filter { !$0.isEmpty }
    XCTAssertEqual(rows.first, String(repeating: " ", count: 20) + "▗", picture)
    XCTAssertEqual(rows.last, String(repeating: " ", count: 20) + "▝", picture)
    XCTAssertEqual(rows.count, 16, picture)
    for row in rows.dropFirst().dropLast() { XCTAssertEqual(row, String(repeating: " ", count: 20) + "▐", picture) }
  }

  /// With colour, a stroke's quadrants take the stroke's colour.
  func testAStrokeKeepsItsColour() throws {
    let picture = try asciiPicture(
      "canvas 160x80 background=white\nline from 10,40.5 to 150,40.5 stroke=#0000ff\n", columns: 40
    ) {
      $0.charset = .blocks
      $0.color = true
    }
    XCTAssertTrue(picture.contains("\u{1B}[38;2;0;0;255m"), picture)
  }
}
