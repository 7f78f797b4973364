import XCTest

@testable import PencilLSP

/// `LineIndex.Cursor` gives every position `LineIndex.position(of:)` does,
/// asked in increasing order, in both encodings, over every kind of line
/// end and multi-byte characters (and offsets inside them).
final class LineIndexCursorTests: XCTestCase {
  func testTheCursorAgreesWithTheSearchAtEveryOffset() {
    let pieces = ["a", "bc", "\n", "\r\n", "\r", "é", "日本", "😀", " ", "\n\n"]
    var generator = SplitMix(seed: 0x5EED)
    for _ in 0..<100 {
      let text = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
        .joined()
      let index = LineIndex(Array(text.utf8))
      for encoding in [PositionEncoding.utf16, .utf8] {
        var cursor = LineIndex.Cursor(index, encoding: encoding)
        var offset = 0
        while offset <= index.bytes.count + 1 {
          let expected = index.position(of: offset, encoding: encoding)
          XCTAssertEqual(cursor.position(of: offset), expected, "\(text) \(offset)")
          offset += Int.random(in: 0..<3, using: &generator)
        }
        // Backwards falls back to the search.
        XCTAssertEqual(cursor.position(of: 0), index.position(of: 0, encoding: encoding))
      }
    }
  }
}
