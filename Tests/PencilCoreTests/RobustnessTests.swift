import XCTest

@testable import PencilCore

/// The compiler must never crash, whatever it is fed.
final class RobustnessTests: XCTestCase {
  /// Every byte prefix of every sample and test file, which cuts through
  /// tokens, strings, comments, blocks and UTF-8 sequences.
  func testEveryPrefixCompilesWithoutCrashing() throws {
    let files =
      GoldenTests.scenes
      + Repository.files(in: Repository.fixtures.appendingPathComponent("diagnostics"), withExtension: "pencil")
    var compiled = 0
    for url in files {
      let bytes = Array(try Data(contentsOf: url))
      for length in 0...bytes.count {
        let compilation = Pencil.compile(SourceFile(name: "prefix", bytes: Array(bytes[0..<length])))
        if let scene = compilation.scene {
          // SVG for every prefix; the raster backends, which are slow in a
          // debug build, for every 64th prefix and at a quarter of the size.
          var small = RenderOptions()
          small.scale = 0.25
          for backend in Backends.all where backend.name == "svg" || length % 64 == 0 || length == bytes.count {
            var diagnostics: [Diagnostic] = []
            _ = Pencil.render(
              scene, with: backend, options: backend.name == "svg" ? RenderOptions() : small, diagnostics: &diagnostics)
          }
        }
        for diagnostic in compilation.diagnostics {
          XCTAssertLessThanOrEqual(diagnostic.range.end, length, "\(url.lastPathComponent) prefix \(length)")
        }
        compiled += 1
      }
    }
    XCTAssertGreaterThan(compiled, 5000)
  }

  func testHostileInputs() {
    let inputs: [[UInt8]] = [
      [], [0], [0xFF, 0xFE], Array("{{{{{{{{".utf8), Array("}}}}".utf8), Array("\"".utf8),
      Array("/*".utf8), Array("pencil at 1e999,0 size 1x1".utf8),
      Array(String(repeating: "hstack at 0,0 size 1x1 {", count: 200).utf8),
      Array(String(repeating: "rect fill=nope at 0,0 size 1x1\n", count: 500).utf8),
      Array("rect at 0,0 size 99999999999999999999x1".utf8),
      Array("text \"\u{0}\" at 0,0".utf8),
    ]
    for bytes in inputs {
      let compilation = Pencil.compile(SourceFile(name: "hostile", bytes: bytes))
      XCTAssertLessThanOrEqual(
        compilation.diagnostics.filter { $0.severity == .error }.count, DiagnosticList.errorLimit)
    }
  }

  func testErrorsAreCapped() {
    let text = String(repeating: "rect fill=nope at 0,0 size 1x1\n", count: 80)
    let compilation = compile(text)
    let errors = compilation.diagnostics.filter { $0.severity == .error }
    XCTAssertEqual(errors.count, DiagnosticList.errorLimit)
    XCTAssertTrue(errors.last?.notes.last?.message.contains("30 more errors not shown") ?? false)
  }
}
