import Foundation
import PencilPreview
import XCTest

/// The server over real loopback sockets: routes and headers, HEAD,
/// keep-alive and pipelining, the refusals (traversal, Host, methods,
/// malformed requests, each limit) and that it keeps serving after each.
final class HTTPServerTests: XCTestCase {
  private static let scene = "rect size 40x20 fill=#336699\n"

  private func assertCommonHeaders(_ response: TestResponse, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(response.headers["cache-control"], "no-store", file: file, line: line)
    XCTAssertEqual(response.headers["x-content-type-options"], "nosniff", file: file, line: line)
    XCTAssertNotNil(response.headers["content-type"], file: file, line: line)
  }

  func testRoutesAndTheirHeaders() throws {
    let preview = try RunningPreview(scene: Self.scene)
    let expected: [(String, String)] = [
      ("/", "text/html; charset=utf-8"),
      ("/state.json", "application/json"),
      ("/picture.svg", "image/svg+xml"),
      ("/picture.png", "image/png"),
      ("/picture.txt", "text/plain; charset=utf-8"),
      ("/source?file=\(preview.scene.path)", "text/plain; charset=utf-8"),
    ]
    for (path, type) in expected {
      let response = try preview.get(path)
      XCTAssertEqual(response.status, 200, path)
      XCTAssertEqual(response.headers["content-type"], type, path)
      XCTAssertEqual(response.headers["content-length"], String(response.body.count), path)
      assertCommonHeaders(response)
    }
    XCTAssertEqual(try preview.get("/source?file=\(preview.scene.path)").text, Self.scene)
    XCTAssertEqual(try preview.get("/picture.png").body.prefix(4), [0x89, 0x50, 0x4E, 0x47])
    XCTAssertEqual(
      try preview.get("/picture.svg").headers["content-disposition"], "attachment; filename=\"scene.svg\"")
    XCTAssertEqual(
      try preview.get("/picture.png?scale=2").headers["content-disposition"], "attachment; filename=\"scene.png\"")
    for path in ["/nope", "/index.html", "/state.json/", "/STATE.JSON", "/picture", "/events/x"] {
      let response = try preview.get(path)
      XCTAssertEqual(response.status, 404, path)
      assertCommonHeaders(response)
    }
  }

