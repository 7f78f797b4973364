import Foundation
import XCTest

/// `import` on the built binary: paths relative to the importing file, to
/// the working directory for standard input, or to --stdin-filename's
/// folder; problems reported in the imported file.
final class ImportCLITests: XCTestCase {
  private func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  private let palette = """
    let accent = #fa8072
    gradient shine rgb leading to trailing { stop red; stop blue }
    component swatch(color: Color = accent) { rect fill=color }
    """

  func testImportsAreRelativeToTheImportingFile() throws {
    let directory = try CLI.temporaryDirectory()
    try write(palette, to: directory.appendingPathComponent("lib/palette.pencil"))
    try write("import \"palette.pencil\"\n", to: directory.appendingPathComponent("lib/all.pencil"))
    try write(
      "import \"lib/all.pencil\"\nswatch at 0,0 size 10x10\nrect at 10,0 size 10x10 gradient=shine\n",
      to: directory.appendingPathComponent("scene.pencil"))
    // Run from elsewhere: the paths do not depend on the working directory.
    let result = try CLI.run(["--emit", "ir", directory.appendingPathComponent("scene.pencil").path])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("paint solid #fa8072"), result.stdout)
    XCTAssertTrue(result.stdout.contains("file=\"\(directory.path)/lib/palette.pencil\""), result.stdout)
  }

  func testStandardInputImportsFromTheWorkingDirectoryOrItsNamedFolder() throws {
    let directory = try CLI.temporaryDirectory()
    try write(palette, to: directory.appendingPathComponent("palette.pencil"))
    try write(palette, to: directory.appendingPathComponent("sub/palette.pencil"))
    let scene = "import \"palette.pencil\"\nswatch at 0,0 size 10x10\n"
    let plain = try CLI.run(["--check", "-"], stdin: scene, in: directory)
    XCTAssertEqual(plain.status, 0, plain.stderr)
    let named = try CLI.run(
      ["--check", "--stdin-filename", "sub/scene.pencil", "-"], stdin: scene, in: directory)
    XCTAssertEqual(named.status, 0, named.stderr)
    let elsewhere = try CLI.run(["--check", "-"], stdin: scene, in: directory.appendingPathComponent("sub/.."))
    XCTAssertEqual(elsewhere.status, 0, elsewhere.stderr)
  }

  func testProblemsAreReportedInTheImportedFile() throws {
    let directory = try CLI.temporaryDirectory()
    try write("let accent = salmn\n", to: directory.appendingPathComponent("palette.pencil"))
    try write(
      "import \"palette.pencil\"\nimport \"missing.pencil\"\nrect size 10x10 fill=accent\n",
      to: directory.appendingPathComponent("scene.pencil"))
    let result = try CLI.run(["--diagnostic-format", "short", "scene.pencil"], in: directory)
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.stderr,
      """
      scene.pencil:2:8: error: cannot import 'missing.pencil': No such file or directory [E0236]
      palette.pencil:1:14: error: unknown name 'salmn' [E0225]

      """)
    let json = try CLI.run(["--diagnostic-format", "json", "scene.pencil"], in: directory)
    let record = try XCTUnwrap(json.stdout.split(separator: "\n").first { $0.contains("E0225") })
    XCTAssertTrue(record.contains("\"file\":\"palette.pencil\""), String(record))
    XCTAssertTrue(record.contains("\"file\":\"scene.pencil\",\"range\""), String(record))
  }

  func testCyclesStop() throws {
    let directory = try CLI.temporaryDirectory()
    try write("import \"b.pencil\"\nrect size 1x1\n", to: directory.appendingPathComponent("a.pencil"))
    try write("import \"./a.pencil\"\n", to: directory.appendingPathComponent("b.pencil"))
    let result = try CLI.run(["--diagnostic-format", "short", "--check", "a.pencil"], in: directory)
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.stderr, "b.pencil:1:8: error: import cycle: a.pencil → b.pencil → a.pencil [E0235]\n")
  }

  /// However the scene is named on the command line and the import spelled
  /// (`./`, `..`, a symbolic link, a hard link), one file is one file: a
  /// self-import is one cycle, with no spurious W0010 or E0204.
  func testEverySpellingOfAFileIsOneFile() throws {
    let directory = try CLI.temporaryDirectory()
    let sub = directory.appendingPathComponent("sub")
    try write("import \"./self.pencil\"\nlet x = 1\nrect size 1x1\n", to: sub.appendingPathComponent("self.pencil"))
    for name in ["sub/self.pencil", "./sub/self.pencil", "sub/../sub/self.pencil", directory.path + "/sub/self.pencil"]
    {
      let result = try CLI.run(["--diagnostic-format", "short", "--check", name], in: directory)
      XCTAssertEqual(result.status, 1, name)
      XCTAssertEqual(
        result.stderr.split(separator: "\n").first, "\(name):1:8: error: import cycle: \(name) → \(name) [E0235]",
        "compiled as \(name)")
      XCTAssertEqual(result.stderr.components(separatedBy: "[E0235]").count, 2, result.stderr)
      XCTAssertFalse(result.stderr.contains("E0204"), result.stderr)
      XCTAssertFalse(result.stderr.contains("W0010"), result.stderr)
    }
    // A palette reached through a link and through its own name lends its
    // definitions once: no clash.
    try write("let tint = #ff0000\n", to: directory.appendingPathComponent("palette.pencil"))
    XCTAssertEqual(symlink("palette.pencil", directory.appendingPathComponent("link.pencil").path), 0)
    XCTAssertEqual(
      link(
        directory.appendingPathComponent("palette.pencil").path, directory.appendingPathComponent("hard.pencil").path),
      0)
    try write(
      "import \"palette.pencil\"\nimport \"link.pencil\"\nimport \"hard.pencil\"\nrect size 1x1 fill=tint\n",
      to: directory.appendingPathComponent("scene.pencil"))
    let linked = try CLI.run(["--diagnostic-format", "short", "--check", "scene.pencil"], in: directory)
    XCTAssertEqual(linked.status, 0, linked.stderr)
    XCTAssertEqual(linked.stderr, "")
    // A link to the scene itself is the scene: a cycle.
    XCTAssertEqual(symlink("scene.pencil", directory.appendingPathComponent("me.pencil").path), 0)
    try write("import \"me.pencil\"\nrect size 1x1\n", to: directory.appendingPathComponent("scene.pencil"))
    let looped = try CLI.run(["--diagnostic-format", "short", "--check", "scene.pencil"], in: directory)
    XCTAssertEqual(looped.stderr, "scene.pencil:1:8: error: import cycle: scene.pencil → scene.pencil [E0235]\n")
  }
}
