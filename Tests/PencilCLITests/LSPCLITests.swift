import Foundation
import XCTest

/// `pencilc lsp` driven over real pipes with real framing; the replies are
/// read with Foundation's JSON parser, not the server's own.
final class LSPCLITests: XCTestCase {
  /// A running `pencilc lsp` and the messages it has sent.
  // The reading thread touches only `buffer` and `messages`, under `lock`.
  final class Server: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSCondition()
    private var buffer = Data()
    private var messages: [[String: Any]] = []
    private var nextID = 1

    init() throws {
      process.executableURL = CLI.binary
      process.arguments = ["lsp"]
      process.standardInput = input
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      output.fileHandleForReading.readabilityHandler = { [weak self] handle in
        self?.received(handle.availableData)
      }
      try process.run()
    }

    private func received(_ data: Data) {
      lock.lock()
      defer { lock.unlock() }
      buffer.append(data)
      // Split off every complete frame.
      while let headerEnd = buffer.range(of: Data("\r\n\r\n".utf8)) {
        let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
        guard let lengthLine = header.split(separator: "\r\n").first(where: { $0.hasPrefix("Content-Length: ") }),
          let length = Int(lengthLine.dropFirst("Content-Length: ".count)),
          buffer.distance(from: headerEnd.upperBound, to: buffer.endIndex) >= length
        else { break }
        let bodyEnd = buffer.index(headerEnd.upperBound, offsetBy: length)
        let body = buffer[headerEnd.upperBound..<bodyEnd]
        if let message = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
          messages.append(message)
        }
        buffer = Data(buffer[bodyEnd...])
      }
      lock.broadcast()
    }

    func write(_ bytes: Data) {
      input.fileHandleForWriting.write(bytes)
    }

    static func frame(_ message: [String: Any]) -> Data {
      let body = (try? JSONSerialization.data(withJSONObject: message)) ?? Data()
      return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    func notify(_ method: String, _ params: [String: Any]) {
      write(Server.frame(["jsonrpc": "2.0", "method": method, "params": params]))
    }

    /// Sends a request and waits for its response.
    func request(_ method: String, _ params: [String: Any] = [:], pieces: Int? = nil) -> [String: Any]? {
      let id = nextID
      nextID += 1
      let data = Server.frame(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
      if let pieces {
        // Small writes with pauses: the server sees the message in many reads.
        var offset = 0
        while offset < data.count {
          let end = min(offset + pieces, data.count)
          write(data[offset..<end])
          offset = end
          usleep(2000)
        }
      } else {
        write(data)
      }
      return wait { $0["id"] as? Int == id }
    }

    /// The first message not yet taken that matches, within `timeout` seconds.
    func wait(timeout: TimeInterval = 20, _ matches: ([String: Any]) -> Bool) -> [String: Any]? {
      let deadline = Date().addingTimeInterval(timeout)
      lock.lock()
      defer { lock.unlock() }
      while true {
        if let index = messages.firstIndex(where: matches) { return messages.remove(at: index) }
        guard lock.wait(until: deadline) else { return nil }
      }
    }

    func diagnostics(for uri: String) -> [[String: Any]]? {
      let message = wait {
        $0["method"] as? String == "textDocument/publishDiagnostics"
          && ($0["params"] as? [String: Any])?["uri"] as? String == uri
      }
      // W0006 (the emoji the built-in font lacks) is not what these tests count.
      return ((message?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]])?.filter {
        $0["code"] as? String != "W0006"
      }
    }

    func finish() throws -> Int32 {
      try input.fileHandleForWriting.close()
      process.waitUntilExit()
      output.fileHandleForReading.readabilityHandler = nil
      return process.terminationStatus
    }
  }

  let uri = "file:///tmp/pencilc-lsp-test/scene.pencil"
  let text = "canvas 200x100\nrect at 10,10 size 50x50 fill=salmn\ntext \"😀 hi\" at 20,80 font=title color=.blue\n"

  private func document(_ extra: [String: Any] = [:]) -> [String: Any] {
    var params: [String: Any] = ["textDocument": ["uri": uri]]
    for (key, value) in extra { params[key] = value }
    return params
  }

  private func at(_ line: Int, _ character: Int) -> [String: Any] {
    ["line": line, "character": character]
  }

  func testAScriptedSession() throws {
    let server = try Server()
    let initialize = server.request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": [:]])
    let capabilities = (initialize?["result"] as? [String: Any])?["capabilities"] as? [String: Any]
    XCTAssertEqual((capabilities?["textDocumentSync"] as? [String: Any])?["change"] as? Int, 2)
    server.notify("initialized", [:])
    server.notify(
      "textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "pencil", "version": 1, "text": text]])
    let opened = try XCTUnwrap(server.diagnostics(for: uri))
    XCTAssertEqual(opened.count, 1)
    XCTAssertEqual(opened.first?["code"] as? String, "E0201")
    XCTAssertEqual(opened.first?["source"] as? String, "pencilc")
    let errorRange = try XCTUnwrap(opened.first?["range"] as? [String: Any])
    XCTAssertEqual((errorRange["start"] as? [String: Any])?["character"] as? Int, 30)

    let completion = server.request("textDocument/completion", document(["position": at(1, 35)]))
    let items = ((completion?["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
    let salmon = items.first { $0["label"] as? String == "salmon" }
    XCTAssertEqual(salmon?["kind"] as? Int, 16)
    XCTAssertEqual(salmon?["documentation"] as? String, "#fa8072")

    // After "😀" (2 UTF-16 units): `.blue` starts at column 42.
    let hover = server.request("textDocument/hover", document(["position": at(2, 43)]))
    let contents = ((hover?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
    XCTAssertTrue(contents?.contains("#007aff") ?? false, "\(String(describing: hover))")

    let actions = server.request(
      "textDocument/codeAction",
      document(["range": ["start": at(1, 31), "end": at(1, 31)], "context": ["diagnostics": []]]))
    let quickFix = (actions?["result"] as? [[String: Any]])?.first { $0["kind"] as? String == "quickfix" }
    XCTAssertEqual(quickFix?["isPreferred"] as? Bool, true)
    let changes = (quickFix?["edit"] as? [String: Any])?["changes"] as? [String: Any]
    let edit = try XCTUnwrap((changes?[uri] as? [[String: Any]])?.first)
    XCTAssertEqual(edit["newText"] as? String, "salmon")

    // Apply the fix as the editor would: an incremental change.
    server.notify(
      "textDocument/didChange",
      [
        "textDocument": ["uri": uri, "version": 2],
        "contentChanges": [["range": edit["range"] ?? [:], "text": "salmon"]],
      ])
    XCTAssertEqual(try XCTUnwrap(server.diagnostics(for: uri)).count, 0)

    let shutdown = try XCTUnwrap(server.request("shutdown"))
    XCTAssertTrue(shutdown["result"] is NSNull)
    server.notify("exit", [:])
    XCTAssertEqual(try server.finish(), 0)
  }

  func testMessagesSplitIntoSmallWritesWithPauses() throws {
    let server = try Server()
    let initialize = server.request("initialize", ["capabilities": [:]], pieces: 7)
    XCTAssertNotNil((initialize?["result"] as? [String: Any])?["capabilities"])
    server.notify("initialized", [:])
    let symbols = server.request("textDocument/documentSymbol", document(), pieces: 3)
    XCTAssertEqual((symbols?["result"] as? [Any])?.count, 0)
    XCTAssertNotNil(server.request("shutdown", pieces: 5))
    server.notify("exit", [:])
    XCTAssertEqual(try server.finish(), 0)
  }

  func testGarbageHeadersAndMalformedJSONAreSurvived() throws {
    let server = try Server()
    server.write(Data("this is not a header\r\n\r\nContent-Length: nine\r\n\r\n".utf8))
    server.write(Data("Content-Length: 9\r\n\r\n{\"broken\"".utf8))
    let parseError = server.wait { ($0["error"] as? [String: Any])?["code"] as? Int == -32700 }
    XCTAssertNotNil(parseError)
    let initialize = server.request("initialize", ["capabilities": [:]])
    XCTAssertNotNil((initialize?["result"] as? [String: Any])?["capabilities"])
    let unknown = server.request("textDocument/unknown", [:])
    XCTAssertEqual((unknown?["error"] as? [String: Any])?["code"] as? Int, -32601)
    // `exit` without `shutdown`: status 1.
    server.notify("exit", [:])
    XCTAssertEqual(try server.finish(), 1)
  }
}

extension LSPCLITests {
  func testLSPTakesNoOtherArguments() throws {
    let result = try CLI.run(["lsp", "scene.pencil"])
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(result.stderr.contains("usage: pencilc lsp"), result.stderr)
    XCTAssertTrue(try CLI.run(["--help"]).stdout.contains("pencilc lsp"))
  }
}

extension LSPCLITests {
  func testABurstOfChangesIsCompiledOnce() throws {
    let server = try Server()
    _ = server.request("initialize", ["capabilities": [:]])
    // One write: the open and three changes reach the server in one read.
    var burst = Server.frame([
      "jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": ["textDocument": ["uri": uri, "languageId": "pencil", "version": 1, "text": "rect fill=re\n"]],
    ])
    for version in 2...4 {
      burst += Server.frame([
        "jsonrpc": "2.0", "method": "textDocument/didChange",
        "params": [
          "textDocument": ["uri": uri, "version": version],
          "contentChanges": [["range": ["start": at(0, 12), "end": at(0, 12)], "text": "d"]],
        ],
      ])
    }
    server.write(burst)
    let published = server.wait { $0["method"] as? String == "textDocument/publishDiagnostics" }
    let params = published?["params"] as? [String: Any]
    XCTAssertEqual(params?["version"] as? Int, 4)
    // "reddd": still unknown, and reported once.
    let codes = (params?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    XCTAssertEqual(codes.filter { $0 == "E0201" }.count, 1, "\(codes)")
    XCTAssertNotNil(server.request("shutdown"))
    XCTAssertNil(server.wait(timeout: 0.2) { $0["method"] as? String == "textDocument/publishDiagnostics" })
    server.notify("exit", [:])
    XCTAssertEqual(try server.finish(), 0)
  }
}

extension LSPCLITests {
  /// Imports read from the disk by the real binary: the import path's
  /// completion lists the folder, the imported colour set is offered, and
  /// the diagnostic points at its explanation.
  func testImportPathsAndColourSetsFromTheDisk() throws {
    let directory = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("lib"), withIntermediateDirectories: true)
    try Data("color ink light=#102030 dark=#405060\n".utf8).write(
      to: directory.appendingPathComponent("lib/palette.pencil"))
    try Data().write(to: directory.appendingPathComponent("lib/.hidden.pencil"))
    let sceneURI = "file://" + directory.appendingPathComponent("scene.pencil").path
    let text = "import \"lib/palette.pencil\"\nrect fill=salmn stroke=\n"
    let server = try Server()
    _ = server.request("initialize", ["capabilities": [:]])
    server.notify(
      "textDocument/didOpen", ["textDocument": ["uri": sceneURI, "languageId": "pencil", "version": 1, "text": text]])
    let published = try XCTUnwrap(server.diagnostics(for: sceneURI))
    XCTAssertEqual(
      (published.first?["codeDescription"] as? [String: Any])?["href"] as? String, "pencil-explain:E0201")
    func labels(_ line: Int, _ character: Int) -> [String] {
      let reply = server.request(
        "textDocument/completion",
        ["textDocument": ["uri": sceneURI], "position": ["line": line, "character": character]])
      let items = (reply?["result"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
      return items.compactMap { $0["label"] as? String }
    }
    XCTAssertEqual(labels(0, 12), ["palette.pencil"])
    XCTAssertEqual(labels(0, 8), ["lib/"])
    XCTAssertEqual(labels(1, 23).first, "ink")
    XCTAssertNotNil(server.request("shutdown"))
    server.notify("exit", [:])
    XCTAssertEqual(try server.finish(), 0)
  }
}
