import Foundation
import XCTest

@testable import PencilSema

/// docs/reference/text-styles.md lists every text style the checker knows,
/// with its size and weight, and nothing else.
final class TextStyleTableTests: XCTestCase {
  func testTheReferenceTableIsTheCheckersTable() throws {
    let page = try String(
      contentsOf: Repository.root.appendingPathComponent("docs/reference/text-styles.md"), encoding: .utf8)
    let rows = page.components(separatedBy: "\n").filter { $0.hasPrefix("| `") }.map { row in
      row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    let documented = rows.map { cells in
      (
        name: cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), size: Double(cells[1]) ?? -1,
        bold: cells[2].hasPrefix("bold")
      )
    }
    XCTAssertEqual(documented.map(\.name), ElementKinds.fontStyles.map(\.name))
    XCTAssertEqual(documented.map(\.size), ElementKinds.fontStyles.map(\.size))
    XCTAssertEqual(documented.map(\.bold), ElementKinds.fontStyles.map(\.bold))
  }
}
