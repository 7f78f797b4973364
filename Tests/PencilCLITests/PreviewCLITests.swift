import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// `pencilc preview` on the built binary: the URL as the first line, the
/// routes answering, downloads equal to the command line's own outputs,
/// SIGINT ending it with status 0 after `bye` on an open event stream,
/// and its usage errors.
final class PreviewCLITests: XCTestCase {
  /// A connected loopback socket, or nil.
  private func connectTo(_ port: Int) -> Int32? {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port)).bigEndian
    address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(descriptor)
      return nil
    }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    return descriptor
  }

  private func send(_ descriptor: Int32, _ text: String) {
    _ = Array(text.utf8).withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  }

  /// Reads until `marker` (or the end); the bytes read and whether the end came.
  private func read(_ descriptor: Int32, until marker: String? = nil) -> (Data, ended: Bool) {
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      if let marker, data.range(of: Data(marker.utf8)) != nil { return (data, false) }
      let count = recv(descriptor, &chunk, chunk.count, 0)
      if count <= 0 { return (data, count == 0) }
      data.append(contentsOf: chunk[0..<count])
    }
  }

  /// One GET on its own connection: the status and the body.
  private func get(_ port: Int, _ path: String) throws -> (status: Int, body: Data) {
    let descriptor = try XCTUnwrap(connectTo(port))
    defer { close(descriptor) }
    send(descriptor, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
    let (data, _) = read(descriptor)
    let split = try XCTUnwrap(data.range(of: Data("\r\n\r\n".utf8)))
    let statusLine = String(decoding: data[..<split.lowerBound], as: UTF8.self).split(separator: " ")
    return (Int(statusLine.dropFirst().first ?? "") ?? 0, data[split.upperBound...])
  }

  /// Starts `pencilc preview` in `directory`; the process and its port.
  private func startPreview(
    in directory: URL, _ arguments: [String] = ["scene.pencil"], path: String? = nil
  ) throws -> (Process, Int) {
    let process = Process()
    process.executableURL = CLI.binary
    process.arguments = ["preview"] + arguments
    process.currentDirectoryURL = directory
    if let path { process.environment = ProcessInfo.processInfo.environment.merging(["PATH": path]) { $1 } }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let byte = output.fileHandleForReading.readData(ofLength: 1)
      if byte.isEmpty { break }
      line.append(byte)
    }
    let url = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    XCTAssertTrue(url.hasPrefix("http://127.0.0.1:") && url.hasSuffix("/"), url)
    let port = Int(url.dropFirst("http://127.0.0.1:".count).dropLast()) ?? 0
    return (process, port)
  }

  func testServesTheSceneAndStopsOnSIGINTAfterSayingBye() throws {
    let directory = try CLI.temporaryDirectory()
    try Data("rect size 40x20 fill=.blue\ntext \"Hi\" at 4,4\n".utf8).write(
      to: directory.appendingPathComponent("scene.pencil"))
    let (process, port) = try startPreview(in: directory)
    defer { if process.isRunning { process.terminate() } }
    let state = try get(port, "/state.json")
    XCTAssertEqual(state.status, 200)
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: state.body) as? [String: Any])
    XCTAssertEqual(json["ok"] as? Bool, true)
    XCTAssertEqual(json["version"] as? Int, 1)

    // The downloads are the command line's own outputs, byte for byte.
    let same: [(String, [String])] = [
      ("/picture.svg?appearance=auto", ["scene.pencil"]),
      ("/picture.svg", ["--appearance", "light", "scene.pencil"]),
      ("/picture.svg?appearance=dark", ["--appearance", "dark", "scene.pencil"]),
      ("/picture.png?scale=2", ["-f", "png", "--scale", "2", "scene.pencil", "-o", "out.png"]),
      ("/picture.png?appearance=dark", ["-f", "png", "--appearance", "dark", "scene.pencil", "-o", "out.png"]),
      ("/picture.txt", ["-f", "ascii", "scene.pencil"]),
    ]
    for (path, arguments) in same {
      let served = try get(port, path)
      XCTAssertEqual(served.status, 200, path)
      let made = try CLI.run(arguments, in: directory)
      let expected =
        arguments.contains("out.png")
        ? try Data(contentsOf: directory.appendingPathComponent("out.png")) : made.stdoutBytes
      XCTAssertEqual(served.body, expected, path)
    }

    let stream = try XCTUnwrap(connectTo(port))
    defer { close(stream) }
    send(stream, "GET /events HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n")
    XCTAssertFalse(read(stream, until: "event: state").0.isEmpty)
    kill(process.processIdentifier, SIGINT)
    let (rest, ended) = read(stream)
    XCTAssertTrue(String(decoding: rest, as: UTF8.self).contains("event: bye\ndata: {}\n\n"))
    XCTAssertTrue(ended, "the stream was closed")
    process.waitUntilExit()
    XCTAssertEqual(process.terminationReason, .exit)
    XCTAssertEqual(process.terminationStatus, 0)
  }

  func testATakenPortIsE0405() throws {
    let directory = try CLI.temporaryDirectory()
    try Data("rect size 4x4\n".utf8).write(to: directory.appendingPathComponent("scene.pencil"))
    let (first, port) = try startPreview(in: directory)
    defer { if first.isRunning { first.terminate() } }
    let second = try CLI.run(["preview", "scene.pencil", "--port", String(port)], in: directory)
    XCTAssertEqual(second.status, 1)
    XCTAssertTrue(second.stderr.contains("[E0405]"), second.stderr)
    XCTAssertTrue(second.stderr.contains("port \(port) is in use"), second.stderr)
    XCTAssertEqual(second.stdout, "")
    XCTAssertEqual(try CLI.run(["explain", "E0405"]).status, 0)
    first.terminate()
    first.waitUntilExit()
    XCTAssertEqual(first.terminationStatus, 0, "SIGTERM stops it as SIGINT does")
  }

  func testOpenRunsXdgOpenWithTheURL() throws {
    let directory = try CLI.temporaryDirectory()
    try Data("rect size 4x4\n".utf8).write(to: directory.appendingPathComponent("scene.pencil"))
    let bin = directory.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let opener = bin.appendingPathComponent("xdg-open")
    let opened = directory.appendingPathComponent("opened.txt")
    try Data("#!/bin/sh\necho \"$1\" > '\(opened.path)'\n".utf8).write(to: opener)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
    let (process, port) = try startPreview(
      in: directory, ["scene.pencil", "--open"], path: bin.path + ":/usr/bin:/bin")
    defer { if process.isRunning { process.terminate() } }
    // The file appears before the script has written it: wait for its text.
    let expected = "http://127.0.0.1:\(port)/\n"
    let deadline = Date().addingTimeInterval(30)
    while (try? String(contentsOf: opened, encoding: .utf8)) != expected, Date() < deadline { usleep(20_000) }
    XCTAssertEqual(try? String(contentsOf: opened, encoding: .utf8), expected)
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)

    // Without xdg-open on the PATH, --open does nothing and is no error.
    let (quiet, quietPort) = try startPreview(in: directory, ["scene.pencil", "--open"], path: "/nonexistent")
    defer { if quiet.isRunning { quiet.terminate() } }
    // It answers, which it does only once --open has been handled.
    XCTAssertEqual(try get(quietPort, "/state.json").status, 200)
    XCTAssertTrue(quiet.isRunning)
    kill(quiet.processIdentifier, SIGINT)
    quiet.waitUntilExit()
    XCTAssertEqual(quiet.terminationStatus, 0)
  }

  func testUsage() throws {
    let help = try CLI.run(["preview", "--help"])
    XCTAssertEqual(help.status, 0)
    XCTAssertTrue(help.stdout.contains("USAGE: pencilc preview FILE"), help.stdout)
    for arguments in [
      ["preview"], ["preview", "a.pencil", "b.pencil"], ["preview", "a.pencil", "--port", "x"],
      ["preview", "a.pencil", "--port", "70000"], ["preview", "a.pencil", "--port"], ["preview", "-"],
      ["preview", "a.pencil", "--frobnicate"], ["preview", "a.pencil", "--diagnostic-format", "json"],
    ] {
      let result = try CLI.run(arguments)
      XCTAssertEqual(result.status, 2, "\(arguments)")
      XCTAssertTrue(result.stderr.contains("[E0401]"), result.stderr)
      XCTAssertTrue(result.stderr.contains("pencilc preview --help"), result.stderr)
    }
    let missing = try CLI.run(["preview", "no-such-scene.pencil"])
    XCTAssertEqual(missing.status, 2)
    XCTAssertTrue(missing.stderr.contains("[E0402]"), missing.stderr)
  }
}
