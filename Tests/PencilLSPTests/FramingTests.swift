import XCTest

@testable import PencilLSP

final class FramingTests: XCTestCase {
  private func frame(_ body: String) -> [UInt8] {
    Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
  }

  private func drain(_ framer: inout MessageFramer) -> [MessageFramer.Event] {
    var events: [MessageFramer.Event] = []
    while let event = framer.next() { events.append(event) }
    return events
  }

  func testMessagesSplitIntoSingleBytesComeOutWhole() {
    let bodies = [#"{"a":1}"#, #"{"b":"é😀"}"#]
    var framer = MessageFramer()
    var events: [MessageFramer.Event] = []
    for byte in bodies.flatMap(frame) {
      framer.append([byte])
      events += drain(&framer)
    }
    XCTAssertEqual(events, bodies.map { .message(Array($0.utf8)) })
    XCTAssertEqual(framer.bufferedCount, 0)
  }

  func testMergedMessagesInOneReadComeOutInOrder() {
    var framer = MessageFramer()
    framer.append(frame("[1]") + frame("[2]") + frame("[3]") + Array("Content-Le".utf8))
    XCTAssertEqual(drain(&framer), ["[1]", "[2]", "[3]"].map { .message(Array($0.utf8)) })
    framer.append(Array("ngth: 2\r\n\r\n{}".utf8))
    XCTAssertEqual(drain(&framer), [.message(Array("{}".utf8))])
  }

  func testOtherHeadersAndGarbageBeforeTheLengthAreIgnored() {
    var framer = MessageFramer()
    framer.append(
      Array(
        "garbage line\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 2\r\n\r\n{}".utf8))
    framer.append(Array("xx Content-Length: 2\r\n\r\n[]".utf8))
    XCTAssertEqual(drain(&framer), [.message(Array("{}".utf8)), .message(Array("[]".utf8))])
  }

  func testAHeaderWithoutALengthIsDroppedAndTheNextMessageServed() {
    var framer = MessageFramer()
    framer.append(Array("Content-Length: ten\r\n\r\n".utf8) + frame("[1]"))
    let events = drain(&framer)
    XCTAssertEqual(events.count, 2)
    guard case .badHeader = events[0] else { return XCTFail("\(events)") }
    XCTAssertEqual(events[1], .message(Array("[1]".utf8)))
  }

  func testAnEndlessHeaderIsDroppedAtItsLimit() {
    var framer = MessageFramer()
    framer.append([UInt8](repeating: UInt8(ascii: "x"), count: MessageFramer.maximumHeaderSize + 1))
    guard case .badHeader = framer.next() else { return XCTFail("kept an endless header") }
    XCTAssertLessThan(framer.bufferedCount, 64)
    framer.append(frame("[7]"))
    XCTAssertEqual(drain(&framer).last, .message(Array("[7]".utf8)))
  }

  func testABodyOverTheLimitIsSkippedWithoutBeingHeld() {
    var framer = MessageFramer()
    let size = MessageFramer.maximumMessageSize + 1
    framer.append(Array("Content-Length: \(size)\r\n\r\n".utf8))
    XCTAssertEqual(framer.next(), .tooLarge(size))
    // The body arrives in pieces and is dropped as it comes.
    let piece = [UInt8](repeating: UInt8(ascii: " "), count: 1 << 20)
    var remaining = size
    while remaining > 0 {
      let count = min(remaining, piece.count)
      framer.append(piece[0..<count])
      remaining -= count
      XCTAssertEqual(framer.bufferedCount, 0)
    }
    framer.append(frame("[1]"))
    XCTAssertEqual(drain(&framer), [.message(Array("[1]".utf8))])
  }

  func testABodyAtTheLimitIsAccepted() {
    XCTAssertEqual(MessageFramer.contentLength(in: "Content-Length: \(MessageFramer.maximumMessageSize)"), 64 << 20)
    XCTAssertNil(MessageFramer.contentLength(in: "Content-Length: -1"))
    XCTAssertNil(MessageFramer.contentLength(in: "Content-Length: 99999999999999999999"))
  }
}
