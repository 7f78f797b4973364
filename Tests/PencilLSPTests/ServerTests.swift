import XCTest

@testable import PencilLSP

final class ServerTests: XCTestCase {
  let uri = "file:///work/scene.pencil"

  func testInitializeAnnouncesTheCapabilities() {
    let session = Session()
    let reply = session.call("initialize", .object(["capabilities": .object([:])]))
    let capabilities = reply["result"]?["capabilities"]
    XCTAssertEqual(capabilities?["textDocumentSync"]?["change"], .int(2))
    XCTAssertEqual(capabilities?["positionEncoding"], .string("utf-16"))
    for name in ["hoverProvider", "documentSymbolProvider", "colorProvider"] {
      XCTAssertEqual(capabilities?[name], .bool(true), name)
    }
    XCTAssertNotNil(capabilities?["completionProvider"])
    XCTAssertNotNil(capabilities?["codeActionProvider"])
    // A second initialize is refused.
    XCTAssertEqual(session.call("initialize")["error"]?["code"], .int(-32600))
  }

  func testUTF8PositionsWhenTheClientOffersThem() {
    let session = Session()
    let reply = session.call(
      "initialize",
      .object([
        "capabilities": .object([
          "general": .object(["positionEncodings": .array([.string("utf-8"), .string("utf-16")])])
        ])
      ]))
    XCTAssertEqual(reply["result"]?["capabilities"]?["positionEncoding"], .string("utf-8"))
  }

  func testRequestsBeforeInitializeAreRefused() {
    let session = Session()
    XCTAssertEqual(session.call("textDocument/hover", at(uri, 0, 0))["error"]?["code"], .int(-32002))
  }

  func testMalformedJSONGetsAParseErrorAndTheServerKeepsServing() {
    let session = Session()
    session.initialize()
    session.server.receive(Array(#"{"jsonrpc": "2.0", "id": 1, "method": "#.utf8))
    let reply = session.server.takeOutgoing()
    XCTAssertEqual(reply.first?["error"]?["code"], .int(-32700))
    XCTAssertEqual(reply.first?["id"], .null)
    XCTAssertEqual(session.call("shutdown")["result"], .null)
  }

  func testUnknownMethodsAndNotifications() {
    let session = Session()
    session.initialize()
    XCTAssertEqual(session.call("textDocument/frobnicate")["error"]?["code"], .int(-32601))
    session.notify("$/unknownNotification", .object([:]))
    session.notify("$/cancelRequest", .object(["id": .int(1)]))
    XCTAssertEqual(session.server.takeOutgoing(), [])
    // Not a request at all.
    session.server.receive(.array([]))
    XCTAssertEqual(session.server.takeOutgoing().first?["error"]?["code"], .int(-32600))
  }

  func testRequestsForUnopenedDocumentsGetEmptyAnswers() {
    let session = Session()
    session.initialize()
    let other = "file:///nowhere.pencil"
    XCTAssertEqual(session.call("textDocument/hover", at(other, 0, 0))["result"], .null)
    XCTAssertEqual(session.call("textDocument/completion", at(other, 0, 0))["result"], .array([]))
    XCTAssertEqual(
      session.call("textDocument/documentSymbol", .object(["textDocument": .object(["uri": .string(other)])]))[
        "result"], .array([]))
  }

  func testShutdownThenExitIsZeroExitAloneIsOne() {
    let session = Session()
    session.initialize()
    XCTAssertEqual(session.call("shutdown")["result"], .null)
    XCTAssertEqual(session.call("textDocument/hover", at(uri, 0, 0))["error"]?["code"], .int(-32600))
    session.notify("exit", .null)
    XCTAssertEqual(session.server.exitCode, 0)
    let abrupt = Session()
    abrupt.initialize()
    abrupt.notify("exit", .null)
    XCTAssertEqual(abrupt.server.exitCode, 1)
  }

  func testOpenDocumentsAreLimited() {
    let session = Session(limits: .init(maximumOpenDocuments: 2))
    session.initialize()
    session.open("file:///a.pencil", "rect")
    session.open("file:///b.pencil", "rect")
    session.open("file:///c.pencil", "rect")
    let refused = session.server.takeOutgoing()
    XCTAssertEqual(refused.first?["method"], .string("window/showMessage"))
    XCTAssertEqual(refused.first?["params"]?["type"], .int(1))
    let published = session.publish()
    XCTAssertNotNil(diagnostics(for: "file:///a.pencil", in: published))
    XCTAssertNil(diagnostics(for: "file:///c.pencil", in: published))
    // Closing one makes room.
    session.notify("textDocument/didClose", .object(["textDocument": .object(["uri": .string("file:///a.pencil")])]))
    session.open("file:///c.pencil", "rect")
    XCTAssertNotNil(diagnostics(for: "file:///c.pencil", in: session.publish()))
  }

  func testATooLargeMessageIsAnsweredWithAnError() {
    let session = Session()
    session.server.receiveTooLarge(MessageFramer.maximumMessageSize + 1)
    let reply = session.server.takeOutgoing()
    XCTAssertEqual(reply.first?["error"]?["code"], .int(-32600))
    XCTAssertEqual(reply.first?["id"], .null)
  }
}
