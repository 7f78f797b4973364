import PencilSyntax
import XCTest

@testable import PencilGeometry
@testable import PencilIR
@testable import PencilLayout
@testable import PencilSema

/// Layout v3, SwiftUI's model: proposal and response in stacks, alignment,
/// padding, backgrounds, frames, spacers, hugging and wrapped text. Frames
/// are read back from the IR: a rect's bounding box, a text's anchor.
final class LayoutTests: XCTestCase {
  /// The items of a source that must compile without any diagnostic.
  private func items(_ source: String, line: UInt = #line) -> [DisplayItem] {
    let compilation = compile(source)
    XCTAssertEqual(compilation.diagnostics.map(\.message), [], line: line)
    return compilation.scene?.items ?? []
  }

  private func box(_ item: DisplayItem) -> Rect? {
    guard case .path(let path) = item else { return nil }
    return path.userSpaceBounds
  }

  private func boxes(_ source: String, line: UInt = #line) -> [Rect] {
    items(source, line: line).compactMap(box)
  }

  private func texts(_ source: String, line: UInt = #line) -> [TextItem] {
    items(source, line: line).compactMap { if case .text(let text) = $0 { text } else { nil } }
  }

  private func width(_ text: String, _ size: Double = 17) -> Double {
    TextMetrics.width(of: text[...], size: size)
  }

  func testTextIsMeasuredForTheAutomaticCanvas() throws {
    // v1 estimated 0.6 em a character and cut the last W.
    let scene = try XCTUnwrap(compile("text \"WIDE MMMM WWWW\" at 0,30 font=title").scene)
    XCTAssertEqual(scene.viewport.width, width("WIDE MMMM WWWW", 28).rounded(.up))
    XCTAssertGreaterThan(scene.viewport.width, 0.6 * 28 * 14)
  }

  func testAStackWithoutASizeHugsItsChildrenAndAlignsThem() {
    let source = "vstack at 0,0 spacing=10 ALIGN { rect size 20x10 fill=red; rect size 40x10 fill=blue }"
    let centred = boxes(source.replacingOccurrences(of: "ALIGN", with: ""))
    XCTAssertEqual(centred, [Rect(x: 10, y: 0, width: 20, height: 10), Rect(x: 0, y: 20, width: 40, height: 10)])
    let leading = boxes(source.replacingOccurrences(of: "ALIGN", with: "alignment=leading"))
    XCTAssertEqual(leading.map(\.x), [0, 0])
    let trailing = boxes(source.replacingOccurrences(of: "ALIGN", with: "alignment=trailing"))
    XCTAssertEqual(trailing.map(\.x), [20, 0])
    let scene = compile(source.replacingOccurrences(of: "ALIGN", with: "")).scene
    XCTAssertEqual(scene?.viewport, Rect(x: 0, y: 0, width: 40, height: 30))
  }

  func testASpacerTakesWhatIsLeftAlongTheAxisOnly() {
    let frames = boxes(
      "hstack at 0,0 size 100x20 spacing=0 { rect size 20x20 fill=red; spacer; rect size 30x20 fill=blue }")
    XCTAssertEqual(frames.map(\.x), [0, 70])
    // In a vstack, an hstack holding a spacer is as tall as its text: the
    // spacer gives way along the hstack only, and the vstack's own spacer
    // takes the rest.
    let column = items(
      """
      vstack at 0,0 size 100x200 spacing=0 {
        spacer
        hstack background=red { spacer; text "Save" }
      }
      """)
    let bar = try? XCTUnwrap(column.compactMap(box).first)
    XCTAssertEqual(bar?.height ?? 0, 17 * 1.2, accuracy: 1e-9)
    XCTAssertEqual(bar?.maxY ?? 0, 200, accuracy: 1e-9)
    XCTAssertEqual(bar?.width ?? 0, 100, accuracy: 1e-9)
  }

  func testFixedChildrenAnswerFirstAndFlexibleOnesShareTheRest() {
    let frames = boxes("hstack at 0,0 size 200x20 spacing=0 { rect fill=red; text \"Hi\"; rect fill=blue }")
    let share = (200 - width("Hi")) / 2
    XCTAssertEqual(frames.count, 2)
    XCTAssertEqual(frames[0].width, share, accuracy: 1e-9)
    XCTAssertEqual(frames[1].x, 200 - share, accuracy: 1e-9)
  }

