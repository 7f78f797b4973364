/// Why a request was refused before it reached a route. Each closes the
/// connection after its response: the parser cannot tell where the next
/// request would start.
public enum HTTPParseError: Error, Equatable, Sendable {
  /// 400: a malformed request line, header or `Content-Length`, a bare CR.
  case badRequest(String)
  /// 431: the request line and headers are over `maximumHeaderBytes`, or
  /// there are more than `maximumHeaderLines` header lines.
  case headersTooLarge
  /// 413: a `Content-Length` over `maximumBodyBytes`.
  case bodyTooLarge
  /// 501: `Transfer-Encoding` (no route takes a body, let alone a chunked one).
  case notImplemented
  /// 505: a well-formed version other than HTTP/1.0 and HTTP/1.1.
  case versionNotSupported

  public var status: Int {
    switch self {
    case .badRequest: 400
    case .headersTooLarge: 431
    case .bodyTooLarge: 413
    case .notImplemented: 501
    case .versionNotSupported: 505
    }
  }
}

/// An incremental HTTP/1.1 request parser over bytes (RFC 9112): bytes go
/// in as they arrive, in pieces of any size (one byte at a time is fine),
/// and complete requests come out in order, so pipelined requests are
/// answered one after another. Nothing is decoded as characters until a
/// line is known to be ASCII.
///
/// Per RFC 9112 a lone LF ends a line as CRLF does (§2.2 allows it), while
/// a CR not followed by LF is refused; empty lines before a request line
/// are skipped (§2.2); a field line starting with a blank (obsolete line
/// folding) or with a blank before its colon is refused (§5.1, §5.2).
public struct HTTPRequestParser: Sendable {
  /// The request line and the header lines, blank line included.
  public static let maximumHeaderBytes = 16 * 1024
  public static let maximumHeaderLines = 100
  public static let maximumBodyBytes = 64 * 1024

  private var buffer: [UInt8] = []
  /// Where the unparsed bytes start in `buffer` (dropped in batches).
  private var start = 0
  /// Where to resume looking for the end of the headers.
  private var scanned = 0
  /// A request whose headers are parsed, waiting for `bodyLength` bytes.
  private var pending: (request: HTTPRequest, bodyLength: Int)?

  public init() {}

  /// Bytes received and not yet part of a returned request.
  public var bufferedCount: Int { buffer.count - start }

  public mutating func append(_ bytes: some Collection<UInt8>) { buffer.append(contentsOf: bytes) }

  /// The next complete request, an error, or nil when more bytes are needed.
  public mutating func next() -> Result<HTTPRequest, HTTPParseError>? {
    if pending == nil {
      // Empty lines before a request line are skipped.
      while start < buffer.count, buffer[start] == 0x0A || buffer[start] == 0x0D {
        if buffer[start] == 0x0D, start + 1 < buffer.count, buffer[start + 1] != 0x0A {
          return .failure(.badRequest("a CR must be followed by LF"))
        }
        if buffer[start] == 0x0D, start + 1 == buffer.count { return nil }
        start += 1
      }
      scanned = max(scanned, start)
      guard let end = endOfHeaders() else {
        if buffer.count - start > Self.maximumHeaderBytes { return .failure(.headersTooLarge) }
        return nil
      }
      if end - start > Self.maximumHeaderBytes { return .failure(.headersTooLarge) }
      switch parseHead(buffer[start..<end]) {
      case .failure(let error): return .failure(error)
      case .success(let head): pending = head
      }
      start = end
    }
    guard let (request, length) = pending, buffer.count - start >= length else { return nil }
    var complete = request
    complete.body = Array(buffer[start..<(start + length)])
    start += length
    pending = nil
    scanned = start
    compact()
    return .success(complete)
  }

  /// Drops consumed bytes once they are most of the buffer.
  private mutating func compact() {
    guard start > 4096, start * 2 > buffer.count else { return }
    buffer.removeSubrange(0..<start)
    scanned -= start
    start = 0
  }

  /// The index just past the blank line that ends the headers (`\n\n`
  /// or `\n\r\n`), or nil while it has not arrived.
  private mutating func endOfHeaders() -> Int? {
    var index = max(scanned, start)
    while index < buffer.count {
      if buffer[index] == 0x0A {
        if index + 1 < buffer.count, buffer[index + 1] == 0x0A { return index + 2 }
        if index + 2 < buffer.count, buffer[index + 1] == 0x0D, buffer[index + 2] == 0x0A { return index + 3 }
        if index + 2 >= buffer.count { break }
      }
      index += 1
    }
    // Look again from here when more bytes come (one line end may be split).
    scanned = max(start, index)
    return nil
  }

