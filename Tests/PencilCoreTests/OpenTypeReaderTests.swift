import Foundation
import PencilGeometry
import XCTest

@testable import PencilOpenType

/// The OpenType reader on fonts built byte by byte (`SyntheticFont`), on
/// every truncation and thousands of bit flips of them and of a system
/// font (a malformed font is an error, never a trap), and on the system's
/// DejaVu Sans where it is installed. scripts/font-check.py compares the
/// reader with fontTools on every installed font.
final class OpenTypeReaderTests: XCTestCase {
  func testAFontsMetricsNamesAndStyleAreRead() throws {
    let font = try OpenTypeFont(SyntheticFont.fourGlyphs().bytes)
    XCTAssertEqual(font.unitsPerEm, 1000)
    XCTAssertEqual(font.glyphCount, 4)
    XCTAssertEqual([font.ascender, font.descender, font.lineGap], [800, -200, 90])
    XCTAssertEqual(font.capHeight, 700)
    XCTAssertEqual(font.xHeight, 480)
    // The typographic family and subfamily (names 16 and 17) win.
    XCTAssertEqual(font.names.family, "Test Sans")
    XCTAssertEqual(font.names.subfamily, "Bold Italic")
    XCTAssertEqual(font.style, FontStyle(weight: 700, width: 3, italic: true, monospaced: true))
  }

  /// A symbol font's names are Windows records of encoding 0 (a review's case: its family was empty).
  func testASymbolFontsNamesAreRead() throws {
    var font = SyntheticFont.fourGlyphs()
    font.tables.removeAll { $0.tag == "name" }
    font.add("name", SyntheticFont.names([(1, "Symbols"), (2, "Regular")], encoding: 0))
    XCTAssertEqual(try OpenTypeFont(font.bytes).names.family, "Symbols")
  }

  func testCharactersMapThroughFormat4AndFormat12() throws {
    let short = try OpenTypeFont(SyntheticFont.fourGlyphs().bytes)
    // 'A' and 'B' by delta, 'C' through the glyph array.
    XCTAssertEqual(["A", "B", "C", "D"].map { short.glyph(for: Unicode.Scalar($0)!) }, [1, 2, 3, 0])
    XCTAssertEqual(short.glyph(for: "😀"), 0)
    let long = try OpenTypeFont(SyntheticFont.fourGlyphs(format12: true).bytes)
    XCTAssertEqual(["A", "C", "😀", "@"].map { long.glyph(for: Unicode.Scalar($0)!) }, [1, 3, 3, 0])
  }

  func testGlyphsPastTheMetricsTakeTheLastAdvance() throws {
    let font = try OpenTypeFont(SyntheticFont.fourGlyphs().bytes)
    XCTAssertEqual((0...4).map { font.advance(of: UInt16($0)) }, [500, 600, 700, 700, 0])
  }

  func testKernTablePairsAreFound() throws {
    let font = try OpenTypeFont(SyntheticFont.fourGlyphs().bytes)
    XCTAssertEqual(font.kerning(1, 2), -50)
    XCTAssertEqual(font.kerning(2, 1), 0)
  }

  func testASquaresOnCurvePointsAreJoinedByLines() throws {
    let font = try OpenTypeFont(SyntheticFont.fourGlyphs().bytes)
    XCTAssertEqual(
      try font.outline(of: 1),
      [
        .move(Point(0, 0)), .line(Point(400, 0)), .line(Point(400, 400)), .line(Point(0, 400)), .line(Point(0, 0)),
        .close,
      ])
    XCTAssertEqual(try font.outline(of: 0), [])
  }

  /// Four off-curve points: each on-curve point is implied midway between
  /// two, and each quadratic is the cubic with controls 2/3 of the way to
  /// its control point.
  func testImpliedOnCurvePointsLieMidwayBetweenOffCurveOnes() throws {
    let font = try OpenTypeFont(SyntheticFont.fourGlyphs().bytes)
    let outline = try font.outline(of: 2)
    XCTAssertEqual(outline.first, .move(Point(50, 50)))
    XCTAssertEqual(outline.count, 6)
    guard case .cubic(let c1, let c2, let end) = outline[1] else { return XCTFail("\(outline)") }
    // From (50, 50) through the control (100, 0) to (150, 50).
    XCTAssertEqual(end, Point(150, 50))
    XCTAssertEqual(c1.x, 50 + 2 * 50 / 3.0, accuracy: 1e-9)
    XCTAssertEqual(c1.y, 50 - 2 * 50 / 3.0, accuracy: 1e-9)
    XCTAssertEqual(c2.x, 150 - 2 * 50 / 3.0, accuracy: 1e-9)
    guard case .cubic(_, _, let last) = outline[4] else { return XCTFail("\(outline)") }
    XCTAssertEqual(last, Point(50, 50))
  }

