import Foundation
import PencilDiagnostics
import PencilSyntax
import XCTest

/// The syntax tree is lossless and well formed: every byte of every file
/// we have is in it once, in order, and its nodes nest as postorder says.
final class SyntaxTreeRoundTripTests: XCTestCase {
  /// Every sample, fixture, fuzz regression and documentation example.
  static func corpus() throws -> [(name: String, bytes: [UInt8])] {
    var found: [(String, [UInt8])] = []
    let roots = [Repository.samples, Repository.fixtures, Repository.root.appendingPathComponent("Fuzz/regressions")]
    for root in roots {
      let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
      while let url = walker?.nextObject() as? URL {
        guard url.pathExtension == "pencil" else { continue }
        found.append((url.path, [UInt8](try Data(contentsOf: url))))
      }
    }
    for block in try DocumentationExamples.all() { found.append((block.name, Array(block.source.utf8))) }
    return found
  }

  func testEveryFileWeHavePrintsBackExactly() throws {
    let corpus = try Self.corpus()
    for part in ["samples/", "Fixtures/", "Fuzz/regressions/", "README.md block", "docs/tutorial.md block"] {
      XCTAssertTrue(corpus.contains { $0.name.contains(part) }, "\(part) files were found")
    }
    XCTAssertGreaterThan(corpus.count, 60)
    for (name, bytes) in corpus {
      let tree = Self.tree(bytes)
      XCTAssertEqual(tree.printed(), bytes, name)
      Self.checkStructure(tree, name)
    }
  }

  func testBrokenInputsPrintBackExactly() {
    let inputs: [String: [UInt8]] = [
      "unterminated string": Array("text \"open\nrect size 10x10\n".utf8),
      "unterminated interpolation": Array("text \"a \\(1 + \nrect".utf8),
      "unterminated comment": Array("rect size 10x10 /* never closed\n\n".utf8),
      "stray bytes": Array("rect @ size 10x10 ` fill=red\n} }\n".utf8),
      "invalid UTF-8": [
        0x72, 0x65, 0x63, 0x74, 0x20, 0xFF, 0xC0, 0x0A, 0x74, 0x65, 0x78, 0x74, 0x20, 0x22, 0xE2, 0x22,
      ],
      "CR and CRLF": Array("rect size 1x1\r\n\r\nrect size 2x2\r\r  // c\r\n".utf8),
      "broken statements": Array("let = 3\nfor in { rect }\nif { } else\ngradient g hsb { stop }\nx: let y = 1\n".utf8),
      "deep parentheses": Array(
        ("let a = " + String(repeating: "(", count: 70) + "1" + String(repeating: ")", count: 70)).utf8),
      "deep blocks": Array(
        (String(repeating: "vstack {\n", count: Parser.maximumDepth + 3)
          + String(repeating: "}\n", count: Parser.maximumDepth + 3)).utf8),
      "long operator chain": Array(("let a = 1" + String(repeating: " + 1", count: 80) + "\n").utf8),
      "empty": [],
      "only trivia": Array("  // a\n\n/* b */ \t\n".utf8),
    ]
    for (name, bytes) in inputs {
      let tree = Self.tree(bytes)
      XCTAssertEqual(tree.printed(), bytes, name)
      Self.checkStructure(tree, name)
    }
  }

  /// Deep nesting is refused at the parser's limit, and the skipped part
  /// is an error node.
  func testNestingPastTheLimitIsAnErrorNode() {
    let tree = Self.tree(
      Array(("let a = " + String(repeating: "[", count: 70) + String(repeating: "]", count: 70)).utf8))
    XCTAssertTrue(tree.nodes.contains { $0.kind == .error })
  }

  func testTheTreeCarriesDecodedLiteralsAndTrivia() {
    let tree = Self.tree(Array("rect size 10x20 fill=#ff0000 // red\nlet s = \"a\\tb\"\n".utf8))
    let values = tree.tokens.indices.compactMap { tree.literal(ofToken: $0) }
    XCTAssertEqual(values.count, 3)
    XCTAssertEqual(values[0].first, 10)
    XCTAssertEqual(values[0].second, 20)
    XCTAssertEqual(values[1].first, Double(0xFF00_00FF))
    XCTAssertEqual(tree.strings[Int(values[2].first)], "a\tb")
    XCTAssertEqual(
      tree.trivia.map(\.kind),
      [.whitespace, .whitespace, .whitespace, .whitespace, .lineComment, .whitespace, .whitespace, .whitespace])
  }

  func testTypedViewsReadTheStatements() throws {
    let tree = Self.tree(Array("a: rect size 10x20 fill=.red { text \"hi\" }\nlet x = 1 + f(2)\n".utf8))
    let statements = try XCTUnwrap(SourceFileSyntax(tree.root, in: tree)).statements(in: tree)
    XCTAssertEqual(statements.map { tree.kind($0.id) }, [.element, .letBinding])
    let element = try XCTUnwrap(ElementSyntax(statements[0].id, in: tree))
    XCTAssertEqual(element.name(in: tree), "a")
    XCTAssertEqual(element.kind(in: tree), "rect")
    XCTAssertNil(element.label(in: tree))
    XCTAssertEqual(element.attributes(in: tree).map { $0.name(in: tree) }, ["size", "fill"])
    XCTAssertEqual(element.attributes(in: tree).map { $0.value(in: tree)?.kind(in: tree) }, [.sizeLiteral, .dotName])
    let child = try XCTUnwrap(element.block(in: tree)?.statements(in: tree).first)
    let text = try XCTUnwrap(ElementSyntax(child.id, in: tree))
    XCTAssertEqual(text.label(in: tree)?.kind(in: tree), .stringLiteral)
    let binding = try XCTUnwrap(LetSyntax(statements[1].id, in: tree))
    XCTAssertEqual(binding.name(in: tree), "x")
    let sum = try XCTUnwrap(binding.value(in: tree))
    XCTAssertEqual(sum.kind(in: tree), .binary)
    XCTAssertEqual(sum.word(in: tree), "+")
    XCTAssertEqual(sum.operands(in: tree).map { $0.kind(in: tree) }, [.numberLiteral, .call])
    XCTAssertEqual(sum.operands(in: tree)[1].operands(in: tree).first?.literal(in: tree)?.first, 2)
    XCTAssertNil(ElementSyntax(binding.id, in: tree))
  }

