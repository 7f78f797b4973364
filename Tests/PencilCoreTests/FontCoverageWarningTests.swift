import PencilDiagnostics
import XCTest

/// W0006: a character the built-in font has no glyph for is warned about
/// at the character in the source, not at the whole text.
final class FontCoverageWarningTests: XCTestCase {
  func testFontCoverageWarningIsWhereTheCharacterIsWritten() throws {
    let literal = compile("text \"go → there\" at 0,20").diagnostics
    XCTAssertEqual(literal.map(\.code.id), ["W0006"])
    XCTAssertEqual(literal.first?.range, SourceRange(9, 12))
    // Escapes before it are skipped over; a computed text is warned about as a whole.
    XCTAssertEqual(compile("text \"a\\\"→\" at 0,20").diagnostics.first?.range, SourceRange(9, 12))
    let computed = compile("let arrow = \"→\"\ntext \"x \\(arrow)\" at 0,20").diagnostics
    XCTAssertEqual(computed.map(\.code.id), ["W0006"])
    XCTAssertEqual(computed.first?.range, SourceRange(23, 35))
    XCTAssertEqual(compile("text \"café — 20 °C\" at 0,20").diagnostics.map(\.code.id), [])
  }
}
