/// A response to write. Every response carries `Content-Type`,
/// `Cache-Control: no-store` (the picture changes under the same URL) and
/// `X-Content-Type-Options: nosniff` (a browser must not guess that SVG or
/// a source file is something to run); all but the event stream carry
/// `Content-Length`.
public struct HTTPResponse: Sendable {
  public var status: Int
  public var contentType: String
  public var body: [UInt8]
  /// Other headers, in order (`Allow`, `Content-Disposition`).
  public var headers: [(String, String)] = []
  /// Close the connection after this response.
  public var close = false

  public init(status: Int, contentType: String, body: [UInt8], headers: [(String, String)] = [], close: Bool = false) {
    self.status = status
    self.contentType = contentType
    self.body = body
    self.headers = headers
    self.close = close
  }

  /// A plain-text response, for errors.
  public static func text(_ status: Int, _ text: String, close: Bool = false) -> HTTPResponse {
    HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8), close: close)
  }

  /// The bytes on the wire; `head` leaves the body out (the answer to
  /// HEAD), keeping the `Content-Length` GET would have.
  func serialized(head: Bool = false, keepAlive: Bool) -> [UInt8] {
    var text = "HTTP/1.1 \(status) \(HTTPResponse.reason(status))\r\n"
    text += "Content-Type: \(contentType)\r\n"
    text += "Content-Length: \(body.count)\r\n"
    text += HTTPResponse.commonHeaders
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    text += keepAlive && !close ? "Connection: keep-alive\r\n" : "Connection: close\r\n"
    text += "\r\n"
    var bytes = Array(text.utf8)
    if !head { bytes += body }
    return bytes
  }

  /// The head of the event stream: no length, the connection is the stream.
  static func eventStreamHead() -> [UInt8] {
    Array(
      ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n" + commonHeaders
        + "Connection: keep-alive\r\n\r\n").utf8)
  }

  static let commonHeaders = "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"

  static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 400: "Bad Request"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 413: "Content Too Large"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 503: "Service Unavailable"
    case 505: "HTTP Version Not Supported"
    default: "Status"
    }
  }
}
