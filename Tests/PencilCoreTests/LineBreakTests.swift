import XCTest

@testable import PencilGeometry

/// Wrapped text breaks where Unicode's line breaking allows inside a
/// word: after a hyphen between letters, and beside ideographs and kana,
/// never before closing punctuation or small kana nor after opening
/// punctuation; between letters only for a piece too wide alone.
final class LineBreakTests: XCTestCase {
  private func wrap(_ text: String, columns: Int) -> (lines: [String], broken: Double?) {
    // The width of `columns` letters 'n' at size 10.
    let width = TextMetrics.width(of: Substring(String(repeating: "n", count: columns)), size: 10)
    let (lines, broken) = TextMetrics.wrap(text, width: width, size: 10)
    return (lines, broken)
  }

  func testAHyphenatedWordBreaksAfterItsHyphens() {
    let (lines, broken) = wrap("a state-of-the-art pencil", columns: 11)
    XCTAssertEqual(lines, ["a state-of-", "the-art pencil"])
    XCTAssertNil(broken)
  }

  func testAHyphenBeforeADigitOrAtAWordsStartHoldsTogether() {
    XCTAssertEqual(LineBreaks.opportunities(in: "x-2".unicodeScalars[...]), [])
    XCTAssertEqual(LineBreaks.opportunities(in: "-5".unicodeScalars[...]), [])
    XCTAssertEqual(LineBreaks.opportunities(in: "--flag".unicodeScalars[...]), [])
    XCTAssertEqual(LineBreaks.opportunities(in: "well-known".unicodeScalars[...]), [5])
  }

  /// Japanese has no spaces: it breaks between characters without a
  /// warning, and punctuation keeps to its side.
  func testJapaneseBreaksBetweenCharactersKeepingPunctuationWithThem() {
    let text = "吾輩は「猫」である。名前はまだ無い。"
    let scalars = Array(text.unicodeScalars)
    let breaks = LineBreaks.opportunities(in: text.unicodeScalars[...])
    for offset in breaks {
      XCTAssertFalse(LineBreaks.closes(scalars[offset]), "a break before \(scalars[offset])")
      XCTAssertFalse(LineBreaks.opens(scalars[offset - 1]), "a break after \(scalars[offset - 1])")
    }
    // Between は and 「 yes; between 「 and 猫 no; between 猫 and 」 no.
    XCTAssertTrue(breaks.contains(3))
    XCTAssertFalse(breaks.contains(4))
    XCTAssertFalse(breaks.contains(5))
    let (lines, broken) = wrap(text, columns: 12)
    XCTAssertGreaterThan(lines.count, 1)
    XCTAssertEqual(lines.joined(), text)
    XCTAssertNil(broken)
    for line in lines.dropFirst() { XCTAssertFalse(line.hasPrefix("。") || line.hasPrefix("」"), line) }
  }

  /// A long paragraph of ideographs wraps in one pass: its pieces are
  /// walked forward, not counted from the paragraph's start each time.
  func testALongParagraphOfIdeographsWrapsWhole() {
    let text = String(repeating: "永", count: 100_000)
    let (lines, broken) = wrap(text, columns: 40)
    XCTAssertEqual(lines.joined(), text)
    XCTAssertGreaterThan(lines.count, 1_000)
    XCTAssertNil(broken)
  }

  /// Latin words without hyphens wrap at spaces as before, and a word too
  /// wide alone is still broken between letters, with the warning's width.
  func testLatinWrapsAtSpacesAndAWordTooWideBreaksBetweenLetters() {
    XCTAssertEqual(wrap("one two three", columns: 8).lines, ["one two", "three"])
    let (lines, broken) = wrap("incomprehensibilities", columns: 8)
    XCTAssertGreaterThan(lines.count, 1)
    XCTAssertNotNil(broken)
  }

  /// Never inside one visible character (an emoji and its skin tone, a
  /// kana and its combining mark, a joined emoji, a variation selector),
  /// nor before a hyphen, a soft hyphen, the ideographic space, '/' or
  /// '%'; after a hyphen between ideographs, and between closing and
  /// opening CJK punctuation, yes (a review's cases, UAX #14).
  func testBreaksKeepCharactersWholeAndPunctuationOnItsSide() {
    func breaks(_ text: String) -> [Int] { LineBreaks.opportunities(in: text.unicodeScalars[...]) }
    XCTAssertEqual(breaks("漢👍\u{1F3FD}"), [1])
    XCTAssertEqual(breaks("👨\u{200D}👩"), [])
    XCTAssertEqual(breaks("漢か\u{3099}"), [1])
    XCTAssertEqual(breaks("🌍\u{FE0F}漢"), [2])
    XCTAssertEqual(breaks("漢字-漢字"), [1, 3, 4])
    XCTAssertEqual(breaks("漢\u{00AD}字"), [2])
    XCTAssertEqual(breaks("漢字\u{3000}漢"), [1, 3])
    XCTAssertEqual(breaks("漢/字"), [2])
    XCTAssertEqual(breaks("漢%"), [])
    XCTAssertEqual(breaks("」「"), [1])
    XCTAssertEqual(breaks("f(x)(y)"), [])
  }
}
