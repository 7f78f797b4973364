import Foundation
import PencilDiagnostics
import PencilSyntax
import XCTest

@testable import PencilCore
@testable import PencilSVG
@testable import PencilSema

/// `pencilc fmt` never turns a file that compiles into one that does not,
/// nor into one that draws something else: on the corpus (samples,
/// fixtures, fuzz regressions) and on rewrites of it (`FormatMutation`),
/// every input that compiles formats into text that compiles to the same
/// SVG bytes, and formatting it again changes nothing. An input that does
/// not compile may be refused. Every rewrite of every file is checked
/// here, in-process (a few seconds); scripts/fmt-property.py checks the
/// same through the built pencilc.
final class FormatKeepsPicturesTests: XCTestCase {
  private struct Outcome {
    var compiled = 0
    var failures: [String] = []
  }

  private func svg(_ bytes: [UInt8], name: String, folder: URL) -> [UInt8]? {
    // The fuzzing limits, as FuzzHarness compiles: the fuzz regressions
    // that loop a million times stay quick.
    let compilation = Pencil.compile(
      SourceFile(name: name, bytes: bytes), dumpSyntax: false, importer: FolderLoader(folder: folder),
      limits: .fuzzing, appearance: nil)
    guard let scene = compilation.scene, !compilation.diagnostics.contains(where: { $0.severity == .error }) else {
      return nil
    }
    var diagnostics: [Diagnostic] = []
    return Pencil.render(scene, with: SVGBackend(), diagnostics: &diagnostics)
  }

  /// Checks one input; true when it compiled (so the property applied).
  private func check(_ bytes: [UInt8], name: String, folder: URL, into outcome: inout Outcome) {
    guard let before = svg(bytes, name: name, folder: folder) else { return }
    outcome.compiled += 1
    guard case .formatted(let once) = SourceFormatter.format(SourceFile(name: name, bytes: bytes)) else {
      return outcome.failures.append("\(name): compiles but fmt refuses it")
    }
    guard let after = svg(once, name: name, folder: folder) else {
      return outcome.failures.append("\(name): no longer compiles after fmt:\n\(String(decoding: once, as: UTF8.self))")
    }
    if after != before {
      outcome.failures.append("\(name): draws another picture after fmt:\n\(String(decoding: once, as: UTF8.self))")
    }
    guard case .formatted(let twice) = SourceFormatter.format(SourceFile(name: name, bytes: once)), twice == once
    else { return outcome.failures.append("\(name): fmt is not idempotent") }
  }

  func testFormattingKeepsThePictureOfEveryCorpusFileAndItsRewrites() throws {
    var outcome = Outcome()
    var rewrites = 0
    for url in FormatterPropertyTests.corpus {
      let bytes = [UInt8](try Data(contentsOf: url))
      let folder = url.deletingLastPathComponent()
      check(bytes, name: url.lastPathComponent, folder: folder, into: &outcome)
      for mutation in FormatMutation.allCases {
        check(mutation.apply(bytes), name: "\(url.lastPathComponent) \(mutation)", folder: folder, into: &outcome)
        rewrites += 1
      }
    }
    XCTAssertEqual(outcome.failures, [])
    // Most rewrites compile, so the property is tested on them.
    XCTAssertGreaterThan(outcome.compiled, rewrites / 2)
  }

  /// The example, and each rewrite of a small scene with blocks
  /// on one line and on several.
  func testEveryRewriteOfASmallSceneKeepsItsPicture() {
    let scene = """
      canvas 60x40
      zstack { zstack { rect size 1x1 }; rect size 2x2 }
      let w = 10 +
        4
      hstack at 0,10 spacing=2 {
        rect size w x 4 fill=.red.opacity(0.5)
        if w > 3 { ellipse size 4x4 } else { rect size 1x1 }
      }
      for i in 0..<3 { text "\\(i)" at i * 10, 30 }

      """
    var outcome = Outcome()
    for mutation in FormatMutation.allCases {
      check(Array(mutation.apply(Array(scene.utf8))), name: "\(mutation)", folder: Repository.samples, into: &outcome)
    }
    XCTAssertEqual(outcome.failures, [])
    XCTAssertEqual(outcome.compiled, FormatMutation.allCases.count)
  }
}
