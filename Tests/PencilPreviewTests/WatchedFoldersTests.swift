import Foundation
import PencilPreview
import XCTest

/// The file watch behind the preview (and `--watch`) follows the files, not
/// the folders it first saw: an import folder deleted and made again is
/// still watched, and a scene that is a symbolic link is watched at its
/// target too. Each step waits for the state it wants, by version.
final class WatchedFoldersTests: XCTestCase {
  func testAnImportFolderDeletedAndRecreatedIsStillWatched() throws {
    let preview = try RunningPreview(scene: "import \"lib/palette.pencil\"\nrect size 10x10 fill=tint\n")
    let lib = preview.folder.appendingPathComponent("lib")
    try FileManager.default.createDirectory(at: lib, withIntermediateDirectories: true)
    try Data("let tint = #ff0000\n".utf8).write(to: lib.appendingPathComponent("palette.pencil"))
    let stream = try StateStream(preview)
    _ = try stream.head()
    // The folder was made after the first compile: its creation is seen.
    let first = try XCTUnwrap(stream.waitFor("the palette") { $0.ok == true && $0.svg.contains("#ff0000") })

    try FileManager.default.removeItem(at: lib)
    let missing = try XCTUnwrap(stream.waitFor("the missing import") { $0.ok == false })
    XCTAssertGreaterThan(missing.version, first.version)
    XCTAssertEqual(missing.diagnosticCodes.first, "E0236")

    try FileManager.default.createDirectory(at: lib, withIntermediateDirectories: true)
    try Data("let tint = #00ff00\n".utf8).write(to: lib.appendingPathComponent("palette.pencil"))
    let back = try XCTUnwrap(stream.waitFor("the recreated palette") { $0.ok == true && $0.svg.contains("#00ff00") })
    // And the new folder is watched in its turn.
    try Data("let tint = #0000ff\n".utf8).write(to: lib.appendingPathComponent("palette.pencil"))
    let edited = try XCTUnwrap(stream.waitFor("an edit in the new folder") { $0.svg.contains("#0000ff") })
    XCTAssertGreaterThan(edited.version, back.version)
  }

  func testEditsToTheTargetOfASymlinkedSceneAreSeen() throws {
    let preview = try RunningPreview(scene: "rect size 10x10\n")
    let stream = try StateStream(preview)
    _ = try stream.head()
    try stream.waitFor("the first compile") { $0.ok == true }
    // The scene becomes a link to a file in another folder.
    let elsewhere = preview.folder.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    let target = elsewhere.appendingPathComponent("real.pencil")
    try Data("rect size 20x10\n".utf8).write(to: target)
    let link = preview.folder.appendingPathComponent(".link")
    XCTAssertEqual(symlink(target.path, link.path), 0)
    XCTAssertEqual(rename(link.path, preview.scene.path), 0)
    let linked = try XCTUnwrap(stream.waitFor("the linked scene") { $0.svg.contains("M0,0L20,0") })

    // The target is edited in place: only its own folder hears of it.
    try Data("rect size 30x10\n".utf8).write(to: target)
    let edited = try XCTUnwrap(stream.waitFor("the edit of the target") { $0.svg.contains("M0,0L30,0") })
    XCTAssertGreaterThan(edited.version, linked.version)
  }
}
