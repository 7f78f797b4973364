import PencilDiagnostics
import PencilGeometry
import XCTest

@testable import PencilCore
@testable import PencilIR
@testable import PencilSema

/// `circle` (SwiftUI's Circle: the largest circle centred in its frame, or
/// a frame of its own from `radius=`) and `capsule` (SwiftUI's Capsule).
final class CircleAndCapsuleTests: XCTestCase {
  private func bounds(_ text: String, line: UInt = #line) throws -> [Rect] { try pathBounds(text, line: line) }

  func testACircleIsTheLargestCircleCentredInItsFrame() throws {
    XCTAssertEqual(
      try bounds("circle at 0,0 size 100x40 fill=.blue"), [Rect(x: 30, y: 0, width: 40, height: 40)])
    XCTAssertEqual(
      try bounds("circle at 10,10 size 40x100 fill=.blue"), [Rect(x: 10, y: 40, width: 40, height: 40)])
  }

  func testRadiusGivesACircleAFrameOfItsOwn() throws {
    XCTAssertEqual(try bounds("circle at 10,20 radius=15 fill=.blue"), [Rect(x: 10, y: 20, width: 30, height: 30)])
    // A size wins over the radius, as a frame does in SwiftUI.
    XCTAssertEqual(
      try bounds("circle at 0,0 size 20x20 radius=50 fill=.blue"), [Rect(x: 0, y: 0, width: 20, height: 20)])
    // Without either at the top level it needs a size, as every shape.
    XCTAssertEqual(compile("circle at 0,0 fill=.blue").diagnostics.map(\.code.id), ["E0211"])
    XCTAssertEqual(compile("circle at 0,0 radius=-1 fill=.blue").diagnostics.map(\.code.id), ["E0211", "E0208"])
  }

  func testACircleInAStackTakesTheSizeItIsOffered() throws {
    let found = try bounds("hstack at 0,0 size 100x30 spacing=0 { circle fill=.red; rect fill=.blue }")
    XCTAssertEqual(found.first, Rect(x: 10, y: 0, width: 30, height: 30))
  }

  func testACapsuleHasHalfCircleEnds() throws {
    let compilation = compile("capsule at 0,0 size 100x40 fill=.green")
    XCTAssertEqual(compilation.diagnostics.map(\.code.id), [])
    let ir = IRPrinter.print(try XCTUnwrap(compilation.scene))
    // Straight from x 20 to 80 along the top: the ends are radius 20.
    XCTAssertTrue(ir.contains("M 20 0") && ir.contains("L 80 0"), ir)
  }

  func testBothClip() throws {
    XCTAssertEqual(compile("zstack at 0,0 size 40x40 clip=circle { rect fill=.red }").diagnostics.map(\.code.id), [])
    XCTAssertEqual(compile("zstack at 0,0 size 40x40 clip=capsule { rect fill=.red }").diagnostics.map(\.code.id), [])
    let unknown = compile("zstack at 0,0 size 40x40 clip=circel { rect fill=.red }").diagnostics
    XCTAssertEqual(unknown.map(\.code.id), ["E0203"])
    XCTAssertEqual(unknown.first?.fixes.first?.edits.first?.newText, "circle")
  }

  /// A v2 file that defined its own `circle` or `capsule` compiles as it
  /// did: its definition wins over the later built-in.
  func testAFilesOwnCircleOrCapsuleWins() throws {
    let own = try bounds(
      """
      shape circle { move 0,0; line 1,0; line 1,1; close }
      circle at 0,0 size 100x40 fill=.blue
      """)
    XCTAssertEqual(own, [Rect(x: 0, y: 0, width: 100, height: 40)])
    XCTAssertEqual(
      compile("component capsule(tint: Color = .red) { rect fill=tint }\ncapsule at 0,0 size 10x10").diagnostics.map(
        \.code.id), [])
    XCTAssertEqual(
      compile("shape circle { move 0,0; line 1,0; line 1,1; close }\nzstack at 0,0 size 9x9 clip=circle { rect }")
        .diagnostics.map(\.code.id), [])
    // Other built-ins stay reserved.
    XCTAssertEqual(compile("shape ellipse { move 0,0; line 1,1; close }").diagnostics.map(\.code.id), ["E0221"])
  }
}
