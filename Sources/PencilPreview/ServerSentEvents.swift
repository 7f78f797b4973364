/// Framing of Server-Sent Events (the WHATWG HTML standard, §9.2): an
/// event is `event: NAME`, one `data:` line per line of data, and a blank
/// line. The preview's data is one line of JSON, so each event is one
/// `data:` line.
public enum ServerSentEvents {
  /// `event: name\ndata: …\n\n`; a newline in `data` starts another
  /// `data:` line, as the standard joins them back with newlines.
  public static func event(_ name: String, data: String) -> [UInt8] {
    var text = "event: \(name)\n"
    for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
    return Array((text + "\n").utf8)
  }

  /// A comment that keeps proxies and browsers from timing an idle stream out.
  static let keepAlive = Array(": keep-alive\n\n".utf8)

  /// The last event of every stream when the server shuts down.
  static let bye = event("bye", data: "{}")
}
