import Foundation
import PencilDiagnostics
import PencilOutput
import PencilSupport
import PencilSyntax
import XCTest

@testable import PencilASCII
@testable import PencilCore
@testable import PencilGeometry
@testable import PencilIR
@testable import PencilSVG

/// Regression tests for the findings of the hardening issue: each input
/// here crashed, gave a wrong result or cost time or output without bound
/// before the fix.
final class HardeningTests: XCTestCase {
  // MARK: - Traps in the backends

  /// Renders through every backend with a few option sets; a trap fails
  /// the whole test run, which is the point.
  private func renderEverywhere(_ scene: Scene, columns: [Int] = [80, 2], aspects: [Double] = [2, 0.4]) -> Int {
    var rendered = 0
    for format in OutputFormat.allCases.map(\.name) {
      for column in columns {
        for aspect in aspects {
          var options = RenderFlags()
          options.columns = column
          options.cellAspect = aspect
          guard let backend = options.backend(format) else { continue }
          var diagnostics: [Diagnostic] = []
          if Pencil.render(scene, with: backend, diagnostics: &diagnostics) != nil { rendered += 1 }
        }
      }
    }
    return rendered
  }

  private func scene(_ text: String) throws -> Scene {
    let compilation = compile(text)
    return try XCTUnwrap(compilation.scene, "\(compilation.diagnostics)")
  }

  /// The shapes of the one-line crashes, built directly in the IR
  /// (the lexer now refuses their literals), so the backends themselves
  /// are shown to survive vanishing and enormous geometry.
  func testDegenerateGeometryNeverTraps() throws {
    // An ellipse 1 x 1e-40: the edge slope was infinite (PNG, PPM).
    var flat = try scene("ellipse size 1x1")
    flat.items = flat.items.map { item in
      guard case .path(var path) = item else { return item }
      path.segments = path.segments.map { $0.mapPoints { Point($0.x, $0.y * 1e-40) } }
      return .path(path)
    }
    XCTAssertGreaterThan(renderEverywhere(flat), 0)

    // A 1e-9 x 1e9 canvas: the ASCII row count overflowed Int, and
    // columns * rows overflowed with --columns 2 --cell-aspect 0.4.
    var thin = try scene("canvas 1x1000000000")
    thin.viewport = Rect(x: 0, y: 0, width: 1e-9, height: 1e9)
    // SVG draws it; the raster and text formats refuse it (E0301/E0302).
    XCTAssertGreaterThan(renderEverywhere(thin), 0)
    var diagnostics: [Diagnostic] = []
    var ascii = ASCIIOptions()
    ascii.columns = 2
    ascii.cellAspect = 0.4
    XCTAssertNil(Pencil.render(thin, with: ASCIIBackend(options: ascii), diagnostics: &diagnostics))
    XCTAssertEqual(diagnostics.map(\.code), [BackendCodes.pictureTooLarge])

    // Text far outside a tiny canvas: the text column (and, at 1e-300,
    // the row) overflowed in CellGrid.write.
    for size in [1e-9, 1e-300] {
      var far = try scene("canvas 1x1\ntext \"hi\" at 1000000000,0")
      far.viewport = Rect(x: 0, y: 0, width: size, height: size)
      // The raster formats refuse a picture of no pixels; SVG and ASCII draw one.
      XCTAssertEqual(renderEverywhere(far, columns: [80], aspects: [2]), 2)
    }

    // A huge ellipse on a 1e-300 canvas: Wang's formula gave NaN pieces.
    var huge = try scene("canvas 1x1\nellipse size 1000000000x1000000000")
    huge.viewport = Rect(x: 0, y: 0, width: 1e-300, height: 1e-300)
    XCTAssertEqual(renderEverywhere(huge, columns: [80], aspects: [2]), 2, "SVG and ASCII")

    // Not-a-number and infinite coordinates have no area to add.
    for bad in [Double.nan, .infinity, -.infinity] {
      var broken = try scene(
        "canvas 10x10\nrect size 5x5 gradient=g fill=.red\ngradient g rgb leading to trailing { stop red; stop blue }")
      broken.items = broken.items.map { item in
        guard case .path(var path) = item else { return item }
        path.segments = path.segments.map { $0.mapPoints { Point($0.x * bad, $0.y) } }
        return .path(path)
      }
      XCTAssertGreaterThan(renderEverywhere(broken, columns: [8], aspects: [2]), 0)
    }
  }