  func testACompositePlacesItsComponentsMovedAndScaled() throws {
    let font = try OpenTypeFont(SyntheticFont.fourGlyphs().bytes)
    let (points, ends) = try font.contours(of: 3)
    XCTAssertEqual(ends, [3, 7])
    XCTAssertEqual(
      points.prefix(4).map { Point($0.x, $0.y) },
      [
        Point(100, 50), Point(500, 50), Point(500, 450), Point(100, 450),
      ])
    XCTAssertEqual(
      points.suffix(4).map { Point($0.x, $0.y) },
      [
        Point(50, 0), Point(100, 50), Point(50, 100), Point(0, 50),
      ])
    XCTAssertEqual(points.map(\.onCurve), [true, true, true, true, false, false, false, false])
  }

  /// Every prefix of a font and thousands of its bytes flipped are read,
  /// every glyph outlined and every pair kerned: each is a value or a
  /// `FontError`, and none traps (the test fails by crashing).
  func testEveryTruncationAndBitFlipIsAnErrorNotATrap() throws {
    var fonts: [[UInt8]] = [SyntheticFont.fourGlyphs().bytes, SyntheticFont.fourGlyphs(format12: true).bytes]
    var errors = 0
    for bytes in fonts {
      for length in 0..<bytes.count where !Self.readsWhole(Array(bytes.prefix(length))) { errors += 1 }
    }
    XCTAssertGreaterThan(errors, 0)
    for path in [Self.dejaVu, Self.inter] {
      if let system = FileManager.default.contents(atPath: path) { fonts.append(Array(system)) }
    }
    var random = FontMutations(state: 25)
    // PENCIL_FONT_MUTATIONS=N mutates each font N times (a longer hunt).
    let asked = ProcessInfo.processInfo.environment["PENCIL_FONT_MUTATIONS"].flatMap { Int($0) }
    for bytes in fonts {
      for _ in 0..<(asked ?? (bytes.count > 10_000 ? 100 : 2000)) {
        var mutated = bytes
        for _ in 0..<4 {
          let index = Int(random.next() % UInt64(mutated.count))
          mutated[index] ^= UInt8(truncatingIfNeeded: random.next() | 1)
        }
        _ = Self.readsWhole(mutated)
      }
    }
  }

  /// Reads everything of a font; whether all of it read without an error.
  private static func readsWhole(_ bytes: [UInt8]) -> Bool {
    guard let font = try? OpenTypeFont(bytes) else { return false }
    var whole = true
    let glyphs = min(font.glyphCount, 600)
    for glyph in 0..<glyphs {
      if (try? font.outline(of: UInt16(glyph))) == nil { whole = false }
    }
    for scalar in (0x20...0x7E).compactMap(Unicode.Scalar.init) {
      let glyph = font.glyph(for: scalar)
      _ = font.advance(of: glyph)
      _ = font.kerning(glyph, font.glyph(for: "A"))
    }
    return whole
  }

  static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  static let inter = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
  static let notoCJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

  /// CFF outlines: Inter (Debian's fonts-inter is OpenType with CFF) and a
  /// CID-keyed face of Noto Sans CJK's collection, whose glyphs take their
  /// local subroutines from the Font DICT FDSelect names.
  func testCFFOutlinesAreRead() throws {
    guard let inter = FileManager.default.contents(atPath: Self.inter),
      let cjk = FileManager.default.contents(atPath: Self.notoCJK)
    else {
      throw XCTSkip("Inter or Noto Sans CJK is not installed (apt-get install fonts-inter fonts-noto-cjk)")
    }
    let font = try OpenTypeFont(Array(inter))
    XCTAssertTrue(font.hasCFFOutlines)
    XCTAssertEqual(font.names.family, "Inter")
    // 'o' is two closed contours of curves.
    let o = try font.outline(of: font.glyph(for: "o"))
    XCTAssertEqual(o.filter { if case .move = $0 { true } else { false } }.count, 2)
    XCTAssertEqual(o.filter { $0 == .close }.count, 2)
    XCTAssertTrue(o.contains { if case .cubic = $0 { true } else { false } })
    XCTAssertEqual(try FontFile.faceOffsets(Array(cjk)).count, 10)
    let japanese = try OpenTypeFont(Array(cjk), face: 0)
    let eternity = japanese.glyph(for: "永")
    XCTAssertNotEqual(eternity, 0)
    XCTAssertGreaterThan(try japanese.outline(of: eternity).count, 20)
  }

  /// DejaVu Sans (Debian's fonts-dejavu-core): values fontTools reads.
  func testDejaVuSansIsReadAsFontToolsReadsIt() throws {
    guard let data = FileManager.default.contents(atPath: Self.dejaVu) else {
      throw XCTSkip("\(Self.dejaVu) is not installed (apt-get install fonts-dejavu-core)")
    }
    let font = try OpenTypeFont(Array(data))
    XCTAssertEqual(font.names.family, "DejaVu Sans")
    XCTAssertEqual(font.unitsPerEm, 2048)
    let (a, v) = (font.glyph(for: "A"), font.glyph(for: "V"))
    XCTAssertEqual([Int(a), Int(v)], [36, 57])
    XCTAssertEqual(font.advance(of: a), 1401)
    XCTAssertLessThan(font.kerning(a, v), 0)
    XCTAssertFalse(try font.outline(of: a).isEmpty)
  }
}

/// The mutation test's deterministic random numbers (SplitMix64).
struct FontMutations: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
