import Foundation
import PencilDiagnostics
import PencilOutput
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
          var small = RenderFlags()
          small.scale = 0.25
          for format in OutputFormat.allCases.map(\.name)
          where format == "svg" || length % 64 == 0 || length == bytes.count {
            var diagnostics: [Diagnostic] = []
            let settings = format == "svg" ? RenderFlags() : small
            _ = Pencil.render(scene, with: try XCTUnwrap(settings.backend(format)), diagnostics: &diagnostics)
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

  /// Seeded random edits of every sample: bytes that matter to the lexer
  /// and parser inserted, deleted and replaced, then every backend run on
  /// whatever still compiles. Deterministic, so a failure reproduces.
  func testRandomMutationsNeverCrash() throws {
    // PENCIL_FUZZ_ROUNDS and PENCIL_FUZZ_SEED run longer or other batches.
    let environment = ProcessInfo.processInfo.environment
    let rounds = environment["PENCIL_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 300
    var random = SplitMix(seed: environment["PENCIL_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5EED)
    let alphabet: [[UInt8]] =
      [
        "{", "}", "(", ")", ",", "=", "#", "\"", ".", "x", "0", "9", "-", "\n", ";", "/*", "*/", "//", "\\",
        "at", "size", "stop", "gradient", "shape", "hstack", "pencil", "text", "1e9", "999999999", "é", "\u{0}",
      ].map { Array($0.utf8) } + [[0xFF], [0xC3]]
    var small = RenderFlags()
    small.scale = 0.1
    small.columns = 12
    var compiled = 0
    for url in Repository.files(in: Repository.samples, withExtension: "pencil") {
      let original = Array(try Data(contentsOf: url))
      for _ in 0..<rounds {
        var bytes = original
        for _ in 0..<(1 + Int(random.next() % 4)) {
          let position = Int(random.next() % UInt64(bytes.count + 1))
          let piece = alphabet[Int(random.next() % UInt64(alphabet.count))]
          switch random.next() % 3 {
          case 0: bytes.insert(contentsOf: piece, at: position)
          case 1:
            if position < bytes.count { bytes.removeSubrange(position..<min(bytes.count, position + piece.count)) }
          default: bytes.replaceSubrange(position..<min(bytes.count, position + 1), with: piece)
          }
        }
        let compilation = Pencil.compile(SourceFile(name: "mutant", bytes: bytes))
        for diagnostic in compilation.diagnostics {
          XCTAssertLessThanOrEqual(diagnostic.range.end, bytes.count)
          _ = DiagnosticPrinter.human(diagnostic, in: compilation.files, colors: false)
          _ = DiagnosticPrinter.json(diagnostic, in: compilation.files)
        }
        guard let scene = compilation.scene else { continue }
        compiled += 1
        for format in OutputFormat.allCases.map(\.name) {
          var diagnostics: [Diagnostic] = []
          _ = Pencil.render(scene, with: try XCTUnwrap(small.backend(format)), diagnostics: &diagnostics)
        }
      }
    }
    XCTAssertGreaterThan(compiled, 100, "some mutants still compile and reach the backends")
  }

  /// Odd inputs give exactly the diagnostics they should, and no more:
  /// one mistake, one error.
  func testHostileInputs() {
    let table: [([UInt8], [String])] = [
      ([], []),
      ([0], ["E0001"]),
      ([0xFF, 0xFE], ["E0009"]),
      (Array("{{{{".utf8), ["E0101"]),
      (Array("}}}}".utf8), ["E0105"]),
      (Array("\"".utf8), ["E0002"]),
      (Array("/*".utf8), ["E0004"]),
      (Array("pencil at 1e999,0 size 1x1".utf8), ["E0005"]),
      (Array("rect at 0,0 size 99999999999999999999x1".utf8), ["E0005"]),
      (Array("text \"\u{0}\" at 0,10".utf8), ["W0006"]),
      (Array(String(repeating: "rect fill=nope at 0,0 size 1x1\n", count: 500).utf8), ["E0201"]),
    ]
    for (bytes, codes) in table {
      let compilation = Pencil.compile(SourceFile(name: "hostile", bytes: bytes))
      XCTAssertEqual(Set(compilation.diagnostics.map(\.code.id)), Set(codes), "\(bytes.prefix(24))")
      XCTAssertLessThanOrEqual(
        compilation.diagnostics.filter { $0.severity == .error }.count, DiagnosticList.errorLimit)
    }
  }

  /// Nesting beyond the limit is a diagnostic, not a stack overflow, and
  /// nesting within it still compiles.
  func testDeepNestingIsRefused() {
    let deep = [
      "hstack at 0,0 size 10x10 " + String(repeating: "{ zstack ", count: 100_000)
        + String(repeating: "}", count: 100_000),
      "rect at 0,0 size 1x1 fill=" + String(repeating: "hsb(", count: 100_000) + String(repeating: ")", count: 100_000),
      "rect at 0,0 size 1x1 fill=red" + String(repeating: ".opacity(1)", count: 100_000),
    ]
    for text in deep {
      let compilation = compile(text)
      XCTAssertEqual(compilation.diagnostics.map(\.code.id), ["E0109"])
    }
    let fine =
      "hstack at 0,0 size 10x10 " + String(repeating: "{ zstack ", count: 60) + String(repeating: "}", count: 60)
    XCTAssertNotNil(compile(fine).scene)
  }

  func testErrorsAreCapped() {
    let text = String(repeating: "rect fill=nope at 0,0 size 1x1\n", count: 80)
    let compilation = compile(text)
    let errors = compilation.diagnostics.filter { $0.severity == .error }
    XCTAssertEqual(errors.count, DiagnosticList.errorLimit)
    XCTAssertTrue(errors.last?.notes.last?.message.contains("30 more errors not shown") ?? false)
  }
}
