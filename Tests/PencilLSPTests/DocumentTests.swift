import PencilCore
import PencilDiagnostics
import XCTest

@testable import PencilLSP

final class DocumentTests: XCTestCase {
  let uri = "file:///work/scene.pencil"
  let scene = "canvas 200x100\nrect at 10,10 size 50x50 fill=salmn\ntext \"😀\" at 20,80 font=title color=.blue\n"

  func testDiagnosticsArePublishedOnOpenWithTheCLIsCodeAndRange() throws {
    let session = Session()
    session.initialize()
    session.open(uri, scene)
    let published = try XCTUnwrap(diagnostics(for: uri, in: session.publish()))
    XCTAssertEqual(published.count, 1)
    XCTAssertEqual(published[0]["code"], .string("E0201"))
    XCTAssertEqual(published[0]["source"], .string("pencilc"))
    XCTAssertEqual(published[0]["severity"], .int(1))
    XCTAssertEqual(published[0]["range"], range(Position(line: 1, character: 30), Position(line: 1, character: 35)))
    // Nothing changed, nothing is published again.
    XCTAssertEqual(session.publish(), [])
  }

  func testNotesBecomeRelatedInformation() throws {
    let text = "let a = 1\nlet a = 2\nrect fill=a\n"
    let compiled = Pencil.compile(SourceFile(name: "/work/scene.pencil", text: text))
    let expected = compiled.diagnostics.map(\.notes.count)
    let session = Session()
    session.initialize()
    session.open(uri, text)
    let published = try XCTUnwrap(diagnostics(for: uri, in: session.publish()))
    XCTAssertEqual(published.map { $0["relatedInformation"]?.array?.count ?? 0 }, expected)
    XCTAssertEqual(published.map(\.["code"]), compiled.diagnostics.map { .string($0.code.id) })
  }

  func testIncrementalChangesWithAstralCharactersAndOneCompilePerBurst() throws {
    let session = Session()
    session.initialize()
    session.open(uri, scene)
    _ = session.publish()
    // After the emoji (2 UTF-16 units): replace `title` by `body`, then fix the colour.
    let line2 = "text \"😀\" at 20,80 font="
    let column = line2.utf16.count
    session.change(
      uri, version: 2, [(Position(line: 2, character: column), Position(line: 2, character: column + 5), "body")])
    session.change(uri, version: 3, [(Position(line: 1, character: 30), Position(line: 1, character: 35), "salmon")])
    let published = session.publish()
    // Two changes queued, one publication, for the last version.
    XCTAssertEqual(
      published.filter { $0["method"]?.string == "textDocument/publishDiagnostics" }.count, 1, "\(published)")
    XCTAssertEqual(published.first?["params"]?["version"], .int(3))
    XCTAssertEqual(try XCTUnwrap(diagnostics(for: uri, in: published)), [])
    let symbols = session.call(
      "textDocument/hover", at(uri, 2, column + 1))
    XCTAssertTrue(symbols["result"]?["contents"]?["value"]?.string?.contains("frame") ?? false, "\(symbols)")
    // The whole text replaced.
    session.change(uri, version: 4, [(nil, nil, "rect fill=nope\n")])
    let codes = try XCTUnwrap(diagnostics(for: uri, in: session.publish())).map(\.["code"])
    XCTAssertTrue(codes.contains(.string("E0201")), "\(codes)")
  }

  func testImportedFilesReadOpenDocumentsFirstAndGetTheirOwnDiagnostics() throws {
    let library = "file:///work/lib.pencil"
    let session = Session(files: ["/work/lib.pencil": "let c = salmon\n"])
    session.initialize()
    session.open(uri, "import \"lib.pencil\"\nrect at 0,0 size 10x10 fill=c\n")
    var published = session.publish()
    XCTAssertEqual(try XCTUnwrap(diagnostics(for: uri, in: published)), [])
    // The disk's text is fine; the open one (unsaved) is not.
    session.open(library, "let c = salmn\n")
    published = session.publish()
    let libraryDiagnostics = try XCTUnwrap(diagnostics(for: library, in: published))
    XCTAssertTrue(libraryDiagnostics.contains { $0["code"] == .string("E0225") }, "\(libraryDiagnostics)")
    // The importer was checked again against the open text.
    XCTAssertNotNil(diagnostics(for: uri, in: published))
    // Closed, the library's diagnostics come from the importer's compile
    // of the disk's text: none.
    session.notify("textDocument/didClose", .object(["textDocument": .object(["uri": .string(library)])]))
    published = session.server.takeOutgoing() + session.publish()
    XCTAssertEqual(diagnostics(for: library, in: published), [])
  }

  func testImportedDiagnosticsArePublishedForTheImportedFile() throws {
    let session = Session(files: ["/work/lib.pencil": "let c = salmn\n"])
    session.initialize()
    session.open(uri, "import \"lib.pencil\"\nrect at 0,0 size 10x10 fill=c\n")
    let published = session.publish()
    let imported = try XCTUnwrap(diagnostics(for: "file:///work/lib.pencil", in: published))
    XCTAssertEqual(imported.first?["code"], .string("E0225"))
    XCTAssertEqual(imported.first?["range"], range(Position(line: 0, character: 8), Position(line: 0, character: 13)))
  }