  /// A settings row: icon, label, spacer, toggle. SwiftUI offers text its
  /// room before the spacer, which keeps only its least length (8): the
  /// label keeps its one line and the spacer takes the 100-odd points left.
  /// Only a row too narrow for the label wraps it.
  func testTextBesideASpacerKeepsItsLineUntilTheRowIsTooNarrow() throws {
    let label = width("Airplane Mode")
    func row(_ length: Double) -> (text: TextItem?, frames: [Rect]) {
      let all = items(
        """
        hstack at 0,0 size \(length)x44 spacing=8 {
          rect size 29x29 fill=orange
          text "Airplane Mode" align=leading
          spacer
          roundrect size 51x31 fill=green
        }
        """)
      return (all.compactMap { if case .text(let text) = $0 { text } else { nil } }.first, all.compactMap(box))
    }
    let wide = row(300)
    let text = try XCTUnwrap(wide.text)
    XCTAssertEqual(text.lines, ["Airplane Mode"])
    XCTAssertEqual(text.bounds.x, 29 + 8, accuracy: 1e-9)
    XCTAssertEqual(text.bounds.width, label, accuracy: 1e-9)
    // The spacer takes the rest: the toggle ends at the row's end.
    XCTAssertEqual(wide.frames.map(\.x), [0, 300 - 51])
    let spacer = 300 - 51 - 8 - (29 + 8 + label + 8)
    XCTAssertGreaterThan(spacer, 8)
    // Too narrow for the label and the spacer's 8 points: the label wraps.
    let squeezed = 29 + 51 + 3 * 8 + 8 + 0.8 * label
    XCTAssertLessThan(width("Airplane"), 0.8 * label)
    let narrow = row(squeezed)
    let wrapped = try XCTUnwrap(narrow.text)
    XCTAssertEqual(wrapped.lines, ["Airplane", "Mode"])
    XCTAssertEqual(narrow.frames.last?.maxX ?? 0, squeezed, accuracy: 1e-9)
    XCTAssertGreaterThanOrEqual(narrow.frames.last?.x ?? 0, wrapped.bounds.maxX + 8 + 8 + 8 - 1e-9)
  }

  func testPaddingAndBackgroundGoAroundTheMeasuredText() throws {
    let all = items("vstack at 0,0 { text \"Hi\" padding=10 background=red cornerRadius=4 }")
    let background = try XCTUnwrap(all.compactMap(box).first)
    XCTAssertEqual(background.width, width("Hi") + 20, accuracy: 1e-9)
    XCTAssertEqual(background.height, 17 * 1.2 + 20, accuracy: 1e-9)
    let text = try XCTUnwrap(all.compactMap { if case .text(let t) = $0 { t } else { nil } }.first)
    XCTAssertEqual(text.position.x, 10, accuracy: 1e-9)
    XCTAssertEqual(text.position.y, 10 + 0.9 * 17, accuracy: 1e-9)
    let perEdge = boxes("vstack at 0,0 { text \"Hi\" padding=10 padding.top=0 padding.horizontal=2 background=red }")
    XCTAssertEqual(perEdge.first?.height ?? 0, 17 * 1.2 + 10, accuracy: 1e-9)
    XCTAssertEqual(perEdge.first?.width ?? 0, width("Hi") + 4, accuracy: 1e-9)
  }

  func testWidthFillTakesTheWholeOfferAndFixedLengthsAreKept() {
    let frames = boxes(
      """
      vstack at 0,0 size 300x100 alignment=leading {
        text "Hi" padding=10 background=red width=fill
        rect width=50 height=8 fill=blue
      }
      """)
    XCTAssertEqual(frames.map(\.width), [300, 50])
    XCTAssertEqual(frames[1].height, 8)
    XCTAssertEqual(frames[1].x, 0)
  }

  func testTextWrapsAtSpacesToItsWidthAndLineLimitEndsInDots() throws {
    let oneWord = width("alpha")
    let wrapped = try XCTUnwrap(texts("vstack at 0,0 { text \"alpha beta gamma\" width=\(oneWord + 20) }").first)
    XCTAssertEqual(wrapped.lines, ["alpha", "beta", "gamma"])
    let limited = try XCTUnwrap(
      texts("vstack at 0,0 { text \"alpha beta gamma\" width=\(oneWord + 20) lineLimit=2 }").first)
    XCTAssertEqual(limited.lines.count, 2)
    XCTAssertTrue(limited.lines[1].hasSuffix("..."), limited.lines[1])
    // Text offered less than its width by a stack wraps too.
    let squeezed = try XCTUnwrap(
      texts("hstack at 0,0 size \(oneWord + 30)x100 spacing=0 { text \"alpha beta\"; rect width=20 fill=red }").first)
    XCTAssertEqual(squeezed.lines, ["alpha", "beta"])
  }

