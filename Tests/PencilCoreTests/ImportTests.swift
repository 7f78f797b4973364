import PencilDiagnostics
import XCTest

@testable import PencilCore
@testable import PencilIR
@testable import PencilSema

/// Files held in memory for `import`: a name, its text.
struct MemoryImportLoader: ImportLoader {
  var files: [String: String]

  func load(_ path: String, from importer: SourceFile) -> Result<SourceFile, ImportFailure> {
    guard let text = files[path] else { return .failure(ImportFailure("no such file in memory")) }
    return .success(SourceFile(name: path, text: text))
  }
}

/// `import "file"`: lets, gradients, shapes and components lent by another
/// file, its problems reported in it, cycles, missing files, diamonds and
/// names defined twice.
final class ImportTests: XCTestCase {
  private func compile(_ text: String, _ files: [String: String], name: String = "main.pencil") -> Compilation {
    Pencil.compile(SourceFile(name: name, text: text), importer: MemoryImportLoader(files: files))
  }

  private func text(_ range: SourceRange?, in source: String) -> String? {
    range.map { String(decoding: Array(source.utf8)[$0.start..<$0.end], as: UTF8.self) }
  }

  private let library = """
    let accent = salmon
    let pad = 2
    gradient shine rgb top to bottom { stop red; stop blue }
    gradient spare rgb top to bottom { stop green }
    shape tri { move 0,0; line 1,0; line 0,1; close }
    shape bars(n: Number = 2) { move 0,0; for i in 0..<n { line (i + 1) / n, 1 }; close }
    component chip(c: Color = accent) { rect at pad, pad size width - 2 * pad x height - 2 * pad fill=c }
    """

  func testDefinitionsFromAnotherFile() throws {
    let main = """
      import "lib.pencil"
      rect at 0,0 size 10x10 fill=accent
      rect at 20,0 size 10x10 fill=red gradient=shine
      chip at 40,0 size 10x10
      tri at 60,0 size 10x10 fill=accent
      bars n=4 at 80,0 size 10x10
      """
    let compilation = compile(main, ["lib.pencil": library])
    // Nothing to report: lent definitions are never "unused" here.
    XCTAssertEqual(compilation.diagnostics.map(\.message), [])
    let ir = IRPrinter.print(try XCTUnwrap(compilation.scene))
    XCTAssertTrue(ir.contains("  paint solid #fa8072\n  M 0 0\n"), ir)
    XCTAssertTrue(ir.contains("  paint linear 25 0 -> 25 10\n    stop 0 #ff0000\n    stop 1 #0000ff\n"), ir)
    // The component's items say the file they are written in, and the use.
    let chip = try XCTUnwrap(main.range(of: "chip at 40,0 size 10x10"))
    let start = main.utf8.distance(from: main.startIndex, to: chip.lowerBound)
    let body = try XCTUnwrap(library.range(of: "rect at pad"))
    let bodyStart = library.utf8.distance(from: library.startIndex, to: body.lowerBound)
    XCTAssertTrue(ir.contains("source=\(bodyStart).."), ir)
    XCTAssertTrue(
      ir.contains("file=\"lib.pencil\" calls=\(start)..\(start + 23)\n  paint solid #fa8072\n  M 42 2\n  L 48 2\n"), ir)
    XCTAssertTrue(ir.contains("  M 60 0\n  L 70 0\n  L 60 10\n  Z\n"), ir)
    XCTAssertTrue(ir.contains("  M 80 0\n  L 82.5 10\n  L 85 10\n  L 87.5 10\n  L 90 10\n  Z\n"), ir)
  }

  /// A use whose size a stack decides is expanded during layout; written
  /// in an imported component, its call site is in that file (it was
  /// once put in the compiled file, at the imported file's offsets).
  func testAUseAStackSizesInAnImportedComponentIsCalledFromThatFile() throws {
    let lib = """
      component bar { rect at 0,0 size width x height fill=red }
      component row { hstack at 0,0 size width x height { bar; bar } }
      """
    let compilation = compile("import \"lib.pencil\"\nrow at 0,0 size 100x20", ["lib.pencil": lib])
    XCTAssertEqual(compilation.diagnostics.map(\.message), [])
    let ir = IRPrinter.print(try XCTUnwrap(compilation.scene))
    let firstBar = try XCTUnwrap(lib.range(of: "bar;"))
    let start = lib.utf8.distance(from: lib.startIndex, to: firstBar.lowerBound)
    XCTAssertTrue(ir.contains("file=\"lib.pencil\" calls=20..42,\(start)..\(start + 3)@\"lib.pencil\"\n"), ir)
    XCTAssertTrue(ir.contains("  M 54 0\n  L 100 0\n  L 100 20\n"), ir)
  }

