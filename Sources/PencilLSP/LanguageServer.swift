import PencilCore
import PencilWorld

/// A JSON-RPC error answered to a request.
public struct RPCError: Error, Equatable {
  public var code: Int
  public var message: String

  static let parseError = -32700
  static let invalidRequest = -32600
  static let methodNotFound = -32601
  static let invalidParams = -32602
  static let serverNotInitialized = -32002

  static func invalidParams(_ message: String) -> RPCError { RPCError(code: invalidParams, message: message) }
}

/// The language server's state and its answers, with no I/O: messages go
/// in as parsed bodies, and what to send comes out of `takeOutgoing()`.
/// `StdioTransport` connects it to a client; tests drive it directly.
/// Every feature is a thin translation of one of PencilCore's queries
/// (`Completions`, `HoverFacts`, `ColorLiterals`, `DocumentOutline`) or of
/// `Pencil.compile`'s diagnostics between byte offsets and LSP positions.
public final class LanguageServer {
  public struct Limits: Sendable {
    /// Open documents held at once; a `didOpen` beyond is refused with a
    /// message to the user (each holds its text and last compilation).
    public var maximumOpenDocuments = 512
    /// `.pencil` files of the workspace read by references and rename (a
    /// home folder opened as a workspace is not read to its end), and how
    /// many folders deep.
    public var maximumWorkspaceFiles = 2_000
    public var maximumWorkspaceDepth = 8
    /// Folders of the workspace listed, each once however many links lead
    /// to it (a home folder of many folders and no `.pencil` file).
    public var maximumWorkspaceFolders = 10_000
    /// Content changes in one `didChange`: a batch costs about √n per
    /// edit (a few microseconds at 4 MiB), so this bounds it.
    public var maximumEditsPerChange = 100_000
    /// The bytes of all open documents' texts together: what the server
    /// holds for a document (its compilation, names, line index) grows
    /// with its text, so this bounds its memory.
    public var maximumOpenBytes = 32 << 20

    public init(
      maximumOpenDocuments: Int = 512, maximumWorkspaceFiles: Int = 2_000, maximumWorkspaceDepth: Int = 8,
      maximumWorkspaceFolders: Int = 10_000, maximumEditsPerChange: Int = 100_000, maximumOpenBytes: Int = 32 << 20
    ) {
      self.maximumOpenDocuments = maximumOpenDocuments
      self.maximumWorkspaceFiles = maximumWorkspaceFiles
      self.maximumWorkspaceDepth = maximumWorkspaceDepth
      self.maximumWorkspaceFolders = maximumWorkspaceFolders
      self.maximumEditsPerChange = maximumEditsPerChange
      self.maximumOpenBytes = maximumOpenBytes
    }
  }

  let limits: Limits
  /// Where imports, import-path completion and the workspace walk read:
  /// the file system, or a test's files.
  let disk: Disk
  var initialized = false
  var shutDown = false
  var encoding = PositionEncoding.utf16
  var documents: [String: OpenDocument] = [:]
  /// The folders `initialize` named, whose files references and rename read.
  var workspaceFolders: [String] = []
  /// Diagnostics of files that are not open, published because an open
  /// document imports them: by imported URI, then by importer URI.
  var importedDiagnostics: [String: [String: [JSONValue]]] = [:]
  private var outgoing: [JSONValue] = []
  /// Set by `exit`: 0 after `shutdown`, 1 without.
  public private(set) var exitCode: Int32?

  /// `disk` reads imported files that are not open and lists folders, for
  /// the completion of import paths and the workspace walk of references
  /// and rename; the open documents overlay it.
  public init(limits: Limits = Limits(), disk: Disk = .system) {
    self.limits = limits
    self.disk = disk
  }

  /// The messages to send, in order, emptying the queue.
  public func takeOutgoing() -> [JSONValue] {
    defer { outgoing.removeAll() }
    return outgoing
  }

  func send(_ message: JSONValue) { outgoing.append(message) }

