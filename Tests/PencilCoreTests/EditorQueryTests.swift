import PencilDiagnostics
import XCTest

@testable import PencilCore
@testable import PencilQueries
@testable import PencilSema

/// The queries behind `pencilc lsp`, on byte offsets.
final class EditorQueryTests: XCTestCase {
  /// The source with `|` removed, and the offset where it was.
  private func cursor(_ text: String) -> (SourceFile, Int) {
    let bytes = Array(text.utf8)
    let offset = bytes.firstIndex(of: UInt8(ascii: "|")) ?? bytes.count
    return (SourceFile(name: "t.pencil", bytes: bytes.filter { $0 != UInt8(ascii: "|") }), offset)
  }

  private func labels(_ text: String) -> [String] {
    let (source, offset) = cursor(text)
    return Completions.at(offset, in: source).candidates.map(\.label)
  }

  func testStatementStartOffersKindsKeywordsAndTheFilesComponents() {
    let found = labels("component badge(tint: Color = .red) {\n  rect\n}\nvstack {\n  |\n}\n")
    for expected in ["rect", "roundrect", "text", "hstack", "pencil", "let", "for", "badge"] {
      XCTAssertTrue(found.contains(expected), expected)
    }
    XCTAssertFalse(found.contains("salmon"))
    XCTAssertEqual(labels("shape wave {\n  mo|\n}\n").first, "move")
    XCTAssertEqual(labels("gradient g rgb top to bottom {\n  |\n}\n"), ["stop"])
  }

  func testAttributesOfTheElementUnderTheCursorLessThoseGiven() {
    let text = labels("text \"hi\" font=title |")
    XCTAssertTrue(text.contains("color"))
    XCTAssertTrue(text.contains("lineLimit"))
    XCTAssertFalse(text.contains("font"))
    XCTAssertFalse(text.contains("fill"))
    XCTAssertTrue(labels("roundrect at 0,0 ra|").contains("radius"))
    XCTAssertFalse(labels("rect at 0,0 |").contains("radius"))
    let component = labels("component badge(tint: Color = .red) {\n  rect fill=tint\n}\nbadge |")
    XCTAssertEqual(component.first, "tint")
    XCTAssertTrue(component.contains("padding"))
  }

  func testValuesFollowTheAttributesKind() throws {
    XCTAssertEqual(labels("text \"x\" font=|"), ElementKinds.fontStyles.map(\.name))
    XCTAssertEqual(labels("line from 0,0 to 9,9 lineCap=|"), ["butt", "round", "square"])
    let colors = labels("rect fill=sal|")
    XCTAssertTrue(colors.contains("salmon"))
    XCTAssertTrue(colors.contains(".blue"))
    XCTAssertTrue(labels("component b(tint: Color = .red) { rect }\nb tint=|").contains("salmon"))
    XCTAssertTrue(labels("color brand light=|").contains(".blue"))
    XCTAssertTrue(labels("gradient g rgb top to bottom {\n  stop |\n}").contains("white"))
    XCTAssertTrue(labels("let base = 10\nrect at base + |").contains("base"))
  }

  func testADotNameReplacesTheDotToo() throws {
    let (source, offset) = cursor("rect fill=.bl|")
    let result = Completions.at(offset, in: source)
    XCTAssertEqual(result.replacing, SourceRange(10, 13))
    let blue = try XCTUnwrap(result.candidates.first { $0.label == ".blue" })
    XCTAssertEqual(blue.kind, .color)
    XCTAssertEqual(blue.documentation, "#007aff")
    XCTAssertTrue(blue.detail.contains("#0a84ff"))
    XCTAssertFalse(result.candidates.contains { $0.label == "salmon" })
    // A member, not a system colour: nothing is offered.
    XCTAssertEqual(labels("let c = red.|"), [])
  }

