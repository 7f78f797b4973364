import XCTest

@testable import PencilLSP

final class LineIndexTests: XCTestCase {
  // "a😀b" — 😀 is 4 UTF-8 bytes and 2 UTF-16 units; "é" is 2 bytes, 1 unit.
  let index = LineIndex(Array("a😀b\né\r\nlast".utf8))

  func testUTF16ColumnsCountAstralCharactersTwice() {
    XCTAssertEqual(index.offset(of: Position(line: 0, character: 1)), 1)
    XCTAssertEqual(index.offset(of: Position(line: 0, character: 3)), 5)
    XCTAssertEqual(index.offset(of: Position(line: 0, character: 4)), 6)
    XCTAssertEqual(index.position(of: 5), Position(line: 0, character: 3))
    XCTAssertEqual(index.position(of: 6), Position(line: 0, character: 4))
    XCTAssertEqual(index.offset(of: Position(line: 1, character: 1)), 9)
    XCTAssertEqual(index.position(of: 9), Position(line: 1, character: 1))
  }

  func testALoneCarriageReturnEndsALineAsClientsCountIt() {
    let mixed = LineIndex(Array("a\rb\r\nc\nd\r".utf8))
    XCTAssertEqual(mixed.lineCount, 5)
    XCTAssertEqual(mixed.position(of: 2), Position(line: 1, character: 0))
    XCTAssertEqual(mixed.position(of: 5), Position(line: 2, character: 0))
    // Past the end of line 1: before its LF (the CR of a CRLF is part of the line).
    XCTAssertEqual(mixed.offset(of: Position(line: 1, character: 9)), 4)
    XCTAssertEqual(mixed.offset(of: Position(line: 3, character: 0)), 7)
    XCTAssertEqual(mixed.position(of: 9), Position(line: 4, character: 0))
  }

  func testUTF8ColumnsAreBytes() {
    XCTAssertEqual(index.offset(of: Position(line: 0, character: 5), encoding: .utf8), 5)
    XCTAssertEqual(index.position(of: 5, encoding: .utf8), Position(line: 0, character: 5))
  }

  func testHalfASurrogatePairIsTheCharactersStart() {
    XCTAssertEqual(index.offset(of: Position(line: 0, character: 2)), 1)
    XCTAssertEqual(index.position(of: 3), Position(line: 0, character: 1))
  }

  func testPositionsPastTheEndAreClamped() {
    XCTAssertEqual(index.offset(of: Position(line: 0, character: 99)), 6)
    // The \r is a character of its line; the \n is not.
    XCTAssertEqual(index.offset(of: Position(line: 1, character: 99)), 10)
    XCTAssertEqual(index.offset(of: Position(line: 9, character: 0)), index.bytes.count)
    XCTAssertEqual(index.offset(of: Position(line: -1, character: 0)), 0)
    XCTAssertEqual(index.position(of: 999), Position(line: 2, character: 4))
  }

  func testEveryOffsetRoundTripsAtCharacterBoundaries() {
    let text = "x😀\u{301}é\n\n🇫🇷 é\t😀"
    let lines = LineIndex(Array(text.utf8))
    var offset = 0
    for scalar in text.unicodeScalars {
      XCTAssertEqual(lines.offset(of: lines.position(of: offset)), offset, "at \(offset)")
      offset += String(scalar).utf8.count
    }
  }
}
