import PencilDiagnostics
import XCTest

@testable import PencilCore
@testable import PencilLayout

/// Diagnostics name their file by a `FileID` of the compilation's
/// `SourceFiles`, the compiled file being 0; the printers look it up.
final class FileIDTests: XCTestCase {
  func testAFileIsOneIdHoweverOftenItIsMet() {
    let main = SourceFile(name: "main.pencil", text: "")
    var files = SourceFiles(main: main)
    let lib = SourceFile(name: "lib.pencil", text: "let a = 1")
    XCTAssertEqual(files.id(of: main), .main)
    XCTAssertNil(files.id(of: lib))
    XCTAssertEqual(files.add(lib), FileID(1))
    // Read again under the same name: the same file.
    XCTAssertEqual(files.add(SourceFile(name: "lib.pencil", text: "let a = 1")), FileID(1))
    XCTAssertEqual(files.add(main), .main)
    XCTAssertTrue(files[FileID(1)] === lib)
    XCTAssertEqual(files.files.map(\.name), ["main.pencil", "lib.pencil"])
    XCTAssertEqual(files.id(named: "lib.pencil"), FileID(1))
    XCTAssertNil(files.id(named: "other.pencil"))
  }

  /// W0015 about an item drawn by an imported component's body names the
  /// file of that body, found by the name the item records.
  func testRunningOffTheCanvasInAnImportedComponentNamesItsFile() throws {
    let lib = "component badge { rect at 0,0 size 90x10 }\n"
    let compilation = Pencil.compile(
      SourceFile(name: "main.pencil", text: "import \"lib.pencil\"\ncanvas 100x100\nbadge at 50,0\n"),
      importer: MemoryImportLoader(files: ["lib.pencil": lib]))
    let warning = try XCTUnwrap(compilation.diagnostics.first { $0.code == LayoutCodes.runsOffCanvas })
    XCTAssertEqual(warning.file, FileID(1))
    XCTAssertEqual(warning.range.start, 18)
    XCTAssertTrue(DiagnosticPrinter.short(warning, in: compilation.files).hasPrefix("lib.pencil:1:19: warning"))
  }

  func testDiagnosticsOfAnImportNameItsIdAndPrintItsName() throws {
    let files = ["lib.pencil": "import \"deep.pencil\"\nlet bad = 1 / 0\n", "deep.pencil": "let worse = 2 / 0\n"]
    let compilation = Pencil.compile(
      SourceFile(name: "main.pencil", text: "import \"lib.pencil\"\nrect at 0,0 size 1x1 fill=red"),
      importer: MemoryImportLoader(files: files))
    // Ids in the order the files were met.
    XCTAssertEqual(compilation.files.files.map(\.name), ["main.pencil", "lib.pencil", "deep.pencil"])
    XCTAssertEqual(compilation.diagnostics.map(\.file), [FileID(2), FileID(1)])
    let deep = try XCTUnwrap(compilation.diagnostics.first)
    // Its notes: the import in lib.pencil, then the one in the compiled file.
    XCTAssertEqual(deep.notes.map(\.file), [FileID(1), .main])
    let short = DiagnosticPrinter.short(deep, in: compilation.files)
    XCTAssertTrue(short.hasPrefix("deep.pencil:1:17: error: division by zero"), short)
    let json = DiagnosticPrinter.json(deep, in: compilation.files)
    XCTAssertTrue(json.contains("\"file\":\"deep.pencil\""), json)
    XCTAssertTrue(json.contains("\"file\":\"main.pencil\""), json)
  }
}
