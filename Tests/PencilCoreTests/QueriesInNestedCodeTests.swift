import PencilDiagnostics
import XCTest

@testable import PencilQueries

/// Hover, the outline, colours, completion and rename where the code
/// nests (component bodies, loops, `if` branches), inside the `\( … )` of
/// strings, and after a syntax error: the queries read the syntax tree,
/// and every one of these is a place the tree must be walked into.
final class QueriesInNestedCodeTests: XCTestCase {
  private let nested = """
    let gap = 8
    color ink = #223344
    component badge(tint: Color = .blue, label: String = "") {
      vstack spacing=gap {
        for item, n in [1, 2] {
          if n > 0 {
            text "\\(label) #\\(n + gap)" color=ink
          } else {
            rect size 4x4 fill=tint
          }
        }
      }
    }
    badge label="a \\(gap)"
    let total = (1 + 2) * gap

    """

  private func source(_ text: String) -> SourceFile { SourceFile(name: "main.pencil", text: text) }

  /// The offset of the `nth` (from 0) `needle` in `text`, plus `within`.
  private func offset(_ text: String, _ needle: String, _ nth: Int = 0, within: Int = 0) -> Int {
    var start = text.startIndex
    var found: Range<String.Index>? = nil
    for _ in 0...nth {
      guard let next = text.range(of: needle, range: start..<text.endIndex) else { return -1 }
      found = next
      start = next.upperBound
    }
    guard let found else { return -1 }
    return text.utf8.distance(from: text.startIndex, to: found.lowerBound) + within
  }

  /// The hover on the first byte after the start of `needle`'s `nth` place.
  private func hover(_ text: String, _ needle: String, _ nth: Int = 0, within: Int = 1) -> String? {
    HoverFacts.at(offset(text, needle, nth, within: within), in: source(text), scene: nil)?.markdown
  }

  func testHoverNamesInsideComponentsLoopsAndBranches() {
    // `gap` read in the stack of the component's body.
    XCTAssertEqual(hover(nested, "gap", 1), "```pencil\nlet gap = 8\n```")
    // `ink` read in an `if` branch inside a loop inside the component.
    XCTAssertEqual(hover(nested, "ink", 1), "```pencil\ncolor ink = #223344\n```")
    // A component used inside an `if` branch shows its signature.
    let used = nested.replacingOccurrences(of: "rect size 4x4 fill=tint", with: "badge tint=.red")
    XCTAssertEqual(
      hover(used, "badge", 1), "```pencil\ncomponent badge(tint: Color = .blue, label: String = \"\")\n```")
  }

  func testHoverAndColoursInInterpolatedStrings() {
    // A name inside `\( … )` of a string in a branch, and in a use's label.
    XCTAssertEqual(hover(nested, "gap", 2), "```pencil\nlet gap = 8\n```")
    XCTAssertEqual(hover(nested, "gap)\"", 0), "```pencil\nlet gap = 8\n```")
    // A colour literal inside a part is a colour like any other.
    let text = "text \"\\(#ff0000) and \\(\"\\(salmon)\")\"\n"
    let colors = ColorLiterals.find(in: source(text))
    XCTAssertEqual(colors.map(\.form), [.hex, .cssName])
    XCTAssertEqual(colors.map(\.range.start), [offset(text, "#ff0000"), offset(text, "salmon")])
    XCTAssertEqual(colors.map(\.range.end), [offset(text, "#ff0000", within: 7), offset(text, "salmon", within: 6)])
  }

  func testColourArgumentsAreNumbersAsTheCompilerReadsThem() {
    let text = "rect fill=rgb(255, -0, (10))\nrect fill=hsb(0.1, 0.2, 1 - 0.5)\nrect fill=rgb(!1, 0, 0)\n"
    let colors = ColorLiterals.find(in: source(text))
    XCTAssertEqual(colors.map(\.form), [.rgb])
    XCTAssertEqual(colors.first?.color.hex, "#ff000a")
    XCTAssertEqual(colors.first?.range, SourceRange(offset(text, "rgb"), offset(text, ")\n", within: 1)))
  }

