#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a `LanguageServer` over standard input and output until `exit` or
/// the end of input; returns the exit status (0 only after `shutdown`).
public enum StdioTransport {
  public static func run(_ server: LanguageServer = LanguageServer()) -> Int32 {
    // A client that goes away must not kill the server with SIGPIPE
    // mid-write; the write fails and the server stops at end of input.
    signal(SIGPIPE, SIG_IGN)
    var framer = MessageFramer()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        // End of input without `exit`: as `exit` would, by the protocol.
        return server.exitCode ?? (server.hasShutDown ? 0 : 1)
      }
      framer.append(chunk[0..<count])
      while let event = framer.next() {
        switch event {
        case .message(let body): server.receive(body)
        case .tooLarge(let size): server.receiveTooLarge(size)
        case .badHeader(let reason): log("skipped input: \(reason)")
        }
        if let code = server.exitCode {
          write(server.takeOutgoing())
          return code
        }
      }
      // Debouncing: while more input is waiting (changes typed in a
      // burst), read it first; compile once it has all been taken.
      if !inputIsWaiting() { server.publishPendingDiagnostics() }
      write(server.takeOutgoing())
    }
  }

  /// Whether standard input has bytes ready now.
  private static func inputIsWaiting() -> Bool {
    var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
  }

  private static func write(_ messages: [JSONValue]) {
    for message in messages {
      let body = message.serialized
      // Two writes rather than one concatenation: a semantic tokens
      // answer is megabytes, and copying it costs more than a system call.
      writeAll(Array("Content-Length: \(body.count)\r\n\r\n".utf8))
      writeAll(body)
    }
  }

  private static func writeAll(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }

  private static func log(_ text: String) {
    let bytes = Array("pencilc lsp: \(text)\n".utf8)
    _ = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
  }
}

extension LanguageServer {
  public var hasShutDown: Bool { shutDown }
}
