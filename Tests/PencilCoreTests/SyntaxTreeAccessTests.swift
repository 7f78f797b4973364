import PencilDiagnostics
import PencilSyntax
import XCTest

/// The tree's accessors that read it in place (`SyntaxTree+Access.swift`)
/// agree with the ones that build arrays, on every node of a sample and of
/// broken input; and the parts of interpolated strings parse as trees.
final class SyntaxTreeAccessTests: XCTestCase {
  private func tree(_ text: String) -> SyntaxTree {
    SyntaxTreeRoundTripTests.tree(Array(text.utf8))
  }

  func testInPlaceAccessorsAgreeWithTheArrayOnes() throws {
    let sample = try String(contentsOf: Repository.samples.appendingPathComponent("showcase.pencil"), encoding: .utf8)
    for text in [sample, "let = 3\nrect size 10x10 fill=\nx: let y = 1\n}\ntext \"a \\(1 + 2) b\" at 3 -2\n", ""] {
      let tree = tree(text)
      for index in tree.nodes.indices {
        let id = SyntaxNodeID(index)
        var children: [SyntaxNodeID] = []
        tree.forEachChild(id) { children.append($0) }
        XCTAssertEqual(children, tree.children(id))
        XCTAssertEqual(tree.childCount(id), children.count)
        XCTAssertEqual(tree.firstChild(id), children.first)
        XCTAssertEqual(tree.lastChild(id), children.last)
        for kind in [SyntaxKind.block, .attribute, .name] {
          XCTAssertEqual(tree.firstChild(id, kind), children.first { tree.kind($0) == kind })
        }
        var own: [Int] = []
        tree.forEachOwnToken(id) { own.append($0) }
        XCTAssertEqual(own, tree.ownTokens(id))
        XCTAssertEqual(tree.ownToken(id, at: 1), own.count > 1 ? own[1] : nil)
      }
    }
  }

  func testTokensNamesAndStrings() {
    let tree = tree("let width = \"a\\tb\"\n")
    XCTAssertTrue(tree.isWord(0, "let"))
    XCTAssertFalse(tree.isWord(0, "le"))
    XCTAssertEqual(tree.name(ofToken: 1), Name("width"))
    XCTAssertEqual(Array(tree.bytes(ofToken: 1)), Array("width".utf8))
    XCTAssertEqual(tree.range(ofToken: 1), SourceRange(4, 9))
    XCTAssertEqual(tree.string(ofToken: 3), "a\tb")
    XCTAssertNil(tree.string(ofToken: 1))
    XCTAssertFalse(tree.isInterpolated(token: 3))
  }

  func testTheContentRangeLeavesOutTheLineBreakAndWhatRecoverySkipped() {
    let text = "rect fill=red\nrect fill=red 3 4\nlet x = 1;\n"
    let tree = tree(text)
    let statements = SourceFileSyntax(unchecked: tree.root).statements(in: tree)
    XCTAssertEqual(
      statements.map { tree.contentRange($0.id) }, [SourceRange(0, 13), SourceRange(14, 27), SourceRange(32, 41)])
    XCTAssertEqual(statements.map { tree.range($0.id).end }, [14, 32, 42])
  }

  func testThePartsOfAnInterpolatedStringAreTreesAtTheFilesOffsets() throws {
    let text = "text \"a \\(x + 1) b \\(\"\\(y)\")\"\n"
    let tree = tree(text)
    let token = try XCTUnwrap(tree.tokens.indices.first { tree.isInterpolated(token: $0) })
    let parts = tree.interpolationTrees(ofToken: token)
    XCTAssertEqual(
      parts.map { SyntaxTreePrinter.print($0) },
      ["binary '+'\n  name 'x'\n  numberLiteral '1'\n", "interpolatedString '\"\\(y)\"'\n"])
    XCTAssertEqual(parts.first.map { $0.range($0.root) }, SourceRange(10, 15))
    // The nested string's part, one level further in.
    let inner = parts[1]
    XCTAssertEqual(inner.interpolationTrees(ofToken: 0, depth: 1).map { $0.range($0.root) }, [SourceRange(24, 25)])
    XCTAssertEqual(inner.interpolationTrees(ofToken: 0, depth: Parser.maximumDepth).count, 0)
    XCTAssertEqual(tree.interpolationTrees(ofToken: 0).count, 0)
  }

  func testTheKindOfANamedElement() {
    let tree = tree("top:\n  rect size 4x4\nhstack\n")
    let elements = SourceFileSyntax(unchecked: tree.root).statements(in: tree).map { ElementSyntax(unchecked: $0.id) }
    XCTAssertEqual(elements.map { $0.kindToken(in: tree).map { tree.text(token: $0) } }, ["rect", "hstack"])
  }
}
