import PencilDiagnostics
import XCTest

@testable import PencilCore
@testable import PencilIR
@testable import PencilLayout

/// Defining components and using them: parameters (their defaults, types,
/// names that hide or look like modifiers), a component never used, one
/// named like a built-in, and components made during layout.
final class ComponentDefinitionTests: XCTestCase {
  private func codes(_ compilation: Compilation) -> [String] { compilation.diagnostics.map(\.code.id) }

  func testComponentWithASyntaxErrorIsNotAlsoUnknown() {
    let compilation = compile("component chip() { rect fill=\n}\nchip at 0,0 size 10x10")
    XCTAssertEqual(codes(compilation), ["E0103"])
  }

  func testComponentDefaultUsingALaterParameterIsOneError() {
    let compilation = compile(
      "component c(a: Number = b, b: Number = 1) { rect opacity=a }\nc at 0,0 size 10x10")
    XCTAssertEqual(codes(compilation), ["E0239"])
  }

  func testComponentParametersHideNamesWithoutWarnings() {
    let twice = compile("component twice(a: Number = 1, a: Number = 2) { rect opacity=a }")
    XCTAssertEqual(codes(twice), ["E0238"])
    let hiding = compile("let a = 1\ncomponent c(a: Number = 0.5) { rect opacity=a }\nc at 0,0 size 1x1 a=a")
    XCTAssertEqual(codes(hiding), [])
  }

  func testComponentParametersNamedLikeModifiersAreParameters() {
    let source = """
      gradient shine hsb leading to trailing { stop s=1 b=0.5; stop s=1 b=1 }
      component bar(background: Gradient, cornerRadius: Number = 1) { rect fill=.blue gradient=background opacity=cornerRadius }
      bar at 0,0 size 100x20 background=shine cornerRadius=0.5 padding=2
      """
    XCTAssertEqual(compile(source).diagnostics.map(\.message), [])
  }

  func testComponentNobodyUsesIsCheckedWithItsParametersTypes() {
    let compilation = compile(
      "component c(x: Number, tint: Color) { rect size 10 x tint fill=x opacity=x / 2 }")
    XCTAssertEqual(
      compilation.diagnostics.map(\.message),
      [
        "each part of a size is a number, found a colour", "expected a colour for 'fill', found a number",
      ])
  }

  func testComponentPointAndSizeParameters() throws {
    let compilation = compile(
      """
      component c(p: Point = point(5, 5), s: Size = size(20, 10)) { rect at p size s fill=red }
      c at 0,0 size 40x40
      c p=point(10, 10) s=size(5, 5) at 0,0 size 40x40
      """)
    let ir = IRPrinter.print(try XCTUnwrap(compilation.scene, "\(compilation.diagnostics)"))
    XCTAssertTrue(ir.contains("M 5 5\n  L 25 5\n  L 25 15"), ir)
    XCTAssertTrue(ir.contains("M 10 10\n  L 15 10\n  L 15 15"), ir)
  }

  func testComponentNamedColorIsStillAnElement() {
    let source = "component color(c: Color) { rect fill=c }\ncolor at 0,0 size 10x10 c=.red\n"
    XCTAssertEqual(compile(source).diagnostics.map(\.message), [])
  }

  /// A component reading width and height in a stack is made during
  /// layout, with the stack's share; nested, with its parent's frame; a
  /// problem only its size shows is reported then, and there is no picture.
  func testComponentsThatReadTheirSizeAreMadeDuringLayout() throws {
    let nested = """
      component bar(color: Color = .blue) { rect size width x height / 2 fill=color }
      component pair() {
        bar color=.red
        hstack { bar; bar color=.green }
      }
      hstack at 0,0 size 300x40 spacing=10 { pair; bar }
      """
    let ir = IRPrinter.print(try XCTUnwrap(compile(nested).scene))
    for corners in ["M 0 10\n  L 145 10", "M 0 10\n  L 68.5 10", "M 76.5 10\n  L 145 10", "M 155 10\n  L 300 10"] {
      XCTAssertTrue(ir.contains(corners), corners)
    }
    let broken = compile(
      "component z() { rect size 100 / (width - width) x 5 }\nvstack at 0,0 size 100x40 { z }")
    XCTAssertNil(broken.scene)
    XCTAssertEqual(codes(broken), ["E0224"])
  }

  func testComponentLayoutWarningsAreInTheComponentsFile() throws {
    let files = ["lib.pencil": "component label(s: String) {\n  vstack size 20x20 { text s }\n}\n"]
    let compilation = Pencil.compile(
      SourceFile(name: "main.pencil", text: "import \"lib.pencil\"\nlabel at 0,0 s=\"Supercalifragilistic\"\n"),
      importer: MemoryImportLoader(files: files))
    let warning = try XCTUnwrap(compilation.diagnostics.first { $0.code == LayoutCodes.textOverflow })
    XCTAssertEqual(compilation.files[warning.file].name, "lib.pencil")
    XCTAssertEqual(warning.range, SourceRange(51, 57))
  }
}