  func testOutlineOfNestedDefinitionsAndAParenthesizedValue() {
    let symbols = DocumentOutline.symbols(in: source(nested))
    XCTAssertEqual(symbols.map(\.name), ["gap", "ink", "badge", "total"])
    XCTAssertEqual(symbols[2].detail, "(tint: Color = .blue, label: String = \"\")")
    // The whole value, its parentheses included.
    XCTAssertEqual(symbols[3].detail, "(1 + 2) * gap")
    XCTAssertEqual(
      symbols[3].range, SourceRange(offset(nested, "let total"), offset(nested, "* gap", within: 5)))
    // A name on the line after `NAME:` still names the element.
    let named = DocumentOutline.symbols(in: source("top:\n  rect size 4x4\n"))
    XCTAssertEqual(named.map(\.name), ["top"])
    XCTAssertEqual(named.first?.detail, "rect")
  }

  func testNamesAfterASyntaxError() {
    let text =
      "rect fill=\nlet c = red\ncircle fill=c size 4x4\nlet = 3\ncomponent card(tint: Color) {\n  rect fill=tint\n}\n"
    XCTAssertEqual(hover(text, "c size", within: 0), "```pencil\nlet c = red\n```")
    XCTAssertEqual(DocumentOutline.symbols(in: source(text)).map(\.name), ["c", "card"])
    // The broken `let` defines nothing; the component after it is offered.
    let start = Completions.at(text.utf8.count, in: source(text)).candidates.map(\.label)
    XCTAssertTrue(start.contains("card"), "\(start)")
    let values = Completions.at(offset(text, "red"), in: source(text)).candidates.map(\.label)
    XCTAssertFalse(values.contains("c"), "a let is visible after it is written")
  }

  func testCompletionOffersTheNamesOfTheBlocksAroundTheCursor() {
    let at = offset(nested, "ink", 1)
    let labels = Completions.at(at, in: source(nested)).candidates.map(\.label)
    for name in ["tint", "label", "item", "n", "gap"] { XCTAssertTrue(labels.contains(name), name) }
  }

  // MARK: rename

  private func rename(_ text: String, at needle: String, _ nth: Int = 0, to newName: String) -> String? {
    let before = NameIndex(source(text), importer: nil)
    guard let symbol = before.symbol(at: offset(text, needle, nth), in: "main.pencil"),
      RenamePlan.problem(with: newName, for: symbol) == nil
    else { return nil }
    let ranges = RenamePlan.ranges(of: symbol, in: [before])
    let renamed = RenamePlan.apply(ranges["main.pencil"] ?? [], newName: newName, to: Array(text.utf8))
    let after = NameIndex(SourceFile(name: "main.pencil", bytes: renamed), importer: nil)
    guard RenamePlan.verify(before: before, after: after, ranges: ranges, newName: newName) == nil else { return nil }
    return String(decoding: renamed, as: UTF8.self)
  }

  func testRenameReachesLoopsBranchesAndInterpolations() {
    let renamed = rename(nested, at: "gap", to: "space")
    XCTAssertEqual(renamed, nested.replacingOccurrences(of: "gap", with: "space"))
    let loop = rename(nested, at: "n in", to: "index")
    XCTAssertEqual(
      loop,
      nested.replacingOccurrences(of: "item, n in", with: "item, index in")
        .replacingOccurrences(of: "if n > 0", with: "if index > 0")
        .replacingOccurrences(of: "#\\(n + gap)", with: "#\\(index + gap)"))
  }

  func testRenameRefusesThePreludesComponentNames() {
    let text = "component card() { rect }\ncard at 0,0 size 4x4\n"
    let symbol = NameIndex(source(text), importer: nil).symbol(at: offset(text, "card"), in: "main.pencil")
    XCTAssertEqual(symbol.flatMap { RenamePlan.problem(with: "pencil", for: $0) }, "'pencil' is a built-in element")
    XCTAssertNil(symbol.flatMap { RenamePlan.problem(with: "pen", for: $0) })
  }
}
