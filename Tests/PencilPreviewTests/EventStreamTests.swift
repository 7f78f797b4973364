import Foundation
import PencilPreview
import XCTest

/// `/events`: the current state at once, a new state after a save within
/// a bound, one compile for a storm of saves, keep-alive comments, a slow
/// client dropped at its buffer's cap, and `bye` at shutdown.
final class EventStreamTests: XCTestCase {
  private func openStream(_ preview: RunningPreview) throws -> TestClient {
    let client = try preview.client()
    client.send("GET /events HTTP/1.1\r\nHost: localhost:\(preview.port)\r\nAccept: text/event-stream\r\n\r\n")
    return client
  }

  /// The next `event: state`'s JSON.
  private func nextState(_ client: TestClient, timeout: Double = 10) throws -> [String: Any] {
    let text = try XCTUnwrap(client.read(until: "\n\n", timeout: timeout), "no event")
    let lines = text.split(separator: "\n")
    XCTAssertEqual(lines.first, "event: state", text)
    let data = try XCTUnwrap(lines.first { $0.hasPrefix("data: ") }?.dropFirst(6))
    XCTAssertEqual(lines.count, 2, "one data line")
    return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
  }

  private func streamHead(_ client: TestClient) throws {
    try checkStreamHead(try XCTUnwrap(client.read(until: "\r\n\r\n")))
  }

  private func checkStreamHead(_ head: String) throws {
    XCTAssertTrue(head.hasPrefix("HTTP/1.1 200 OK\r\n"), head)
    XCTAssertTrue(head.contains("Content-Type: text/event-stream"), head)
    XCTAssertTrue(head.contains("Cache-Control: no-store"), head)
    XCTAssertTrue(head.contains("X-Content-Type-Options: nosniff"), head)
    XCTAssertFalse(head.contains("Content-Length"), head)
  }

  /// Each step waits for the state it caused (a newer version saying
  /// what the save said), never for "the next state": on a loaded machine
  /// a save can be seen as two compiles, and a state left over from one
  /// save must not be read as the next save's.
  func testANewStateArrivesAfterASaveOfTheSceneOrAnImport() throws {
    let preview = try RunningPreview(
      scene: "import \"lib.pencil\"\nrect size 10x10 fill=tint\n", files: ["lib.pencil": "let tint = #ff0000\n"])
    let stream = try StateStream(preview)
    try checkStreamHead(try stream.head())
    let first = try XCTUnwrap(stream.waitFor("the first compile") { $0.version >= 1 })
    XCTAssertEqual(first.version, 1)
    XCTAssertTrue(first.svg.contains("#ff0000"))

    var started = Date()
    try preview.write("import \"lib.pencil\"\nrect size 20x10 fill=tint\n")
    let scene = try XCTUnwrap(stream.waitFor("the scene's save") { $0.ok == true && $0.svg.contains("M0,0L20,0") })
    let sceneLatency = Date().timeIntervalSince(started)
    XCTAssertGreaterThan(scene.version, first.version)

    started = Date()
    try preview.write("let tint = #00ff00\n", to: "lib.pencil")
    let imported = try XCTUnwrap(stream.waitFor("the import's save") { $0.ok == true && $0.svg.contains("#00ff00") })
    let importLatency = Date().timeIntervalSince(started)
    XCTAssertGreaterThan(imported.version, scene.version)
    // The issue asks for a redraw within 200 ms of a save; the watch
    // settles for 60 ms. Generous here, for a loaded test machine.
    XCTAssertLessThan(sceneLatency, 5)
    XCTAssertLessThan(importLatency, 5)

    // An error keeps the last good picture.
    try preview.write("let tint = #zz\n", to: "lib.pencil")
    let failed = try XCTUnwrap(stream.waitFor("the error") { $0.ok == false })
    XCTAssertGreaterThan(failed.version, imported.version)
    XCTAssertTrue(failed.svg.contains("#00ff00"))
    XCTAssertFalse(failed.diagnosticCodes.isEmpty)
  }

