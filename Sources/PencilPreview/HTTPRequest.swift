import PencilSema

/// One parsed HTTP/1.x request.
public struct HTTPRequest: Equatable, Sendable {
  /// As sent (methods are case-sensitive).
  public var method: String
  /// The request target as sent, e.g. `/picture.png?scale=2`.
  public var target: String
  /// 0 for HTTP/1.0, 1 for HTTP/1.1.
  public var minorVersion: Int
  /// In order, names lowercased, values without surrounding blanks.
  public var headers: [Header]
  public var body: [UInt8]

  public struct Header: Equatable, Sendable {
    public var name: String
    public var value: String
  }

  /// The first value of the header `name` (lowercase).
  public func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

  /// Whether the connection stays open after the response: HTTP/1.1 unless
  /// `Connection: close`, HTTP/1.0 only with `Connection: keep-alive`.
  public var keepAlive: Bool {
    let tokens = headers.filter { $0.name == "connection" }.flatMap {
      $0.value.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: " \t") }
    }
    if tokens.contains("close") { return false }
    return minorVersion == 1 || tokens.contains("keep-alive")
  }

  /// The part of the target before `?`, and the part after (empty without `?`).
  var rawPathAndQuery: (path: Substring, query: Substring) {
    guard let mark = target.firstIndex(of: "?") else { return (target[...], "") }
    return (target[..<mark], target[target.index(after: mark)...])
  }

  /// The path with percent escapes decoded; nil when an escape is malformed
  /// or the result is not UTF-8 or contains a NUL, which no route has.
  public var decodedPath: String? { PercentDecoding.decode(rawPathAndQuery.path, plusIsSpace: false) }

  /// The query's `name=value` pairs, decoded (`+` is a space); nil when an
  /// escape is malformed.
  public var queryItems: [(name: String, value: String)]? {
    var items: [(name: String, value: String)] = []
    for pair in rawPathAndQuery.query.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = PercentDecoding.decode(parts[0], plusIsSpace: true),
        let value = PercentDecoding.decode(parts.count > 1 ? parts[1] : "", plusIsSpace: true)
      else { return nil }
      items.append((name, value))
    }
    return items
  }
}

/// `%XX` escapes in a request's path or query (PencilCore's
/// `PercentEscapes`, strictly: a malformed escape is a malformed request).
enum PercentDecoding {
  static func decode(_ text: Substring, plusIsSpace: Bool) -> String? {
    guard let bytes = PercentEscapes.decode(text.utf8, plusIsSpace: plusIsSpace, strict: true), !bytes.contains(0)
    else { return nil }
    return String(validating: bytes, as: UTF8.self)
  }
}

extension Substring {
  /// Without leading and trailing characters of `set`.
  func trimmingCharacters(in set: String) -> String {
    String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
  }
}
