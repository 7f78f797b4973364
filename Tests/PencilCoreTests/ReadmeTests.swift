import Foundation
import XCTest

/// The README teaches the language by example: every ```pencil block in it
/// must compile without errors.
final class ReadmeTests: XCTestCase {
  func testEveryPencilBlockCompiles() throws {
    let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
    let blocks = readme.components(separatedBy: "```pencil\n").dropFirst().compactMap {
      $0.components(separatedBy: "```").first
    }
    XCTAssertGreaterThanOrEqual(blocks.count, 3)
    for block in blocks {
      let errors = compile(block, name: "README.md").diagnostics.filter { $0.severity == .error }
      XCTAssertEqual(errors, [], block)
    }
  }
}
