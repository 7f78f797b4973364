import XCTest

@testable import PencilCore

/// Pins the IR and the SVG of every sample and every golden scene.
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
      let compilation = Pencil.compile(SourceFile(name: url.lastPathComponent, bytes: Array(try Data(contentsOf: url))))
      XCTAssertEqual(compilation.diagnostics.filter { $0.severity == .error }.map(\.message), [], name)
      guard let scene = compilation.scene else {
        XCTFail("\(name) did not compile")
        continue
      }
      assertGolden(IRPrinter.print(scene), Repository.golden.appendingPathComponent("\(name).ir"))
      for backend in Backends.all {
        var diagnostics: [Diagnostic] = []
        let bytes = Pencil.render(scene, with: backend, diagnostics: &diagnostics)
        XCTAssertEqual(diagnostics.map(\.message), [], "\(name) \(backend.name)")
        guard let bytes else {
          XCTFail("\(name): \(backend.name) produced nothing")
          continue
        }
        let text = String(decoding: bytes, as: UTF8.self)
        assertGolden(text, Repository.golden.appendingPathComponent("\(name).\(backend.fileExtensions[0])"))
      }
    }
  }

  func testOutputIsDeterministic() throws {
    for url in Self.scenes {
      let source = SourceFile(name: "x", bytes: Array(try Data(contentsOf: url)))
      let first = Pencil.compile(source).scene.map(IRPrinter.print)
      let second = Pencil.compile(SourceFile(name: "x", bytes: source.bytes)).scene.map(IRPrinter.print)
      XCTAssertEqual(first, second)
    }
  }
}