  func testTheStateJSON() throws {
    let preview = try RunningPreview(
      scene: "import \"lib.pencil\"\nrect size 10x10 fill=tint\n", files: ["lib.pencil": "let tint = .blue\n"])
    let state = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(try preview.get("/state.json").body)) as? [String: Any])
    XCTAssertEqual(state["version"] as? Int, 1)
    XCTAssertEqual(state["ok"] as? Bool, true)
    XCTAssertTrue((state["svg"] as? String)?.hasPrefix("<?xml") == true)
    XCTAssertEqual(state["appearanceAdaptive"] as? Bool, true)
    let files = try XCTUnwrap(state["files"] as? [[String: Any]])
    XCTAssertEqual(
      files.compactMap { $0["name"] as? String },
      [preview.scene.path, preview.folder.appendingPathComponent("lib.pencil").path])
    XCTAssertEqual(try preview.get("/source?file=\(preview.folder.path)/lib.pencil").text, "let tint = .blue\n")
    // The dark download differs from the light one when the colours adapt.
    XCTAssertNotEqual(try preview.get("/picture.svg?appearance=dark").body, try preview.get("/picture.svg").body)
  }

  func testDiagnosticsInTheStateAndTheLastGoodPictureStays() throws {
    let preview = try RunningPreview(scene: "rect size 10x10 fill=salmn\n")
    var state = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(try preview.get("/state.json").body)) as? [String: Any])
    XCTAssertEqual(state["ok"] as? Bool, false)
    XCTAssertTrue(state["svg"] is NSNull)
    XCTAssertEqual(try preview.get("/picture.svg").status, 404)
    // No picture yet: no text whose offsets a picture could point at.
    XCTAssertEqual(try preview.get("/source?file=\(preview.scene.path)").status, 404)
    let diagnostic = try XCTUnwrap((state["diagnostics"] as? [[String: Any]])?.first)
    XCTAssertEqual(diagnostic["code"] as? String, "E0201")
    XCTAssertEqual(diagnostic["severity"] as? String, "error")
    XCTAssertEqual(diagnostic["line"] as? Int, 1)
    XCTAssertEqual(diagnostic["column"] as? Int, 22)
    XCTAssertEqual(diagnostic["endColumn"] as? Int, 27)
    XCTAssertEqual(diagnostic["file"] as? String, preview.scene.path)
    XCTAssertTrue((diagnostic["rendered"] as? String)?.contains("^^^^^") == true)
    XCTAssertNotNil(diagnostic["help"] as? String)
    let fix = try XCTUnwrap((diagnostic["fixes"] as? [[String: Any]])?.first)
    XCTAssertNotNil(fix["edits"] as? [[String: Any]])

    try preview.write("rect size 10x10 fill=salmon\n")
    preview.preview.session.compile()
    let good = try preview.get("/picture.svg").body
    try preview.write("rect size 10x10 fill=salmn\n")
    preview.preview.session.compile()
    state = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(try preview.get("/state.json").body)) as? [String: Any])
    XCTAssertEqual(state["ok"] as? Bool, false)
    // The session's own thread may have compiled the saves too.
    XCTAssertGreaterThanOrEqual(state["version"] as? Int ?? 0, 3)
    XCTAssertTrue((state["svg"] as? String)?.contains("#fa8072") == true)
    XCTAssertEqual(try preview.get("/picture.svg").body, good)
    // The source is the picture's, whose data-src offsets it matches.
    XCTAssertEqual(try preview.get("/source?file=\(preview.scene.path)").text, "rect size 10x10 fill=salmon\n")
  }

  func testPictureQueries() throws {
    let preview = try RunningPreview(scene: Self.scene)
    for path in [
      "/picture.svg?appearance=auto", "/picture.png?appearance=dark&scale=4", "/picture.txt?appearance=dark",
      "/picture.svg?cachebust=7",
    ] {
      XCTAssertEqual(try preview.get(path).status, 200, path)
    }
    for path in [
      "/picture.svg?appearance=sepia", "/picture.png?appearance=auto", "/picture.png?scale=0", "/picture.png?scale=5",
      "/picture.png?scale=1.5", "/picture.png?scale=", "/picture.txt?appearance=auto", "/picture.svg?appearance=%zz",
    ] {
      XCTAssertEqual(try preview.get(path).status, 400, path)
    }
    XCTAssertGreaterThan(try preview.get("/picture.png?scale=2").body.count, try preview.get("/picture.png").body.count)
  }

  func testHeadKeepAliveAndPipelining() throws {
    let preview = try RunningPreview(scene: Self.scene)
    let client = try preview.client()
    let host = "Host: 127.0.0.1:\(preview.port)\r\n"
    client.send("HEAD /state.json HTTP/1.1\r\n\(host)\r\n")
    let head = try XCTUnwrap(client.response(head: true))
    XCTAssertEqual(head.status, 200)
    let length = try XCTUnwrap(Int(head.headers["content-length"] ?? ""))
    XCTAssertGreaterThan(length, 0)
    // No body followed: the next response on the connection parses.
    client.send("GET /state.json HTTP/1.1\r\n\(host)\r\n")
    XCTAssertEqual(client.response()?.body.count, length)
    // Pipelined, with a deferred picture among them: answered in order.
    client.send(
      "GET /picture.png?scale=3 HTTP/1.1\r\n\(host)\r\nGET /nope HTTP/1.1\r\n\(host)\r\nGET / HTTP/1.1\r\n\(host)\r\n"
        + "HEAD /picture.txt HTTP/1.1\r\n\(host)\r\nGET /state.json HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")
    XCTAssertEqual(client.response()?.headers["content-type"], "image/png")
    XCTAssertEqual(client.response()?.status, 404)
    XCTAssertEqual(client.response()?.headers["content-type"], "text/html; charset=utf-8")
    XCTAssertEqual(client.response(head: true)?.headers["content-type"], "text/plain; charset=utf-8")
    let last = client.response()
    XCTAssertEqual(last?.headers["connection"], "close")
    XCTAssertTrue(client.closes(within: 5))
    XCTAssertEqual(client.unread, "")
  }

  /// Pipelined requests whose responses are more than the output the
  /// server queues for a connection: it holds the rest back and answers
  /// them, in order, as the client reads.
  func testPipelinedRequestsBeyondTheOutputBuffer() throws {
    let scene = (0..<3000).map { "rect at \($0 % 100),\($0 / 100) size 1x1 fill=#336699\n" }.joined()
    let preview = try RunningPreview(scene: scene)
    let client = try preview.client()
    let count = 24
    client.send(String(repeating: "GET /state.json HTTP/1.1\r\nHost: localhost\r\n\r\n", count: count))
    usleep(300_000)
    var sizes: [Int] = []
    for _ in 0..<count {
      guard let response = client.response(timeout: 10) else { break }
      XCTAssertEqual(response.status, 200)
      sizes.append(response.body.count)
    }
    XCTAssertEqual(sizes.count, count)
    XCTAssertGreaterThan(sizes.reduce(0, +), 2 << 20, "more than the connection's output cap in all")
  }

  /// A client that asks for much and reads nothing is closed once no
  /// byte has left for the timeout.
  func testAClientThatReadsNothingIsClosed() throws {
    let scene = (0..<3000).map { "rect at \($0 % 100),\($0 / 100) size 1x1 fill=#336699\n" }.joined()
    let preview = try RunningPreview(scene: scene) { $0.requestTimeout = 0.5 }
    let client = try preview.client()
    // About 11 MB of answers: more than the socket buffers take.
    client.send(String(repeating: "GET /state.json HTTP/1.1\r\nHost: localhost\r\n\r\n", count: 64))
    let deadline = Date().addingTimeInterval(10)
    while preview.preview.server.statistics.timedOut == 0, Date() < deadline { usleep(50_000) }
    XCTAssertEqual(preview.preview.server.statistics.timedOut, 1)
    XCTAssertTrue(client.closes(within: 10))
    XCTAssertEqual(try preview.get("/state.json").status, 200)
  }

  func testPathTraversalIsNeverServed() throws {
    let preview = try RunningPreview(scene: Self.scene)
    for path in [
      "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd", "//etc/passwd",
      "/./state.json", "/source/../state.json", "/source?file=/etc/passwd", "/source?file=../../etc/passwd",
      "/source?file=%2Fetc%2Fpasswd", "/source?file=scene.pencil", "/source", "/" + preview.scene.path,
    ] {
      let response = try preview.get(path)
      XCTAssertEqual(response.status, 404, path)
      XCTAssertFalse(response.text.contains("root:"), path)
    }
    XCTAssertEqual(try preview.get("/%2").status, 400)
  }

  func testHostHeaderRefusals() throws {
    let preview = try RunningPreview(scene: Self.scene)
    let port = preview.port
    for host in ["evil.com", "127.0.0.1.evil.com", "localhost.evil.com", "evil.com:\(port)", "127.0.0.1:1", "10.0.0.1"]
    {
      let response = try preview.get("/state.json", host: host)
      XCTAssertEqual(response.status, 403, host)
      XCTAssertFalse(response.text.contains("version"), host)
    }
    for host in ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)", "localhost", "127.0.0.1"] {
      XCTAssertEqual(try preview.get("/state.json", host: host).status, 200, host)
    }
    // HTTP/1.1 must name a host, once; HTTP/1.0 need not.
    var client = try preview.client()
    client.send("GET / HTTP/1.1\r\n\r\n")
    XCTAssertEqual(client.response()?.status, 400)
    XCTAssertTrue(client.closes(within: 5))
    client = try preview.client()
    client.send("GET / HTTP/1.1\r\nHost: localhost\r\nHost: evil.com\r\n\r\n")
    XCTAssertEqual(client.response()?.status, 400)
    client = try preview.client()
    client.send("GET /state.json HTTP/1.0\r\n\r\n")
    XCTAssertEqual(client.response()?.status, 200)
    XCTAssertTrue(client.closes(within: 5))
  }

  func testMethodsOtherThanGetAndHead() throws {
    let preview = try RunningPreview(scene: Self.scene)
    let client = try preview.client()
    let host = "Host: localhost\r\n"
    for method in ["POST", "PUT", "DELETE", "OPTIONS", "get", "BREW"] {
      client.send("\(method) /state.json HTTP/1.1\r\n\(host)Content-Length: 2\r\n\r\nhi")
      let response = client.response()
      XCTAssertEqual(response?.status, 405, method)
      XCTAssertEqual(response?.headers["allow"], "GET, HEAD", method)
    }
    // The same connection still serves.
    client.send("GET /state.json HTTP/1.1\r\n\(host)\r\n")
    XCTAssertEqual(client.response()?.status, 200)
  }

  func testMalformedRequestsAndLimitsCloseOnlyTheirConnection() throws {
    let preview = try RunningPreview(scene: Self.scene)
    let cases: [(String, Int)] = [
      ("GARBAGE\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nbad header\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: x\r\n\r\n", 400),
      ("GET / HTTP/3.0\r\nHost: localhost\r\n\r\n", 505),
      ("GET / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
      ("GET / HTTP/1.1\r\nHost: localhost\r\nX: " + String(repeating: "a", count: 17 * 1024) + "\r\n\r\n", 431),
      ("GET / HTTP/1.1\r\nHost: localhost\r\n" + String(repeating: "X: y\r\n", count: 101) + "\r\n", 431),
      ("GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 65537\r\n\r\n", 413),
      ("\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00}\u{01}\u{fc}\u{03}\u{03}\r\n\r\n", 400),
    ]
    for (request, status) in cases {
      let client = try preview.client()
      client.send(request)
      XCTAssertEqual(client.response()?.status, status, String(request.prefix(40)).debugDescription)
      XCTAssertTrue(client.closes(within: 5), String(request.prefix(40)).debugDescription)
      XCTAssertEqual(try preview.get("/state.json").status, 200, "still serving after \(status)")
    }
    // A body at the limit is read (and ignored).
    let client = try preview.client()
    client.send(
      "GET /state.json HTTP/1.1\r\nHost: localhost\r\nContent-Length: 65536\r\n\r\n"
        + String(repeating: "b", count: 65536))
    XCTAssertEqual(client.response()?.status, 200)
    XCTAssertGreaterThanOrEqual(preview.preview.server.statistics.malformed, cases.count)
  }

  func testASlowClientTimesOut() throws {
    let preview = try RunningPreview(scene: Self.scene) { $0.requestTimeout = 0.5 }
    // Headers trickling in, never finished: 408, then closed.
    let slow = try preview.client()
    slow.send("GET /state.json HTTP/1.1\r\nHo")
    let started = Date()
    XCTAssertEqual(slow.response(timeout: 5)?.status, 408)
    XCTAssertTrue(slow.closes(within: 5))
    XCTAssertLessThan(Date().timeIntervalSince(started), 3)
    // A byte now and then does not keep a request alive.
    let trickle = try preview.client()
    for byte in "GET / HT".utf8 {
      trickle.send([byte])
      usleep(100_000)
    }
    XCTAssertEqual(trickle.response(timeout: 5)?.status, 408)
    // Nor do blank lines, which the parser skips (3 s of them, 6 timeouts).
    let blank = try preview.client()
    let trickled = Date()
    while Date().timeIntervalSince(trickled) < 3 {
      blank.send("\r\n")
      usleep(100_000)
    }
    XCTAssertTrue(blank.closes(within: 0.2))
    // An idle keep-alive connection is closed quietly.
    let idle = try preview.client()
    idle.send("GET /state.json HTTP/1.1\r\nHost: localhost\r\n\r\n")
    XCTAssertEqual(idle.response()?.status, 200)
    XCTAssertTrue(idle.closes(within: 5))
    XCTAssertEqual(idle.unread, "")
    XCTAssertGreaterThanOrEqual(preview.preview.server.statistics.timedOut, 2)
    XCTAssertEqual(try preview.get("/state.json").status, 200)
  }

  func testTheConnectionCap() throws {
    let preview = try RunningPreview(scene: Self.scene) { $0.maximumConnections = 3 }
    var open: [TestClient] = []
    for _ in 0..<3 {
      let client = try preview.client()
      client.send("GET /state.json HTTP/1.1\r\nHost: localhost\r\n\r\n")
      XCTAssertEqual(client.response()?.status, 200)
      open.append(client)
    }
    let refused = try preview.client()
    XCTAssertEqual(refused.response()?.status, 503)
    XCTAssertTrue(refused.closes(within: 5))
    XCTAssertEqual(preview.preview.server.statistics.refusedOverCapacity, 1)
    // Room again once one goes, as soon as the server has seen it go:
    // polled, as a loaded machine may take a while.
    open.removeFirst()
    let deadline = Date().addingTimeInterval(30)
    var status = 0
    while status != 200, Date() < deadline {
      status = try preview.get("/state.json").status
      if status != 200 { usleep(20_000) }
    }
    XCTAssertEqual(status, 200)
  }

  func testIPv6Loopback() throws {
    let preview = try RunningPreview(scene: Self.scene)
    guard let client = TestClient(port: preview.port, ipv6: true) else {
      throw XCTSkip("no ::1 on this machine")
    }
    client.send("GET /state.json HTTP/1.1\r\nHost: [::1]:\(preview.port)\r\n\r\n")
    XCTAssertEqual(client.response()?.status, 200)
  }

  func testATakenPortIsRefused() throws {
    let preview = try RunningPreview(scene: Self.scene)
    var configuration = HTTPServer.Configuration()
    configuration.port = preview.port
    XCTAssertThrowsError(try LivePreview(path: preview.scene.path, configuration: configuration)) { error in
      XCTAssertEqual(error as? ListenError, .addressInUse(port: preview.port))
    }
  }
}
