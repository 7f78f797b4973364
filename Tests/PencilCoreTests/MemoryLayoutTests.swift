import PencilDiagnostics
import PencilSyntax
import XCTest

@testable import PencilGeometry
@testable import PencilIR
@testable import PencilLayout
@testable import PencilSema

/// The sizes that set a large scene's peak memory (README, "Compile
/// against Pikchr"): a million pencils are three million display items
/// and a million element models, alive together at the end of lowering.
/// A field added carelessly (an optional that pads, a second reference)
/// shows here before it shows in the benchmark.
final class MemoryLayoutTests: XCTestCase {
  func testADisplayItemTakesSeventyTwoBytes() {
    XCTAssertEqual(MemoryLayout<PathItem>.stride, 72)
    XCTAssertLessThanOrEqual(MemoryLayout<TextItem>.stride, 72)
    // The case is told by the spare bits of the first field, a reference in both.
    XCTAssertEqual(MemoryLayout<DisplayItem>.stride, 72)
    // Gradients are boxed: a solid colour is most paints.
    XCTAssertEqual(MemoryLayout<Paint>.stride, 16)
    XCTAssertEqual(MemoryLayout<IRColor>.size, 9)
    XCTAssertEqual(MemoryLayout<TopLevelItems>.stride, 16)
  }

  /// A frame's numbers are kept as `Float`s only where that loses
  /// nothing; any other frame is kept whole, and the outline it fits is
  /// the same to the last bit.
  func testAFrameThatFloatsCannotHoldIsKeptExactly() {
    let unit = [PathSegment.move(Point(0, 0)), .line(Point(1, 1))]
    for frame in [
      Rect(x: 40, y: 300, width: 36, height: 300), Rect(x: 0.1, y: 1e-9, width: 33.333333333, height: 1e40),
    ] {
      let item = PathItem(
        outline: unit, frame: frame, paint: .solid(IRColor(.black)), fillRule: .nonzero, opacity: 1,
        sourceRange: SourceRange(0, 1), expansion: nil)
      XCTAssertEqual(
        item.fittedFrame.map { [$0.x, $0.y, $0.width, $0.height] }, [frame.x, frame.y, frame.width, frame.height])
      XCTAssertEqual(item.segments.last, .line(Point(frame.x + frame.width, frame.y + frame.height)))
      var moved = item
      moved.callSites = [CallSite(range: SourceRange(2, 3))]
      XCTAssertEqual(moved.fittedFrame, item.fittedFrame)
      XCTAssertTrue(moved.sameOutline(as: item))
      moved.callSites = []
      XCTAssertEqual(moved, item)
    }
  }

  func testAColourKeepsItsAlphaToFourDecimals() {
    for (alpha, kept) in [(0.5, 0.5), (0.123456, 0.1235), (1.5, 1), (-0.2, 0), (Double.nan, 0), (0.0001, 0.0001)] {
      var color = Color.black
      color.alpha = alpha
      XCTAssertEqual(IRColor(color).alpha, kept, "\(alpha)")
    }
  }

  /// More top-level elements than one chunk: lowered in order, chunk by
  /// chunk, each freed once lowered (the model keeps none of them).
  func testLoweringTakesALargeSceneChunkByChunk() {
    let count = ElementChunks.chunkSize * 2 + 5
    let text = (0..<count).map { "rect at \($0 % 100),\($0 / 100) size 1x1" }.joined(separator: "\n")
    var diagnostics = DiagnosticList()
    let source = SourceFile(name: "t.pencil", bytes: Array(text.utf8))
    var session = CheckSession(
      source: source, diagnostics: DiagnosticList(), imports: ImportContext(loader: nil), limits: .standard)
    Parser.parse(source, diagnostics: &diagnostics) { session.add($0) }
    var model = session.finish(diagnostics: &diagnostics)
    XCTAssertEqual(model.elements.count, count)
    let scene = Lowering.lower(&model, diagnostics: &diagnostics)
    XCTAssertTrue(model.elements.isEmpty)
    XCTAssertEqual(scene.items.count, count)
    for index in [0, ElementChunks.chunkSize - 1, ElementChunks.chunkSize, count - 1] {
      guard case .path(let path) = scene.items[index] else { return XCTFail("item \(index) is not a path") }
      XCTAssertEqual(path.segments.first, .move(Point(Double(index % 100), Double(index / 100))), "\(index)")
    }
  }

  /// An anchor rides in every `Computed` and `Value` that holds one, so
  /// its size is theirs: a direction's index, not its name and point.
  func testAnAnchorTakesFortyBytesAndAValueNoMore() {
    XCTAssertEqual(MemoryLayout<ElementAnchor>.stride, 40)
    XCTAssertLessThanOrEqual(MemoryLayout<Computed>.size, 41)
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
    // Lowering took the elements: the model holds none of them.
    XCTAssertTrue(model.elements.isEmpty)
  }
}
