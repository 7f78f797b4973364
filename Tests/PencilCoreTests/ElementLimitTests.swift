import XCTest

@testable import PencilCore

/// The limit on elements a scene makes (E0230).
final class ElementLimitTests: XCTestCase {
  private func codes(_ compilation: Compilation) -> [String] { compilation.diagnostics.map(\.code.id) }

  /// Generated elements count against the limit, the prelude's pencil as
  /// one (as the built-in was); written-out elements do not, so a v1 scene
  /// of any size keeps compiling.
  func testElementLimitCountsGeneratedElementsAndAPencilAsOne() throws {
    // Each use of `row` is 1 element plus 999 pencils of 1 element each
    // (a pencil's three parts are not counted apart): 1,000 uses make
    // exactly 1,000,000, the 1,001st crosses. (The body runs once: the
    // uses share its expansion, so the loops stay far below their limit.)
    let row = "component row() { for i in 0..<999 { pencil at i, 0 size 1x4 } }\n"
    // (An unrelated error at the end keeps the million pencils from being
    // lowered: only the count is tested.)
    let atTheLimit = compile(
      row + "for k in 0..<1000 { row at 0, k size 999x4 }\npencil at 0,0 size 1x4\nrect size 1x1 fill=5")
    XCTAssertEqual(codes(atTheLimit), ["E0207"])
    let over = compile(row + "for k in 0..<1001 { row at 0, k size 999x4 }")
    XCTAssertEqual(codes(over), ["E0230"])
    XCTAssertEqual(
      try XCTUnwrap(over.diagnostics.first).notes.last?.message,
      "reported once; first found when 'k' is item 1000 (counting from 0)")
  }
}
