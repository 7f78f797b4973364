import PencilDiagnostics
import XCTest

@testable import PencilCore
@testable import PencilSVG
@testable import PencilSema

/// An adaptive picture is compiled once, its colours carrying their dark
/// values; the dark picture is compiled on its own only when a value other
/// than a colour is computed from an adaptive colour. Both ways must write
/// the same SVG.
final class AdaptiveCompileTests: XCTestCase {
  private func compile(_ text: String, separateDark: Bool = false) -> Compilation {
    Pencil.compile(
      SourceFile(name: "t.pencil", bytes: Array(text.utf8)), dumpSyntax: false, importer: nil, limits: .standard,
      appearance: nil, separateDark: separateDark)
  }

  private func svg(_ compilation: Compilation) -> String {
    guard let scene = compilation.scene else { return "no picture" }
    var diagnostics: [Diagnostic] = []
    return String(decoding: Pencil.render(scene, with: SVGBackend(), diagnostics: &diagnostics) ?? [], as: UTF8.self)
  }

  private func comparesBothWays(_ text: String, _ name: String, importer: (any ImportLoader)? = nil) {
    let source = SourceFile(name: name, bytes: Array(text.utf8))
    let once = Pencil.compile(
      source, dumpSyntax: false, importer: importer, limits: .standard, appearance: nil)
    let twice = Pencil.compile(
      SourceFile(name: name, bytes: Array(text.utf8)), dumpSyntax: false, importer: importer, limits: .standard,
      appearance: nil, separateDark: true)
    XCTAssertEqual(once.diagnostics.map(\.code), twice.diagnostics.map(\.code), name)
    XCTAssertEqual(svg(once), svg(twice), name)
  }

  func testEverySampleAndGoldenSceneWritesTheSameSVGBothWays() throws {
    var adaptive = 0
    for url in GoldenTests.scenes {
      let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
      comparesBothWays(text, url.lastPathComponent, importer: FolderLoader(folder: url.deletingLastPathComponent()))
      if svg(compile(text)).contains("prefers-color-scheme") { adaptive += 1 }
    }
    XCTAssertGreaterThanOrEqual(adaptive, 5)
  }

  func testColoursDerivedFromAdaptiveColoursAdaptToo() {
    let scenes = [
      "rect size 10x10 fill=.blue.opacity(0.5)",
      "rect size 10x10 fill=mix(.blue, .white, 0.3)",
      "rect size 10x10 fill=.orange.mix(#000000, 0.5).opacity(0.7)",
      "color accent light=.blue dark=.orange\nrect size 10x10 fill=accent.opacity(0.4)",
      "gradient shine hsb leading to trailing { stop s=1.0 b=0.4; stop s=0.6 b=1.0 }\npencil color=.green gradient=shine size 20x80",
      "gradient glow radial { stop s=0.2 b=1; stop; stop s=1 b=0.45 }\nrect size 10x10 fill=.indigo gradient=glow",
      "text \"default\" at 2,10\nrect size 1x1 fill=.red",
      "canvas 20x20 background=.systemBackground\ntext \"on it\" at 2,10 opacity=0.5",
      "rect size 10x10 fill=.clear stroke=.pink.opacity(0.5) lineWidth=2",
      "component tile(tint: Color) { rect size 5x5 fill=tint }\nhstack { tile tint=.blue\n tile tint=#007aff\n tile tint=.blue }",
    ]
    for scene in scenes {
      let compilation = compile(scene)
      XCTAssertEqual(compilation.diagnostics.filter { $0.severity == .error }.map(\.message), [], scene)
      XCTAssertFalse(compilation.timings.contains { $0.phase.hasSuffix("(dark)") }, "compiled twice: \(scene)")
      XCTAssertNotNil(compilation.scene?.dark, scene)
      comparesBothWays(scene, "t.pencil")
    }
  }

  func testANumberFromAnAdaptiveColourCompilesTheDarkPictureOnItsOwn() {
    let scenes = [
      "let b = .blue.brightness\nrect size 10x10 fill=.blue opacity=b",
      "if .systemBackground == #ffffff { rect size 10x10 fill=.red } else { ellipse size 10x10 fill=.red }",
      "text \"\\(.blue)\" at 2,10",
      "let cs = [.blue, .red]\nif cs == [.blue, .red] { rect size 4x4 fill=cs[0] }",
    ]
    for scene in scenes {
      let compilation = compile(scene)
      XCTAssertTrue(compilation.timings.contains { $0.phase.hasSuffix("(dark)") }, "compiled once: \(scene)")
      comparesBothWays(scene, "t.pencil")
    }
    // A picture that differs in more than colour is still found (W0012).
    XCTAssertEqual(
      compile("let b = .systemBackground.brightness\nrect size 10x10 fill=.blue opacity=b / 2").diagnostics.map(
        \.code.id),
      ["W0012"])
    // The comparison is of the light values, as before.
    XCTAssertNotNil(compile("if .blue == #007aff { rect size 4x4 fill=.blue }").scene?.items.first)
  }

  func testASceneWithoutAdaptiveColoursHasNoDarkPicture() {
    let compilation = compile("rect size 10x10 fill=#ff0000\ntext \"x\" at 1,1")
    XCTAssertNil(compilation.scene?.dark)
    XCTAssertFalse(svg(compilation).contains("prefers-color-scheme"))
  }

  func testAShadowsAdaptiveColourFollowsTheViewersMode() {
    let text = "canvas 200x120\nrect at 40,30 size 80x50 fill=#ff0000 shadow=6 shadow.color=.label shadow.y=4"
    for separateDark in [false, true] {
      let written = svg(compile(text, separateDark: separateDark))
      // The flood keeps its light value as an attribute and takes a class
      // whose dark rule sets the dark one.
      XCTAssertTrue(
        written.contains("<feFlood flood-color=\"#000000\" flood-opacity=\"1\" class=\"a1\"/>"), written)
      XCTAssertTrue(written.contains(".a1{flood-color:#000000}"), written)
      XCTAssertTrue(written.contains("@media (prefers-color-scheme: dark){\n.a1{flood-color:#ffffff}"), written)
    }
    // A fixed shadow colour has no class.
    XCTAssertFalse(
      svg(compile("rect size 10x10 fill=.blue shadow=2 shadow.color=#000000")).contains("flood-color:"))
  }
}
