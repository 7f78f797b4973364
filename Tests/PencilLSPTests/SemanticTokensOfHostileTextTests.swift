import XCTest

@testable import PencilLSP

/// The language server's side of a lexer defect the review found (issue
/// 22, `LexerHostileInputTests`): a string token that ended past the text
/// crashed the semantic tokens.
final class SemanticTokensOfHostileTextTests: XCTestCase {
  func testSemanticTokensOfATextEndingInsideAnInterpolatedStringsString() {
    let uri = "untitled:end.pencil"
    let session = Session()
    session.initialize()
    session.open(uri, "text \"\\(\"\\")
    let tokens = session.call(
      "textDocument/semanticTokens/full", .object(["textDocument": .object(["uri": .string(uri)])]))
    XCTAssertNotNil(tokens["result"]?["data"], "semantic tokens answer")
  }
}
