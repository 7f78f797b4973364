import PencilDiagnostics
import PencilOutput
import XCTest

@testable import PencilCore
@testable import PencilIR
@testable import PencilSema

/// Pins the IR and the SVG of every sample and every golden scene, and a
/// scene whose colours depend on the appearance in both: its `.svg` is the
/// adaptive one the CLI writes by default, its `.png` light and its
/// `.dark.png` and `.dark.svg` dark.
/// `PENCIL_RECORD=1 swift test` rewrites the expected files.
final class GoldenTests: XCTestCase {
  static var scenes: [URL] {
    Repository.files(in: Repository.samples, withExtension: "pencil")
      + Repository.files(in: Repository.fixtures.appendingPathComponent("golden"), withExtension: "pencil")
  }

  func testEverySceneMatchesItsGoldenFiles() throws {
    XCTAssertGreaterThanOrEqual(Self.scenes.count, 10)
    for url in Self.scenes {
      let name = url.deletingPathExtension().lastPathComponent
      let source = SourceFile(name: url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
      let importer = FolderLoader(folder: url.deletingLastPathComponent())
      let compilation = Pencil.compile(source, importer: importer, appearance: nil)
      XCTAssertEqual(compilation.diagnostics.filter { $0.severity == .error }.map(\.message), [], name)
      guard let scene = compilation.scene else {
        XCTFail("\(name) did not compile")
        continue
      }
      assertGolden(IRPrinter.print(scene), Repository.golden.appendingPathComponent("\(name).ir"))
      // Text formats are compared as text; PNG pins the raster pixels (PPM
      // holds the same pixels composited on white, and is tested below).
      for format in GoldenTests.textFormats + ["png"] {
        guard let bytes = render(scene, format, name: name) else { continue }
        let file = Repository.golden.appendingPathComponent("\(name).\(format)")
        if format == "png" {
          assertGoldenBytes(bytes, file)
        } else {
          assertGolden(String(decoding: bytes, as: UTF8.self), file)
        }
      }
      let darkFiles = ["dark.png", "dark.svg"].map { Repository.golden.appendingPathComponent("\(name).\($0)") }
      guard scene.dark != nil else {
        for file in darkFiles {
          XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "\(name) does not adapt")
        }
        continue
      }
      let dark = try XCTUnwrap(Pencil.compile(source, importer: importer, appearance: .dark).scene, name)
      XCTAssertNil(dark.dark)
      if let png = render(dark, "png", name: name) { assertGoldenBytes(png, darkFiles[0]) }
      if let svg = render(dark, "svg", name: name) { assertGolden(String(decoding: svg, as: UTF8.self), darkFiles[1]) }
    }
  }

  static let textFormats = ["svg"]

  private func render(_ scene: Scene, _ format: String, name: String, options: RenderFlags = RenderFlags())
    -> [UInt8]?
  {
    guard let backend = options.backend(format) else {
      XCTFail("no backend \(format)")
      return nil
    }
    var diagnostics: [Diagnostic] = []
    let bytes = Pencil.render(scene, with: backend, diagnostics: &diagnostics)
    XCTAssertEqual(diagnostics.filter { $0.code.id != "W0006" }.map(\.message), [], "\(name) \(format)")
    if bytes == nil { XCTFail("\(name): \(format) produced nothing") }
    return bytes
  }

  /// Text as outlines, HiDPI scale, and a transparent background in PNG.
  func testRasterOptionsMatchTheirGoldenFiles() throws {
    let url = Repository.fixtures.appendingPathComponent("golden/text.pencil")
    let scene = try XCTUnwrap(
      Pencil.compile(SourceFile(name: "text.pencil", bytes: Array(try Data(contentsOf: url)))).scene)
    var outlines = RenderFlags()
    outlines.textAsPaths = true
    if let svg = render(scene, "svg", name: "text", options: outlines) {
      assertGolden(
        String(decoding: svg, as: UTF8.self), Repository.golden.appendingPathComponent("options/text-as-paths.svg"))
    }
    let shapes = Repository.fixtures.appendingPathComponent("golden/shapes.pencil")
    let shapesScene = try XCTUnwrap(
      Pencil.compile(SourceFile(name: "shapes.pencil", bytes: Array(try Data(contentsOf: shapes)))).scene)
    var double = RenderFlags()
    double.scale = 2
    if let png = render(shapesScene, "png", name: "shapes", options: double) {
      assertGoldenBytes(png, Repository.golden.appendingPathComponent("options/shapes@2x.png"))
    }
  }