  func testProblemsInAnImportedFileAreReportedThere() throws {
    let lib = "let bad = 1 / 0\ncomponent chip() { rect fill=5 }"
    let main = "import \"lib.pencil\"\nrect at 0,0 size 10x10"
    let compilation = compile(main, ["lib.pencil": lib])
    XCTAssertNil(compilation.scene)
    XCTAssertEqual(compilation.diagnostics.map(\.code), [SemaCodes.divisionByZero, SemaCodes.wrongValueKind])
    for diagnostic in compilation.diagnostics {
      XCTAssertEqual(compilation.files[diagnostic.file].name, "lib.pencil")
      let note = try XCTUnwrap(diagnostic.notes.last)
      XCTAssertEqual(note.message, "'lib.pencil' is imported here")
      XCTAssertEqual(note.file, .main)  // main.pencil, the compiled file
      XCTAssertEqual(text(note.range, in: main), "import \"lib.pencil\"")
    }
    XCTAssertEqual(compilation.diagnostics.map { text($0.range, in: lib) }, ["0", "5"])
  }

  func testElementsInImportedFilesAreNotDrawn() throws {
    let lib = "let side = 4\ncanvas 50x50\nrect at 0,0 size 10x10\nfor i in 0..<3 { rect at i,0 size 1x1 }"
    let compilation = compile("import \"lib.pencil\"\nrect at 0,0 size side x side fill=red", ["lib.pencil": lib])
    XCTAssertEqual(compilation.diagnostics.map(\.code), [LanguageCodes.importedElements])
    let warning = try XCTUnwrap(compilation.diagnostics.first)
    XCTAssertEqual(compilation.files[warning.file].name, "lib.pencil")
    XCTAssertEqual(text(warning.range, in: lib), "canvas")
    let scene = try XCTUnwrap(compilation.scene)
    XCTAssertEqual(scene.items.count, 1)
    XCTAssertTrue(IRPrinter.print(scene).hasPrefix("viewport 0 0 4 4 background none\n"))
  }

  func testCycles() throws {
    let files = ["a.pencil": "import \"b.pencil\"\nlet x = 1", "b.pencil": "let y = 2\nimport \"a.pencil\""]
    let compilation = compile(files["a.pencil"]!, files, name: "a.pencil")
    XCTAssertEqual(compilation.diagnostics.map(\.code), [SemaCodes.unusedLet, LanguageCodes.importCycle])
    let cycle = try XCTUnwrap(compilation.diagnostics.first { $0.code == LanguageCodes.importCycle })
    XCTAssertEqual(cycle.message, "import cycle: a.pencil → b.pencil → a.pencil")
    XCTAssertEqual(compilation.files[cycle.file].name, "b.pencil")
    XCTAssertEqual(text(cycle.range, in: files["b.pencil"]!), "\"a.pencil\"")
    XCTAssertEqual(cycle.notes.first?.message, "'a.pencil' imports 'b.pencil' here")
    XCTAssertEqual(cycle.notes.first?.file, .main)  // a.pencil, the compiled file
    XCTAssertEqual(text(cycle.notes.first?.range, in: files["a.pencil"]!), "import \"b.pencil\"")
    XCTAssertEqual(cycle.notes.last?.message, "'b.pencil' is imported here")
    // A file that imports itself.
    let selfImport = compile("import \"main.pencil\"\nrect at 0,0 size 1x1", ["main.pencil": "rect"])
    XCTAssertEqual(selfImport.diagnostics.map(\.code), [LanguageCodes.importCycle])
    XCTAssertEqual(selfImport.diagnostics.first?.message, "import cycle: main.pencil → main.pencil")
    XCTAssertEqual(selfImport.diagnostics.first?.range, SourceRange(7, 20))
  }

