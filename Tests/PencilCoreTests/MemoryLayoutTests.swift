import XCTest

@testable import PencilCore

/// The sizes that set a large scene's peak memory (README, "Compile
/// against Pikchr"): a million pencils are three million display items
/// and a million element models, alive together at the end of lowering.
/// A field added carelessly (an optional that pads, a second reference)
/// shows here before it shows in the benchmark.
final class MemoryLayoutTests: XCTestCase {
  func testADisplayItemTakesNinetySixBytes() {
    XCTAssertEqual(MemoryLayout<PathItem>.stride, 96)
    XCTAssertLessThanOrEqual(MemoryLayout<TextItem>.stride, 96)
    // The case is told by the spare bits of the first field, a reference in both.
    XCTAssertEqual(MemoryLayout<DisplayItem>.stride, 96)
    // Gradients are boxed: a solid colour is most paints.
    XCTAssertEqual(MemoryLayout<Paint>.stride, 24)
    XCTAssertEqual(MemoryLayout<IRColor>.stride, 16)
  }

  func testAnElementModelTakesEightyBytes() {
    XCTAssertEqual(MemoryLayout<ElementModel>.stride, 80)
    XCTAssertEqual(MemoryLayout<SourceRange>.stride, 8)
  }

  func testLoweringFreesEachElementModelAsItGoes() {
    var diagnostics = DiagnosticList()
    let source = SourceFile(
      name: "t.pencil", bytes: Array("hstack { rect size 4x4\n ellipse size 4x4 }\nrect size 2x2".utf8))
    var session = CheckSession(
      source: source, diagnostics: DiagnosticList(), imports: ImportContext(loader: nil), limits: .standard)
    Parser.parse(source, diagnostics: &diagnostics) { session.add($0) }
    var model = session.finish(diagnostics: &diagnostics)
    XCTAssertFalse(diagnostics.hasErrors)
    XCTAssertEqual(model.elements.count, 2)
    let scene = Lowering.lower(&model, diagnostics: &diagnostics)
    XCTAssertEqual(scene.items.count, 3)
    for element in model.elements {
      guard case .spacer = element.content else { return XCTFail("\(element.content) was kept") }
    }
  }
}