  /// The records stay small: the tree of a written-out scene is about 10
  /// bytes per byte of source, most of it these.
  func testTheRecordsKeepTheirSizes() {
    XCTAssertEqual(MemoryLayout<SyntaxToken>.stride, 16)
    XCTAssertEqual(MemoryLayout<SyntaxNode>.stride, 16)
    XCTAssertEqual(MemoryLayout<TriviaPiece>.stride, 12)
    XCTAssertEqual(MemoryLayout<LiteralValue>.stride, 16)
    // The lexer's token kept its 32 bytes with the trivia index in it.
    XCTAssertEqual(MemoryLayout<Token>.stride, 32)
  }

  static func tree(_ bytes: [UInt8]) -> SyntaxTree {
    var diagnostics = DiagnosticList()
    return SyntaxTree.parse(SourceFile(name: "t.pencil", bytes: bytes), diagnostics: &diagnostics)
  }

  /// Pieces tile the bytes in order; the file's node is last and holds
  /// everything; each node's children account for exactly its subtree
  /// size and lie in order inside its token range; every token is owned by
  /// exactly one node (the innermost holding it).
  static func checkStructure(_ tree: SyntaxTree, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
    var at: UInt32 = 0
    for index in tree.tokens.indices {
      for piece in tree.leadingTrivia(ofToken: index) {
        XCTAssertEqual(tree.trivia[piece].start, at, "\(name): trivia \(piece) follows on", file: file, line: line)
        XCTAssertLessThan(tree.trivia[piece].start, tree.trivia[piece].end, name, file: file, line: line)
        at = tree.trivia[piece].end
      }
      XCTAssertEqual(tree.tokens[index].start, at, "\(name): token \(index) follows on", file: file, line: line)
      at = tree.tokens[index].end
    }
    XCTAssertEqual(Int(at), tree.bytes.count, "\(name): the pieces reach the end", file: file, line: line)
    XCTAssertEqual(tree.tokens.last?.kind, .endOfFile, name, file: file, line: line)
    XCTAssertEqual(Int(tree.tokens.last?.triviaEnd ?? 0), tree.trivia.count, name, file: file, line: line)

    guard let rootNode = tree.nodes.last else { return XCTFail("\(name): no nodes", file: file, line: line) }
    XCTAssertEqual(rootNode.kind, .sourceFile, name, file: file, line: line)
    XCTAssertEqual(Int(rootNode.subtreeSize), tree.nodes.count, name, file: file, line: line)
    XCTAssertEqual(tree.tokenRange(tree.root), 0..<tree.tokens.count, name, file: file, line: line)
    var owners = [Int](repeating: 0, count: tree.tokens.count)
    for index in tree.nodes.indices {
      let id = SyntaxNodeID(index)
      let node = tree.nodes[index]
      XCTAssertLessThanOrEqual(node.firstToken, node.endToken, name, file: file, line: line)
      XCTAssertGreaterThanOrEqual(index + 1, Int(node.subtreeSize), name, file: file, line: line)
      // The children, walked back by their sizes, end exactly at the subtree's start.
      var child = index - 1
      var end = Int(node.endToken)
      while child > index - Int(node.subtreeSize) {
        let range = tree.tokenRange(SyntaxNodeID(child))
        XCTAssertLessThanOrEqual(range.upperBound, end, "\(name): children in order", file: file, line: line)
        XCTAssertGreaterThanOrEqual(range.lowerBound, Int(node.firstToken), name, file: file, line: line)
        end = range.lowerBound
        child -= Int(tree.nodes[child].subtreeSize)
      }
      XCTAssertEqual(child, index - Int(node.subtreeSize), "\(name): sizes add up", file: file, line: line)
      for token in tree.ownTokens(id) { owners[token] += 1 }
    }
    XCTAssertEqual(owners.filter { $0 != 1 }.count, 0, "\(name): each token in one node", file: file, line: line)
  }
}

/// What the parser builds, printed: a sample that uses most of the
/// language, and broken statements with their error nodes.
final class SyntaxTreeGoldenTests: XCTestCase {
  func testTheTreesOfASampleAndOfBrokenStatements() throws {
    let directory = Repository.golden.appendingPathComponent("tree")
    for name in ["components", "showcase"] {
      let bytes = [UInt8](try Data(contentsOf: Repository.samples.appendingPathComponent(name + ".pencil")))
      let tree = SyntaxTreeRoundTripTests.tree(bytes)
      assertGolden(SyntaxTreePrinter.print(tree), directory.appendingPathComponent(name + ".tree"))
    }
    let broken = SyntaxTreeRoundTripTests.tree(
      Array("let = 3\nrect size 10x10 fill=\nx: let y = 1\n}\ntext \"a \\(1 + 2) b\" at 3 -2\n".utf8))
    assertGolden(SyntaxTreePrinter.print(broken), directory.appendingPathComponent("broken.tree"))
  }
}
