import Foundation
import XCTest

@testable import PencilLSP

/// A document edited through `didChange` answers as the same text opened
/// afresh: random edits (insertions, deletions, replacements, at random
/// points and inside strings, comments and braces, one or several to a
/// change) to every sample and diagnostics fixture, each followed by the
/// published diagnostics and the semantic tokens compared with those of a
/// new server given the edited text. What the server keeps across edits
/// (its line index, edited in place; its syntax tree, whose touched
/// statements are parsed again and spliced in; its names, indexed on
/// demand) must never show.
final class EditedDocumentTests: XCTestCase {
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  private static func texts(in folder: String) -> [(String, String)] {
    let directory = root.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".pencil") }.sorted().compactMap { name in
      (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)).map { (name, $0) }
    }
  }

  /// What is inserted: text that opens and closes strings, comments,
  /// braces and lines, and characters of 2 and 4 UTF-8 bytes.
  private static let snippets = [
    "\"", "{", "}", "//", "/*", "*/", "\n", "\r\n", "x", "7", " ", "é", "😀", "let q = 1\n", "rect size 4x4",
    "\"s\" ", "{ }", ",", "=", ".",
  ]

  /// A random byte offset, often just inside a string, a comment or a brace.
  private static func offset(in bytes: [UInt8], _ random: inout SplitMix) -> Int {
    let marks = bytes.indices.filter { [UInt8(ascii: "\""), UInt8(ascii: "/"), UInt8(ascii: "{")].contains(bytes[$0]) }
    if !marks.isEmpty, Bool.random(using: &random) {
      return min(bytes.count, marks[Int.random(in: 0..<marks.count, using: &random)] + 1)
    }
    return Int.random(in: 0...bytes.count, using: &random)
  }

  /// One random change: a range of the current text and what replaces it.
  private static func randomEdit(_ bytes: [UInt8], _ random: inout SplitMix) -> (Position, Position, String) {
    let lines = LineIndex(bytes)
    let from = offset(in: bytes, &random)
    let length = Bool.random(using: &random) ? 0 : Int.random(in: 0...12, using: &random)
    let to = min(bytes.count, from + length)
    let inserted = Int.random(in: 0..<3, using: &random) == 0 ? "" : snippets.randomElement(using: &random) ?? ""
    return (lines.position(of: from), lines.position(of: to), inserted)
  }

  /// The edit applied as the server must apply it: positions to offsets
  /// by a line index made from scratch.
  private static func applied(_ edit: (Position, Position, String), to bytes: [UInt8]) -> [UInt8] {
    let lines = LineIndex(bytes)
    let from = lines.offset(of: edit.0)
    let to = max(from, lines.offset(of: edit.1))
    var edited = bytes
    edited.replaceSubrange(from..<to, with: Array(edit.2.utf8))
    return edited
  }

  private func answers(_ session: Session, _ uri: String) -> (diagnostics: [JSONValue]?, tokens: JSONValue) {
    let published = diagnostics(for: uri, in: session.publish())
    let tokens = session.call(
      "textDocument/semanticTokens/full", .object(["textDocument": .object(["uri": .string(uri)])]))
    return (published, tokens["result"] ?? .null)
  }

  func testEditedDocumentsAnswerAsTheirTextOpenedAfresh() {
    let uri = "untitled:edited.pencil"
    var random = SplitMix(seed: 2026)
    let files = Self.texts(in: "samples") + Self.texts(in: "Tests/PencilCoreTests/Fixtures/diagnostics")
    XCTAssertGreaterThan(files.count, 10, "the samples and fixtures are found")
    for (name, text) in files {
      let session = Session()
      session.initialize()
      session.open(uri, text)
      _ = session.publish()
      var bytes = Array(text.utf8)
      for step in 1...12 {
        // Mostly one edit (typing), sometimes a batch (multiple cursors).
        let count = Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 2...3, using: &random) : 1
        var edits: [(Position, Position, String)] = []
        for _ in 0..<count {
          let edit = Self.randomEdit(bytes, &random)
          bytes = Self.applied(edit, to: bytes)
          edits.append(edit)
        }
        session.change(uri, version: step + 1, edits.map { ($0.0, $0.1, $0.2) })
        let edited = answers(session, uri)
        let fresh = Session()
        fresh.initialize()
        fresh.open(uri, String(decoding: bytes, as: UTF8.self))
        let expected = answers(fresh, uri)
        let context = "\(name), step \(step): \(edits.map { "\($0.0)–\($0.1) ← \($0.2.debugDescription)" })"
        XCTAssertEqual(edited.diagnostics, expected.diagnostics, context)
        XCTAssertEqual(edited.tokens, expected.tokens, context)
        guard edited.diagnostics == expected.diagnostics, edited.tokens == expected.tokens else { break }
      }
    }
  }

  /// One document at a time keeps its tree: reading another's drops it,
  /// and the next request parses the edited text afresh. Formatting and
  /// semantic tokens answer as for the text opened afresh either way.
  func testEditsBetweenRequestsAboutAnotherDocumentAnswerAsAfresh() {
    let (edited, other) = ("untitled:a.pencil", "untitled:b.pencil")
    var random = SplitMix(seed: 22)
    let text = Self.texts(in: "samples").first { $0.0 == "showcase.pencil" }?.1 ?? "rect size 4x4\n"
    let session = Session()
    session.initialize()
    session.open(edited, text)
    session.open(other, "rect size 4x4\n")
    var bytes = Array(text.utf8)
    for step in 1...20 {
      let edit = Self.randomEdit(bytes, &random)
      bytes = Self.applied(edit, to: bytes)
      session.change(edited, version: step + 1, [(edit.0, edit.1, edit.2)])
      if step % 3 == 0 { _ = answers(session, other) }
      let fresh = Session()
      fresh.initialize()
      fresh.open(edited, String(decoding: bytes, as: UTF8.self))
      XCTAssertEqual(answers(session, edited).tokens, answers(fresh, edited).tokens, "step \(step)")
      let format = JSONValue.object([
        "textDocument": .object(["uri": .string(edited)]),
        "options": .object(["tabSize": .int(2), "insertSpaces": .bool(true)]),
      ])
      XCTAssertEqual(
        session.call("textDocument/formatting", format)["result"],
        fresh.call("textDocument/formatting", format)["result"], "step \(step): formatting")
    }
  }

  /// Positions no client should send, which the server clamps: a line
  /// past the end, a column past its line's end (on CRLF lines too),
  /// inside a surrogate pair, an end before the start. The kept tree
  /// follows the text the server made of them, exactly as a fresh parse.
  func testPositionsOutsideTheTextOrInsideACharacterKeepTheTreeExact() {
    let uri = "untitled:hostile.pencil"
    var random = SplitMix(seed: 7)
    let text = "text \"😀 é\" at 1,2\r\nrect size 4x4 // 😀\r\n\rlet a = \"x😀\"\nrect size a\n"
    let session = Session()
    session.initialize()
    session.open(uri, text)
    var bytes = Array(text.utf8)
    for step in 1...60 {
      let lines = LineIndex(bytes)
      func anyPosition() -> Position {
        Position(
          line: Int.random(in: 0...lines.lineCount + 1, using: &random),
          character: Int.random(in: 0...24, using: &random))
      }
      let edit = (anyPosition(), anyPosition(), Self.snippets.randomElement(using: &random) ?? "")
      bytes = Self.applied(edit, to: bytes)
      session.change(uri, version: step + 1, [(edit.0, edit.1, edit.2)])
      let fresh = Session()
      fresh.initialize()
      fresh.open(uri, String(decoding: bytes, as: UTF8.self))
      let context = "step \(step): \(edit.0)–\(edit.1) ← \(edit.2.debugDescription)"
      XCTAssertEqual(answers(session, uri).tokens, answers(fresh, uri).tokens, context)
      let format = JSONValue.object([
        "textDocument": .object(["uri": .string(uri)]),
        "options": .object(["tabSize": .int(2), "insertSpaces": .bool(true)]),
      ])
      XCTAssertEqual(
        session.call("textDocument/formatting", format)["result"],
        fresh.call("textDocument/formatting", format)["result"], "\(context): formatting")
    }
  }
}
