import XCTest

@testable import PencilFont
@testable import PencilGeometry

/// Measuring text must not build the font: a glyph's advance depends on
/// its bold outline (the side bearings), and outlining every glyph takes
/// longer than the rest of checking a small scene. So the advances are a
/// table in the source, written from the font by this test
/// (`PENCIL_RECORD=1 swift test --filter GlyphAdvanceTests`), and the test
/// fails whenever the font and the table disagree.
final class GlyphAdvanceTests: XCTestCase {
  func testTheAdvanceTableIsTheFonts() {
    let file = Repository.root.appendingPathComponent("Sources/PencilGeometry/GlyphAdvances.swift")
    // The lookup below the generated tables is written by hand.
    let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    let generated = text.components(separatedBy: "\n\n  /// The advance of a scalar").first ?? ""
    if ProcessInfo.processInfo.environment["PENCIL_RECORD"] != nil, generated != Self.source() {
      let lookup = text.components(separatedBy: "\n\n  /// The advance of a scalar").dropFirst().first ?? ""
      try? (Self.source() + "\n\n  /// The advance of a scalar" + lookup).write(
        to: file, atomically: true, encoding: .utf8)
      XCTFail("recorded \(file.lastPathComponent)")
    }
    XCTAssertEqual(generated, Self.source(), "the font changed: record the table again")
  }

  func testMeasuringUsesTheTable() {
    for value in StrokeFont.coverage {
      guard let scalar = Unicode.Scalar(value), let glyph = StrokeFont.glyph(for: scalar) else { continue }
      XCTAssertEqual(TextMetrics.advance(of: scalar), glyph.advance, "U+\(String(value, radix: 16))")
    }
    XCTAssertEqual(TextMetrics.advance(of: "\u{4E00}"), StrokeFont.replacement.advance)
    XCTAssertEqual(TextMetrics.advance(of: "\t"), TextMetrics.advance(of: " "))
  }

  /// The table as Swift source.
  static func source() -> String {
    let limit = GlyphAdvances.directCount
    var direct: [String] = []
    for value in 0..<limit {
      let glyph = Unicode.Scalar(value).flatMap { StrokeFont.glyph(for: $0) }
      direct.append(glyph.map { "\($0.advance)" } ?? "-1")
    }
    let beyond = StrokeFont.coverage.filter { $0 >= limit }.compactMap { value in
      Unicode.Scalar(value).flatMap { StrokeFont.glyph(for: $0) }.map {
        "(0x\(String(value, radix: 16)), \($0.advance))"
      }
    }
    func lines(_ items: [String], perLine: Int) -> String {
      stride(from: 0, to: items.count, by: perLine).map { start in
        "    " + items[start..<min(items.count, start + perLine)].joined(separator: ", ") + ","
      }.joined(separator: "\n")
    }
    return """
      // Generated from the stroke font by GlyphAdvanceTests
      // (PENCIL_RECORD=1 swift test --filter GlyphAdvanceTests); do not edit.

      /// The advance of every glyph of the built-in font, in font units, side
      /// bearings included: what layout measures text with, without building
      /// the font's outlines (StrokeFont builds them when text is drawn).
      package enum GlyphAdvances {
        /// The code points below this are looked up directly.
        static let directCount: UInt32 = \(limit)
        /// U+0000 up to `directCount` by code point; -1 where the font has no glyph.
        static let direct: [Double] = [
      \(lines(direct, perLine: 5))
        ]
        /// The glyphs beyond, sorted by code point.
        static let beyond: [(UInt32, Double)] = [
      \(lines(beyond, perLine: 3))
        ]
        /// The box drawn for what the font lacks.
        static let replacement = \(StrokeFont.replacement.advance)
      """
  }
}