  func testCodeActionsOfferEveryFixAndFixAll() throws {
    let session = Session()
    session.initialize()
    session.open(uri, "rect at 0,0 size 9x9 fill=salmn\nrect at 0,0 size 9x9 fill=.coral\n")
    let params: (Int) -> JSONValue = { line in
      .object([
        "textDocument": .object(["uri": .string(self.uri)]),
        "range": range(Position(line: line, character: 30), Position(line: line, character: 30)),
        "context": .object(["diagnostics": .array([])]),
      ])
    }
    let actions = try XCTUnwrap(session.call("textDocument/codeAction", params(0))["result"]?.array)
    let quickFixes = actions.filter { $0["kind"] == .string("quickfix") }
    XCTAssertEqual(quickFixes.count, 1)
    XCTAssertEqual(quickFixes[0]["isPreferred"], .bool(true))
    XCTAssertEqual(quickFixes[0]["diagnostics"]?.array?.first?["code"], .string("E0201"))
    let edit = try XCTUnwrap(quickFixes[0]["edit"]?["changes"]?[uri]?.array?.first)
    XCTAssertEqual(edit["newText"], .string("salmon"))
    let fixAll = try XCTUnwrap(actions.first { $0["kind"] == .string("source.fixAll") })
    XCTAssertEqual(fixAll["edit"]?["changes"]?[uri]?.array?.map(\.["newText"]), [.string("salmon"), .string("coral")])
    // `only` filters.
    var onlyFixAll = params(0)
    if case .object(var members) = onlyFixAll {
      members["context"] = .object(["diagnostics": .array([]), "only": .array([.string("source.fixAll")])])
      onlyFixAll = .object(members)
    }
    let filtered = try XCTUnwrap(session.call("textDocument/codeAction", onlyFixAll)["result"]?.array)
    XCTAssertEqual(filtered.map(\.["kind"]), [.string("source.fixAll")])
  }

  func testCompletionHoverColoursAndSymbols() throws {
    let session = Session()
    session.initialize()
    let text =
      "gradient shine rgb top to bottom {\n  stop #ff0000\n  stop #0000ff\n}\nbox: rect at 0,0 size 10x10 fill=sal\n"
    session.open(uri, text)
    let items = try XCTUnwrap(session.call("textDocument/completion", at(uri, 4, 36))["result"]?["items"]?.array)
    let salmon = try XCTUnwrap(items.first { $0["label"] == .string("salmon") })
    XCTAssertEqual(salmon["kind"], .int(16))
    XCTAssertEqual(salmon["documentation"], .string("#fa8072"))
    XCTAssertEqual(
      salmon["textEdit"]?["range"], range(Position(line: 4, character: 33), Position(line: 4, character: 36)))
    XCTAssertFalse(items.contains { $0["label"] == .string("shine") }, "fill= takes a colour")
    session.change(
      uri, version: 2, [(Position(line: 4, character: 33), Position(line: 4, character: 36), "red gradient=")])
    let gradients = session.call("textDocument/completion", at(uri, 4, 46))["result"]?["items"]?.array
    XCTAssertEqual(gradients?.map(\.["label"]), [.string("shine")])
    let hover = session.call("textDocument/hover", at(uri, 1, 9))
    XCTAssertTrue(hover["result"]?["contents"]?["value"]?.string?.contains("#ff0000") ?? false, "\(hover)")
    let document = JSONValue.object(["textDocument": .object(["uri": .string(uri)])])
    let colors = try XCTUnwrap(session.call("textDocument/documentColor", document)["result"]?.array)
    // Both stops and the `red` typed above.
    XCTAssertEqual(colors.count, 3)
    guard colors.count == 3 else { return }
    XCTAssertEqual(colors[0]["color"]?["red"], .number(1))
    let presentations = session.call(
      "textDocument/colorPresentation",
      .object([
        "textDocument": .object(["uri": .string(uri)]),
        "color": .object(["red": .number(0), "green": .number(0.5), "blue": .number(1), "alpha": .number(1)]),
        "range": colors[0]["range"] ?? .null,
      ]))
    XCTAssertEqual(presentations["result"]?.array?.first?["label"], .string("#0080ff"))
    let symbols = try XCTUnwrap(session.call("textDocument/documentSymbol", document)["result"]?.array)
    XCTAssertEqual(symbols.map(\.["name"]), [.string("shine"), .string("box")])
  }

  func testFormattingGivesPencilcFmtsLayout() throws {
    let session = Session()
    session.initialize()
    let params = JSONValue.object([
      "textDocument": .object(["uri": .string(uri)]),
      "options": .object(["tabSize": .int(2), "insertSpaces": .bool(true)]),
    ])
    session.open(uri, "let  x=1\nrect   size 9x9 fill=red  \n\n\n\nhstack {\nrect size 1x1\n}")
    let edits = try XCTUnwrap(session.call("textDocument/formatting", params)["result"]?.array)
    XCTAssertEqual(edits.count, 1)
    XCTAssertEqual(
      edits.first?["newText"], .string("let x = 1\nrect size 9x9 fill=red\n\nhstack {\n  rect size 1x1\n}\n"))
    // Formatted already: no edit; syntax errors: not formatted.
    session.open(uri, "let x = 1\n")
    XCTAssertEqual(session.call("textDocument/formatting", params)["result"]?.array?.count, 0)
    session.open(uri, "rect size {\n")
    XCTAssertEqual(session.call("textDocument/formatting", params)["result"], .null)
  }
}
