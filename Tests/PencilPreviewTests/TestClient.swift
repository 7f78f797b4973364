import Foundation
import PencilPreview
import Synchronization
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// A response as a test reads it off the socket.
struct TestResponse {
  var status: Int
  /// Names lowercased.
  var headers: [String: String]
  var body: [UInt8]
  var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking HTTP client on a raw socket, so tests control every byte
/// sent (malformed requests, pipelining, requests in pieces).
final class TestClient {
  let descriptor: Int32
  private var buffer: [UInt8] = []
  private(set) var sawEnd = false

  /// `receiveBuffer`: the socket's receive buffer, set before connecting
  /// so the window stays that small (a client that never reads then holds
  /// little in the kernel, and the server's queue grows instead).
  init?(port: Int, ipv6: Bool = false, receiveBuffer: Int32? = nil) {
    descriptor = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    if var size = receiveBuffer {
      setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    let connected: Int32
    if ipv6 {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = in_port_t(UInt16(port)).bigEndian
      withUnsafeMutableBytes(of: &address.sin6_addr) { $0[15] = 1 }
      connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    } else {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = in_port_t(UInt16(port)).bigEndian
      address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
      connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    }
    guard connected == 0 else {
      Glibc.close(descriptor)
      return nil
    }
  }

  deinit { Glibc.close(descriptor) }

  func send(_ text: String) { send(Array(text.utf8)) }

  func send(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if written <= 0 { return }
      offset += written
    }
  }

  /// Reads more bytes, waiting up to `timeout` seconds; false on timeout or end.
  @discardableResult
  private func fill(timeout: Double) -> Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&request, 1, Int32(max(0, timeout * 1000))) > 0 else { return false }
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    let count = recv(descriptor, &chunk, chunk.count, 0)
    guard count > 0 else {
      sawEnd = true
      return false
    }
    buffer += chunk[0..<count]
    return true
  }

  /// The next response; `head` for an answer to HEAD (no body follows).
  func response(timeout: Double = 10, head: Bool = false) -> TestResponse? {
    let deadline = Date().addingTimeInterval(timeout)
    var headEnd: Int?
    while headEnd == nil {
      headEnd = findHeadEnd()
      if headEnd == nil, !fill(timeout: deadline.timeIntervalSinceNow) { return nil }
    }
    guard let end = headEnd else { return nil }
    let lines = String(decoding: buffer[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
    var headers: [String: String] = [:]
    for line in lines.dropFirst() where line.contains(":") {
      let parts = line.split(separator: ":", maxSplits: 1)
      headers[parts[0].lowercased()] = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
    }
    let length = head ? 0 : Int(headers["content-length"] ?? "0") ?? 0
    while buffer.count < end + length {
      if !fill(timeout: deadline.timeIntervalSinceNow) { return nil }
    }
    let body = Array(buffer[end..<(end + length)])
    buffer.removeFirst(end + length)
    return TestResponse(status: status, headers: headers, body: body)
  }

  private func findHeadEnd() -> Int? {
    guard buffer.count >= 4 else { return nil }
    for index in 0...(buffer.count - 4)
    where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
      return index + 4
    }
    return nil
  }

  /// Reads until `marker` has arrived; everything read up to and including
  /// it, or nil on timeout or end.
  func read(until marker: String, timeout: Double = 10) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    let wanted = Array(marker.utf8)
    var from = 0
    while true {
      if let end = firstRange(of: wanted, from: from) {
        let taken = String(decoding: buffer[0..<end], as: UTF8.self)
        buffer.removeFirst(end)
        return taken
      }
      from = max(0, buffer.count - wanted.count + 1)
      if !fill(timeout: deadline.timeIntervalSinceNow) { return nil }
    }
  }

  /// Where `wanted` ends in the buffer, looking from `from` (no earlier
  /// bytes are scanned twice).
  private func firstRange(of wanted: [UInt8], from: Int) -> Int? {
    guard buffer.count >= wanted.count, let first = wanted.first else { return nil }
    return buffer.withUnsafeBufferPointer { bytes in
      var index = from
      while index + wanted.count <= bytes.count {
        if bytes[index] == first {
          var matched = true
          for offset in 1..<wanted.count where bytes[index + offset] != wanted[offset] {
            matched = false
            break
          }
          if matched { return index + wanted.count }
        }
        index += 1
      }
      return nil
    }
  }

  /// Whether the server closes the connection within `timeout` seconds
  /// (bytes still arriving are read and dropped).
  func closes(within timeout: Double) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !sawEnd, deadline.timeIntervalSinceNow > 0 { fill(timeout: deadline.timeIntervalSinceNow) }
    return sawEnd
  }

  /// Every byte not yet read as a response.
  var unread: String { String(decoding: buffer, as: UTF8.self) }
}