  func testCheckedConversionsClamp() {
    XCTAssertEqual(clampedInt(Double.nan, -3, 7), -3)
    XCTAssertEqual(clampedInt(Double.infinity, -3, 7), 7)
    XCTAssertEqual(clampedInt(-Double.infinity, -3, 7), -3)
    XCTAssertEqual(clampedInt(1e300, 0, Int.max), Int.max)
    XCTAssertEqual(clampedInt(4.9, 0, 10), 4)
    XCTAssertEqual(clampedInt(Float.nan, 0, 255), 0)
    XCTAssertEqual(clampedInt(Float(300), 0, 255), 255)
  }

  // MARK: - Numbers

  func testNumbersBelowTheResolutionAreRefused() {
    for source in [
      "rect size 1x0.00000000000000000000000000000000000000000001",
      "canvas 0.000000001x1000000000", "rect size 10x10 opacity=0.00004", "rect size 10x10 opacity=-0.00001",
    ] {
      XCTAssertEqual(compile(source).diagnostics.map(\.code), [LexerCodes.invalidNumber], source)
    }
    // The smallest allowed magnitude, and zero however it is written.
    for source in ["rect size 0.0001x0.0001", "rect size 10x10 opacity=0.000", "rect size 10x10 opacity=-0"] {
      XCTAssertEqual(compile(source).diagnostics, [], source)
    }
  }

  func testNumbersAreExactWhateverTheirLength() throws {
    let zeros = String(repeating: "0", count: 400)
    let ir = IRPrinter.print(try scene("rect size 10x10 opacity=1.\(zeros)1 fill=red"))
    XCTAssertFalse(ir.contains("opacity=0"), ir)
    XCTAssertEqual(compile("rect size 1\(zeros)x1").diagnostics.map(\.code), [LexerCodes.invalidNumber])
    XCTAssertEqual(compile("rect size 1x1 opacity=0.\(zeros)").diagnostics, [])
    // Against the C library's correctly rounded conversion, on digit
    // strings long enough to leave the exact fast path.
    var random = SplitMix(seed: 7)
    for _ in 0..<2000 {
      let integerDigits = Int(random.next() % 9) + 1
      let fractionDigits = Int(random.next() % 40)
      var text = String(Int(random.next() % 9) + 1)
      for _ in 1..<integerDigits { text += String(random.next() % 10) }
      if fractionDigits > 0 {
        text += "."
        for _ in 0..<fractionDigits { text += String(random.next() % 10) }
      }
      var lexer = Lexer(bytes: Array(text.utf8))
      let token = lexer.next()
      XCTAssertEqual(token.kind, .number, text)
      XCTAssertEqual(token.first, Double(text), text)
    }
  }

  // MARK: - Strings and UTF-8

  func testLiteralReplacementCharacterIsValidUTF8() {
    XCTAssertEqual(compile("text \"a\u{FFFD}b\" at 0,20").diagnostics.map(\.code.id), ["W0006"])
    // Surrogates, overlong forms and values past U+10FFFF stay invalid.
    for bytes: [UInt8] in [[0xED, 0xA0, 0x80], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF8]] {
      let source = Array("text \"".utf8) + bytes + Array("\" at 0,20".utf8)
      let codes = Pencil.compile(SourceFile(name: "t", bytes: source)).diagnostics.map(\.code)
      XCTAssertTrue(codes.allSatisfy { $0 == LexerCodes.invalidUTF8 } && !codes.isEmpty, "\(bytes): \(codes)")
    }
  }

  func testSVGTextIsAlwaysWellFormedXML() throws {
    let svg = try XCTUnwrap(
      Pencil.render(
        try scene("text \"a\u{FFFE}b\u{FFFF}c\u{1}d<&>\" at 0,20"), with: SVGBackend(), diagnostics: &ignored))
    let text = String(decoding: svg, as: UTF8.self)
    XCTAssertTrue(text.contains("a\u{FFFD}b\u{FFFD}c\u{FFFD}d&lt;&amp;&gt;"), text)
    XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0xFFFF || $0.value == 1 })
  }

  private var ignored: [Diagnostic] = []
}

extension PathSegment {
  func mapPoints(_ transform: (Point) -> Point) -> PathSegment {
    switch self {
    case .move(let p): .move(transform(p))
    case .line(let p): .line(transform(p))
    case .cubic(let c1, let c2, let to): .cubic(control1: transform(c1), control2: transform(c2), to: transform(to))
    case .close: .close
    }
  }
}