  func testAStormOfSavesIsFewCompiles() throws {
    let preview = try RunningPreview(scene: "rect size 1x10\n")
    let stream = try StateStream(preview)
    try checkStreamHead(try stream.head())
    try stream.waitFor("the first compile") { $0.version >= 1 }
    let before = preview.preview.session.compileCount
    // Gaps between saves longer than the watch's settling time may each
    // end a burst, as they should: on a loaded machine the test thread can
    // be held that long, so they are counted and allowed for.
    var longGaps = 0
    var last = Date()
    for index in 1...20 {
      try preview.write("rect size \(index + 1)x10\n")
      if Date().timeIntervalSince(last) > Double(FileWatch.settle) / 1000 { longGaps += 1 }
      last = Date()
      usleep(5_000)
    }
    // The last state is the last save's.
    try stream.waitFor("the last save") { $0.svg.contains("M0,0L21,0") }
    // Stopping waits for the compile thread, so the count is final.
    XCTAssertTrue(preview.stop())
    let compiles = preview.preview.session.compileCount - before
    XCTAssertGreaterThanOrEqual(compiles, 1)
    XCTAssertLessThanOrEqual(compiles, 4 + longGaps, "20 saves 5 ms apart (\(longGaps) gaps over the settling time)")
  }

  func testKeepAliveComments() throws {
    let preview = try RunningPreview(scene: "rect size 10x10\n") { $0.keepAliveInterval = 0.2 }
    let client = try openStream(preview)
    try streamHead(client)
    _ = try nextState(client)
    XCTAssertNotNil(client.read(until: ": keep-alive\n\n", timeout: 3))
  }

  func testHeadOfTheEventStream() throws {
    let preview = try RunningPreview(scene: "rect size 10x10\n")
    let client = try preview.client()
    client.send("HEAD /events HTTP/1.1\r\nHost: localhost\r\n\r\n")
    try streamHead(client)
    XCTAssertTrue(client.closes(within: 5))
    XCTAssertEqual(client.unread, "")
  }

  func testASlowClientIsDroppedAtItsBufferCap() throws {
    let preview = try RunningPreview(scene: "rect size 10x10\n") { $0.eventBufferLimit = 1 << 20 }
    let slow = try openStream(preview)  // Never reads.
    let fast = try openStream(preview)
    try streamHead(fast)
    _ = try nextState(fast)
    // The fast client reads everything, on a thread of its own, each
    // event before the next is sent.
    let events = 160
    let payload = String(repeating: "x", count: 256 * 1024)
    XCTAssertEqual(preview.broadcastInStep(events, payload: payload, to: fast, timeout: 20), events)
    XCTAssertFalse(fast.sawEnd, "the fast client kept its stream")
    XCTAssertEqual(preview.preview.server.statistics.droppedSlowStreams, 1)
    XCTAssertEqual(preview.preview.server.statistics.openStreams, 1)
    XCTAssertTrue(slow.closes(within: 10))
    XCTAssertEqual(try preview.get("/state.json").status, 200)
  }

  /// An event larger than the cap still reaches a client that keeps up.
  func testAnEventOverTheCapReachesAClientThatKeepsUp() throws {
    let preview = try RunningPreview(scene: "rect size 10x10\n") { $0.eventBufferLimit = 1024 }
    let client = try openStream(preview)
    try streamHead(client)
    _ = try nextState(client)
    let payload = String(repeating: "y", count: 8 * 1024)
    for version in 10..<15 {
      preview.preview.server.broadcast(ServerSentEvents.event("state", data: payload), version: version)
      XCTAssertEqual(client.read(until: "\n\n", timeout: 5)?.count, payload.count + 21)
    }
    XCTAssertEqual(preview.preview.server.statistics.droppedSlowStreams, 0)
  }

  func testShutdownSaysByeAndClosesEveryStream() throws {
    let preview = try RunningPreview(scene: "rect size 10x10\n")
    let streams = try (0..<5).map { _ in try openStream(preview) }
    for stream in streams {
      try streamHead(stream)
      _ = try nextState(stream)
    }
    let idle = try preview.client()
    XCTAssertTrue(preview.stop(), "run returned")
    for stream in streams {
      XCTAssertEqual(stream.read(until: "\n\n"), "event: bye\ndata: {}\n\n")
      XCTAssertTrue(stream.closes(within: 5))
    }
    XCTAssertTrue(idle.closes(within: 5))
    XCTAssertNil(TestClient(port: preview.port), "no longer listening")
  }
}
