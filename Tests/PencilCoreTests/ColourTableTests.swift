import Foundation
import PencilGeometry
import XCTest

@testable import PencilSema

/// docs/reference/colours.md shows the colours the checker knows: its
/// table of system colours has every one with its light and dark value,
/// and its swatches of CSS colours name every CSS colour.
final class ColourTableTests: XCTestCase {
  private func page() throws -> String {
    try String(contentsOf: Repository.root.appendingPathComponent("docs/reference/colours.md"), encoding: .utf8)
  }

  /// `#3C3C43 α 0.6` or `#FF3B30`, as the table writes a value.
  private func written(_ color: Color) -> String {
    let hex = [color.red, color.green, color.blue].map { String(format: "%02X", Int(($0 * 255).rounded())) }.joined()
    return color.alpha == 1 ? "#\(hex)" : "#\(hex) α \(String(format: "%g", color.alpha))"
  }

  func testTheSystemColourTableIsTheCheckersTable() throws {
    // A row of one colour: `| `.red` | #FF3B30 | #FF453A |`.
    let oneColour = #"^\| `\.[A-Za-z0-9]+` \|"#
    let lines = try page().components(separatedBy: "\n")
    let rows = lines.filter { $0.range(of: oneColour, options: .regularExpression) != nil }.map { row in
      row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    let expected = SystemColors.table.map { ["`.\($0.name)`", written($0.light), written($0.dark)] }
    XCTAssertEqual(rows, expected)
  }

  func testTheCSSSwatchesNameEveryCSSColour() throws {
    let page = try page()
    let swatches = try XCTUnwrap(page.components(separatedBy: "<!-- picture css-colours -->").last)
    for (name, _) in CSSColors.table {
      XCTAssertTrue(swatches.contains("\"\(name)\""), "the swatches name \(name)")
    }
  }
}
