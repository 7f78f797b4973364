import Foundation
import PencilPreview
import XCTest

/// Event streams share one buffer per event: clients that never read hold
/// references to it, not copies, so the output queued for all of them is
/// one copy of each event; all clients' queued output has a total cap,
/// past which the streams furthest behind are dropped. And the page cannot
/// be framed by another site.
final class SharedEventBufferTests: XCTestCase {
  /// A stream; `reading: false` for one that never reads, whose small
  /// receive window keeps what it is sent queued in the server.
  private func openStream(_ preview: RunningPreview, reading: Bool = false) throws -> TestClient {
    let client = try preview.client(receiveBuffer: reading ? nil : 4096)
    client.send("GET /events HTTP/1.1\r\nHost: localhost:\(preview.port)\r\n\r\n")
    return client
  }

  /// Polls until `condition` holds, for up to 30 seconds.
  private func waitUntil(_ what: String, _ condition: () -> Bool) {
    let deadline = Date().addingTimeInterval(30)
    while !condition() {
      guard Date() < deadline else { return XCTFail("timed out waiting for \(what)") }
      usleep(10_000)
    }
  }

  /// A request answered after the loop has taken every event broadcast
  /// before it: the wake-up of a broadcast is handled before new
  /// connections in a round, and the broadcast came first.
  private func roundTrip(_ preview: RunningPreview) throws {
    XCTAssertEqual(try preview.get("/state.json").status, 200)
  }

  func testThePageCannotBeFramed() throws {
    let preview = try RunningPreview(scene: "rect size 10x10\n")
    for method in ["GET", "HEAD"] {
      let page = try preview.get("/", method: method)
      XCTAssertEqual(page.status, 200)
      XCTAssertEqual(page.headers["x-frame-options"], "DENY", method)
      XCTAssertEqual(page.headers["content-security-policy"], "frame-ancestors 'none'", method)
    }
  }

  func testStreamsThatNeverReadShareOneCopyOfEachEvent() throws {
    let preview = try RunningPreview(scene: "rect size 10x10\n") {
      $0.eventBufferLimit = 64 << 20
      $0.totalOutputLimit = 256 << 20
    }
    let clients = 40
    let streams = try (0..<clients).map { _ in try openStream(preview) }  // Never read.
    waitUntil("\(clients) streams") { preview.preview.server.statistics.openStreams == clients }
    let eventSize = 1 << 20
    let saves = 7
    let payload = String(repeating: "z", count: eventSize)
    for version in 100..<(100 + saves) {
      preview.preview.server.broadcast(ServerSentEvents.event("state", data: payload), version: version)
    }
    try roundTrip(preview)
    let statistics = preview.preview.server.statistics
    XCTAssertEqual(statistics.openStreams, clients, "no client was dropped")
    XCTAssertEqual(statistics.droppedSlowStreams, 0)
    // One copy of each event (plus the initial state and the heads, well
    // under 64 KiB), not one per client: 40 copies would be 280 MiB.
    let oneCopyEach = saves * (eventSize + 32) + (64 << 10)
    XCTAssertLessThanOrEqual(statistics.peakQueuedOutputBytes, oneCopyEach)
    // The latest event, at least, is held for the clients.
    XCTAssertGreaterThanOrEqual(statistics.queuedOutputBytes, eventSize)
    XCTAssertEqual(streams.count, clients)
  }

  func testPastTheTotalCapTheStreamsFurthestBehindAreDropped() throws {
    let totalLimit = 2 << 20
    let preview = try RunningPreview(scene: "rect size 10x10\n") {
      $0.eventBufferLimit = 64 << 20
      $0.totalOutputLimit = totalLimit
    }
    let slow = try (0..<5).map { _ in try openStream(preview) }  // Never read.
    let fast = try openStream(preview, reading: true)
    XCTAssertNotNil(fast.read(until: "\n\n", timeout: 10), "the fast client's first state")
    waitUntil("6 streams") { preview.preview.server.statistics.openStreams == 6 }
    let events = 24
    let eventSize = 256 << 10
    let payload = String(repeating: "w", count: eventSize)
    XCTAssertEqual(preview.broadcastInStep(events, payload: payload, to: fast), events)
    let statistics = preview.preview.server.statistics
    XCTAssertEqual(statistics.droppedSlowStreams, slow.count, "the clients that never read were dropped")
    XCTAssertEqual(statistics.openStreams, 1)
    XCTAssertFalse(fast.sawEnd, "the client that keeps up kept its stream")
    XCTAssertLessThanOrEqual(statistics.peakQueuedOutputBytes, totalLimit + eventSize + (64 << 10))
    for client in slow { XCTAssertTrue(client.closes(within: 10)) }
  }
}
