import PencilDiagnostics
import XCTest

@testable import PencilQueries
@testable import PencilSema

/// `SemanticTokens`: each word classified by what the checker resolved it to.
final class SemanticTokenTests: XCTestCase {
  private func spans(_ text: String) -> [(String, SemanticTokens.Kind, SemanticTokens.Modifiers)] {
    let source = SourceFile(name: "t.pencil", text: text)
    let names = NameIndex(source, importer: nil)
    return SemanticTokens.of(source, names: names).map { span in
      let bytes = Array(text.utf8)[span.range.start..<span.range.end]
      return (String(decoding: bytes, as: UTF8.self), span.kind, span.modifiers)
    }
  }

  private func kind(of word: String, _ nth: Int = 0, in text: String) -> SemanticTokens.Kind? {
    spans(text).filter { $0.0 == word }.dropFirst(nth).first?.1
  }

  func testNamesByWhatTheyName() {
    let text = """
      // a scene
      let w = 10
      color ink light=#111111 dark=#eeeeee
      component badge(tint: Color = .red) {
        rect size w x 4 fill=tint /* the body */
      }
      for i in 0..<3 { badge tint=ink at i * 10, 0 size 4x4 }

      """
    let found = spans(text)
    XCTAssertEqual(found.first?.0, "// a scene")
    XCTAssertEqual(found.first?.1, .comment)
    XCTAssertEqual(found.first { $0.0 == "/* the body */" }?.1, .comment)
    XCTAssertEqual(found.first { $0.0 == "let" }?.1, .keyword)
    let declaration = found.first { $0.0 == "w" }
    XCTAssertEqual(declaration?.1, .variable)
    XCTAssertEqual(declaration?.2, [.declaration, .readonly])
    XCTAssertEqual(found.filter { $0.0 == "w" }.last?.2, [.readonly])
    XCTAssertEqual(kind(of: "ink", in: text), .enumMember)
    XCTAssertEqual(kind(of: "badge", in: text), .class)
    XCTAssertEqual(kind(of: "badge", 1, in: text), .class)
    XCTAssertEqual(kind(of: "tint", in: text), .parameter)
    // The argument label at a use names the parameter too.
    XCTAssertEqual(kind(of: "tint", 2, in: text), .parameter)
    XCTAssertEqual(kind(of: "i", in: text), .variable)
    XCTAssertEqual(kind(of: "rect", in: text), .class)
    XCTAssertEqual(found.first { $0.0 == "rect" }?.2, .defaultLibrary)
    XCTAssertEqual(kind(of: "fill", in: text), .property)
    XCTAssertEqual(kind(of: "red", in: text), .enumMember)
    XCTAssertEqual(kind(of: "#111111", in: text), .number)
    XCTAssertEqual(kind(of: "4x4", in: text), .number)
    XCTAssertEqual(kind(of: "..<", in: text), .operator)
  }

  func testWordsOutsideAnyNameAndBrokenFiles() {
    XCTAssertEqual(kind(of: "mix", in: "rect size 4x4 fill=mix(.red, salmon, 0.5)\n"), .function)
    XCTAssertEqual(kind(of: "salmon", in: "rect size 4x4 fill=mix(.red, salmon, 0.5)\n"), .enumMember)
    XCTAssertEqual(kind(of: "opacity", in: "rect size 4x4 fill=.red.opacity(0.5)\n"), .method)
    XCTAssertEqual(kind(of: "true", in: "if true { rect size 4x4 }\n"), .keyword)
    // An unclosed comment and a half-typed line still give what they can.
    let broken = spans("rect fill=\n/* open")
    XCTAssertEqual(broken.map(\.1), [.class, .property, .comment])
    XCTAssertEqual(spans("").count, 0)
  }

  /// A `//` comment ends at a CR alone as at LF (the language server's
  /// line index breaks lines there too); a CRLF's CR is not part of it.
  func testALineCommentEndsAtACarriageReturn() {
    let found = spans("// note\rrect size 4x4\r// two\r\nellipse\r")
    XCTAssertEqual(found.map(\.0), ["// note", "rect", "size", "4x4", "// two", "ellipse"])
    XCTAssertEqual(found.map(\.1), [.comment, .class, .keyword, .number, .comment, .class])
  }
}