  /// The request line and fields, and the body length they announce.
  private func parseHead(_ head: ArraySlice<UInt8>) -> Result<(HTTPRequest, Int), HTTPParseError> {
    var lines: [ArraySlice<UInt8>] = []
    var lineStart = head.startIndex
    for index in head.indices where head[index] == 0x0A {
      var line = head[lineStart..<index]
      if line.last == 0x0D { line = line.dropLast() }
      if line.contains(0x0D) { return .failure(.badRequest("a CR must be followed by LF")) }
      lines.append(line)
      lineStart = index + 1
    }
    // The last line is the blank one.
    if lines.last?.isEmpty == true { lines.removeLast() }
    guard let requestLine = lines.first else { return .failure(.badRequest("no request line")) }
    if lines.count - 1 > Self.maximumHeaderLines { return .failure(.headersTooLarge) }
    let parsedLine: (String, String, Int)
    switch RequestLine.parse(requestLine) {
    case .failure(let error): return .failure(error)
    case .success(let value): parsedLine = value
    }
    var headers: [HTTPRequest.Header] = []
    for line in lines.dropFirst() {
      switch FieldLine.parse(line) {
      case .failure(let error): return .failure(error)
      case .success(let header): headers.append(header)
      }
    }
    if headers.contains(where: { $0.name == "transfer-encoding" }) { return .failure(.notImplemented) }
    let lengths = Set(headers.filter { $0.name == "content-length" }.map(\.value))
    guard lengths.count <= 1 else { return .failure(.badRequest("conflicting Content-Length headers")) }
    var bodyLength = 0
    if let text = lengths.first {
      // Digits only: no sign, no blanks, no list; bounded before converting.
      guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
        return .failure(.badRequest("Content-Length must be a decimal number"))
      }
      let digits = text.drop { $0 == "0" }
      guard digits.count <= 9, let length = Int(digits.isEmpty ? "0" : String(digits)) else {
        return .failure(.bodyTooLarge)
      }
      if length > Self.maximumBodyBytes { return .failure(.bodyTooLarge) }
      bodyLength = length
    }
    let request = HTTPRequest(
      method: parsedLine.0, target: parsedLine.1, minorVersion: parsedLine.2, headers: headers, body: [])
    return .success((request, bodyLength))
  }
}

/// RFC 9110 §5.6.2: the characters of a method or field name.
func isTokenByte(_ byte: UInt8) -> Bool {
  switch byte {
  case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
    UInt8(ascii: "0")...UInt8(ascii: "9"):
    true
  default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
  }
}

/// `METHOD SP origin-form SP HTTP/1.x`, single spaces only.
enum RequestLine {
  static func parse(_ line: ArraySlice<UInt8>) -> Result<(String, String, Int), HTTPParseError> {
    let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
    guard parts.count == 3 else { return .failure(.badRequest("the request line is not METHOD TARGET VERSION")) }
    let (method, target, version) = (parts[0], parts[1], parts[2])
    guard !method.isEmpty, method.allSatisfy(isTokenByte) else {
      return .failure(.badRequest("the method is not a token"))
    }
    // Only the origin form (`/path?query`): a loopback server is no proxy.
    guard target.first == UInt8(ascii: "/"), target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
      return .failure(.badRequest("the target must be a path starting with /"))
    }
    let prefix = Array("HTTP/".utf8)
    let digits = version.dropFirst(prefix.count)
    guard version.count == 8, version.prefix(prefix.count).elementsEqual(prefix),
      digits[digits.startIndex + 1] == UInt8(ascii: "."),
      [digits[digits.startIndex], digits[digits.startIndex + 2]].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
    else { return .failure(.badRequest("the version is not HTTP/d.d")) }
    guard digits[digits.startIndex] == UInt8(ascii: "1"), digits[digits.startIndex + 2] <= UInt8(ascii: "1") else {
      return .failure(.versionNotSupported)
    }
    let minor = Int(digits[digits.startIndex + 2] - 0x30)
    return .success((String(decoding: method, as: UTF8.self), String(decoding: target, as: UTF8.self), minor))
  }
}

/// `name: value`, no blank before the colon, no folding.
enum FieldLine {
  static func parse(_ line: ArraySlice<UInt8>) -> Result<HTTPRequest.Header, HTTPParseError> {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
      return .failure(.badRequest("a header line has no colon"))
    }
    let name = line[line.startIndex..<colon]
    guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
      return .failure(.badRequest("a header name is not a token (folded or blank before the colon?)"))
    }
    var value = line[(colon + 1)...]
    while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
    while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
    // Visible characters, blanks and obs-text; no other control character.
    guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
      return .failure(.badRequest("a header value has a control character"))
    }
    return .success(
      HTTPRequest.Header(
        name: String(decoding: name, as: UTF8.self).lowercased(), value: String(decoding: value, as: UTF8.self)))
  }
}
