import XCTest

@testable import PencilLSP

/// One `didChange` with many ranged edits: each applies to the text the
/// one before left, whatever their order, and the batch costs about the
/// text once rather than the text per edit.
final class BatchEditTests: XCTestCase {
  /// Applies edits one at a time to an array, with a new line index each
  /// time: slow, and plainly what LSP specifies.
  private func reference(_ text: [UInt8], _ edits: [(Position, Position, String)], _ encoding: PositionEncoding)
    -> [UInt8]
  {
    var bytes = text
    for (start, end, inserted) in edits {
      let lines = LineIndex(bytes)
      let from = lines.offset(of: start, encoding: encoding)
      let to = max(from, lines.offset(of: end, encoding: encoding))
      bytes.replaceSubrange(from..<to, with: inserted.utf8)
    }
    return bytes
  }

  private struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11 ^ state << 7
    }
  }

  private enum Order: CaseIterable { case increasing, decreasing, random }

  /// A batch of edits over the text's lines in `order`, with line breaks
  /// of every kind, astral characters and columns past a line's end.
  private func edits(count: Int, lines: Int, order: Order, using random: inout Generator)
    -> [(Position, Position, String)]
  {
    let pieces = ["", "x", "\n", "\r\n", "\r", "😀", "é", "a\nb", "中文\r", "\n\n"]
    var made: [(Position, Position, String)] = []
    for index in 0..<count {
      let line: Int
      switch order {
      case .increasing: line = index * lines / count
      case .decreasing: line = (count - 1 - index) * lines / count
      case .random: line = Int.random(in: 0...(lines + 1), using: &random)
      }
      let start = Position(line: line, character: Int.random(in: 0...6, using: &random))
      let end =
        Bool.random(using: &random)
        ? start
        : Position(line: line + Int.random(in: 0...1, using: &random), character: Int.random(in: 0...8, using: &random))
      made.append((start, end, pieces[Int.random(in: 0..<pieces.count, using: &random)]))
    }
    return made
  }

  func testBatchesInEveryOrderMatchEditsAppliedOneByOne() {
    var random = Generator(state: 21)
    let line = "ab😀c\r\né中\n\rxy"
    for encoding in [PositionEncoding.utf16, .utf8] {
      for order in Order.allCases {
        for round in 0..<40 {
          let text = Array(String(repeating: line, count: 1 + round % 7).utf8)
          let batch = edits(count: 2 + round % 30, lines: 3 * (1 + round % 7), order: order, using: &random)
          let document = OpenDocument(uri: "file:///t.pencil", version: 1, bytes: text)
          document.apply(batch.map(change), encoding: encoding)
          XCTAssertEqual(
            String(decoding: document.bytes, as: UTF8.self),
            String(decoding: reference(text, batch, encoding), as: UTF8.self), "\(order) \(encoding) round \(round)")
        }
      }
    }
  }

  func testLargeBatchesCrossChunksAndStayEqualToTheReference() {
    var random = Generator(state: 7)
    let text = Array((0..<400).map { "rect at \($0),1 size 9x9 fill=red // é😀\n" }.joined().utf8)
    for order in Order.allCases {
      // Long insertions and deletions across lines move chunk boundaries.
      var batch = edits(count: 100, lines: 400, order: order, using: &random)
      batch += [
        (Position(line: 10, character: 0), Position(line: 200, character: 3), String(repeating: "z\n", count: 3_000))
      ]
      let document = OpenDocument(uri: "file:///t.pencil", version: 1, bytes: text)
      document.apply(batch.map(change), encoding: .utf16)
      XCTAssertEqual(document.bytes, reference(text, batch, .utf16), "\(order)")
    }
  }

  func testAWholeTextChangeInsideABatchStartsAgainFromIt() {
    let document = OpenDocument(uri: "file:///t.pencil", version: 1, bytes: Array("abc\n".utf8))
    let batch = [
      change((Position(line: 0, character: 1), Position(line: 0, character: 2), "X")),
      .object(["text": .string("new\ntext")]),
      change((Position(line: 1, character: 0), Position(line: 1, character: 0), ">")),
    ]
    document.apply(batch, encoding: .utf16)
    XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "new\n>text")
  }

  private func change(_ edit: (Position, Position, String)) -> JSONValue {
    .object(["range": range(edit.0, edit.1), "text": .string(edit.2)])
  }
}