  func testColourLiteralsAndTheirPresentations() {
    let source = SourceFile(
      name: "t.pencil",
      text:
        "let salmon = 3\nrect fill=#ff000080 stroke=hsb(0, 1, 1) at 0,0 size 9x9\ntext \"a\" color=rgb(0, 128, 255) at 0,0\nrect fill=.red stroke=coral\n"
    )
    let literals = ColorLiterals.find(in: source)
    XCTAssertEqual(literals.map(\.form), [.hex, .hsb, .rgb, .systemName, .cssName])
    XCTAssertEqual(literals.map(\.color.hex), ["#ff000080", "#ff0000", "#0080ff", "#ff3b30", "#ff7f50"])
    XCTAssertEqual(literals[3].dark?.hex, "#ff453a")
    let picked = QueryColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    XCTAssertEqual(ColorLiterals.presentations(of: picked, preferring: .hsb).first, "hsb(0.083, 1, 1)")
    XCTAssertEqual(ColorLiterals.presentations(of: picked, preferring: .rgb).first, "rgb(255, 128, 0)")
    XCTAssertEqual(ColorLiterals.presentations(of: picked, preferring: .hex).first, "#ff8000")
  }

  func testHoverFacts() throws {
    func hover(_ text: String, compiled: Bool = false) -> String? {
      let (source, offset) = cursor(text)
      let scene = compiled ? Pencil.compile(source).scene : nil
      return HoverFacts.at(offset, in: source, scene: scene)?.markdown
    }
    let salmon = try XCTUnwrap(hover("rect fill=sal|mon"))
    XCTAssertTrue(salmon.contains("#fa8072") && salmon.contains("rgb(250, 128, 114)") && salmon.contains("hsb("))
    let system = try XCTUnwrap(hover("rect fill=.bl|ue"))
    XCTAssertTrue(system.contains("light") && system.contains("#0a84ff"))
    let signature = hover("component badge(tint: Color = .red) {\n  rect\n}\nbad|ge tint=.blue\n")
    XCTAssertEqual(signature, "```pencil\ncomponent badge(tint: Color = .red)\n```")
    XCTAssertTrue(hover("pen|cil at 0,0 size 20x100")?.contains("component pencil(color: Color") ?? false)
    let frame = try XCTUnwrap(hover("canvas 100x100\nre|ct at 10,20 size 30x40 fill=red\n", compiled: true))
    XCTAssertTrue(frame.contains("x 10, y 20, 30 × 40"), frame)
    let stack = try XCTUnwrap(
      hover(
        "canvas 100x100\nvs|tack at 0,0 {\n  rect size 10x10 fill=red\n  rect size 10x10 fill=red\n}\n", compiled: true)
    )
    XCTAssertTrue(stack.contains("10 × "), stack)
  }

  func testOutlineNestsNamedElementsInDefinitions() {
    let source = SourceFile(
      name: "t.pencil",
      text:
        "let gap = 4\ncolor brand = #123456\ngradient g rgb top to bottom { stop red; stop blue }\ncomponent card(title: String = \"x\") {\n  vstack {\n    heading: text title\n  }\n}\nmain: hstack {\n  dot: ellipse size 4x4\n}\n"
    )
    let symbols = DocumentOutline.symbols(in: source)
    XCTAssertEqual(symbols.map(\.name), ["gap", "brand", "g", "card", "main"])
    XCTAssertEqual(symbols.map(\.kind), [.value, .colorSet, .gradient, .component, .element])
    XCTAssertEqual(symbols[3].children.map(\.name), ["heading"])
    XCTAssertEqual(symbols[3].detail, "(title: String = \"x\")")
    XCTAssertEqual(symbols[4].children.map(\.name), ["dot"])
    XCTAssertEqual(symbols[4].detail, "hstack")
  }

  func testQueriesNeverTrapOnAnyOffset() {
    let text = "canvas 100x100\ntext \"日本😀\" at 0,20 color=.rde font=\nrect fill=#zz|\n\u{0}vstack {"
    let source = SourceFile(name: "t.pencil", text: text)
    let scene = Pencil.compile(source).scene
    for offset in -2...(source.bytes.count + 2) {
      _ = Completions.at(offset, in: source)
      _ = HoverFacts.at(offset, in: source, scene: scene)
    }
  }

  func testNothingIsOfferedInsideAComment() {
    XCTAssertEqual(labels("rect size 4x4 // a col|"), [])
    XCTAssertEqual(labels("// |\n"), [])
    XCTAssertEqual(labels("/* a\n re|"), [])
    XCTAssertEqual(labels("rect /* fill */ |").contains("fill"), true)
    // After a line comment, on the next line, statements are offered again.
    XCTAssertTrue(labels("// note\n|").contains("rect"))
  }
}
