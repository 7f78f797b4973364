import XCTest

@testable import PencilOpenType

/// CSS's font matching over one family's faces: the nearest width, then
/// the style, then the nearest weight by CSS's order for each range.
final class FontMatchingTests: XCTestCase {
  private func face(_ weight: Int, width: Int = 5, italic: Bool = false) -> FaceDescription {
    FaceDescription(
      path: "/f/\(weight)-\(width)-\(italic)", face: 0, family: "F", subfamily: "", weight: weight, width: width,
      italic: italic, monospaced: false)
  }

  private func weight(_ wanted: Int, among weights: [Int], italic: Bool = false) -> Int? {
    FontMatching.best(of: weights.map { face($0) }, weight: wanted, italic: italic)?.weight
  }

  func testAWeightPresentIsTaken() {
    XCTAssertEqual(weight(700, among: [100, 400, 700, 900]), 700)
  }

  /// 400 and 500 look up to 500 first, then down, then above 500.
  func testRegularAndMediumLookUpToFiveHundredThenDown() {
    XCTAssertEqual(weight(400, among: [300, 500, 600]), 500)
    XCTAssertEqual(weight(400, among: [300, 600]), 300)
    XCTAssertEqual(weight(450, among: [400, 600]), 400)
    XCTAssertEqual(weight(500, among: [600, 700]), 600)
  }

  /// Below 400 lighter first; above 500 heavier first.
  func testLightLooksLighterFirstAndBoldHeavierFirst() {
    XCTAssertEqual(weight(300, among: [200, 400]), 200)
    XCTAssertEqual(weight(300, among: [400, 500]), 400)
    XCTAssertEqual(weight(600, among: [500, 800]), 800)
    XCTAssertEqual(weight(800, among: [500, 700]), 700)
  }

  /// The style narrows before the weight: an italic of another weight
  /// wins over an upright of the weight asked for.
  func testItalicComesBeforeWeight() {
    let faces = [face(400), face(700), face(400, italic: true)]
    XCTAssertEqual(FontMatching.best(of: faces, weight: 700, italic: true), face(400, italic: true))
    XCTAssertEqual(FontMatching.best(of: faces, weight: 700, italic: false), face(700))
    // No italic at all: the upright faces are used.
    XCTAssertEqual(FontMatching.best(of: [face(400), face(700)], weight: 700, italic: true), face(700))
  }

  /// The width narrows first: condensed asks narrower first, expanded wider.
  func testWidthComesFirstNarrowerForCondensed() {
    let faces = [face(400, width: 3), face(700, width: 5), face(400, width: 7)]
    XCTAssertEqual(FontMatching.best(of: faces, weight: 700, width: 4)?.width, 3)
    XCTAssertEqual(FontMatching.best(of: faces, weight: 700, width: 6)?.width, 7)
    XCTAssertEqual(FontMatching.best(of: faces, weight: 400, width: 5)?.weight, 700)
    XCTAssertNil(FontMatching.best(of: [], weight: 400))
  }
}
