import Foundation
import PencilCore
import PencilDiagnostics
import XCTest

/// Every ```pencil block in docs/ compiles: without errors, or, in a block
/// fenced ```pencil error, with an error; in one fenced ```pencil E0204
/// (or W0013), with that code among its diagnostics.
final class DocsPencilBlocksTests: XCTestCase {
  struct Block {
    var page: String
    var line: Int
    /// The words after `pencil` in the fence: empty, `error`, or a code.
    var expectation: String
    var source: String
  }

  /// The ```pencil blocks of a Markdown page, in order.
  static func blocks(in text: String, page: String) -> [Block] {
    var blocks: [Block] = []
    var open: Block?
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if var block = open {
        if line.trimmingCharacters(in: .whitespaces) == "```" {
          blocks.append(block)
          open = nil
        } else {
          block.source += line + "\n"
          open = block
        }
      } else if line.hasPrefix("```pencil"), line == "```pencil" || line.hasPrefix("```pencil ") {
        let expectation = line.dropFirst("```pencil".count).trimmingCharacters(in: .whitespaces)
        open = Block(page: page, line: index + 1, expectation: expectation, source: "")
      }
    }
    return blocks
  }

  static var pages: [URL] {
    let docs = Repository.root.appendingPathComponent("docs")
    let walker = FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil)
    let urls = (walker?.allObjects as? [URL]) ?? []
    return urls.filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
  }

  func testEveryPencilBlockInTheDocsCompilesAsItsFenceSays() throws {
    var count = 0
    for url in Self.pages {
      let page = String(url.path.dropFirst(Repository.root.path.count + 1))
      for block in Self.blocks(in: try String(contentsOf: url, encoding: .utf8), page: page) {
        count += 1
        let compilation = Pencil.compile(
          SourceFile(name: url.lastPathComponent, text: block.source),
          importer: FolderLoader(folder: url.deletingLastPathComponent()), appearance: nil)
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        let place = "\(block.page):\(block.line)"
        switch block.expectation {
        case "":
          XCTAssertEqual(errors.map { "\($0.code): \($0.message)" }, [], place)
        case "error":
          XCTAssertFalse(errors.isEmpty, "\(place) is fenced as an error, and compiles")
        default:
          XCTAssertTrue(
            compilation.diagnostics.contains { $0.code.id == block.expectation },
            "\(place) is fenced as \(block.expectation), and reports \(compilation.diagnostics.map(\.code.id))")
        }
      }
    }
    XCTAssertGreaterThanOrEqual(count, 40, "the reference pages hold an example per element and function")
  }

  func testFencesSayWhatABlockMustReport() {
    let text = "```pencil\nrect\n```\n\n```pencil E0204\na\nb\n```\n```swift\nx\n```\n"
    let blocks = Self.blocks(in: text, page: "page.md")
    XCTAssertEqual(blocks.map(\.expectation), ["", "E0204"])
    XCTAssertEqual(blocks.map(\.line), [1, 5])
    XCTAssertEqual(blocks.map(\.source), ["rect\n", "a\nb\n"])
  }
}
