import XCTest

/// Where the ASCII backend writes text that layout lined up: characters are
/// narrower than glyphs, so the written run keeps the edge of the drawn box
/// that the text was aligned by — a leading stack's labels share column 0,
/// a centring one's are centred, a trailing one's end at the last column.
/// 400 points in 80 columns: 5 points a column.
final class ASCIITextAlignmentTests: XCTestCase {
  /// The column of `text` in each row that holds it, top to bottom.
  private func columns(of text: String, in picture: String) -> [Int] {
    picture.split(separator: "\n").compactMap { line in
      line.range(of: text).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
    }
  }

  private func column(of text: String, in picture: String) -> Int? { columns(of: text, in: picture).first }

  private func stack(_ kind: String, alignment: String) -> String {
    """
    canvas 400x100 background=white
    \(kind) at 0,0 size 400x100 alignment=\(alignment) spacing=0 {
      text "Labels" font=largeTitle
      text "A longer label" font=largeTitle
    }
    """
  }

  func testASCIITextAlignmentLeadingStackWritesAtTheLeftEdge() throws {
    let picture = try asciiPicture(stack("vstack", alignment: "leading"), columns: 80)
    XCTAssertEqual(column(of: "Labels", in: picture), 0, picture)
    XCTAssertEqual(column(of: "A longer label", in: picture), 0, picture)
  }

  func testASCIITextAlignmentCentredStackWritesInTheMiddle() throws {
    let picture = try asciiPicture(stack("vstack", alignment: "center"), columns: 80)
    // 6 characters about column 40: 37 to 42; 14: 33 to 46.
    XCTAssertEqual(column(of: "Labels", in: picture), 37, picture)
    XCTAssertEqual(column(of: "A longer label", in: picture), 33, picture)
  }

  func testASCIITextAlignmentTrailingStackWritesUpToTheRightEdge() throws {
    let picture = try asciiPicture(stack("vstack", alignment: "trailing"), columns: 80)
    XCTAssertEqual(column(of: "Labels", in: picture), 80 - 6, picture)
    XCTAssertEqual(column(of: "A longer label", in: picture), 80 - 14, picture)
  }

  func testASCIITextAlignmentOfAZStackAcross() throws {
    let source = """
      canvas 400x100 background=white
      zstack at 0,0 size 400x50 alignment=leading { text "Labels" font=largeTitle }
      zstack at 0,50 size 400x50 alignment=trailing { text "Labels" font=largeTitle }
      """
    let picture = try asciiPicture(source, columns: 80)
    XCTAssertEqual(columns(of: "Labels", in: picture), [0, 80 - 6], picture)
  }

  /// Text anchored at a point keeps its anchor: leading starts there,
  /// trailing ends there, centred is centred on it.
  func testASCIITextAlignmentAtAnAnchor() throws {
    let source = """
      canvas 400x150 background=white
      text "Labels" at 20,40 font=largeTitle
      text "Labels" at 200,80 font=largeTitle align=center
      text "Labels" at 380,120 font=largeTitle align=trailing
      """
    let picture = try asciiPicture(source, columns: 80)
    XCTAssertEqual(columns(of: "Labels", in: picture), [4, 37, 76 - 6], picture)
  }

  /// A paragraph moves as one block: in a trailing stack its block ends at
  /// the right edge and its leading lines share a left column; centred
  /// lines in a leading stack are centred within a block at column 0.
  func testASCIITextAlignmentOfParagraphs() throws {
    let source = """
      canvas 400x200 background=white
      vstack at 0,0 size 400x100 alignment=trailing { text "two\\nlines" font=largeTitle }
      vstack at 0,100 size 400x100 alignment=leading { text "a longer line\\nshort" font=largeTitle align=center }
      """
    let picture = try asciiPicture(source, columns: 80)
    XCTAssertEqual(column(of: "two", in: picture), 80 - 5, picture)
    XCTAssertEqual(column(of: "lines", in: picture), 80 - 5, picture)
    XCTAssertEqual(column(of: "a longer line", in: picture), 0, picture)
    XCTAssertEqual(column(of: "short", in: picture), 4, picture)
  }
}
