import XCTest

@testable import PencilLSP

/// The limits on open documents: edits in one change, and the bytes all
/// open texts hold together.
final class TextSyncLimitsTests: XCTestCase {
  let uri = "file:///work/scene.pencil"

  private func errors(in messages: [JSONValue]) -> [String] {
    messages.filter { $0["method"]?.string == "window/showMessage" && $0["params"]?["type"] == .int(1) }
      .compactMap { $0["params"]?["message"]?.string }
  }

  private func symbols(_ session: Session, _ uri: String) -> JSONValue? {
    session.call("textDocument/documentSymbol", .object(["textDocument": .object(["uri": .string(uri)])]))["result"]
  }

  private func edits(_ count: Int) -> [(Position?, Position?, String)] {
    (0..<count).map { _ in (Position(line: 0, character: 0), Position(line: 0, character: 0), "// x\n") }
  }

  func testAChangeOverTheEditLimitDropsTheDocumentWithAnError() throws {
    let session = Session(limits: LanguageServer.Limits(maximumEditsPerChange: 3))
    session.initialize()
    session.open(uri, "box: rect size 9x9\n")
    _ = session.publish()
    session.change(uri, version: 2, edits(3))
    XCTAssertEqual(errors(in: session.server.takeOutgoing()), [])
    XCTAssertEqual(symbols(session, uri)?.array?.count, 1)
    session.change(uri, version: 3, edits(4))
    let sent = session.server.takeOutgoing()
    let message = try XCTUnwrap(errors(in: sent).first)
    XCTAssertTrue(message.contains("at most 3 edits") && message.contains("4 edits") && message.contains(uri), message)
    // Its diagnostics are cleared, and it is no longer held.
    XCTAssertEqual(diagnostics(for: uri, in: sent), [])
    XCTAssertNil(session.server.documents[uri])
    XCTAssertEqual(session.publish(), [])
  }

  func testOpenDocumentsHoldAtMostTheTotalBytes() throws {
    let session = Session(limits: LanguageServer.Limits(maximumOpenBytes: 100))
    session.initialize()
    let small = "box: rect size 9x9\n"
    session.open(uri, small + String(repeating: "\n", count: 60 - small.utf8.count))
    let other = "file:///work/other.pencil"
    session.open(other, String(repeating: "\n", count: 41))
    let message = try XCTUnwrap(errors(in: session.server.takeOutgoing()).first)
    XCTAssertTrue(message.contains("at most 100 bytes") && message.contains("101") && message.contains(other), message)
    // Refused: neither held nor compiled.
    XCTAssertNil(session.server.documents[other])
    XCTAssertNil(diagnostics(for: other, in: session.publish()))
    // Exactly at the limit is taken, and reopening a document counts its new text only.
    session.open(other, String(repeating: "\n", count: 40))
    session.open(uri, small + String(repeating: "\n", count: 60 - small.utf8.count))
    XCTAssertEqual(errors(in: session.server.takeOutgoing()), [])
    XCTAssertEqual(symbols(session, uri)?.array?.count, 1)
    // A change past the limit drops the document it grew.
    _ = session.publish()
    session.change(uri, version: 2, [(Position(line: 0, character: 0), Position(line: 0, character: 0), "\n")])
    let sent = session.server.takeOutgoing()
    XCTAssertTrue(errors(in: sent).first?.contains("no longer checked") ?? false, "\(sent)")
    XCTAssertEqual(diagnostics(for: uri, in: sent), [])
    XCTAssertNil(session.server.documents[uri])
    XCTAssertEqual(symbols(session, other)?.array?.count, 0)
  }
}

/// What open documents hold: one picture (for hover's frames) at a time.
final class HeldPictureTests: XCTestCase {
  func testOnePictureIsHeldAndHoverOverAnotherDocumentCompilesItAgain() throws {
    let first = "file:///work/first.pencil"
    let second = "file:///work/second.pencil"
    let session = Session()
    session.initialize()
    session.open(first, "canvas 100x100\nrect at 10,10 size 20x20 fill=red\n")
    session.open(second, "canvas 100x100\nellipse at 5,5 size 8x8 fill=blue\n")
    _ = session.publish()
    let held = [first, second].filter { session.server.documents[$0]?.compilation?.sceneIsHeld == true }
    XCTAssertEqual(held.count, 1, "\(held)")
    let other = held == [first] ? second : first
    XCTAssertNil(session.server.documents[other]?.compilation?.scene)
    // Hover over the one without its picture still gives the frame.
    let hover = session.call("textDocument/hover", at(other, 1, 2))
    XCTAssertTrue(hover["result"]?["contents"]?["value"]?.string?.contains("frame") ?? false, "\(hover)")
    XCTAssertEqual(session.server.documents[other]?.compilation?.sceneIsHeld, true)
    XCTAssertNotNil(session.server.documents[other]?.compilation?.scene)
    XCTAssertEqual(session.server.documents[held[0]]?.compilation?.sceneIsHeld, false)
  }
}
