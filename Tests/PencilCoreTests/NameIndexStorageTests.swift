import PencilDiagnostics
import XCTest

@testable import PencilQueries
@testable import PencilSema

/// The flat `NameIndex` and the parts of a rename's check made cheap: a
/// range moved by a binary search agrees with moving it past every edit,
/// and a word's classes worked out once agree with the word lists.
final class NameIndexStorageTests: XCTestCase {
  /// The move of `range` as the edits make it, walking every one.
  private func walked(_ range: SourceRange, _ ranges: [SourceRange], newLength: Int) -> SourceRange {
    var (start, end) = (range.start, range.end)
    for edit in ranges {
      let delta = newLength - (edit.end - edit.start)
      if edit == range {
        end = start + newLength
      } else if edit.end <= range.start {
        start += delta
        end += delta
      }
    }
    return SourceRange(start, end)
  }

  func testRenamedRangesMoveAsEachEditMovesThem() {
    var generator = SplitMix(seed: 0x5EED)
    for _ in 0..<200 {
      var ranges: [SourceRange] = []
      var at = Int.random(in: 0..<5, using: &generator)
      for _ in 0..<Int.random(in: 0..<8, using: &generator) {
        let length = Int.random(in: 1..<6, using: &generator)
        ranges.append(SourceRange(at, at + length))
        at += length + Int.random(in: 0..<6, using: &generator)
      }
      let newLength = Int.random(in: 1..<9, using: &generator)
      let shift = RenamePlan.Shift(ranges, newLength: newLength)
      for start in 0..<(at + 4) {
        for length in 1..<5 {
          let range = SourceRange(start, start + length)
          XCTAssertEqual(shift.moved(range), walked(range, ranges, newLength: newLength), "\(ranges) \(range)")
        }
      }
      for range in ranges { XCTAssertEqual(shift.moved(range), walked(range, ranges, newLength: newLength)) }
    }
  }

  func testEveryPlaceIsFoundWhereTheRecorderPutIt() {
    let text = """
      let w = 10
      color ink light=#111111 dark=#eeeeee
      component badge(tint: Color = .red) { rect size w x 4 fill=tint }
      for i in 0..<3 { badge tint=ink at i * 10, 0 size 4x4 }

      """
    let names = NameIndex(SourceFile(name: "t.pencil", text: text), importer: nil)
    // Every entry sorted and found again at its own start.
    XCTAssertEqual(names.entries.map(\.place), names.entries.map(\.place).sorted())
    for entry in names.entries {
      XCTAssertEqual(names.place(at: entry.place.range.start, in: "t.pencil")?.range, entry.place.range)
    }
    XCTAssertNil(names.place(at: 0, in: "other.pencil"))
    XCTAssertEqual(names.resolutions.count, names.entries.filter { $0.uses != nil }.count)
  }

  func testAWordsClassesAreWorkedOutOnceAndAgreeWithTheLists() {
    let text = "rect fill=salmon fill=Salmon hsb caption red .red none let rect wiggle"
    var words = WordClasses(bytes: Array(text.utf8))
    var offset = 0
    for word in text.split(separator: " ") {
      let start = offset + (word.first == "." ? 1 : 0)
      offset += word.utf8.count + 1
      let name = String(word.drop { $0 == "." }.split(separator: "=").last ?? "")
      let at = start + (word.utf8.count - (word.first == "." ? 1 : 0) - name.utf8.count)
      let classes = words.classes(of: SourceRange(at, at + name.utf8.count))
      XCTAssertEqual(classes.contains(.cssColor), CSSColors.rgba(named: name) != nil, name)
      XCTAssertEqual(classes.contains(.systemColor), SystemColors.entry(named: name) != nil, name)
      XCTAssertEqual(classes.contains(.function), Evaluator.functionNames.contains(name), name)
      XCTAssertEqual(classes.contains(.keyword), SemanticTokens.keywords.contains(name), name)
      XCTAssertEqual(classes.contains(.constant), SemanticTokens.constants.contains(name), name)
      XCTAssertEqual(classes.contains(.element), Checker.builtinElementNames.contains(name), name)
    }
  }
}