  func notify(_ method: String, _ params: JSONValue) {
    send(.object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params]))
  }

  private func respond(_ id: JSONValue, result: JSONValue) {
    send(.object(["jsonrpc": .string("2.0"), "id": id, "result": result]))
  }

  private func respond(_ id: JSONValue, error: RPCError) {
    send(
      .object([
        "jsonrpc": .string("2.0"), "id": id,
        "error": .object(["code": .int(error.code), "message": .string(error.message)]),
      ]))
  }

  /// One message body from the client.
  public func receive(_ body: [UInt8]) {
    switch JSONParser.parse(body) {
    case .failure(let failure):
      respond(
        .null,
        error: RPCError(
          code: RPCError.parseError, message: "malformed JSON at byte \(failure.offset): \(failure.message)"))
    case .success(let message):
      receive(message)
    }
  }

  /// A body the framer dropped for its size.
  public func receiveTooLarge(_ size: Int) {
    respond(
      .null,
      error: RPCError(
        code: RPCError.invalidRequest,
        message:
          "a message of \(size) bytes is over the limit of \(MessageFramer.maximumMessageSize) bytes; it was skipped"
      ))
  }

  public func receive(_ message: JSONValue) {
    guard case .object(let members) = message, let method = members["method"]?.string else {
      // A response to a request we never send, or not a message at all.
      if message["result"] != nil || message["error"] != nil { return }
      respond(message["id"] ?? .null, error: RPCError(code: RPCError.invalidRequest, message: "not a JSON-RPC request"))
      return
    }
    let params = members["params"] ?? .null
    guard let id = members["id"] else {
      handleNotification(method, params)
      return
    }
    guard case .number = id, id.integer != nil else {
      guard case .string = id else {
        respond(.null, error: RPCError(code: RPCError.invalidRequest, message: "an id is a number or a string"))
        return
      }
      answer(id, method, params)
      return
    }
    answer(id, method, params)
  }

  private func answer(_ id: JSONValue, _ method: String, _ params: JSONValue) {
    do {
      respond(id, result: try handleRequest(method, params))
    } catch let error as RPCError {
      respond(id, error: error)
    } catch {
      respond(id, error: RPCError(code: -32603, message: "\(error)"))
    }
  }

  private func handleRequest(_ method: String, _ params: JSONValue) throws -> JSONValue {
    if method == "initialize" {
      guard !initialized else { throw RPCError(code: RPCError.invalidRequest, message: "already initialized") }
      initialized = true
      return initializeResult(params)
    }
    guard initialized else {
      throw RPCError(code: RPCError.serverNotInitialized, message: "the first request must be 'initialize'")
    }
    guard !shutDown else { throw RPCError(code: RPCError.invalidRequest, message: "the server is shutting down") }
    switch method {
    case "shutdown":
      shutDown = true
      return .null
    case "textDocument/completion": return try completion(params)
    case "textDocument/hover": return try hover(params)
    case "textDocument/codeAction": return try codeActions(params)
    case "textDocument/documentSymbol": return try documentSymbols(params)
    case "textDocument/documentColor": return try documentColors(params)
    case "textDocument/colorPresentation": return try colorPresentations(params)
    case "textDocument/formatting": return try formatting(params)
    case "textDocument/definition": return try definition(params)
    case "textDocument/references": return try references(params)
    case "textDocument/prepareRename": return try prepareRename(params)
    case "textDocument/rename": return try rename(params)
    case "textDocument/semanticTokens/full": return try semanticTokens(params)
    default:
      throw RPCError(code: RPCError.methodNotFound, message: "unknown method '\(method)'")
    }
  }

  private func handleNotification(_ method: String, _ params: JSONValue) {
    if method == "exit" {
      exitCode = shutDown ? 0 : 1
      return
    }
    // Before `initialize` only `exit` counts; after `shutdown`, nothing more.
    guard initialized, !shutDown else { return }
    switch method {
    case "textDocument/didOpen": didOpen(params)
    case "textDocument/didChange": didChange(params)
    case "textDocument/didClose": didClose(params)
    // `initialized`, `$/cancelRequest` (every request is answered before
    // the next is read), `didSave`, settings: nothing to do. Unknown
    // notifications are dropped, as JSON-RPC requires.
    default: break
    }
  }

  private func initializeResult(_ params: JSONValue) -> JSONValue {
    // UTF-8 columns spare every conversion when the client takes them.
    let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
    encoding = offered.contains("utf-8") ? .utf8 : .utf16
    workspaceFolders = LanguageServer.workspaceFolders(from: params)
    return .object([
      "capabilities": .object([
        "positionEncoding": .string(encoding.rawValue),
        "textDocumentSync": .object(["openClose": .bool(true), "change": .int(2)]),
        // `"` and `/` start and continue an import's path.
        "completionProvider": .object(["triggerCharacters": .array([".", "=", "\"", "/"].map(JSONValue.string))]),
        "hoverProvider": .bool(true),
        "codeActionProvider": .object(["codeActionKinds": .array(["quickfix", "source.fixAll"].map(JSONValue.string))]),
        "documentSymbolProvider": .bool(true),
        "colorProvider": .bool(true),
        "documentFormattingProvider": .bool(true),
        "definitionProvider": .bool(true),
        "referencesProvider": .bool(true),
        "renameProvider": .object(["prepareProvider": .bool(true)]),
        "semanticTokensProvider": .object([
          "legend": LanguageServer.semanticTokensLegend, "full": .bool(true),
        ]),
      ]),
      "serverInfo": .object(["name": .string("pencilc"), "version": .string(Pencil.version)]),
    ])
  }

  /// The open document a request names. A request for a document that is
  /// not open gets an empty answer (as when it has nothing to offer), not
  /// an error: clients send such requests while a file is being closed.
  func document(_ params: JSONValue) throws -> OpenDocument? {
    guard let uri = params["textDocument"]?["uri"]?.string else {
      throw RPCError.invalidParams("textDocument.uri is missing")
    }
    return documents[uri]
  }

  /// The byte offset of `params.position` in `document`.
  func offset(_ params: JSONValue, in document: OpenDocument) throws -> Int {
    guard let position = params["position"].flatMap(LanguageServer.position) else {
      throw RPCError.invalidParams("position is missing or malformed")
    }
    return document.lines.offset(of: position, encoding: encoding)
  }

  static func position(_ value: JSONValue) -> Position? {
    guard let line = value["line"]?.integer, let character = value["character"]?.integer, line >= 0, character >= 0
    else { return nil }
    return Position(line: line, character: character)
  }
}
