import PencilSema
import PencilWorld
import XCTest

@testable import PencilLSP

/// Drives a `LanguageServer` without I/O, as `StdioTransport` does.
final class Session {
  let server: LanguageServer
  private var nextID = 1

  init(
    limits: LanguageServer.Limits = .init(), files: [String: String] = [:], folders: [String: [FolderEntry]] = [:]
  ) {
    let reader: @Sendable (String) -> [UInt8]? = { path in files[path].map { Array($0.utf8) } }
    server = LanguageServer(limits: limits, disk: .inMemory(files: reader, folders: fakeWorkspaceFolder(folders)))
  }

  init(server: LanguageServer) {
    self.server = server
  }

  /// A server that reads the real disk, as `pencilc lsp` does.
  init(readingTheDisk: Void) { server = LanguageServer() }

  /// Sends a request and returns everything the server sent back.
  @discardableResult
  func request(_ method: String, _ params: JSONValue = .object([:])) -> [JSONValue] {
    let id = nextID
    nextID += 1
    server.receive(.object(["jsonrpc": .string("2.0"), "id": .int(id), "method": .string(method), "params": params]))
    return server.takeOutgoing()
  }

  /// The result (or error) of a request.
  func call(_ method: String, _ params: JSONValue = .object([:])) -> JSONValue {
    let replies = request(method, params)
    return replies.last { $0["id"] != nil } ?? .null
  }

  func notify(_ method: String, _ params: JSONValue) {
    server.receive(.object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params]))
  }

  /// What the transport does once the input is drained.
  func publish() -> [JSONValue] {
    server.publishPendingDiagnostics()
    return server.takeOutgoing()
  }

  func initialize() {
    _ = call("initialize", .object(["capabilities": .object([:])]))
    notify("initialized", .object([:]))
  }

  func open(_ uri: String, _ text: String) {
    notify(
      "textDocument/didOpen",
      .object([
        "textDocument": .object([
          "uri": .string(uri), "languageId": .string("pencil"), "version": .int(1), "text": .string(text),
        ])
      ]))
  }

  func change(_ uri: String, version: Int, _ changes: [(Position?, Position?, String)]) {
    notify(
      "textDocument/didChange",
      .object([
        "textDocument": .object(["uri": .string(uri), "version": .int(version)]),
        "contentChanges": .array(
          changes.map { start, end, text in
            guard let start, let end else { return .object(["text": .string(text)]) }
            return .object(["range": range(start, end), "text": .string(text)])
          }),
      ]))
  }
}

/// A workspace lister over fake folders, each path its own file.
func fakeWorkspaceFolder(_ folders: [String: [FolderEntry]])
  -> @Sendable (String) -> (identity: FileIdentity, entries: [DiskEntry])?
{
  let identity: @Sendable (String) -> FileIdentity = {
    FileIdentity(device: 0, inode: UInt64(bitPattern: Int64($0.hashValue)))
  }
  return { folder in
    folders[folder].map { entries in
      let path = folder.hasSuffix("/") ? folder : folder + "/"
      return (
        identity(folder),
        entries.map {
          DiskEntry(name: $0.name, kind: $0.isFolder ? .folder : .regularFile, identity: identity(path + $0.name))
        }
      )
    }
  }
}

func position(_ line: Int, _ character: Int) -> JSONValue {
  .object(["line": .int(line), "character": .int(character)])
}

func range(_ start: Position, _ end: Position) -> JSONValue {
  .object(["start": position(start.line, start.character), "end": position(end.line, end.character)])
}

func at(_ uri: String, _ line: Int, _ character: Int) -> JSONValue {
  .object(["textDocument": .object(["uri": .string(uri)]), "position": position(line, character)])
}

/// The diagnostics published for `uri` among `messages`, nil if none were.
func diagnostics(for uri: String, in messages: [JSONValue]) -> [JSONValue]? {
  messages.last { $0["method"]?.string == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.string == uri }?[
    "params"]?["diagnostics"]?.array?.filter { $0["code"] != .string("W0006") }
}
