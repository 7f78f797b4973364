import XCTest

@testable import PencilGeometry
@testable import PencilLayout

/// Text is wrapped and measured once per text, font size, width and line
/// limit in a compile: a loop or a component repeating a long text does
/// not wrap it again each time (a 60 KB text in 2,000 iterations took 31 s).
final class TextMeasurementTests: XCTestCase {
  private let paragraph = String(repeating: "lorem ipsum dolor sit amet ", count: 200)

  func testARepeatedTextIsWrappedOncePerWidth() throws {
    let (scene, work, diagnostics) = lowerCountingWork(
      """
      let s = "\(paragraph)"
      vstack at 0,0 spacing=0 {
        for i in 0..<500 { text s width=300 }
        for i in 0..<500 { text s width=200 }
      }
      """)
    XCTAssertEqual(diagnostics.map(\.message), [])
    XCTAssertEqual(work.textWraps, 2)
    let texts = scene.items.compactMap { if case .text(let text) = $0 { text } else { nil } }
    XCTAssertEqual(texts.count, 1_000)
    let narrow = TextMetrics.wrap(paragraph, width: 200, size: 17).lines
    let wide = TextMetrics.wrap(paragraph, width: 300, size: 17).lines
    XCTAssertEqual(texts[0].lines, wide)
    XCTAssertEqual(texts[999].lines, narrow)
    XCTAssertEqual(Set(texts[..<500].map(\.text)).count, 1)
    // Each wrapped text stands 1.2 em a line below the one before.
    XCTAssertEqual(
      texts[1].position.y - texts[0].position.y, Double(wide.count) * 1.2 * 17, accuracy: 1e-6)
  }

  func testTheCacheIsBoundedAndAnswersAlikePastItsBound() {
    let cache = TextWrapCache(byteLimit: 4_096)
    var answers: [[String]] = []
    for round in 0..<2 {
      for width in stride(from: 100.0, through: 400, by: 50) {
        let wrapped = cache.wrap(paragraph, width: width, size: 17, lineLimit: nil)
        if round == 0 {
          answers.append(wrapped.lines)
        } else {
          XCTAssertEqual(wrapped.lines, answers[Int((width - 100) / 50)])
        }
        XCTAssertLessThanOrEqual(cache.heldBytes, 4_096)
      }
    }
    // A text larger than the bound is never kept: each ask wraps it.
    XCTAssertEqual(cache.wraps, 14)
    let small = TextWrapCache(byteLimit: 4_096)
    for _ in 0..<10 { _ = small.wrap("a short label", width: 40, size: 17, lineLimit: 2) }
    XCTAssertEqual(small.wraps, 1)
  }

  /// Measured in one pass over the scalars, as splitting into Characters
  /// measured it: a `\r\n` is one Character, not a line break.
  func testOnePassMeasuringAgreesWithTheLines() {
    for text in ["", "a", "ab\ncd", "\n\nwide line\n", "ab\r\ncd\nxyz", "é\u{301}\n日本語", "\r", "\r\n\n"] {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      let widest = lines.map { TextMetrics.width(of: $0, size: 17) }.max() ?? 0
      XCTAssertEqual(TextMetrics.width(of: text, size: 17), widest, accuracy: 1e-9, text.debugDescription)
      XCTAssertEqual(TextMetrics.lineCount(of: text), lines.count, text.debugDescription)
    }
  }
}
