import PencilQueries
import PencilSema
import PencilWorld
import XCTest

@testable import PencilLSP

/// `textDocument/definition`, `references`, `prepareRename` and `rename`.
final class NavigationTests: XCTestCase {
  let uri = "file:///work/scene.pencil"
  let libraryURI = "file:///work/lib.pencil"
  let library = "let pad = 2\ngradient fade rgb top to bottom { stop .red; stop .blue }\n"
  let scene = """
    import "lib.pencil"
    let w = 10
    rect at pad, 0 size w x w gradient=fade
    vstack {
      let w = 3
      rect size w x 4 fill=.red
    }

    """

  private func session(openLibrary: Bool = false) -> Session {
    let session = Session(files: ["/work/lib.pencil": library])
    session.initialize()
    if openLibrary { session.open(libraryURI, library) }
    session.open(uri, scene)
    _ = session.publish()
    return session
  }

  private func location(_ uri: String, _ line: Int, _ start: Int, _ end: Int) -> JSONValue {
    .object([
      "uri": .string(uri),
      "range": range(Position(line: line, character: start), Position(line: line, character: end)),
    ])
  }

  func testTheServerOffersNavigation() {
    let session = Session()
    let capabilities = session.call("initialize", .object(["capabilities": .object([:])]))["result"]?["capabilities"]
    XCTAssertEqual(capabilities?["definitionProvider"], .bool(true))
    XCTAssertEqual(capabilities?["referencesProvider"], .bool(true))
    XCTAssertEqual(capabilities?["renameProvider"]?["prepareProvider"], .bool(true))
  }

  func testDefinitionInTheFileAcrossImportsAndOfAnImportPath() {
    let session = session()
    // `w` in `size w x w` is the file's let, not the stack's.
    XCTAssertEqual(session.call("textDocument/definition", at(uri, 2, 20))["result"], location(uri, 1, 4, 5))
    XCTAssertEqual(session.call("textDocument/definition", at(uri, 5, 12))["result"], location(uri, 4, 6, 7))
    XCTAssertEqual(session.call("textDocument/definition", at(uri, 2, 9))["result"], location(libraryURI, 0, 4, 7))
    XCTAssertEqual(session.call("textDocument/definition", at(uri, 2, 38))["result"], location(libraryURI, 1, 9, 13))
    XCTAssertEqual(session.call("textDocument/definition", at(uri, 0, 10))["result"], location(libraryURI, 0, 0, 0))
    // Nothing named there: a keyword, a literal.
    XCTAssertEqual(session.call("textDocument/definition", at(uri, 2, 1))["result"], .null)
    XCTAssertEqual(
      session.call("textDocument/definition", at("file:///not-open.pencil", 0, 0))["result"], .null)
  }

  func testReferencesWithAndWithoutTheDeclaration() {
    let session = session()
    var params = at(uri, 1, 4)
    let all = session.call("textDocument/references", params)["result"]?.array
    XCTAssertEqual(all, [location(uri, 1, 4, 5), location(uri, 2, 20, 21), location(uri, 2, 24, 25)])
    params = .object([
      "textDocument": .object(["uri": .string(uri)]), "position": position(1, 4),
      "context": .object(["includeDeclaration": .bool(false)]),
    ])
    XCTAssertEqual(session.call("textDocument/references", params)["result"]?.array?.count, 2)
  }

  func testReferencesOfAnImportedNameCoverEveryOpenImporter() {
    let session = session(openLibrary: true)
    let other = "file:///work/other.pencil"
    session.open(other, "import \"lib.pencil\"\nrect size 4x4 gradient=fade\n")
    _ = session.publish()
    let found = session.call("textDocument/references", at(libraryURI, 1, 10))["result"]?.array
    XCTAssertEqual(found, [location(libraryURI, 1, 9, 13), location(other, 1, 23, 27), location(uri, 2, 35, 39)])
  }

