import PencilDiagnostics
import PencilSyntax
import XCTest

@testable import PencilCore
@testable import PencilIR
@testable import PencilSVG
@testable import PencilSema

/// Appearances: system colours in light and dark, colour sets, the
/// adaptive SVG, and scenes that do not adapt staying as they were.
final class AppearanceTests: XCTestCase {
  private func compile(
    _ text: String, _ appearance: Appearance? = .light, files: [String: String] = [:]
  ) -> Compilation {
    Pencil.compile(
      SourceFile(name: "test.pencil", text: text), importer: MemoryImportLoader(files: files), appearance: appearance)
  }

  /// The solid fills of the scene's paths, as `#rrggbb`.
  private func fills(_ scene: Scene?) -> [String] {
    (scene?.items ?? []).compactMap { item in
      guard case .path(let path) = item, case .solid(let color) = path.paint else { return nil }
      return color.hex
    }
  }

  private func svg(_ scene: Scene) -> String {
    var diagnostics: [Diagnostic] = []
    let bytes = Pencil.render(scene, with: SVGBackend(), diagnostics: &diagnostics) ?? []
    return String(decoding: bytes, as: UTF8.self)
  }

  func testSystemColoursHaveAValuePerAppearance() {
    let source = "rect size 1x1 fill=.blue; rect size 1x1 fill=.systemGray5; rect size 1x1 fill=.label"
    XCTAssertEqual(fills(compile(source, .light).scene), ["#007aff", "#e5e5ea", "#000000"])
    XCTAssertEqual(fills(compile(source, .dark).scene), ["#0a84ff", "#2c2c2e", "#ffffff"])
    let translucent = compile("rect size 1x1 fill=.secondaryLabel", .dark).scene
    guard case .path(let path)? = translucent?.items.first, case .solid(let color) = path.paint else {
      return XCTFail("no fill")
    }
    XCTAssertEqual(color.hex, "#ebebf5")
    XCTAssertEqual(color.alpha, 0.6)
  }

  func testColourSetsPickTheirAppearancesValue() {
    let source = """
      color field light=#f3f4f5 dark=#1c1c1e
      color accent = .orange
      rect size 1x1 fill=field
      rect size 1x1 fill=accent.opacity(0.5)
      """
    XCTAssertEqual(fills(compile(source, .light).scene), ["#f3f4f5", "#ff9500"])
    XCTAssertEqual(fills(compile(source, .dark).scene), ["#1c1c1e", "#ff9f0a"])
  }

  func testColourSetsReachComponentsImportsAndHSBGradients() throws {
    let library = "color brand light=#ff0000 dark=#00ff00\ncomponent swatch() { rect fill=brand }"
    let source = """
      import "lib.pencil"
      gradient shine hsb leading to trailing { stop s=1 b=0.5; stop s=1 b=1 }
      swatch at 0,0 size 10x10
      pencil at 20,0 size 10x40 color=brand gradient=shine
      """
    let light = try XCTUnwrap(compile(source, .light, files: ["lib.pencil": library]).scene)
    let dark = try XCTUnwrap(compile(source, .dark, files: ["lib.pencil": library]).scene)
    XCTAssertEqual(fills(light).first, "#ff0000")
    XCTAssertEqual(fills(dark).first, "#00ff00")
    func lastStop(_ scene: Scene) -> String? {
      guard case .path(let path)? = scene.items.last, case .linearGradient(let g) = path.paint else { return nil }
      return g.stops.last?.color.hex
    }
    XCTAssertEqual(lastStop(light), "#ff0000")
    XCTAssertEqual(lastStop(dark), "#00ff00")
  }

  func testAnAdaptiveSVGCarriesBothAppearances() throws {
    let scene = try XCTUnwrap(compile("canvas 10x10 background=.systemBackground\nrect size 4x4 fill=.red", nil).scene)
    XCTAssertNotNil(scene.dark)
    let text = svg(scene)
    XCTAssertTrue(text.contains("<style>\n.a1{fill:#ffffff}\n.a2{fill:#ff3b30}\n"), text)
    XCTAssertTrue(text.contains("@media (prefers-color-scheme: dark){\n.a1{fill:#000000}\n.a2{fill:#ff453a}\n}"), text)
    XCTAssertTrue(text.contains("fill=\"#ff3b30\" class=\"a2\""), text)
    // Fixed appearances write no style.
    let fixed = try XCTUnwrap(compile("canvas 10x10 background=.systemBackground", .dark).scene)
    XCTAssertNil(fixed.dark)
    XCTAssertFalse(svg(fixed).contains("<style>"))
  }

