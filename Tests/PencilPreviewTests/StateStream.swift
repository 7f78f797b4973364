import Foundation
import XCTest

/// An `/events` stream read by tests. A test waits for the state it wants
/// (by version, or by what the state says), never for "the next state":
/// on a loaded machine a save may be seen as two compiles, or a compile
/// from an earlier save may arrive after the test's next write.
final class StateStream {
  let client: TestClient
  /// The last state read.
  private(set) var last: [String: Any] = [:]

  init(_ preview: RunningPreview) throws {
    client = try preview.client()
    client.send("GET /events HTTP/1.1\r\nHost: localhost:\(preview.port)\r\nAccept: text/event-stream\r\n\r\n")
  }

  /// The head of the stream's response.
  func head() throws -> String { try XCTUnwrap(client.read(until: "\r\n\r\n"), "no response head") }

  /// The next `event: state`'s JSON, nil when none came within `timeout`;
  /// `: keep-alive` comments are skipped.
  func next(timeout: Double = 10) throws -> [String: Any]? {
    let deadline = Date().addingTimeInterval(timeout)
    var read: String?
    repeat {
      read = client.read(until: "\n\n", timeout: max(0, deadline.timeIntervalSinceNow))
    } while read?.hasPrefix(":") == true
    guard let text = read else { return nil }
    let lines = text.split(separator: "\n")
    XCTAssertEqual(lines.first, "event: state", text)
    XCTAssertEqual(lines.count, 2, "one data line")
    let data = try XCTUnwrap(lines.first { $0.hasPrefix("data: ") }?.dropFirst(6))
    let state = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
    last = state
    return state
  }

  /// Reads states until one satisfies `wanted`, for up to `timeout`
  /// seconds; fails (and returns nil) when none did, naming `what`.
  @discardableResult
  func waitFor(
    _ what: String, timeout: Double = 30, file: StaticString = #filePath, line: UInt = #line,
    _ wanted: ([String: Any]) -> Bool
  ) throws -> [String: Any]? {
    let deadline = Date().addingTimeInterval(timeout)
    while deadline.timeIntervalSinceNow > 0 {
      guard let state = try next(timeout: deadline.timeIntervalSinceNow) else { break }
      if wanted(state) { return state }
    }
    XCTFail("no state with \(what) within \(timeout) s; the last: \(last)", file: file, line: line)
    return nil
  }
}

extension Dictionary where Key == String, Value == Any {
  var version: Int { self["version"] as? Int ?? -1 }
  var ok: Bool? { self["ok"] as? Bool }
  var svg: String { self["svg"] as? String ?? "" }
  var diagnosticCodes: [String] {
    (self["diagnostics"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
  }
}
