import Foundation
import XCTest

@testable import PencilLSP

/// The language server's side of a lexer defect the review found (issue
/// 22, `LexerReviewFindingsTests`): a string token that ends past the
/// text crashes the semantic tokens. Runs with PENCIL_LEXER_FINDINGS=1
/// until the lexer's fix lands (it crashes the test process before).
final class LexerFindingInServerTests: XCTestCase {
  func testSemanticTokensOfATextEndingInsideAnInterpolatedStringsString() throws {
    try XCTSkipUnless(
      ProcessInfo.processInfo.environment["PENCIL_LEXER_FINDINGS"] != nil,
      "crashes until the lexer's fix (issue 22 review): set PENCIL_LEXER_FINDINGS=1 to run it")
    let uri = "untitled:end.pencil"
    let session = Session()
    session.initialize()
    session.open(uri, "text \"\\(\"\\")
    let tokens = session.call(
      "textDocument/semanticTokens/full", .object(["textDocument": .object(["uri": .string(uri)])]))
    XCTAssertNotNil(tokens["result"]?["data"], "semantic tokens answer")
  }
}
