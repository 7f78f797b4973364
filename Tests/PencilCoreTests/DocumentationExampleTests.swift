import Foundation
import XCTest

/// The documentation teaches by example: every ```` ```pencil ```` block in
/// the README and the pages under docs/ compiles without an error or a
/// warning, and a block that shows a mistake (```` ```pencil E0201 ````)
/// has that diagnostic and no other.
final class DocumentationExampleTests: XCTestCase {
  func testEveryPencilBlockCompilesCleanlyOrShowsItsDiagnostic() throws {
    let blocks = try DocumentationExamples.all()
    for page in ["README.md", "docs/tutorial.md", "docs/reference/language.md"] {
      XCTAssertTrue(blocks.contains { $0.name.hasPrefix(page + " ") }, "\(page) has examples")
    }
    XCTAssertGreaterThanOrEqual(blocks.count, 25)
    for block in blocks {
      let found = compile(block.source, name: "example.pencil").diagnostics.filter {
        $0.severity == .error || $0.severity == .warning
      }
      if let code = block.expectedCode {
        XCTAssertFalse(found.isEmpty, "\(block.name) shows \(code)")
        XCTAssertTrue(found.allSatisfy { $0.code.id == code }, "\(block.name): \(found)")
      } else {
        XCTAssertEqual(found, [], block.name)
      }
    }
  }
}
