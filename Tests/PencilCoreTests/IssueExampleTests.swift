import Foundation
import XCTest

@testable import PencilCore

/// The program the language was specified by (issue 8), exactly as written
/// there, beside the palette it imports (Fixtures/issue8): it compiles
/// without a problem and draws what it says.
final class IssueExampleTests: XCTestCase {
  func testTheSpecifyingProgramCompilesAsWritten() throws {
    let folder = Repository.fixtures.appendingPathComponent("issue8")
    let url = folder.appendingPathComponent("example.pencil")
    let compilation = Pencil.compile(
      SourceFile(name: "example.pencil", bytes: Array(try Data(contentsOf: url))),
      importer: FolderLoader(folder: folder))
    XCTAssertEqual(compilation.diagnostics.map(\.message), [])
    let scene = try XCTUnwrap(compilation.scene)
    let paths = scene.items.filter { if case .path = $0 { true } else { false } }
    let texts = scene.items.compactMap { item -> String? in
      if case .text(let text) = item { return text.text }
      return nil
    }
    // 7 pencils of 3 parts; 10 crayons of 4 shapes (tip, timber, body and
    // the band; the label is text) and 10 shadows; 7 swatches.
    XCTAssertEqual(paths.count, 7 * 3 + 10 * 4 + 10 + 7)
    XCTAssertEqual(texts, ["Rainbow Pencil Set"] + (1...10).map { "\($0)" })
    // Crayon labels come from a component: they keep their use.
    let labels = scene.items.compactMap { item -> TextItem? in
      if case .text(let text) = item, text.text != "Rainbow Pencil Set" { return text }
      return nil
    }
    XCTAssertTrue(labels.allSatisfy { $0.callSites.count == 1 })
  }
}
