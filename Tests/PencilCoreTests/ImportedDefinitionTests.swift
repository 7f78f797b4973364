import PencilDiagnostics
import XCTest

@testable import PencilCore
@testable import PencilIR

/// Definitions that come from imports: a name defined both here and in an
/// import is one error with a note in the other file, whatever the offsets;
/// what a file imported it lends on to its importers.
final class ImportedDefinitionTests: XCTestCase {
  private func codes(_ compilation: Compilation) -> [String] { compilation.diagnostics.map(\.code.id) }

  private func compileImporting(_ text: String, _ files: [String: String]) -> Compilation {
    Pencil.compile(SourceFile(name: "main.pencil", text: text), importer: MemoryImportLoader(files: files))
  }

  func testImportedDefinitionClashesWithALetDefinedHere() throws {
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

  func testImportedDefinitionsClashWhateverTheirOffsets() {
    let shape = "shape tri { move 0,0; line 1,0; line 0,1; close }\n"
    let files = ["s.pencil": shape]
    // The same bytes in both files: still two definitions.
    let compilation = compileImporting(shape + "import \"s.pencil\"\ntri at 0,0 size 10x10", files)
    XCTAssertEqual(codes(compilation), ["E0204"])
    let after = compileImporting("import \"s.pencil\"\n" + shape + "tri at 0,0 size 10x10", files)
    XCTAssertEqual(codes(after), ["E0204"])
    XCTAssertEqual(after.diagnostics.first?.notes.first?.file.map { after.files[$0].name }, "s.pencil")
  }

  func testImportedDefinitionsAreLentOnToImporters() throws {
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
}
