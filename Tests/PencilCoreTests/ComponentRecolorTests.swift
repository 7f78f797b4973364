import PencilDiagnostics
import PencilSyntax
import XCTest

@testable import PencilSema

/// A use of a component whose arguments differ from the last expansion only
/// in a colour passed straight to `fill=` is that expansion recoloured
/// (ColorSlots): it must draw exactly what running the body again would.
final class ComponentRecolorTests: XCTestCase {
  private let chip = """
    gradient shine hsb leading to trailing { stop s=1 b=0.4; stop s=1 b=1 }
    component chip(tint: Color, edge: Color = .black) {
      rect size 10x10 fill=tint gradient=shine
      ellipse size 4x4 fill=edge opacity=0.5
      roundrect size 6x6 fill=tint
    }

    """

  /// Each path's paint and opacity, in order.
  private func paints(_ source: String, line: UInt = #line) -> [String] {
    let compilation = compile(source)
    XCTAssertEqual(compilation.diagnostics.map(\.message), [], line: line)
    return (compilation.scene?.items ?? []).compactMap { item in
      guard case .path(let path) = item else { return nil }
      return "\(path.paint) \(path.opacity)"
    }
  }

  func testRecolouredUsesDrawWhatEachUseAloneDraws() {
    let uses = [
      "chip tint=#ff0000 at 0,0", "chip tint=hsb(0.3, 0.8, 0.9) at 20,0", "chip tint=#0000ff edge=#00ff00 at 40,0",
      "chip tint=#0000ff edge=#00ff00 at 60,0", "chip tint=#123456 at 80,0",
    ]
    let together = paints(chip + uses.joined(separator: "\n"))
    let alone = uses.flatMap { paints(chip + $0) }
    XCTAssertEqual(together.count, 15)
    XCTAssertEqual(together, alone)
  }

  func testEachHueOfALoopIsItsOwnFill() {
    let loop = paints(chip + "for i in 0..<4 { chip tint=hsb(i / 4, 0.8, 0.9) at i * 20, 0 }")
    let written = (0..<4).flatMap { paints(chip + "chip tint=hsb(\($0) / 4, 0.8, 0.9) at \($0 * 20), 0") }
    XCTAssertEqual(loop, written)
    XCTAssertEqual(Set(loop).count, 9, "four hues on two shapes each, and one edge colour")
  }

  private func slots(_ source: String) -> ColorSlots? {
    var diagnostics = DiagnosticList()
    let unit = Parser.parse(SourceFile(name: "slots.pencil", text: source), diagnostics: &diagnostics)
    guard case .component(let component)? = unit.statements.first else { return nil }
    var scratch = Checker(bytes: [], diagnostics: DiagnosticList(), withPrelude: false)
    return ColorSlots(component, types: scratch.checkParameters(component.parameters))
  }

  func testOnlyAColourThatNothingElseReadsIsSwapped() throws {
    let prelude = try XCTUnwrap(Prelude.components.first { $0.name == "pencil" }?.colorSlots)
    XCTAssertEqual(prelude.fills, [[0, 2], [], [1], []], "color feeds the tip and the body, timber the timber")
    XCTAssertEqual(slots("component a(c: Color) { rect size 1x1 fill=c }")?.fills, [[0]])
    // A stroke may derive from the fill; a let, a label or another
    // attribute may read the colour; a default may be computed from it.
    XCTAssertNil(slots("component a(c: Color) { rect size 1x1 fill=c stroke=black }"))
    XCTAssertNil(slots("component a(c: Color) { rect size 1x1 fill=c; rect size 1x1 stroke=c }"))
    XCTAssertNil(slots("component a(c: Color) { let d = c\n rect size 1x1 fill=d }"))
    XCTAssertNil(slots("component a(c: Color, d: Color = c) { rect size 1x1 fill=c }"))
    XCTAssertNil(slots("component a(n: Number) { rect size 1x1 opacity=n }"))
    XCTAssertNil(slots("component a(c: Color) { zstack { rect size 1x1 fill=c } }"))
  }
}