  /// The ASCII picture of every sample at 40 and 80 columns, and the other
  /// charsets and modes on one of them.
  func testASCIIGoldenFiles() throws {
    for url in Repository.files(in: Repository.samples, withExtension: "pencil") {
      let name = url.deletingPathExtension().lastPathComponent
      let scene = try XCTUnwrap(
        Pencil.compile(
          SourceFile(name: name, bytes: Array(try Data(contentsOf: url))),
          importer: FolderLoader(folder: url.deletingLastPathComponent())
        ).scene)
      for columns in [40, 80] {
        var options = RenderFlags()
        options.columns = columns
        if let text = render(scene, "ascii", name: name, options: options) {
          assertGolden(
            String(decoding: text, as: UTF8.self),
            Repository.golden.appendingPathComponent("ascii/\(name).\(columns).txt"))
        }
      }
    }
    let url = Repository.samples.appendingPathComponent("rainbow-pencils.pencil")
    let scene = try XCTUnwrap(
      Pencil.compile(SourceFile(name: "rainbow", bytes: Array(try Data(contentsOf: url)))).scene)
    let variants: [(String, (inout RenderFlags) -> Void)] = [
      ("blocks", { $0.charset = .blocks }),
      (
        "blocks-color",
        {
          $0.charset = .blocks
          $0.color = true
        }
      ),
      ("color", { $0.color = true }),
      ("invert", { $0.invert = true }),
      ("aspect", { $0.cellAspect = 1 }),
    ]
    for (variant, configure) in variants {
      var options = RenderFlags()
      options.columns = 60
      configure(&options)
      if let text = render(scene, "ascii", name: variant, options: options) {
        assertGolden(
          String(decoding: text, as: UTF8.self),
          Repository.golden.appendingPathComponent("ascii/rainbow-pencils.\(variant).txt"))
      }
    }
  }

  /// A scene small enough to read: every pixel of the plain PPM is pinned.
  func testPlainPPMGolden() throws {
    let source = """
      canvas 12x8 background=white
      gradient g rgb leading to trailing { stop black; stop red }
      rect at 1,1 size 10x3 gradient=g
      ellipse at 1.5,4.25 size 5x3.5 fill=.blue.opacity(0.5)
      shape hole { move 0,0; line 1,0; line 1,1; line 0,1; close; move 0.25,0.25; line 0.75,0.25; line 0.75,0.75; line 0.25,0.75; close }
      hole at 7,4 size 4x4 fill=green fillrule=evenodd
      """
    let scene = try XCTUnwrap(Pencil.compile(SourceFile(name: "tiny", text: source)).scene)
    var plain = RenderFlags()
    plain.plainPPM = true
    if let ppm = render(scene, "ppm", name: "tiny", options: plain) {
      assertGolden(String(decoding: ppm, as: UTF8.self), Repository.golden.appendingPathComponent("options/tiny.ppm"))
    }
  }

}

/// Imports for the samples: paths relative to the samples folder, as
/// pencilc resolves them for a file there.
struct FolderLoader: ImportLoader {
  var folder: URL

  func load(_ path: String, from importer: SourceFile) -> Result<SourceFile, ImportFailure> {
    guard let data = try? Data(contentsOf: folder.appendingPathComponent(path)) else {
      return .failure(ImportFailure("no such file in \(folder.lastPathComponent)"))
    }
    return .success(SourceFile(name: path, bytes: Array(data)))
  }
}
