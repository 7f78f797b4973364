import PencilDiagnostics
import XCTest

@testable import PencilCore
@testable import PencilGeometry
@testable import PencilIR
@testable import PencilLayout
@testable import PencilSema

/// Stacks aligned on their texts' first baselines: linear however deeply
/// they nest (and bounded by the layout budget), tall enough for the
/// descenders, and the first baseline of every kind of child.
final class BaselineAlignmentTests: XCTestCase {
  private func texts(_ scene: Scene?) -> [TextItem] {
    (scene?.items ?? []).compactMap { if case .text(let text) = $0 { text } else { nil } }
  }

  /// 60 baseline-aligned hstacks around many texts: each stack is sized
  /// once per proposal (the memo), so layout stays linear; and past its
  /// budget of answers layout stops with E0244 (here a small budget).
  func testBaselineAlignmentNestedDeeplyIsLinearAndBounded() throws {
    var body = "vstack { for i in 0..<300 { text \"a b\" } }"
    for _ in 0..<60 { body = "hstack alignment=firstTextBaseline { \(body); text \"c\" }" }
    let source = "vstack at 0,0 { \(body) }"
    var limits = ExpansionBudget.Limits.standard
    limits.layoutAnswers = 50_000
    let within = Pencil.compile(
      SourceFile(name: "deep.pencil", text: source), dumpSyntax: false, importer: nil, limits: limits)
    XCTAssertEqual(within.diagnostics.filter { $0.severity == .error }.map(\.message), [])
    limits.layoutAnswers = 1_000
    let beyond = Pencil.compile(
      SourceFile(name: "deep.pencil", text: source), dumpSyntax: false, importer: nil, limits: limits)
    XCTAssertEqual(beyond.diagnostics.map(\.code), [LayoutCodes.layoutTooCostly])
    XCTAssertEqual(beyond.diagnostics.first?.range.start, 0)
    XCTAssertNil(beyond.scene)
  }

  func testBaselineAlignedHStackIsTallEnoughForItsDescenders() throws {
    let scene = compile(
      """
      vstack at 0,0 spacing=0 {
        hstack alignment=firstTextBaseline spacing=0 { rect size 10x50 fill=red; text "Ag" font=40 }
        rect size 100x20 fill=blue
      }
      """
    ).scene
    let boxes = (scene?.items ?? []).compactMap { item -> Rect? in
      guard case .path(let path) = item else { return nil }
      return path.userSpaceBounds
    }
    let text = try XCTUnwrap(texts(scene).first)
    // The rect's bottom is on the baseline; the blue rect starts below the
    // text's line box, not across its descent.
    XCTAssertEqual(text.position.y, 50, accuracy: 1e-9)
    XCTAssertEqual(boxes.last?.y ?? 0, 50 + (1.2 - 0.9) * 40, accuracy: 1e-9)
  }

  func testBaselineAlignmentFindsTheFirstBaselineOfZStacksAndComponents() throws {
    let placed = texts(
      compile(
        """
        component tag(s: String) { text s padding=4 }
        hstack at 0,0 alignment=firstTextBaseline { zstack { text "a" }; text "b" font=title; tag s="c" }
        """
      ).scene)
    XCTAssertEqual(placed.count, 3)
    XCTAssertEqual(placed[0].position.y, placed[1].position.y, accuracy: 1e-9)
    XCTAssertEqual(placed[2].position.y, placed[1].position.y, accuracy: 1e-9)
  }
}
