import PencilDiagnostics
import XCTest

@testable import PencilCore
@testable import PencilIR

/// Regressions for the problems a review of the language found: each test
/// failed before its fix.
final class LanguageReviewTests: XCTestCase {
  private func codes(_ compilation: Compilation) -> [String] { compilation.diagnostics.map(\.code.id) }

  private func compileImporting(_ text: String, _ files: [String: String]) -> Compilation {
    Pencil.compile(SourceFile(name: "main.pencil", text: text), importer: MemoryImportLoader(files: files))
  }

  func testReversedRangesAreErrorsAndEmptyOnesAreNot() {
    XCTAssertEqual(codes(compile("let r = 5...4\nrect size 1x1 opacity=count(r)")), ["E0226"])
    XCTAssertEqual(codes(compile("for i in 5..<4 { rect size 1x1 }")), ["E0226"])
    XCTAssertEqual(codes(compile("for i in 5..<5 { rect size 1x1 }")), [])
  }

  func testALetDefinedHereAndInAnImportIsAnError() throws {
    let files = ["b.pencil": "let k = 1\n", "c.pencil": "let k = 2\n"]
    let importedFirst = compileImporting("import \"b.pencil\"\nlet k = 5\nrect at k,0 size 10x10", files)
    let clash = try XCTUnwrap(importedFirst.diagnostics.first)
    XCTAssertEqual(clash.code.id, "E0204")
    XCTAssertTrue(clash.message.contains("'b.pencil'"), clash.message)
    // The note points into b.pencil, where the first definition is.
    XCTAssertEqual(clash.notes.first?.file.map { importedFirst.files[$0].name }, "b.pencil")
    XCTAssertEqual(clash.notes.first?.range, SourceRange(4, 5))

    let localFirst = compileImporting("let k = 5\nimport \"b.pencil\"\nrect at k,0 size 10x10", files)
    XCTAssertEqual(codes(localFirst), ["E0204"])
    let twoImports = compileImporting("import \"b.pencil\"\nimport \"c.pencil\"\nrect at k,0 size 10x10", files)
    XCTAssertEqual(codes(twoImports), ["E0204"])
  }

  func testDefinitionsClashWhateverTheirOffsets() {
    let shape = "shape tri { move 0,0; line 1,0; line 0,1; close }\n"
    let files = ["s.pencil": shape]
    // The same bytes in both files: still two definitions.
    let compilation = compileImporting(shape + "import \"s.pencil\"\ntri at 0,0 size 10x10", files)
    XCTAssertEqual(codes(compilation), ["E0204"])
    let after = compileImporting("import \"s.pencil\"\n" + shape + "tri at 0,0 size 10x10", files)
    XCTAssertEqual(codes(after), ["E0204"])
    XCTAssertEqual(after.diagnostics.first?.notes.first?.file.map { after.files[$0].name }, "s.pencil")
  }

  func testImportsLendWhatTheyImportedToo() throws {
    let files = [
      "d.pencil": "let k = 0.5\ngradient g rgb top to bottom { stop red; stop blue }\n",
      "b.pencil": "import \"d.pencil\"\n",
    ]
    let compilation = compileImporting("import \"b.pencil\"\nrect size 10x10 opacity=k gradient=g", files)
    XCTAssertEqual(codes(compilation), [])
    // A diamond through the re-export lends d.pencil's definitions once.
    let diamond = compileImporting(
      "import \"b.pencil\"\nimport \"d.pencil\"\nrect size 10x10 opacity=k gradient=g", files)
    XCTAssertEqual(codes(diamond), [])
  }

  func testAComponentWithASyntaxErrorIsNotAlsoUnknown() {
    let compilation = compile("component chip() { rect fill=\n}\nchip at 0,0 size 10x10")
    XCTAssertEqual(codes(compilation), ["E0103"])
  }

  func testADefaultUsingALaterParameterIsOneError() {
    let compilation = compile(
      "component c(a: Number = b, b: Number = 1) { rect opacity=a }\nc at 0,0 size 10x10")
    XCTAssertEqual(codes(compilation), ["E0239"])
  }

  func testParametersHideNamesWithoutWarnings() {
    let twice = compile("component twice(a: Number = 1, a: Number = 2) { rect opacity=a }")
    XCTAssertEqual(codes(twice), ["E0238"])
    let hiding = compile("let a = 1\ncomponent c(a: Number = 0.5) { rect opacity=a }\nc at 0,0 size 1x1 a=a")
    XCTAssertEqual(codes(hiding), [])
  }

  func testAComponentNobodyUsesIsCheckedWithItsParametersTypes() {
    let compilation = compile(
      "component c(x: Number, tint: Color) { rect size 10 x tint fill=x opacity=x / 2 }")
    XCTAssertEqual(
      compilation.diagnostics.map(\.message),
      [
        "each part of a size is a number, found a colour", "expected a colour for 'fill', found a number",
      ])
  }

  func testPointAndSizeParameters() throws {
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

  func testASignAfterASpaceIsAPoint() throws {
    let compilation = compile(
      "shape s { move 0,0; curve 1,1 control 0.5,0.2 -0.3,0.6; close }\ns at 0,0 size 10x10")
    let ir = IRPrinter.print(try XCTUnwrap(compilation.scene, "\(compilation.diagnostics)"))
    XCTAssertTrue(ir.contains("C 5 2 -3 6 10 10"), ir)
    let sign = compile("rect at 3 -2, 0 size 1x1")
    XCTAssertEqual(codes(sign), ["E0102"])
    XCTAssertEqual(sign.diagnostics.first?.fixes.first?.edits.first?.newText, " ")
  }

  /// Generated elements count against the limit, the prelude's pencil as
  /// one (as the built-in was); written-out elements do not, so a v1 scene
  /// of any size keeps compiling.
  func testTheElementLimitCountsGeneratedElementsAndAPencilAsOne() throws {
    // Each use of `row` is 1 element plus 999 pencils of 1 element each
    // (a pencil's three parts are not counted apart): 1,000 uses make
    // exactly 1,000,000, the 1,001st crosses. (The body runs once: the
    // uses share its expansion, so the loops stay far below their limit.)
    let row = "component row() { for i in 0..<999 { pencil at i, 0 size 1x4 } }\n"
    // (An unrelated error at the end keeps the million pencils from being
    // lowered: only the count is tested.)
    let atTheLimit = compile(
      row + "for k in 0..<1000 { row at 0, k size 999x4 }\npencil at 0,0 size 1x4\nrect size 1x1 fill=5")
    XCTAssertEqual(codes(atTheLimit), ["E0207"])
    let over = compile(row + "for k in 0..<1001 { row at 0, k size 999x4 }")
    XCTAssertEqual(codes(over), ["E0230"])
    XCTAssertEqual(
      try XCTUnwrap(over.diagnostics.first).notes.last?.message,
      "reported once; first found when 'k' is item 1000 (counting from 0)")
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
}
