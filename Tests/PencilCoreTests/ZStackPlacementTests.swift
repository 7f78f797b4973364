import PencilGeometry
import XCTest

@testable import PencilCore
@testable import PencilIR

/// `at` on a zstack's child (SwiftUI's `.position`): placed from the
/// zstack's top-left, the others aligned as before, the zstack as big as
/// the union; still refused in an hstack or a vstack.
final class ZStackPlacementTests: XCTestCase {
  private func boxes(_ text: String) throws -> [Rect] {
    let compilation = compile("canvas 300x300\n" + text)
    XCTAssertEqual(compilation.diagnostics.map(\.code.id), [], "\(compilation.diagnostics.map(\.message))")
    return try XCTUnwrap(compilation.scene).items.compactMap {
      if case .path(let path) = $0 { path.userSpaceBounds } else { nil }
    }
  }

  func testAChildWithAtStandsThereInTheZStacksFrame() throws {
    let found = try boxes("zstack at 10,20 { rect size 100x100 fill=.blue; rect at 30,40 size 20x10 fill=.red }")
    XCTAssertEqual(found, [Rect(x: 10, y: 20, width: 100, height: 100), Rect(x: 40, y: 60, width: 20, height: 10)])
  }

  func testTheOthersKeepTheirAlignment() throws {
    let found = try boxes(
      "zstack at 0,0 alignment=topLeading { rect size 100x100; rect size 10x10 fill=.red; rect at 50,50 size 5x5 }")
    XCTAssertEqual(found[1], Rect(x: 0, y: 0, width: 10, height: 10))
    XCTAssertEqual(found[2], Rect(x: 50, y: 50, width: 5, height: 5))
  }

  func testTheZStackGrowsToHoldAPlacedChild() throws {
    // The zstack hugs 40x40 and the child at 30,30 reaching 60,60: 60x60,
    // so its background covers both.
    let found = try boxes(
      "zstack at 0,0 background=.yellow alignment=topLeading { rect size 40x40; rect at 30,30 size 30x30 fill=.red }")
    XCTAssertEqual(found.first, Rect(x: 0, y: 0, width: 60, height: 60))
  }

  func testTextWithAtStandsOnItsBaselineInTheZStack() throws {
    let compilation = compile("canvas 300x300\nzstack at 10,10 { rect size 100x100; text \"Hi\" at 5,90 }")
    XCTAssertEqual(compilation.diagnostics.map(\.code.id), [])
    let text = try XCTUnwrap(
      compilation.scene?.items.compactMap { if case .text(let text) = $0 { text } else { nil } }.first)
    XCTAssertEqual(text.position, Point(15, 100))
  }

  func testAtIsStillRefusedInAnHStackOrAVStack() {
    XCTAssertEqual(
      compile("canvas 100x100\nhstack at 0,0 { rect at 5,5 size 1x1 }").diagnostics.map(\.code.id), ["E0209"])
    XCTAssertEqual(
      compile("canvas 100x100\nvstack at 0,0 { rect at 5,5 size 1x1 }").diagnostics.map(\.code.id), ["E0209"])
  }
}