  func testReferencesAndRenameReachTheWorkspacesClosedImporters() {
    let closed = "import \"../lib.pencil\"\nrect size 4x4 gradient=fade\n"
    let unrelated = "rect size 4x4 fill=.red\n"
    let session = Session(
      files: ["/work/lib.pencil": library, "/work/parts/closed.pencil": closed, "/work/parts/other.pencil": unrelated],
      folders: [
        "/work": [
          FolderEntry(name: "lib.pencil", isFolder: false), FolderEntry(name: "parts", isFolder: true),
          FolderEntry(name: "scene.pencil", isFolder: false),
        ],
        "/work/parts": [
          FolderEntry(name: "closed.pencil", isFolder: false), FolderEntry(name: "other.pencil", isFolder: false),
        ],
      ])
    _ = session.call(
      "initialize",
      .object([
        "capabilities": .object([:]),
        "workspaceFolders": .array([.object(["uri": .string("file:///work"), "name": .string("work")])]),
      ]))
    session.open(uri, scene)
    _ = session.publish()
    let closedURI = "file:///work/parts/closed.pencil"
    let found = session.call("textDocument/references", at(uri, 2, 36))["result"]?.array
    XCTAssertEqual(found, [location(libraryURI, 1, 9, 13), location(closedURI, 1, 23, 27), location(uri, 2, 35, 39)])
    let edit = rename(session, 2, 36, to: "wash")["result"]?["changes"]
    XCTAssertEqual(edit?[closedURI]?.array?.count, 1)
    XCTAssertEqual(edit?[libraryURI]?.array?.count, 1)
    XCTAssertNil(edit?["file:///work/parts/other.pencil"])
  }

  func testWithoutAWorkspaceTheOpenDocumentsFoldersAreRead() {
    // Only the library is open, and the client named no workspace.
    let importer = "import \"lib.pencil\"\nrect size 4x4 gradient=fade\n"
    let session = Session(
      files: ["/work/lib.pencil": library, "/work/main.pencil": importer],
      folders: [
        "/work": [FolderEntry(name: "lib.pencil", isFolder: false), FolderEntry(name: "main.pencil", isFolder: false)]
      ])
    session.initialize()
    session.open(libraryURI, library)
    _ = session.publish()
    let edit = rename(session, libraryURI, 1, 10, to: "wash")["result"]?["changes"]
    XCTAssertEqual(edit?["file:///work/main.pencil"]?.array?.count, 1)
    XCTAssertEqual(edit?[libraryURI]?.array?.count, 1)
  }

  func testTheWorkspaceIsReadWithinItsLimits() {
    var folders: [String: [FolderEntry]] = [:]
    // A folder that contains itself (a loop of links) and many files.
    folders["/w"] =
      (0..<50).map { FolderEntry(name: "f\($0).pencil", isFolder: false) } + [
        FolderEntry(name: "loop", isFolder: true)
      ]
    var path = "/w"
    for _ in 0..<20 {
      path += "/loop"
      folders[path] = folders["/w"]
    }
    let tree = folders
    func count(_ limits: LanguageServer.Limits) -> Int {
      let server = LanguageServer(
        limits: limits, disk: .inMemory(files: { _ in nil }, folders: fakeWorkspaceFolder(tree)))
      server.workspaceFolders = ["/w"]
      return server.workspaceFiles().count
    }
    XCTAssertEqual(count(LanguageServer.Limits(maximumWorkspaceFiles: 120)), 120)
    XCTAssertEqual(count(LanguageServer.Limits(maximumWorkspaceDepth: 2)), 150)
    // Folders listed: `/w`, `/w/loop` and `/w/loop/loop`.
    XCTAssertEqual(count(LanguageServer.Limits(maximumWorkspaceFolders: 3)), 150)
    XCTAssertEqual(count(LanguageServer.Limits()), 50 * 9)
  }

  func testPrepareRenameGivesTheNameUnderTheCursor() {
    let session = session()
    XCTAssertEqual(
      session.call("textDocument/prepareRename", at(uri, 2, 21))["result"],
      .object([
        "range": range(Position(line: 2, character: 20), Position(line: 2, character: 21)),
        "placeholder": .string("w"),
      ]))
    XCTAssertEqual(session.call("textDocument/prepareRename", at(uri, 2, 2))["result"], .null)
  }

