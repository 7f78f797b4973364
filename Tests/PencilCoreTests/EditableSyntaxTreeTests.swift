import PencilDiagnostics
import PencilSyntax
import XCTest

/// An edited tree is exactly the whole parse of the edited text: tokens,
/// trivia, nodes, literals, strings and diagnostics, after any edit,
/// including those that open or close a block, a string or a comment.
final class EditableSyntaxTreeTests: XCTestCase {
  /// What an edit inserts: the characters that change how far a
  /// statement reaches, and whole statements.
  static let insertions: [String] = [
    "", "x", " ", "\n", "\r", "\r\n", ";", "{", "}", "\"", "\\(", ")", "/*", "*/", "//", "'", "#f00", "1",
    "rect size 10x10\n", "let a = 1\n", "}\n", "vstack {\n", "text \"a \\(1 + 2) b\"\n", "color c = #fff\n",
    "\u{00E9}", "@",
  ]

  func testRandomEditsOfEveryFileWeHaveMatchAWholeParse() throws {
    var random = SplitMix(seed: 22)
    var partial = 0
    for (name, original) in try SyntaxTreeRoundTripTests.corpus() {
      var bytes = original
      var edited = EditableSyntaxTree(SourceFile(name: name, bytes: bytes))
      try Self.expectWholeParse(edited, bytes, "\(name) as read")
      for step in 0..<30 {
        let from = Int.random(in: 0...bytes.count, using: &random)
        let to = min(bytes.count, from + [0, 0, 1, 1, 2, 5, 40].randomElement(using: &random)!)
        var inserted = Array(Self.insertions.randomElement(using: &random)!.utf8)
        if step % 7 == 6, !bytes.isEmpty {
          // A piece of the file itself, as a paste would bring.
          let pasteStart = Int.random(in: 0..<bytes.count, using: &random)
          inserted = Array(bytes[pasteStart..<min(bytes.count, pasteStart + 60)])
        }
        bytes.replaceSubrange(from..<to, with: inserted)
        edited.replace(from, to, insertedCount: inserted.count, giving: SourceFile(name: name, bytes: bytes))
        if edited.lastParsedBytes < bytes.count { partial += 1 }
        try Self.expectWholeParse(edited, bytes, "\(name) after edit \(step) at \(from)..<\(to)")
      }
    }
    XCTAssertGreaterThan(partial, 1000, "most edits parse only the statements they touched")
  }

  func testTypingOneCharacterParsesOnlyItsStatement() throws {
    let line = "rect size 10x10 fill=red\n"
    var bytes = Array(String(repeating: line, count: 200).utf8)
    var edited = EditableSyntaxTree(SourceFile(name: "typing", bytes: bytes))
    let at = line.utf8.count * 100 + 5
    bytes.insert(UInt8(ascii: "x"), at: at)
    edited.replace(at, at, insertedCount: 1, giving: SourceFile(name: "typing", bytes: bytes))
    XCTAssertLessThanOrEqual(edited.lastParsedBytes, 3 * line.utf8.count)
    try Self.expectWholeParse(edited, bytes, "typing")
  }

  func testOpeningACommentParsesToTheEndAndClosingItSplicesAgain() throws {
    let line = "rect size 10x10\n"
    var bytes = Array(String(repeating: line, count: 50).utf8)
    var edited = EditableSyntaxTree(SourceFile(name: "comment", bytes: bytes))
    let at = line.utf8.count * 10
    bytes.insert(contentsOf: Array("/*".utf8), at: at)
    edited.replace(at, at, insertedCount: 2, giving: SourceFile(name: "comment", bytes: bytes))
    try Self.expectWholeParse(edited, bytes, "opened")
    XCTAssertEqual(edited.lastParsedBytes, bytes.count - (at - line.utf8.count))
    let close = at + 2 + line.utf8.count * 5
    bytes.insert(contentsOf: Array("*/".utf8), at: close)
    edited.replace(close, close, insertedCount: 2, giving: SourceFile(name: "comment", bytes: bytes))
    try Self.expectWholeParse(edited, bytes, "closed")
  }

  func testPastTheCapOfDiagnosticsEveryEditParsesWhole() throws {
    var bytes = Array(String(repeating: "rect @\n", count: 80).utf8)
    var edited = EditableSyntaxTree(SourceFile(name: "broken", bytes: bytes))
    try Self.expectWholeParse(edited, bytes, "broken")
    bytes.insert(UInt8(ascii: "x"), at: 7)
    edited.replace(7, 7, insertedCount: 1, giving: SourceFile(name: "broken", bytes: bytes))
    XCTAssertEqual(edited.lastParsedBytes, bytes.count)
    try Self.expectWholeParse(edited, bytes, "broken, edited")
  }

  /// Stops a test at its first difference: the next edits would differ too.
  struct Mismatch: Error { var what: String }

  /// Fails with the first array that differs from `Parser.parseTree`'s.
  static func expectWholeParse(_ edited: EditableSyntaxTree, _ bytes: [UInt8], _ what: String) throws {
    var diagnostics = DiagnosticList()
    let whole = Parser.parseTree(SourceFile(name: "whole", bytes: bytes), diagnostics: &diagnostics)
    let tree = edited.tree
    XCTAssertEqual(tree.bytes, bytes, what)
    XCTAssertEqual(tree.tokens.map(describe), whole.tokens.map(describe), "\(what): tokens")
    XCTAssertEqual(tree.trivia.map(describe), whole.trivia.map(describe), "\(what): trivia")
    XCTAssertEqual(tree.nodes.map(describe), whole.nodes.map(describe), "\(what): nodes")
    XCTAssertEqual(tree.literalTokens, whole.literalTokens, "\(what): literal tokens")
    XCTAssertEqual(tree.literals.map(describe), whole.literals.map(describe), "\(what): literals")
    XCTAssertEqual(tree.strings, whole.strings, "\(what): strings")
    XCTAssertEqual(edited.diagnostics.items, diagnostics.items, "\(what): diagnostics")
    XCTAssertEqual(edited.diagnostics.droppedErrors, diagnostics.droppedErrors, "\(what): dropped errors")
    XCTAssertEqual(edited.diagnostics.droppedOthers, diagnostics.droppedOthers, "\(what): dropped others")
    if tree.tokens.count != whole.tokens.count || edited.diagnostics.items != diagnostics.items {
      throw Mismatch(what: what)
    }
  }

  static func describe(_ token: SyntaxToken) -> [UInt32] {
    [token.start, token.end, token.triviaEnd, UInt32(token.kind.rawValue), token.flawed ? 1 : 0]
  }

  static func describe(_ piece: TriviaPiece) -> [UInt32] {
    [piece.start, piece.end, UInt32(piece.kind.rawValue)]
  }

  static func describe(_ node: SyntaxNode) -> [UInt32] {
    [node.firstToken, node.endToken, node.subtreeSize, UInt32(node.kind.rawValue), UInt32(node.flags.rawValue)]
  }

  static func describe(_ literal: LiteralValue) -> [Double] { [literal.first, literal.second] }
}
