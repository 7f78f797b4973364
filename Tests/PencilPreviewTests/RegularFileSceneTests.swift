import Foundation
import PencilPreview
import XCTest

/// The preview reads its scene and imports only when they are regular
/// files: a scene replaced by a FIFO (or an imported FIFO) is an error in
/// the page (E0409) instead of blocking the compile thread for ever, so
/// the next good save is still picked up and the server still stops.
final class RegularFileSceneTests: XCTestCase {
  func testASceneReplacedByAFIFOIsAnErrorAndTheNextSaveIsStillSeen() throws {
    let preview = try RunningPreview(scene: "rect size 10x10\n")
    let stream = try StateStream(preview)
    _ = try stream.head()
    let first = try XCTUnwrap(stream.waitFor("the first compile") { $0.ok == true })

    let fifo = preview.folder.appendingPathComponent("pipe").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    XCTAssertEqual(rename(fifo, preview.scene.path), 0)
    let refused = try stream.waitFor("E0409 for the FIFO") { $0.version > first.version && $0.ok == false }
    XCTAssertEqual(refused?.diagnosticCodes, ["E0409"])

    // Saved the way editors do: a new file renamed over the FIFO.
    try replaceScene(of: preview, with: "rect size 30x10\n")
    try stream.waitFor("the good save after the FIFO") { $0.ok == true && $0.svg.contains("M0,0L30,0") }
    XCTAssertTrue(preview.stop(), "the server stopped")
  }

  func testAnImportedFIFOIsAnError() throws {
    let preview = try RunningPreview(scene: "rect size 10x10\n")
    let stream = try StateStream(preview)
    _ = try stream.head()
    try stream.waitFor("the first compile") { $0.ok == true }
    XCTAssertEqual(mkfifo(preview.folder.appendingPathComponent("lib.pencil").path, 0o600), 0)
    try replaceScene(of: preview, with: "import \"lib.pencil\"\nrect size 10x10\n")
    let refused = try stream.waitFor("E0409 for the import") { $0.ok == false }
    XCTAssertEqual(refused?.diagnosticCodes, ["E0409"])
    try replaceScene(of: preview, with: "rect size 40x10\n")
    try stream.waitFor("the good save after the import") { $0.ok == true && $0.svg.contains("M0,0L40,0") }
    XCTAssertTrue(preview.stop(), "the server stopped")
  }

  private func replaceScene(of preview: RunningPreview, with text: String) throws {
    let replacement = preview.folder.appendingPathComponent(".scene.pencil.new")
    try Data(text.utf8).write(to: replacement)
    XCTAssertEqual(rename(replacement.path, preview.scene.path), 0)
  }
}
