import PencilDiagnostics
import XCTest

@testable import PencilCore
@testable import PencilFont
@testable import PencilGeometry
@testable import PencilIR
@testable import PencilPNG

/// The built-in font's band, side bearings and coverage (README, "The
/// built-in font"; the band is documented in `GlyphData`).
final class FontTests: XCTestCase {
  private static let sizes = [11.0, 17.0, 56.0]

  /// The ink box of outlines in points (y down, as drawn).
  private func box(_ outlines: [[PathSegment]]) -> (minX: Double, maxX: Double, minY: Double, maxY: Double)? {
    var points: [Point] = []
    for segment in outlines.joined() {
      switch segment {
      case .move(let p), .line(let p): points.append(p)
      case .cubic(let a, let b, let p): points += [a, b, p]
      case .close: break
      }
    }
    guard !points.isEmpty else { return nil }
    let xs = points.map(\.x)
    let ys = points.map(\.y)
    return (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
  }

  /// A text item compiled from a scene, with its outlines drawn as the
  /// raster backends and `--text-as-paths` draw them.
  private func textItem(_ text: String, size: Double, bold: Bool) throws -> TextItem {
    let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    let scene = try XCTUnwrap(compile("text \"\(escaped)\" at 0,100 font=\(Int(size))").scene)
    guard case .text(var item)? = scene.items.first else { throw XCTSkip("no text item") }
    item.bold = bold
    return item
  }

  /// Every glyph, at 11, 17 and 56 pt, regular and bold: the ink lies
  /// within −3 − w/2 and 11 + w/2 in font units (13.4 + w/2 for the
  /// Latin letters, whose marks over capitals go above the cap height),
  /// and within its advance less the side bearing on each side.
  func testEveryGlyphStaysWithinTheBandAndItsSideBearings() throws {
    let coverage = StrokeFont.coverage
    XCTAssertGreaterThanOrEqual(coverage.count, 95 + 96 + 128)
    for size in Self.sizes {
      let unit = size / GlyphData.unitsPerEm
      for bold in [false, true] {
        let h = (bold ? GlyphData.boldStrokeWidth : GlyphData.strokeWidth) / 2
        for value in coverage {
          let glyph = try XCTUnwrap(StrokeFont.glyph(for: Unicode.Scalar(value)!))
          guard let ink = box(StrokeFont.outlines(of: glyph, at: Point(0, 0), fontSize: size, bold: bold)) else {
            continue
          }
          let top = (0xC0...0x17F).contains(value) ? GlyphData.upperMarkZone.upperBound : GlyphData.ascender
          let name = "U+\(String(value, radix: 16)) at \(size) pt\(bold ? " bold" : "")"
          XCTAssertLessThanOrEqual(-ink.minY / unit, top + h + 1e-9, name)
          XCTAssertGreaterThanOrEqual(-ink.maxY / unit, GlyphData.descender - h - 1e-9, name)
          XCTAssertGreaterThanOrEqual(ink.minX / unit, bold ? GlyphData.sideBearing - 1e-9 : 0, name)
          XCTAssertLessThanOrEqual(ink.maxX / unit, glyph.advance - (bold ? GlyphData.sideBearing : 0) + 1e-9, name)
        }
      }
    }
  }

  /// `E` (bars and mitred corners) and `H` (stems) span the same band:
  /// half a stroke beyond the baseline and the cap height.
  func testCapitalsShareTheCapBand() throws {
    for bold in [false, true] {
      let h = (bold ? GlyphData.boldStrokeWidth : GlyphData.strokeWidth) / 2
      for letter in "EHNOAMZ".unicodeScalars {
        let glyph = try XCTUnwrap(StrokeFont.glyph(for: letter))
        let ink = try XCTUnwrap(box(StrokeFont.outlines(of: glyph, at: Point(0, 0), fontSize: 14, bold: bold)))
        XCTAssertLessThanOrEqual(-ink.minY, GlyphData.capHeight + h + 1e-9, "\(letter)")
        XCTAssertGreaterThanOrEqual(-ink.maxY, -h - 1e-9, "\(letter)")
        if "EH".unicodeScalars.contains(letter) {
          XCTAssertEqual(-ink.minY, GlyphData.capHeight + h, accuracy: 1e-9, "\(letter)")
          XCTAssertEqual(-ink.maxY, -h, accuracy: 1e-9, "\(letter)")
        }
      }
    }
  }

  /// Neighbours never touch: in a string of every glyph, and in MM WW mm
  /// ww, the ink box of each glyph ends strictly before the next one's
  /// begins (a positive horizontal gap between consecutive glyphs'
  /// outline bounding boxes, measured where `forEachGlyph` puts them), at
  /// 11, 17 and 56 pt, regular and bold.
  func testNeighboursNeverTouch() throws {
    var all = ""
    for value in StrokeFont.coverage where value > 32 && value != 0xA0 && value != 0xAD {
      all.unicodeScalars.append(Unicode.Scalar(value)!)
    }
    for text in [all, "MM", "WW", "mm", "ww", "MWMW mwmw"] {
      for size in Self.sizes {
        for bold in [false, true] {
          let item = try textItem(text, size: size, bold: bold)
          var boxes: [(Int, (minX: Double, maxX: Double, minY: Double, maxY: Double))] = []
          StrokeFont.forEachGlyph(in: item) { glyph, id, origin in
            if let ink = box(StrokeFont.outlines(of: glyph, at: origin, fontSize: size, bold: bold)) {
              boxes.append((id, ink))
            }
          }
          XCTAssertEqual(boxes.count, text.unicodeScalars.filter { $0 != " " }.count)
          let least = 2 * GlyphData.sideBearing * size / GlyphData.unitsPerEm
          for (a, b) in zip(boxes, boxes.dropFirst()) {
            let gap = b.1.minX - a.1.maxX
            XCTAssertGreaterThan(gap, 0, "U+\(String(a.0, radix: 16)) U+\(String(b.0, radix: 16)) at \(size)")
            XCTAssertGreaterThanOrEqual(gap, least - 1e-9, "U+\(String(a.0, radix: 16)) U+\(String(b.0, radix: 16))")
          }
        }
      }
    }
  }

  /// At display sizes, in pixels too: a column of untouched background
  /// between the two letters of MM, WW, mm and ww at 34 and 56 pt. (At
  /// text sizes the gap, 1.45 units regular and 0.8 bold, is under two
  /// pixels, so anti-aliasing may leave no column wholly clear.)
  func testDoubledLettersLeaveAClearColumn() throws {
    for text in ["MM", "WW", "mm", "ww"] {
      for font in ["largeTitle", "56"] {
        let source = "canvas 160x80 background=white\ntext \"\(text)\" at 4,60 font=\(font)"
        let scene = try XCTUnwrap(compile(source).scene)
        var options = PPMOptions()
        options.plain = true
        var diagnostics: [Diagnostic] = []
        let ppm = try XCTUnwrap(Pencil.render(scene, with: PPMBackend(options: options), diagnostics: &diagnostics))
        let numbers = String(decoding: ppm, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
          .dropFirst(6).compactMap { Int($0) }
        let (width, height) = (160, 80)
        let inked = (0..<width).map { x in (0..<height).contains { y in numbers[(y * width + x) * 3] < 255 } }
        // Runs of inked columns: the two letters must be two runs.
        var runs = 0
        for x in 0..<width where inked[x] && (x == 0 || !inked[x - 1]) { runs += 1 }
        XCTAssertEqual(runs, 2, "\(text) font=\(font)")
      }
    }
  }

  /// "Café — 20 °C" draws without a replaced glyph, and the lookup's
  /// edges: a tab is a space, what lies beyond is the box.
  func testCafeDrawsWithoutBoxes() throws {
    let scene = try XCTUnwrap(compile("text \"Café — 20 °C\" at 0,20").scene)
    var diagnostics: [Diagnostic] = []
    _ = Pencil.render(scene, with: PPMBackend(), diagnostics: &diagnostics)
    XCTAssertEqual(diagnostics.map(\.code.id), [])
    var ids: [Int] = []
    guard case .text(let item)? = scene.items.first else { return XCTFail("no text") }
    StrokeFont.forEachGlyph(in: item) { _, id, _ in ids.append(id) }
    XCTAssertFalse(ids.contains(-1), "\(ids)")
    for text in "Ça–—‘’“”…•×÷°±¡¿«»·§¶©®¢£¥€µ¹²³½¼¾ªº¬¦\u{A0}ÀÿĀſßØøÆæÞþÐðŁłŒœĲĳ".unicodeScalars {
      XCTAssertTrue(StrokeFont.covers(text), "U+\(String(text.value, radix: 16))")
      XCTAssertEqual(TextMetrics.advance(of: text), StrokeFont.glyph(for: text)?.advance)
    }
    XCTAssertEqual(StrokeFont.glyph(for: "\t")?.advance, StrokeFont.glyph(for: " ")?.advance)
    XCTAssertEqual(StrokeFont.glyph(for: "\u{A0}")?.advance, StrokeFont.glyph(for: " ")?.advance)
    for missing in ["\u{1B}", "\u{7F}", "\u{180}", "\u{2015}", "\u{FFFF}", "\u{1F600}"] as [Unicode.Scalar] {
      XCTAssertFalse(StrokeFont.covers(missing), "U+\(String(missing.value, radix: 16))")
      XCTAssertEqual(TextMetrics.advance(of: missing), StrokeFont.replacement.advance)
    }
    // Every letter of Latin-1 and Latin Extended-A is drawn.
    for value in UInt32(0xC0)...0x17F {
      XCTAssertTrue(StrokeFont.covers(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
    }
  }
}