  func testAWordWiderThanItsFrameIsBrokenWithOneWarning() throws {
    let source = """
      for i in 0..<3 {
        vstack at 0, i * 40 { text "Supercalifragilistic" width=40 }
      }
      """
    let diagnostics = compile(source).diagnostics
    XCTAssertEqual(diagnostics.map(\.code), [LayoutCodes.textOverflow])
    XCTAssertTrue(diagnostics.first?.message.contains("its frame is 40") ?? false)
  }

  func testFirstTextBaselineLinesUpTextsOfDifferentSizes() throws {
    let placed = texts(
      "hstack at 0,0 alignment=firstTextBaseline { text \"Big\" font=largeTitle; text \"small\" font=caption }")
    XCTAssertEqual(placed.count, 2)
    XCTAssertEqual(placed[0].position.y, placed[1].position.y, accuracy: 1e-9)
    let top = texts("hstack at 0,0 alignment=top { text \"Big\" font=largeTitle; text \"small\" font=caption }")
    XCTAssertEqual(top[1].position.y, 0.9 * 12, accuracy: 1e-9)
  }

  func testZStackAlignsByUnitPoints() {
    let frames = boxes(
      "zstack at 0,0 size 100x100 alignment=bottomTrailing { rect fill=gray; rect size 10x10 fill=red }")
    XCTAssertEqual(frames.last, Rect(x: 90, y: 90, width: 10, height: 10))
  }

  func testAComponentUseHugsItsBodyAndTakesModifiers() throws {
    let source = """
      component tag(label: String) { text label padding=4 background=.blue }
      vstack at 0,0 alignment=leading spacing=2 { tag label="one"; tag label="three" padding=6 background=red }
      tag at 0,100 label="top level"
      """
    let frames = boxes(source)
    XCTAssertEqual(frames.count, 4)
    XCTAssertEqual(frames[0].width, width("one") + 8, accuracy: 1e-9)
    // The outer modifiers wrap the use: red behind, 6 points around the body.
    XCTAssertEqual(frames[1].width, width("three") + 8 + 12, accuracy: 1e-9)
    XCTAssertEqual(frames[2].x, frames[1].x + 6, accuracy: 1e-9)
    XCTAssertEqual([frames[3].x, frames[3].y], [0, 100])
    XCTAssertEqual(frames[3].width, width("top level") + 8, accuracy: 1e-9)
    XCTAssertEqual(frames[3].height, 17 * 1.2 + 8, accuracy: 1e-9)
  }

  func testAnOverflowingStackIsReportedOncePerPlace() throws {
    let source = """
      for i in 0..<5 {
        hstack at 0, i * 20 size 50x10 spacing=10 { rect size 30x10 fill=red; rect size 30x10 fill=blue }
      }
      """
    let diagnostics = compile(source).diagnostics
    XCTAssertEqual(diagnostics.map(\.code), [LayoutCodes.stackOverflow])
    XCTAssertTrue(diagnostics[0].message.contains("need 70 points but it has 50"), diagnostics[0].message)
  }

  func testModifierErrorsAndTheLaidOutTextLimit() {
    XCTAssertEqual(compile("spacer").diagnostics.map(\.code), [InterfaceCodes.spacerOutsideStack])
    XCTAssertEqual(
      compile("vstack at 0,0 { rect size 4x4 height=fill fill=red }").diagnostics.map(\.code),
      [InterfaceCodes.sizeAndFrame])
    let long = String(repeating: "word ", count: 20_001)
    XCTAssertEqual(
      compile("vstack at 0,0 { text \"\(long)\" }").diagnostics.map(\.code), [InterfaceCodes.textTooLong])
    // Placed with `at` and not wrapped, long text is not laid out: no limit.
    XCTAssertEqual(compile("text \"\(long)\" at 0,20").diagnostics.filter { $0.severity == .error }.count, 0)
  }

  func testDottedAttributeNamesParseAsOne() {
    XCTAssertEqual(compile("vstack at 0,0 { text \"x\" padding.top=4 }").diagnostics.map(\.message), [])
    let spaced = compile("vstack at 0,0 { text \"x\" padding. top=4 }").diagnostics
    XCTAssertEqual(spaced.first?.code, ParserCodes.expectedToken)
    let unknown = compile("vstack at 0,0 { text \"x\" padding.tpo=4 }").diagnostics
    XCTAssertEqual(unknown.first?.code, SemaCodes.unknownAttribute)
    XCTAssertEqual(unknown.first?.fixes.first?.edits.first?.newText, "padding.top")
  }
}
