import XCTest

@testable import PencilSyntax

/// The tree recorder's append-only buffer, and the trees handed on from it.
final class RecordBufferTests: XCTestCase {
  func testAppendsPastTheCapacityKeepEveryElementInOrder() {
    var buffer = RecordBuffer<UInt32>(capacity: 3)
    for value in 0..<1000 { buffer.append(UInt32(value)) }
    XCTAssertEqual(buffer.count, 1000)
    XCTAssertEqual(buffer.last, 999)
    XCTAssertEqual(buffer.elements, (0..<1000).map { UInt32($0) })
  }

  func testAnUnallocatedBufferIsEmptyAndTakesMemoryAtItsFirstAppend() {
    var buffer = RecordBuffer<UInt32>.unallocated
    XCTAssertTrue(buffer.isEmpty)
    XCTAssertNil(buffer.last)
    XCTAssertEqual(buffer.elements, [])
    var array: [UInt32] = []
    buffer.copy(into: &array)
    XCTAssertEqual(array, [], "an empty copy of no memory")
    for value in 0..<40 { buffer.append(UInt32(value)) }
    XCTAssertEqual(buffer.elements, (0..<40).map { UInt32($0) })
    XCTAssertEqual(buffer.last, 39)
  }

  func testRemoveAllStartsOverAndTheCopiedElementsStay() {
    var buffer = RecordBuffer<UInt32>(capacity: 16)
    for value in 0..<40 { buffer.append(UInt32(value)) }
    let kept = buffer.elements
    buffer.removeAll()
    XCTAssertTrue(buffer.isEmpty)
    XCTAssertNil(buffer.last)
    for value in 0..<5 { buffer.append(UInt32(100 + value)) }
    XCTAssertEqual(buffer.elements, [100, 101, 102, 103, 104])
    XCTAssertEqual(kept, (0..<40).map { UInt32($0) }, "a copy does not see later appends")
  }

  private func buffer(_ values: Range<UInt32>) -> RecordBuffer<UInt32> {
    var buffer = RecordBuffer<UInt32>(capacity: 16)
    for value in values { buffer.append(value) }
    return buffer
  }

  func testCopyIntoReusesAnArrayNothingElseHolds() {
    var array: [UInt32] = []
    buffer(0..<100).copy(into: &array)
    XCTAssertEqual(array, Array(0..<100))
    let before = array.withUnsafeBufferPointer { $0.baseAddress }
    buffer(200..<295).copy(into: &array)
    XCTAssertEqual(array, Array(200..<295))
    XCTAssertEqual(array.withUnsafeBufferPointer { $0.baseAddress }, before, "the same memory, refilled")
  }

  func testCopyIntoLeavesAKeptArrayAloneAndStaysNearItsSize() {
    var array: [UInt32] = []
    buffer(0..<100).copy(into: &array)
    let kept = array
    buffer(1000..<1090).copy(into: &array)
    XCTAssertEqual(kept, Array(0..<100), "the kept array is not written")
    XCTAssertEqual(array, Array(1000..<1090))
    XCTAssertLessThanOrEqual(array.capacity, 2 * 90 + 64)
    buffer(7..<10).copy(into: &array)
    XCTAssertEqual(array, [7, 8, 9])
    XCTAssertLessThanOrEqual(array.capacity, 2 * 3 + 64, "far too large memory is given up")
  }

  /// `parseStatements` hands on trees that may be kept: each keeps its
  /// own statement, however many come after it.
  func testKeptStatementTreesStayIntact() {
    let text = (0..<300).map { "rect at \($0),1 size 2x3 fill=#fa8072" }.joined(separator: "\n")
    let source = SourceFile(name: "t.pencil", text: text)
    var diagnostics = DiagnosticList()
    var kept: [SyntaxTree] = []
    Parser.parseStatements(source, diagnostics: &diagnostics) { tree, _ in kept.append(tree) }
    XCTAssertEqual(kept.count, 300)
    for (index, tree) in kept.enumerated() {
      let words = tree.tokens.indices.map { tree.text(token: $0) }
      XCTAssertEqual(words.prefix(5), ["rect", "at", "\(index)", ",", "1"], "statement \(index)")
      XCTAssertEqual(tree.literals.count, tree.literalTokens.count)
      XCTAssertEqual(tree.literal(ofToken: 2)?.first, Double(index))
    }
    XCTAssertEqual(diagnostics.items.count, 0)
  }
}