  private func rename(_ session: Session, _ line: Int, _ character: Int, to newName: String) -> JSONValue {
    rename(session, uri, line, character, to: newName)
  }

  private func rename(_ session: Session, _ uri: String, _ line: Int, _ character: Int, to newName: String)
    -> JSONValue
  {
    var params = at(uri, line, character)
    if case .object(var fields) = params {
      fields["newName"] = .string(newName)
      params = .object(fields)
    }
    return session.call("textDocument/rename", params)
  }

  func testRenameEditsEveryFileThatUsesTheName() {
    let session = session(openLibrary: true)
    let edit = rename(session, 2, 36, to: "wash")["result"]
    func change(_ line: Int, _ start: Int, _ end: Int) -> JSONValue {
      .object([
        "range": range(Position(line: line, character: start), Position(line: line, character: end)),
        "newText": .string("wash"),
      ])
    }
    XCTAssertEqual(
      edit, .object(["changes": .object([uri: .array([change(2, 35, 39)]), libraryURI: .array([change(1, 9, 13)])])]))
  }

  func testRenameRefusesConflictsAndWords() {
    let session = session()
    // The file's `w` renamed to `pad` would clash with the imported let.
    let clash = rename(session, 1, 4, to: "pad")["error"]
    XCTAssertEqual(clash?["code"], .int(-32803))
    XCTAssertTrue(
      clash?["message"]?.string?.hasPrefix("cannot rename to 'pad'") == true, "\(String(describing: clash))")
    XCTAssertEqual(rename(session, 1, 4, to: "for")["error"]?["code"], .int(-32803))
    XCTAssertEqual(rename(session, 1, 4, to: "two words")["error"]?["code"], .int(-32803))
    XCTAssertEqual(rename(session, 2, 2, to: "x")["error"]?["code"], .int(-32803))
    XCTAssertNotNil(rename(session, 1, 4, to: "side")["result"]?["changes"])
  }
}

/// `textDocument/semanticTokens/full` in LSP's relative encoding.
final class SemanticTokensServerTests: XCTestCase {
  func testTheLegendAndRelativeEncoding() {
    let session = Session()
    let capabilities = session.call("initialize", .object(["capabilities": .object([:])]))["result"]?["capabilities"]
    let legend = capabilities?["semanticTokensProvider"]?["legend"]
    XCTAssertEqual(legend?["tokenTypes"]?.array?.first, .string("keyword"))
    XCTAssertEqual(legend?["tokenModifiers"]?.array?.first, .string("declaration"))
    let uri = "file:///t.pencil"
    // After the emoji (two UTF-16 units) `w` is at character 13 of line 1.
    session.open(uri, "let w = 1\ntext \"😀\" at w, 0 /* a\nb */\n")
    let data = session.call(
      "textDocument/semanticTokens/full", .object(["textDocument": .object(["uri": .string(uri)])])
    )["result"]?["data"]?.array?.compactMap(\.integer)
    let keyword = SemanticTokens.Kind.keyword.rawValue
    let variable = SemanticTokens.Kind.variable.rawValue
    XCTAssertEqual(
      data,
      [
        0, 0, 3, keyword, 0,  // let
        0, 4, 1, variable, 3,  // w: declaration, readonly
        0, 4, 1, SemanticTokens.Kind.number.rawValue, 0,  // 1
        1, 0, 4, SemanticTokens.Kind.class.rawValue, 4,  // text
        0, 5, 4, SemanticTokens.Kind.string.rawValue, 0,  // "😀"
        0, 5, 2, keyword, 0,  // at
        0, 3, 1, variable, 2,  // w
        0, 3, 1, SemanticTokens.Kind.number.rawValue, 0,  // 0
        0, 2, 4, SemanticTokens.Kind.comment.rawValue, 0,  // /* a
        1, 0, 4, SemanticTokens.Kind.comment.rawValue, 0,  // b */
      ])
  }
}
