import Foundation
import PencilDiagnostics
import XCTest

@testable import PencilCore
@testable import PencilGeometry
@testable import PencilLayout

/// W0015: an element whose drawn box runs past the canvas's edge is
/// reported once per place in the source, with how far it runs off; what
/// is not cut (an automatic canvas, a clip inside the canvas, a stroke's
/// outer half along the edge, rounding) is not.
final class CanvasOverflowTests: XCTestCase {
  private func warnings(_ source: String, line: UInt = #line) -> [Diagnostic] {
    let diagnostics = compile(source).diagnostics
    XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.message), [], line: line)
    return diagnostics.filter { $0.code == LayoutCodes.runsOffCanvas }
  }

  func testTextCutAtTheRightEdgeSaysByHowMuch() throws {
    let element = "text \"Settings and Privacy\" at 120,50 font=largeTitle"
    let source = "canvas 200x100\n\(element)\n"
    let found = warnings(source)
    XCTAssertEqual(found.count, 1)
    let past = 120 + TextMetrics.width(of: "Settings and Privacy"[...], size: 34) - 200
    let diagnostic = try XCTUnwrap(found.first)
    XCTAssertEqual(diagnostic.severity, .warning)
    XCTAssertTrue(
      diagnostic.message.contains("runs \(formatNumber((past * 10).rounded() / 10)) points past the right edge"),
      diagnostic.message)
    XCTAssertTrue(diagnostic.message.contains("200x100 canvas"), diagnostic.message)
    XCTAssertEqual(diagnostic.range, SourceRange(15, 15 + element.utf8.count))
  }

  func testEachEdgeAndTheLeadingOfText() {
    func message(_ source: String) -> String { warnings("canvas 100x100\n" + source).first?.message ?? "none" }
    XCTAssertTrue(message("rect at -20,10 size 50x50").contains("20 points past the left"))
    XCTAssertTrue(message("rect at 10,-3 size 50x50").contains("3 points past the top"))
    XCTAssertTrue(message("ellipse at 10,60 size 50x50").contains("10 points past the bottom"))
    // A line of 17-point text at the top: its box starts 0.9 em above the
    // baseline, its glyphs 0.8 em; the leading above them may be cut.
    XCTAssertEqual(warnings("canvas 100x100\ntext \"Hi\" at 0,14").count, 0)
    XCTAssertEqual(warnings("canvas 100x100\ntext \"Hi\" at 0,13").count, 1)
  }

  func testOncePerPlaceInLoopsAndComponentsWithTheMostItRunsOff() throws {
    let loop = warnings("canvas 200x100\nfor i in 0..<4 { rect at i * 60, 0 size 90x10 }")
    XCTAssertEqual(loop.count, 1)
    XCTAssertTrue(loop.first?.message.contains("runs 70 points past the right edge") ?? false)
    let source = """
      canvas 200x100
      component badge { text "A long badge label" at 0,20 }
      badge at 150,0
      badge at 160,40
      """
    let uses = warnings(source)
    XCTAssertEqual(uses.count, 1)
    let bodyText = try XCTUnwrap(source.range(of: "text \"A long badge label\" at 0,20"))
    XCTAssertEqual(uses.first?.range.start, source.utf8.distance(from: source.startIndex, to: bodyText.lowerBound))
  }

  func testWhatIsNotCutIsNotReported() {
    // No canvas: the picture grows to fit.
    XCTAssertEqual(warnings("rect at -50,-50 size 500x20\ntext \"Far away\" at 900,900").count, 0)
    // The outline on the canvas's edge: the stroke's outer half is cut, as meant.
    XCTAssertEqual(warnings("canvas 200x100\nrect at 0,0 size 200x100 stroke=black lineWidth=4").count, 0)
    // Less than half a point past the edge is rounding.
    XCTAssertEqual(warnings("canvas 200x100\nrect at 0,0 size 200.4x100").count, 0)
    // A clip inside the canvas cuts it first; one past the edge does not.
    let wide = "rect size 300x50 fill=red"
    XCTAssertEqual(warnings("canvas 200x100\nzstack at 0,0 size 200x100 { \(wide) }").count, 1)
    XCTAssertEqual(warnings("canvas 200x100\nzstack at 0,0 size 200x100 clip=rect { \(wide) }").count, 0)
    let past = warnings("canvas 200x100\nzstack at 100,0 size 200x100 clip=rect { \(wide) }")
    XCTAssertEqual(past.count, 1)
    XCTAssertTrue(past.first?.message.contains("100 points past the right") ?? false)
    // Wholly outside is W0001, not both.
    let outside = compile("canvas 100x100\nrect at 200,0 size 10x10").diagnostics
    XCTAssertEqual(outside.map(\.code), [LayoutCodes.outsideCanvas])
  }

  /// Elements that waited for anchors share one range of items; each item
  /// is still checked once (a chain of 1,000 checked a million before).
  func testEachItemIsCheckedOnceAgainstTheCanvas() {
    var source = "canvas 100x100\n"
    for index in 0..<999 { source += "b\(index): rect at b\(index + 1).trailing size 1x1\n" }
    source += "b999: rect at 0,0 size 1x1\n"
    let (scene, work, diagnostics) = lowerCountingWork(source)
    XCTAssertEqual(scene.items.count, 1_000)
    XCTAssertLessThanOrEqual(work.canvasChecks, 1_000)
    XCTAssertTrue(diagnostics.contains { $0.code == LayoutCodes.runsOffCanvas })
  }

  /// A clip shared by many items is measured once, not once per item (30
  /// nested clips over 1,000 rects measured 30,000 outlines before).
  func testEachClipIsMeasuredOnce() {
    var source = "canvas 100x100\n"
    for _ in 0..<30 { source += "zstack size 100x100 clip=ellipse {\n" }
    source += "for i in 0..<1000 { rect size 200x200 }\n"
    source += String(repeating: "}\n", count: 30)
    let (scene, work, diagnostics) = lowerCountingWork(source)
    XCTAssertEqual(scene.items.count, 1_000)
    XCTAssertEqual(work.clipBoxesMeasured, 30)
    XCTAssertFalse(diagnostics.contains { $0.code == LayoutCodes.runsOffCanvas })
  }

  /// Every sample draws within its canvas (layout-rules' third panel ran
  /// 24 points off the right edge until its canvas was widened).
  func testNoSampleRunsOffItsCanvas() throws {
    for file in Repository.files(in: Repository.samples, withExtension: "pencil") {
      let compilation = Pencil.compile(
        SourceFile(name: file.lastPathComponent, bytes: Array(try Data(contentsOf: file))),
        importer: FolderLoader(folder: file.deletingLastPathComponent()))
      let found = compilation.diagnostics.filter { $0.code == LayoutCodes.runsOffCanvas }
      let lines = found.map { compilation.source.location(of: $0.range.start).line }
      XCTAssertEqual(lines, [], file.lastPathComponent)
    }
  }
}
