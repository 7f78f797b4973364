import XCTest

@testable import PencilSema

/// Statements are checked as they are parsed; what names something defined
/// further on waits for the end. The results must be those of checking the
/// whole file at once.
final class CheckSessionTests: XCTestCase {
  func testForwardReferencesResolveAtTheEnd() throws {
    let later = compile(
      """
      canvas 100x100 background=shine
      flag at 0,0 size 10x10 gradient=shine fill=.red
      pencil at 20,0 size 10x40 color=.blue
      zstack at 40,0 size 20x20 { flag fill=.green }
      shape flag { move 0,0; line 1,0; line 0,1; close }
      gradient shine hsb leading to trailing { stop b=1; stop b=0.5 }
      """)
    XCTAssertEqual(later.diagnostics.map(\.code), [SemaCodes.unknownColor])
    XCTAssertTrue(later.diagnostics[0].message.contains("'shine' is a gradient"), later.diagnostics[0].message)
    let scene = try XCTUnwrap(
      compile(
        """
        flag at 0,0 size 10x10 gradient=shine fill=.red
        pencil at 20,0 size 10x40 color=.blue
        zstack at 40,0 size 20x20 { flag fill=.green }
        shape flag { move 0,0; line 1,0; line 0,1; close }
        gradient shine hsb leading to trailing { stop b=1; stop b=0.5 }
        """
      ).scene)
    // Paint order is source order, whichever statements waited.
    let ranges = scene.items.compactMap { item -> Int? in
      if case .path(let path) = item { return path.sourceRange.start } else { return nil }
    }
    XCTAssertEqual(ranges, ranges.sorted())
    XCTAssertEqual(scene.items.count, 5)
  }

  func testTheFirstCanvasStaysFirstWhenItWaits() {
    let result = compile(
      """
      canvas 100x100 background=later
      canvas 50x50
      gradient later rgb leading to trailing { stop red; stop blue }
      """)
    XCTAssertEqual(
      result.diagnostics.map(\.code), [SemaCodes.unknownColor, SemaCodes.secondCanvas, SemaCodes.unusedGradient])
    XCTAssertEqual(result.diagnostics[1].range.start, 32)
  }

  func testUnknownNamesAreReportedOnceWithSuggestions() {
    let result = compile(
      "penicl at 0,0 size 10x40\nrect size 10x10 gradient=shnie\ngradient shine rgb leading to trailing { stop red; stop blue }"
    )
    XCTAssertEqual(result.diagnostics.map(\.code), [SemaCodes.unknownElement, SemaCodes.unknownGradient])
    XCTAssertEqual(
      result.diagnostics.map { $0.fixes.first?.message }, ["did you mean 'pencil'?", "did you mean 'shine'?"])
  }
}
