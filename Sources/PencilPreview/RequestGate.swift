/// What a route answers.
public enum RouteResult: Sendable {
  case response(HTTPResponse)
  /// Turn the connection into a Server-Sent Events stream, starting with
  /// `initial` (one event, already framed) at `version`.
  case eventStream(initial: [UInt8], version: Int)
  /// A response made off the event loop (a picture rendered on demand),
  /// on the server's worker thread.
  case deferred(@Sendable () -> HTTPResponse)
}

/// The server's routes. Called on the event loop thread: it must return at
/// once, reading prepared state; anything slow goes in `.deferred`.
public protocol HTTPRoutes: Sendable {
  /// `path` is percent-decoded; `query` decoded, in order. Only GET and
  /// HEAD from a loopback `Host` get here.
  func route(path: String, query: [(name: String, value: String)]) -> RouteResult
}

/// The checks every request passes before any route sees it.
enum RequestGate {
  static let allowedMethods = "GET, HEAD"

  /// A response refusing the request, or nil to route it.
  ///
  /// `Host` must name loopback: `127.0.0.1`, `localhost` or `[::1]`, with
  /// this server's port or none. Otherwise 403, the DNS-rebinding defence:
  /// a page on `evil.com` whose name the attacker points at 127.0.0.1 can
  /// make the browser send requests here, but the browser still says
  /// `Host: evil.com`, and `127.0.0.1.evil.com` is not `127.0.0.1`. 403 and
  /// not 421, since the request is refused for who asks, not misrouted.
  /// HTTP/1.1 requires exactly one `Host` (400 otherwise); HTTP/1.0 may
  /// leave it out.
  static func refusal(_ request: HTTPRequest, port: Int) -> HTTPResponse? {
    let hosts = request.headers.filter { $0.name == "host" }
    if hosts.count > 1 { return .text(400, "more than one Host header\n", close: true) }
    if let host = hosts.first?.value {
      guard isLoopback(host, port: port) else {
        return .text(403, "this server answers only to 127.0.0.1, localhost and [::1]\n")
      }
    } else if request.minorVersion == 1 {
      return .text(400, "HTTP/1.1 requires a Host header\n", close: true)
    }
    guard request.method == "GET" || request.method == "HEAD" else {
      var response = HTTPResponse.text(405, "only GET and HEAD\n")
      response.headers.append(("Allow", allowedMethods))
      return response
    }
    return nil
  }

  static func isLoopback(_ host: String, port: Int) -> Bool {
    let lowered = host.lowercased()
    for name in ["127.0.0.1", "localhost", "[::1]"] where lowered.hasPrefix(name) {
      let rest = lowered.dropFirst(name.count)
      return rest.isEmpty || rest == ":\(port)"
    }
    return false
  }
}
