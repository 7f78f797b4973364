import XCTest

@testable import PencilPreview

/// The request parser on its own: requests in pieces, pipelined, at and
/// over every limit, and each malformed case with its status.
final class HTTPRequestParserTests: XCTestCase {
  private func parse(_ text: String) -> Result<HTTPRequest, HTTPParseError>? {
    var parser = HTTPRequestParser()
    parser.append(Array(text.utf8))
    return parser.next()
  }

  private func status(_ text: String) -> Int? {
    switch parse(text) {
    case .failure(let error): error.status
    case .success: 200
    case nil: nil
    }
  }

  func testAWholeRequest() throws {
    let request = try XCTUnwrap(parse("GET /state.json?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A:  b c \r\n\r\n")?.get())
    XCTAssertEqual(request.method, "GET")
    XCTAssertEqual(request.target, "/state.json?x=1")
    XCTAssertEqual(request.minorVersion, 1)
    XCTAssertEqual(request.header("host"), "127.0.0.1")
    XCTAssertEqual(request.header("x-a"), "b c")
    XCTAssertEqual(request.decodedPath, "/state.json")
    XCTAssertEqual(request.queryItems?.map(\.name), ["x"])
    XCTAssertTrue(request.keepAlive)
  }

  func testBytesArrivingOneAtATime() throws {
    let text = "GET /a HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\n\r\nabcGET /b HTTP/1.1\r\nHost: x\r\n\r\n"
    var parser = HTTPRequestParser()
    var requests: [HTTPRequest] = []
    for byte in text.utf8 {
      parser.append([byte])
      while let result = parser.next() { requests.append(try result.get()) }
    }
    XCTAssertEqual(requests.map(\.target), ["/a", "/b"])
    XCTAssertEqual(requests.first?.body, Array("abc".utf8))
    XCTAssertEqual(parser.bufferedCount, 0)
  }

  func testPipelinedRequestsComeOutInOrder() throws {
    var parser = HTTPRequestParser()
    parser.append(Array((1...5).map { "GET /\($0) HTTP/1.1\r\nHost: h\r\n\r\n" }.joined().utf8))
    var targets: [String] = []
    while let result = parser.next() { targets.append(try result.get().target) }
    XCTAssertEqual(targets, ["/1", "/2", "/3", "/4", "/5"])
  }

  func testALoneLFEndsALineAndALoneCRIsRefused() throws {
    let request = try XCTUnwrap(parse("GET / HTTP/1.1\nHost: h\n\n")?.get())
    XCTAssertEqual(request.header("host"), "h")
    XCTAssertEqual(status("GET / HTTP/1.1\rHost: h\r\n\r\n"), 400)
    XCTAssertEqual(status("GET / HTTP/1.1\r\nHost: a\rb\r\n\r\n"), 400)
    // Empty lines before a request line are skipped (RFC 9112 §2.2).
    XCTAssertEqual(try XCTUnwrap(parse("\r\n\r\nGET /x HTTP/1.1\r\nHost: h\r\n\r\n")?.get()).target, "/x")
  }

  func testIncompleteRequestsWait() {
    XCTAssertNil(parse("GET / HTTP/1.1\r\nHost: h\r\n"))
    XCTAssertNil(parse("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nabc"))
  }

  func testTheHeaderSizeLimit() {
    // Request line + headers + blank line of exactly the limit: accepted.
    let start = "GET / HTTP/1.1\r\nX: "
    let filler = String(repeating: "a", count: HTTPRequestParser.maximumHeaderBytes - start.utf8.count - 4)
    XCTAssertEqual(status(start + filler + "\r\n\r\n"), 200)
    XCTAssertEqual(status(start + filler + "a\r\n\r\n"), 431)
    // Over the limit without the blank line yet: refused as it arrives.
    XCTAssertEqual(status(start + filler + "aaaaa"), 431)
    XCTAssertNil(status(start + filler + "aaaa"))
    XCTAssertNil(status(start + filler))
  }

  func testTheHeaderCountLimit() {
    func request(lines: Int) -> String {
      "GET / HTTP/1.1\r\n" + (0..<lines).map { "X-\($0): v\r\n" }.joined() + "\r\n"
    }
    XCTAssertEqual(status(request(lines: HTTPRequestParser.maximumHeaderLines)), 200)
    XCTAssertEqual(status(request(lines: HTTPRequestParser.maximumHeaderLines + 1)), 431)
  }

