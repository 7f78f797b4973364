import XCTest

/// Where the ASCII backend writes text: characters are narrower or wider
/// than glyphs, so the written run keeps the edge of the drawn box that
/// layout lined the text up by (`ASCIITextAlignmentTests` for each edge).
final class ASCIITextPlacementTests: XCTestCase {
  private func column(of text: String, in picture: String) -> Int? {
    for line in picture.split(separator: "\n") {
      if let range = line.range(of: text) { return line.distance(from: line.startIndex, to: range.lowerBound) }
    }
    return nil
  }

  /// The rainbow set's title, centred by its vstack on a 400-point
  /// canvas, is written in the middle of 80 columns (18 characters from
  /// column 31), not at the left of its box (column 8).
  func testATitleCentredByAStackIsWrittenInTheMiddle() throws {
    let picture = try asciiPicture(try compiledSample("rainbow-pencils"), columns: 80)
    XCTAssertEqual(column(of: "Rainbow Pencil Set", in: picture), 31, picture)
  }

  /// A zstack centres its text the same way.
  func testTextCentredByAZStackIsWrittenInTheMiddle() throws {
    let source = """
      canvas 400x100 background=white
      zstack at 0,0 size 400x100 { text "Middle" font=largeTitle }
      """
    let picture = try asciiPicture(source, columns: 80)
    // 80 columns, 6 characters: columns 37 to 42.
    XCTAssertEqual(column(of: "Middle", in: picture), 37, picture)
  }

  /// Centred and trailing text keep their anchors; the lines of a leading
  /// paragraph start at its anchor, a common left edge; text wider than
  /// its drawn box still starts at its anchor.
  func testAlignmentsAndParagraphs() throws {
    let source = """
      canvas 400x200 background=white
      text "centre" at 200,30 align=center font=largeTitle
      text "long line here\\nshort" at 0,80 font=largeTitle
      text "a small label that is wide" at 0,150 font=4
      """
    let picture = try asciiPicture(source, columns: 80)
    XCTAssertEqual(column(of: "centre", in: picture), 37, picture)
    let long = try XCTUnwrap(column(of: "long line here", in: picture), picture)
    XCTAssertEqual(long, 0, "at its anchor, where its glyphs start")
    XCTAssertEqual(column(of: "short", in: picture), long, picture)
    XCTAssertEqual(column(of: "a small label that is wide", in: picture), 0, picture)
  }
}
