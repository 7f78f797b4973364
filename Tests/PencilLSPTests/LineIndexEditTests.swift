import XCTest

@testable import PencilLSP

/// An edited line index (`LineIndex.replacing`) against one made from
/// scratch, for random edits of texts dense in `\r`, `\n` and `\r\n`.
final class LineIndexEditTests: XCTestCase {
  private let alphabet: [UInt8] = Array("ab\r\n\n\r é".utf8)

  private func randomBytes(_ count: Int, _ random: inout SplitMix) -> [UInt8] {
    (0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
  }

  func testAnEditedIndexEqualsOneMadeFromTheEditedText() {
    var random = SplitMix(seed: 22)
    for _ in 0..<3_000 {
      let text = randomBytes(Int.random(in: 0...24, using: &random), &random)
      let from = Int.random(in: 0...text.count, using: &random)
      let to = Int.random(in: from...text.count, using: &random)
      let inserted = randomBytes(Int.random(in: 0...6, using: &random), &random)
      var edited = text
      edited.replaceSubrange(from..<to, with: inserted)
      let incremental = LineIndex(text).replacing(from, to, insertedCount: inserted.count, in: edited)
      XCTAssertTrue(
        incremental.isSame(as: LineIndex(edited)),
        "\(Array(text)) with \(from)..<\(to) replaced by \(inserted)")
    }
  }

  func testAnEditThatDoesNotFitTheTextIsIndexedFromScratch() {
    let edited = Array("x\ny".utf8)
    let index = LineIndex(Array("a\nb\nc".utf8)).replacing(1, 9, insertedCount: 0, in: edited)
    XCTAssertTrue(index.isSame(as: LineIndex(edited)))
  }

  func testTypingInADocumentKeepsItsLinesRight() {
    let document = OpenDocument(uri: "untitled:a", version: 1, bytes: Array("one\r\ntwo\nthree".utf8))
    _ = document.lines
    document.apply(
      [
        .object([
          "range": .object([
            "start": .object(["line": .int(0), "character": .int(3)]),
            "end": .object(["line": .int(1), "character": .int(1)]),
          ]),
          "text": .string("\r"),
        ])
      ], encoding: .utf16)
    XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "one\rwo\nthree")
    XCTAssertTrue(document.lines.isSame(as: LineIndex(document.bytes)))
    XCTAssertEqual(document.lines.position(of: 4), Position(line: 1, character: 0))
  }
}