  func testMissingFiles() {
    let main = "import \"nope.pencil\"\nrect at 0,0 size 1x1"
    let missing = compile(main, [:]).diagnostics
    XCTAssertEqual(missing.map(\.code), [LanguageCodes.importUnreadable])
    XCTAssertEqual(missing.first?.message, "cannot import 'nope.pencil': no such file in memory")
    XCTAssertEqual(text(missing.first?.range, in: main), "\"nope.pencil\"")
    XCTAssertEqual(missing.first?.file, .main)
    // Without a loader every import is unreadable.
    let alone = Pencil.compile(SourceFile(name: "main.pencil", text: main)).diagnostics
    XCTAssertEqual(alone.map(\.code), [LanguageCodes.importUnreadable])
    XCTAssertTrue(alone.first?.message.contains("no files to import from") == true)
  }

  /// A imports B and C, which both import D (and so does A): D is checked
  /// once, and its definitions reach A three times without counting as two.
  func testDiamond() throws {
    let files = [
      "d.pencil":
        "let k = 0.5\ngradient g rgb top to bottom { stop red; stop blue }\nshape tri { move 0,0; line 1,0; line 0,1 }\n"
        + "component dot() { rect fill=red opacity=k }\nrect at 0,0 size 1x1",
      "b.pencil": "import \"d.pencil\"\ncomponent fromB() { dot }",
      "c.pencil": "import \"d.pencil\"\ncomponent fromC() { tri gradient=g fill=red }",
    ]
    let main = """
      import "b.pencil"
      import "c.pencil"
      import "d.pencil"
      fromB at 0,0 size 10x10
      fromC at 10,0 size 10x10
      dot at 20,0 size 10x10
      rect at 30,0 size 10x10 fill=red opacity=k gradient=g
      """
    let compilation = compile(main, files)
    XCTAssertEqual(compilation.diagnostics.map(\.code), [LanguageCodes.importedElements])
    XCTAssertEqual(compilation.diagnostics.first.map { compilation.files[$0.file].name }, "d.pencil")
    let ir = IRPrinter.print(try XCTUnwrap(compilation.scene))
    XCTAssertEqual(ir.components(separatedBy: "\npath ").count, 5)
    XCTAssertEqual(ir.components(separatedBy: "path rule=nonzero opacity=0.5 ").count, 4, ir)
    XCTAssertEqual(ir.components(separatedBy: "file=\"d.pencil\"").count, 3, ir)
    // A call site in another file names it.
    XCTAssertTrue(ir.contains("file=\"d.pencil\" calls=54..77,38..41@\"b.pencil\"\n"), ir)
    XCTAssertTrue(ir.contains("file=\"c.pencil\" calls=78..102\n"), ir)
  }

  func testNamesDefinedHereAndInAnImport() throws {
    let lib =
      "gradient g rgb top to bottom { stop red }\ncomponent comp() { rect }\nshape tri { move 0,0; line 1,0; close }"
    let localFirst = """
      gradient g rgb top to bottom { stop blue }
      component comp() { rect fill=blue }
      shape tri { move 0,1; line 1,1; close }
      import "lib.pencil"
      tri at 0,0 size 1x1 gradient=g
      """
    let clashes = compile(localFirst, ["lib.pencil": lib]).diagnostics
    XCTAssertEqual(clashes.map(\.code), Array(repeating: SemaCodes.duplicateDefinition, count: 3))
    XCTAssertEqual(clashes.map { text($0.range, in: localFirst) }, Array(repeating: "\"lib.pencil\"", count: 3))
    XCTAssertEqual(
      Set(clashes.map(\.message)),
      [
        "gradient 'g' is defined both in this file and in 'lib.pencil'",
        "component 'comp' is defined both in this file and in 'lib.pencil'",
        "shape 'tri' is defined both in this file and in 'lib.pencil'",
      ])
    // Defined after the import: the local definition is the second one.
    let localAfter = "import \"lib.pencil\"\ncomponent comp() { rect fill=blue }\ncomp at 0,0 size 1x1"
    let after = compile(localAfter, ["lib.pencil": lib]).diagnostics
    XCTAssertEqual(after.map(\.code), [SemaCodes.duplicateDefinition])
    XCTAssertEqual(text(after.first?.range, in: localAfter), "comp")
    // Two imports that define one name differently.
    let two = compile(
      "import \"a.pencil\"\nimport \"b.pencil\"\nthing at 0,0 size 1x1",
      ["a.pencil": "component thing() { rect }", "b.pencil": "\n\ncomponent thing() { rect fill=red }"]
    ).diagnostics
    XCTAssertEqual(two.map(\.code), [SemaCodes.duplicateDefinition])
    XCTAssertEqual(two.first?.range, SourceRange(25, 35))
  }
}