  func testTranslucentAdaptiveColoursCarryTheirOpacityInBothRules() throws {
    let scene = try XCTUnwrap(compile("rect size 4x4 fill=.systemFill opacity=0.5", nil).scene)
    let text = svg(scene)
    XCTAssertTrue(text.contains(".a1{fill:#787880;fill-opacity:0.1}"), text)
    XCTAssertTrue(text.contains(".a1{fill:#787880;fill-opacity:0.18}"), text)
  }

  func testAScenesWithoutAppearanceColoursIsAsBefore() throws {
    let source = "canvas 40x40 background=white\nrect size 4x4 fill=#ff0000\ntext \"Hi\" at 2,20"
    let adaptive = try XCTUnwrap(compile(source, nil).scene)
    XCTAssertNil(adaptive.dark)
    XCTAssertEqual(svg(adaptive), svg(try XCTUnwrap(compile(source, .light).scene)))
  }

  /// Text without `color=` is the label colour where the background
  /// adapts or there is none; on a fixed background it stays readable.
  func testDefaultTextFollowsTheBackground() throws {
    func textColor(_ source: String, _ appearance: Appearance) -> String? {
      guard case .text(let text)? = compile(source, appearance).scene?.items.last else { return nil }
      return text.color.hex
    }
    let fixedWhite = "canvas 40x40 background=white\nrect size 4x4 fill=.red\ntext \"Hi\" at 2,20"
    XCTAssertEqual(textColor(fixedWhite, .dark), "#000000")
    // `.red` adapts, the title on the fixed white canvas does not.
    let written = svg(try XCTUnwrap(compile(fixedWhite, nil).scene))
    XCTAssertTrue(written.contains("<style>"), written)
    let textLine = try XCTUnwrap(written.split(separator: "\n").first { $0.hasPrefix("<text") })
    XCTAssertFalse(textLine.contains("class="), String(textLine))
    let adaptive = "canvas 40x40 background=.systemBackground\ntext \"Hi\" at 2,20"
    XCTAssertEqual(textColor(adaptive, .light), "#000000")
    XCTAssertEqual(textColor(adaptive, .dark), "#ffffff")
    XCTAssertEqual(textColor("text \"Hi\" at 2,20", .dark), "#ffffff")
    // A canvas that fixes a dark appearance on a fixed dark background.
    let fixedDark = "canvas 40x40 background=#000000 appearance=dark\ntext \"Hi\" at 2,20"
    XCTAssertEqual(textColor(fixedDark, .light), "#ffffff")
  }

  func testPicturesThatDifferInMoreThanColourAreWrittenLightWithAWarning() throws {
    let source = """
      color bg light=#ffffff dark=#000000
      canvas 100x100 background=bg
      if bg == #000000 { rect at 0,0 size 10x10 fill=red }
      """
    let compilation = compile(source, nil)
    XCTAssertEqual(compilation.diagnostics.map(\.code), [InterfaceCodes.appearancesDiffer])
    XCTAssertNil(compilation.scene?.dark)
    XCTAssertEqual(compile(source, .dark).diagnostics.map(\.code), [])
  }

  func testTheCanvasCanFixTheAppearance() throws {
    let scene = try XCTUnwrap(compile("canvas 10x10 appearance=dark background=.systemBackground", nil).scene)
    XCTAssertNil(scene.dark)
    XCTAssertEqual(scene.background?.hex, "#000000")
    XCTAssertEqual(
      compile("canvas 10x10 appearance=dark background=.systemBackground", .light).scene?.background?.hex, "#000000")
  }

  func testColourSetMistakes() {
    let missing = compile("color field light=#ffffff\nrect size 1x1 fill=field").diagnostics
    XCTAssertEqual(missing.first?.code, ParserCodes.expectedToken)
    XCTAssertEqual(missing.first?.fixes.first?.edits.first?.newText, " dark=.gray")
    let wrongKind = compile("color field light=#ffffff dark=5\nrect size 1x1 fill=field").diagnostics
    XCTAssertEqual(wrongKind.map(\.code), [SemaCodes.wrongValueKind])
    let unused = compile("color field = .red\nrect size 1x1 fill=red").diagnostics
    XCTAssertEqual(unused.map(\.code), [LanguageCodes.unusedLet])
  }
}
