import XCTest

@testable import PencilCore
@testable import PencilIR
@testable import PencilSema

/// Text styles as values: `.headline` in an expression (SwiftUI's Font),
/// held by a `let`, passed as a `Font` parameter, picked by `?:`.
final class TextStyleValueTests: XCTestCase {
  private func sizes(_ text: String) throws -> [Double] {
    let compilation = compile("canvas 200x200\n" + text)
    XCTAssertEqual(compilation.diagnostics.map(\.code.id), [], "\(compilation.diagnostics.map(\.message))")
    return try XCTUnwrap(compilation.scene).items.compactMap { if case .text(let t) = $0 { t.fontSize } else { nil } }
  }

  func testAStyleWithADotIsAValue() throws {
    XCTAssertEqual(
      try sizes("let s = .title\ntext \"a\" at 0,50 font=s\ntext \"b\" at 0,100 font=.largeTitle"), [28, 34])
  }

  func testTheBareNameStaysTheAttributesShorthand() throws {
    XCTAssertEqual(try sizes("text \"a\" at 0,20 font=headline"), [17])
  }

  func testAFontParameterTakesAStyleAndADefault() throws {
    let component = "component label(t: String, style: Font = .caption) { text t font=style }\n"
    XCTAssertEqual(try sizes(component + "label t=\"a\" at 0,0\nlabel t=\"b\" at 0,50 style=.title2"), [12, 22])
  }

  func testAConditionalPicksAStyle() throws {
    XCTAssertEqual(try sizes("let big = true\ntext \"a\" at 0,50 font=big ? .title : .body"), [28])
  }

  func testAListOfFontsTakesStylesAndSizes() throws {
    XCTAssertEqual(
      try sizes("component c(f: [Font]) { text \"x\" font=f[1] }\nc f=[.headline, 30] at 0,20"), [30])
  }

  func testAStyleIsNoNumberAndNoColour() {
    XCTAssertEqual(
      compile("canvas 10x10\nrect at 0,0 size 5x5 opacity=.headline").diagnostics.map(\.code.id), ["E0207"])
    XCTAssertEqual(
      compile("canvas 10x10\ncomponent c(s: Font) { text \"a\" font=s }\nc s=.red at 0,0").diagnostics.map(\.code.id),
      ["E0207"])
  }
}
