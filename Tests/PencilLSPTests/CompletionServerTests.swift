import PencilWorld
import XCTest

@testable import PencilLSP

/// codeDescription, the explanation in the hover, component parameters,
/// colour sets from imports and import paths, through the server.
final class CompletionServerTests: XCTestCase {
  let uri = "file:///work/scene.pencil"

  private func items(_ session: Session, _ line: Int, _ character: Int) throws -> [JSONValue] {
    try XCTUnwrap(session.call("textDocument/completion", at(uri, line, character))["result"]?["items"]?.array)
  }

  func testEveryDiagnosticPointsAtItsExplanation() throws {
    let session = Session()
    session.initialize()
    session.open(uri, "canvas 100x100\nrect fill=salmn\nlet a = 1\nlet a = 2\n")
    let published = try XCTUnwrap(diagnostics(for: uri, in: session.publish()))
    XCTAssertGreaterThanOrEqual(published.count, 2)
    for diagnostic in published {
      let code = try XCTUnwrap(diagnostic["code"]?.string)
      XCTAssertEqual(diagnostic["codeDescription"]?["href"], .string("pencil-explain:" + code))
    }
    // Hovering over the misspelt colour shows what E0201 means.
    let hover = session.call("textDocument/hover", at(uri, 1, 12))
    let value = try XCTUnwrap(hover["result"]?["contents"]?["value"]?.string)
    XCTAssertTrue(value.hasPrefix("**E0201** unknown colour"), value)
    XCTAssertEqual(hover["result"]?["range"], range(Position(line: 1, character: 10), Position(line: 1, character: 15)))
    // Elsewhere on the line, no explanation.
    let other = session.call("textDocument/hover", at(uri, 1, 2))
    XCTAssertFalse(other["result"]?["contents"]?["value"]?.string?.contains("E0201") ?? false)
  }

  func testComponentParametersAndTheirValues() throws {
    let session = Session()
    session.initialize()
    let text = "component chip(tint: Color = .red, on: Bool? = none) { rect fill=tint }\nchip on=true \nchip on=\n"
    session.open(uri, text)
    let names = try items(session, 1, 13)
    let tint = try XCTUnwrap(names.first)
    XCTAssertEqual(tint["label"], .string("tint"))
    XCTAssertEqual(tint["textEdit"]?["newText"], .string("tint="))
    XCTAssertEqual(tint["detail"], .string("Color = .red"))
    XCTAssertFalse(names.contains { $0["label"] == .string("on") })
    let values = try items(session, 2, 8).compactMap { $0["label"]?.string }
    XCTAssertEqual(values, ["true", "false", "none"])
  }

  func testColourSetsOfAnOpenImportAreOfferedAsColours() throws {
    let session = Session()
    session.initialize()
    // The palette is open and unsaved: its text is read, not the disk's.
    session.open("file:///work/palette.pencil", "color ink light=#102030 dark=#405060\n")
    session.open(uri, "import \"palette.pencil\"\nrect fill=\n")
    let ink = try XCTUnwrap(try items(session, 1, 10).first { $0["label"] == .string("ink") })
    XCTAssertEqual(ink["kind"], .int(16))
    XCTAssertEqual(ink["documentation"], .string("#102030"))
  }

  func testQuotesAndSlashesTriggerCompletion() {
    let reply = Session().call("initialize", .object(["capabilities": .object([:])]))
    let triggers = reply["result"]?["capabilities"]?["completionProvider"]?["triggerCharacters"]?.array ?? []
    XCTAssertEqual(Set(triggers.compactMap(\.string)), [".", "=", "\"", "/"])
  }

  func testImportPathsFromTheDiskAndTheOpenDocuments() throws {
    let session = Session(folders: [
      "/work": [.init(name: "lib", isFolder: true), .init(name: "scene.pencil", isFolder: false)],
      "/work/lib": [.init(name: "shapes.pencil", isFolder: false)],
    ])
    session.initialize()
    session.open("file:///work/lib/unsaved.pencil", "rect\n")
    session.open(uri, "import \"lib/sh\"\n")
    let found = try items(session, 0, 14)
    XCTAssertEqual(found.compactMap { $0["label"]?.string }, ["shapes.pencil"])
    XCTAssertEqual(found.first?["kind"], .int(17))
    XCTAssertEqual(
      found.first?["textEdit"]?["range"], range(Position(line: 0, character: 12), Position(line: 0, character: 14)))
    let all = try items(session, 0, 12).compactMap { $0["label"]?.string }
    XCTAssertEqual(all, ["shapes.pencil", "unsaved.pencil"])
    let top = try items(session, 0, 8)
    XCTAssertEqual(top.compactMap { $0["label"]?.string }, ["lib/"])
    XCTAssertEqual(top.first?["kind"], .int(19))
  }

  func testTheRealFolderListerSkipsHiddenEntriesAndDanglingLinks() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lspc-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    FileManager.default.createFile(atPath: folder + "/a.pencil", contents: Data())
    FileManager.default.createFile(atPath: folder + "/.b.pencil", contents: Data())
    try FileManager.default.createSymbolicLink(atPath: folder + "/loop", withDestinationPath: folder + "/loop")
    try FileManager.default.createSymbolicLink(atPath: folder + "/up", withDestinationPath: folder)
    let entries = try XCTUnwrap(Disk.system.entries(of: folder)).sorted { $0.name < $1.name }
    XCTAssertEqual(
      entries,
      [.init(name: "a.pencil", isFolder: false), .init(name: "sub", isFolder: true), .init(name: "up", isFolder: true)])
    XCTAssertNil(Disk.system.entries(of: folder + "/none"))
  }
}
