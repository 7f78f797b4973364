import Foundation
import XCTest

/// The documentation teaches by example: every ```` ```pencil ```` block in
/// the README and the pages under docs/ compiles without errors, and a
/// block that shows a mistake (```` ```pencil E0201 ````) has that error.
final class DocumentationExampleTests: XCTestCase {
  func testEveryPencilBlockCompilesOrHasItsError() throws {
    let blocks = try DocumentationExamples.all()
    for page in ["README.md", "docs/tutorial.md", "docs/reference/language.md"] {
      XCTAssertTrue(blocks.contains { $0.name.hasPrefix(page + " ") }, "\(page) has examples")
    }
    XCTAssertGreaterThanOrEqual(blocks.count, 25)
    for block in blocks {
      let errors = compile(block.source, name: "example.pencil").diagnostics.filter { $0.severity == .error }
      if let code = block.expectedCode {
        XCTAssertFalse(errors.isEmpty, "\(block.name) shows \(code)")
        XCTAssertTrue(errors.allSatisfy { $0.code.id == code }, "\(block.name): \(errors)")
      } else {
        XCTAssertEqual(errors, [], block.name)
      }
    }
  }
}