/// A preview of a scene in a temporary folder, served on a thread of the
/// test process, stopped (and its thread waited for) by `stop`.
final class RunningPreview {
  let folder: URL
  let scene: URL
  let preview: LivePreview
  private let finished = DispatchSemaphore(value: 0)
  private var stopped = false

  init(
    scene text: String, files: [String: String] = [:], configure: (inout HTTPServer.Configuration) -> Void = { _ in }
  )
    throws
  {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("pencil-preview-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    scene = folder.appendingPathComponent("scene.pencil")
    try Data(text.utf8).write(to: scene)
    for (name, content) in files { try Data(content.utf8).write(to: folder.appendingPathComponent(name)) }
    var configuration = HTTPServer.Configuration()
    configure(&configuration)
    preview = try LivePreview(path: scene.path, configuration: configuration)
    preview.start()
    let thread = Thread { [preview, finished] in
      preview.run()
      finished.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
  }

  var port: Int { preview.server.port }

  func client(ipv6: Bool = false, receiveBuffer: Int32? = nil) throws -> TestClient {
    try XCTUnwrap(TestClient(port: port, ipv6: ipv6, receiveBuffer: receiveBuffer), "cannot connect to the preview")
  }

  /// One request on a fresh connection.
  func get(_ path: String, host: String? = nil, method: String = "GET") throws -> TestResponse {
    let client = try client()
    client.send("\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n\r\n")
    return try XCTUnwrap(client.response(head: method == "HEAD"), "no response to \(method) \(path)")
  }

  func write(_ text: String, to name: String = "scene.pencil") throws {
    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
  }

  /// Stops the server; true when its thread ended within 10 seconds.
  @discardableResult
  func stop() -> Bool {
    guard !stopped else { return true }
    stopped = true
    preview.shutdown()
    return finished.wait(timeout: .now() + 10) == .success
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(at: folder)
  }
}

extension RunningPreview {
  /// Broadcasts `events` states of `payload`, 100, 101, …, each only after
  /// `reader` has read the one before (on a thread of its own), so the
  /// reader keeps up however loaded the machine is; returns how many it read.
  func broadcastInStep(_ events: Int, payload: String, to reader: TestClient, timeout: Double = 30) -> Int {
    let read = DispatchSemaphore(value: 0)
    let taken = ReadCount()
    // Only the thread below reads from `reader` while it runs.
    nonisolated(unsafe) let reader = reader
    let thread = Thread {
      for _ in 0..<events {
        guard reader.read(until: "\n\n", timeout: timeout) != nil else { break }
        taken.add()
        read.signal()
      }
      read.signal()
    }
    thread.start()
    for (index, version) in (100..<(100 + events)).enumerated() {
      preview.server.broadcast(ServerSentEvents.event("state", data: payload), version: version)
      // The reader signals each event it read, and once more when it stops.
      guard read.wait(timeout: .now() + timeout) == .success, taken.value == index + 1 else { break }
    }
    return taken.value
  }
}

/// A count one thread raises and another reads.
final class ReadCount: Sendable {
  private let count = Mutex(0)
  func add() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}