  func testTheBodyLimit() {
    let limit = HTTPRequestParser.maximumBodyBytes
    XCTAssertEqual(
      status("GET / HTTP/1.1\r\nContent-Length: \(limit)\r\n\r\n" + String(repeating: "b", count: limit)), 200)
    // Refused from the header alone, before any of the body arrives.
    XCTAssertEqual(status("GET / HTTP/1.1\r\nContent-Length: \(limit + 1)\r\n\r\n"), 413)
    XCTAssertEqual(status("GET / HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n"), 413)
    XCTAssertEqual(status("GET / HTTP/1.1\r\nContent-Length: 0000000000000000000000001\r\n\r\nx"), 200)
  }

  func testMalformedRequests() {
    let cases: [(String, Int)] = [
      ("GET /\r\n\r\n", 400),
      ("GET  / HTTP/1.1\r\n\r\n", 400),
      ("GET / HTTP/1.1 \r\n\r\n", 400),
      ("GET / HTTP/1.1 x\r\n\r\n", 400),
      ("G(T / HTTP/1.1\r\n\r\n", 400),
      ("GET foo HTTP/1.1\r\n\r\n", 400),
      ("GET http://evil.com/ HTTP/1.1\r\n\r\n", 400),
      ("GET /a\u{7F}b HTTP/1.1\r\n\r\n", 400),
      ("GET / HTTP/1.x\r\n\r\n", 400),
      ("GET / HTTX/1.1\r\n\r\n", 400),
      ("GET / HTTP/11\r\n\r\n", 400),
      ("GET / http/1.1\r\n\r\n", 400),
      ("GET / HTTP/2.0\r\n\r\n", 505),
      ("GET / HTTP/0.9\r\n\r\n", 505),
      ("GET / HTTP/1.1\r\nno colon\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nHost : h\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\n: v\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nX: a\u{01}b\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nContent-Length: abc\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nContent-Length: +1\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nContent-Length: 1, 1\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nContent-Length:\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
    ]
    for (text, expected) in cases {
      XCTAssertEqual(status(text), expected, text.debugDescription)
    }
    // The same Content-Length twice is one length.
    XCTAssertEqual(status("GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx"), 200)
  }

  func testPercentDecodingOfThePathAndQuery() throws {
    func request(_ target: String) throws -> HTTPRequest {
      try XCTUnwrap(parse("GET \(target) HTTP/1.1\r\nHost: h\r\n\r\n")?.get())
    }
    XCTAssertEqual(try request("/%2e%2e/%2E%2E/etc/passwd").decodedPath, "/../../etc/passwd")
    XCTAssertEqual(try request("/state%2Ejson").decodedPath, "/state.json")
    XCTAssertEqual(try request("/a+b").decodedPath, "/a+b")
    XCTAssertNil(try request("/%zz").decodedPath)
    XCTAssertNil(try request("/%2").decodedPath)
    XCTAssertNil(try request("/a%00b").decodedPath)
    XCTAssertNil(try request("/%ff").decodedPath)
    let items = try XCTUnwrap(try request("/source?file=a+b%2Fc.pencil&&x=&y").queryItems)
    XCTAssertEqual(items.map(\.name), ["file", "x", "y"])
    XCTAssertEqual(items.map(\.value), ["a b/c.pencil", "", ""])
    XCTAssertNil(try request("/s?file=%").queryItems)
  }

  func testConnectionPersistence() throws {
    func keepAlive(_ head: String) throws -> Bool { try XCTUnwrap(parse(head + "\r\n")?.get()).keepAlive }
    XCTAssertTrue(try keepAlive("GET / HTTP/1.1\r\nHost: h\r\n"))
    XCTAssertFalse(try keepAlive("GET / HTTP/1.1\r\nHost: h\r\nConnection: Close\r\n"))
    XCTAssertFalse(try keepAlive("GET / HTTP/1.0\r\n"))
    XCTAssertTrue(try keepAlive("GET / HTTP/1.0\r\nConnection: keep-alive\r\n"))
  }

  func testLoopbackHostNames() {
    for host in ["127.0.0.1", "127.0.0.1:8000", "localhost", "LOCALHOST:8000", "[::1]", "[::1]:8000"] {
      XCTAssertTrue(RequestGate.isLoopback(host, port: 8000), host)
    }
    for host in [
      "evil.com", "127.0.0.1.evil.com", "localhost.evil.com", "127.0.0.1:8001", "[::1]:80", "127.0.0.2", "",
      "localhost:", "127.0.0.1:8000:8000", "[::1].evil.com",
    ] {
      XCTAssertFalse(RequestGate.isLoopback(host, port: 8000), host)
    }
  }
}
