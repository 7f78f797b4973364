import Foundation
import PencilDiagnostics
import XCTest

@testable import PencilASCII
@testable import PencilCore
@testable import PencilSVG

/// Replays every input in Fuzz/regressions through what the fuzz target
/// does (FuzzHarness.check: compile, print every diagnostic in every
/// format, render with every backend under the options of the input's
/// `//!` line, check every output). FuzzHarness.swift, FuzzChecks.swift,
/// FuzzPictures.swift and FuzzXML.swift here are symbolic links to the files
/// in Fuzz/, so the test and the fuzz target share one option parser and
/// one set of checks. A regression that traps crashes this test process:
/// run the input through the fuzz target (.build/fuzz/pencil-fuzz FILE) to
/// see where.
final class FuzzRegressionTests: XCTestCase {
  static let regressions = Repository.root.appendingPathComponent("Fuzz/regressions")

  static var inputs: [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: regressions.path)) ?? []
    return names.filter { !$0.hasPrefix("README") && !$0.hasPrefix(".") }.sorted()
      .map { regressions.appendingPathComponent($0) }
  }

  func testEveryRegressionKeepsTheInvariants() throws {
    let inputs = Self.inputs
    XCTAssertGreaterThanOrEqual(inputs.count, 8, "the known inputs from issue 7 are in Fuzz/regressions")
    for url in inputs {
      let bytes = [UInt8](try Data(contentsOf: url))
      let failures = FuzzHarness.check(bytes, name: url.lastPathComponent)
      XCTAssertEqual(failures, [], url.lastPathComponent)
    }
  }

  /// The inputs named in issue 7, beyond the invariants above. The tiny
  /// sizes among them (0.000000001, 1e-43, 1e-301) are now E0005 ("too
  /// small to be seen"), so the `-at-limit` files repeat them with the
  /// smallest accepted number, 0.0001, to keep reaching the backends.
  func testKnownFuzzInputsReachTheBackendsWithTheirOwnResults() throws {
    func input(_ name: String) throws -> [UInt8] {
      [UInt8](try Data(contentsOf: Self.regressions.appendingPathComponent(name)))
    }
    for name in Self.inputs.map(\.lastPathComponent) where name.contains("-at-limit") {
      let compilation = Pencil.compile(SourceFile(name: name, bytes: try input(name)))
      XCTAssertNotNil(compilation.scene, "\(name) reaches the backends")
    }
    // U+FFFE in a string is valid UTF-8 but no XML character: the SVG
    // leaves it out (or replaces it) and stays well-formed.
    let noncharacter = Pencil.compile(SourceFile(name: "fffe", bytes: try input("svg-noncharacter-fffe.pencil")))
    var diagnostics: [Diagnostic] = []
    let scene = try XCTUnwrap(noncharacter.scene)
    let svg = Pencil.render(scene, with: SVGBackend(), diagnostics: &diagnostics)
    XCTAssertNil(FuzzXML.check(svg ?? []))
    // U+FFFD written literally is a character like any other, not E0009.
    let replacement = Pencil.compile(
      SourceFile(name: "fffd", bytes: try input("string-replacement-character-fffd.pencil")))
    // (The built-in font has no glyph for it: W0006, at the character.)
    XCTAssertEqual(replacement.diagnostics.map(\.code.id), ["W0006"])
  }

  /// The checkers catch what they are there to catch.
  func testCheckersRejectBrokenOutput() {
    XCTAssertNil(FuzzXML.check(Array("<?xml version=\"1.0\"?>\n<a b=\"&amp;&#x41;\"><c/>t&lt;</a>\n".utf8)))
    for bad in [
      "<a>", "<a></b>", "<a b=c/>", "<a b=\"1\" b=\"2\"/>", "<a>&nbsp;</a>", "<a>&#0;</a>", "<a>]]></a>",
      "<a/><b/>", "<a>\u{1}</a>", "<a>\u{FFFE}</a>", "<a b=\"<\"/>", "<a>&amp</a>",
    ] {
      XCTAssertNotNil(FuzzXML.check(Array(bad.utf8)), bad)
    }
    XCTAssertNotNil(FuzzXML.check([0x3C, 0x61, 0x3E, 0xC3, 0x3C, 0x2F, 0x61, 0x3E]), "invalid UTF-8")
    XCTAssertNil(FuzzChecks.json(Array(#"{"a":[1,-0.5e3,true,null,"\u00e9\ud83d\ude00"],"b":{}}"#.utf8)))
    for bad in [#"{"a":1,}"#, #"{"a":01}"#, "{\"a\":\"\u{1}\"}", #"{"a":"\ud800"}"#, #"{"a":1}x"#, #"{"a":1,"a":2}"#] {
      XCTAssertNotNil(FuzzChecks.json(Array(bad.utf8)), bad)
    }
    XCTAssertEqual(FuzzChecks.crc32(ArraySlice("IEND".utf8)), 0xAE42_6082)
    XCTAssertEqual(FuzzChecks.adler32(Array("Wikipedia".utf8)), 0x11E6_0398)
    XCTAssertNil(FuzzChecks.ppm(Array("P3\n# c\n1 1\n255\n0 128 255\n".utf8), width: 1, height: 1, plain: true))
    XCTAssertNotNil(FuzzChecks.ppm(Array("P3\n1 1\n255\n0 128\n".utf8), width: 1, height: 1, plain: true))
    XCTAssertNotNil(FuzzChecks.ascii(Array("ab \n".utf8), rows: 1, charset: .ascii, color: false))
    XCTAssertNotNil(FuzzChecks.ascii(Array("a\u{9B}b\n".utf8), rows: 1, charset: .blocks, color: false))
    XCTAssertNotNil(FuzzChecks.ascii(Array("a\u{202E}b\n".utf8), rows: 1, charset: .blocks, color: false))
    XCTAssertNil(FuzzChecks.ascii(Array("\u{1B}[0m▚\n\n".utf8), rows: 2, charset: .blocks, color: true))
  }

  /// The options line is read as documented and clamped to the CLI's ranges.
  func testOptionsLine() {
    let options = FuzzHarness.options(
      from: Array("//! scale=0.3 columns=7 aspect=0.4 charset=blocks color invert plain paths\nrect".utf8))
    XCTAssertEqual(options.scale, 0.3)
    XCTAssertEqual(options.columns, 7)
    XCTAssertEqual(options.cellAspect, 0.4)
    XCTAssertEqual(options.charset, .blocks)
    XCTAssertTrue(options.color && options.invert && options.plainPPM && options.textAsPaths)
    let clamped = FuzzHarness.options(from: Array("//! scale=1000 columns=0 aspect=0.0001\n".utf8))
    XCTAssertEqual(clamped.scale, 64)
    XCTAssertEqual(clamped.columns, 1)
    XCTAssertEqual(clamped.cellAspect, 0.25)
    let ignored = FuzzHarness.options(from: Array("//! scale=-1 columns=nan aspect=inf\n".utf8))
    XCTAssertEqual(ignored.scale, 1)
    XCTAssertEqual(ignored.columns, 80)
    XCTAssertEqual(ignored.cellAspect, 2)
    XCTAssertEqual(FuzzHarness.options(from: Array("// scale=2\n".utf8)).scale, 1, "only //! lines count")
    XCTAssertEqual(FuzzHarness.settings(from: Array("//! scale=2\n".utf8)).pixelBudget, 1 << 12)
    XCTAssertEqual(FuzzHarness.settings(from: Array("//! big\n".utf8)).pixelBudget, 1 << 17)
  }
}
