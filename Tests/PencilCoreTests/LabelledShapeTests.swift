import PencilDiagnostics
import PencilGeometry
import XCTest

@testable import PencilCore
@testable import PencilIR
@testable import PencilSema

/// `rect "Browser"`, `roundrect`, `ellipse`, `circle`, `capsule` and a
/// file's own shapes with a label: centred, wrapped inside a sized shape,
/// hugging it without a size; and arrows labelled the same way.
final class LabelledShapeTests: XCTestCase {
  private func scene(_ text: String) throws -> Scene {
    let compilation = compile(text)
    XCTAssertEqual(compilation.diagnostics.map(\.code.id), [], text)
    return try XCTUnwrap(compilation.scene)
  }

  private func paths(_ scene: Scene) -> [PathItem] { scene.pathItems }
  private func texts(_ scene: Scene) -> [TextItem] { scene.textItems }

  private func codes(_ text: String) -> [String] { compile(text).diagnostics.map(\.code.id) }

  func testTheLabelIsCentredOnASizedShape() throws {
    let found = try scene("rect \"Hi\" at 0,0 size 100x40 fill=.yellow")
    XCTAssertEqual(paths(found).first?.userSpaceBounds, Rect(x: 0, y: 0, width: 100, height: 40))
    let label = try XCTUnwrap(texts(found).first)
    XCTAssertEqual(label.text, "Hi")
    XCTAssertEqual(label.alignment, .center)
    XCTAssertEqual(label.position.x, 50, accuracy: 1e-9)
  }

  func testAShapeWithoutASizeHugsItsLabelAndPadding() throws {
    let box = try XCTUnwrap(paths(try scene("rect \"Start\" at 0,0")).first?.userSpaceBounds)
    let ellipse = try XCTUnwrap(paths(try scene("ellipse \"Start\" at 0,0")).first?.userSpaceBounds)
    let circle = try XCTUnwrap(paths(try scene("circle \"Start\" at 0,0")).first?.userSpaceBounds)
    // The box is the label plus 8 each side; an ellipse (4 each side) goes
    // through the corners of its box, √2 as wide; a circle round it.
    let labelWidth = box.width - 16
    let labelHeight = box.height - 16
    XCTAssertEqual(ellipse.width, (labelWidth + 8) * 2.0.squareRoot(), accuracy: 1e-6)
    XCTAssertEqual(ellipse.height, (labelHeight + 8) * 2.0.squareRoot(), accuracy: 1e-6)
    XCTAssertEqual(circle.width, circle.height, accuracy: 1e-9)
    let diagonal = ((labelWidth + 8) * (labelWidth + 8) + (labelHeight + 8) * (labelHeight + 8)).squareRoot()
    XCTAssertEqual(circle.width, diagonal, accuracy: 1e-6)
  }

  func testALongLabelWrapsInsideItsShape() throws {
    let found = try scene("rect \"A label that is long enough to wrap\" at 0,0 size 100x100 fill=.yellow")
    XCTAssertTrue(texts(found).first?.text.contains("\n") ?? false, "\(texts(found).map(\.text))")
  }

  func testAShapeGivenNoPaintIsOutlinedSoTheLabelReads() throws {
    let path = try XCTUnwrap(paths(try scene("rect \"A\" at 0,0")).first)
    XCTAssertNotNil(path.stroke)
    guard case .solid(let fill) = path.paint else { return XCTFail("\(path.paint)") }
    XCTAssertEqual(fill.alpha, 0)
    // With a fill, it is filled, and not outlined unless asked.
    let filled = try XCTUnwrap(paths(try scene("rect \"A\" at 0,0 fill=.blue")).first)
    XCTAssertNil(filled.stroke)
  }

  func testTheLabelTakesFontColorAndLineLimit() throws {
    let label = try XCTUnwrap(
      texts(try scene("capsule \"OK\" at 0,0 fill=.green color=white font=headline lineLimit=1")).first)
    XCTAssertTrue(label.bold)
    XCTAssertEqual(label.color, IRColor(Color(rgba: 0xFFFF_FFFF)))
    // Without a label those are no attributes of a shape.
    XCTAssertEqual(codes("rect at 0,0 size 10x10 font=headline"), ["E0205"])
  }

  func testALabelledShapeIsNamedAndAnchoredByItsFrame() throws {
    let found = try scene(
      """
      a: rect "A" at 0,0 size 40x20
      b: rect "B" at 100,0 size 40x20
      arrow "go" from a.trailing to b.leading
      """)
    XCTAssertEqual(texts(found).map(\.text), ["A", "B", "go"])
  }

  func testInAStackEachHugsItsLabel() throws {
    let found = try scene("hstack at 0,0 spacing=10 { rect \"A\"; rect \"Longer\" }")
    let widths = paths(found).compactMap { $0.userSpaceBounds?.width }
    XCTAssertEqual(widths.count, 2)
    XCTAssertLessThan(widths[0], widths[1])
  }

  func testAnArrowsLabelIsWrittenOnce() {
    XCTAssertEqual(
      codes("a: rect \"A\" at 0,0\nb: rect \"B\" at 99,0\narrow \"x\" from a.trailing to b.leading label=\"y\""),
      ["E0206"])
    // `label=` alone, as language v2 wrote it, still works.
    XCTAssertEqual(
      codes("a: rect \"A\" at 0,0\nb: rect \"B\" at 99,0\narrow from a.trailing to b.leading label=\"y\""), [])
  }

  func testALabelIsAString() {
    XCTAssertEqual(codes("rect 3 at 0,0"), ["E0207"])
  }
}
