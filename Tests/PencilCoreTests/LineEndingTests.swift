import XCTest

@testable import PencilCore
@testable import PencilDiagnostics
@testable import PencilSVG

/// LF, CRLF and a CR alone (classic Mac files) all end a line, as editors
/// and the language server's line index read them: the same scene with
/// any of them compiles to the same picture, and its diagnostics name the
/// same lines and columns.
final class LineEndingTests: XCTestCase {
  private let scene = """
    // a comment that must end at its line's end
    canvas 60x60
    rect at 2,2 size 10x10 fill=.red /* a block
    comment */
    hstack at 0,20 {
      ellipse size 8x8 // trailing
      text "hi"
    }

    """

  private func svg(_ text: String) throws -> [UInt8] {
    let compilation = Pencil.compile(SourceFile(name: "t.pencil", text: text), appearance: nil)
    let scene = try XCTUnwrap(compilation.scene, "\(compilation.diagnostics)")
    var diagnostics: [Diagnostic] = []
    return try XCTUnwrap(Pencil.render(scene, with: SVGBackend(), diagnostics: &diagnostics))
  }

  func testEveryLineEndCompilesToTheSamePicture() throws {
    let expected = try svg(scene)
    XCTAssertGreaterThan(expected.count, 200)
    for ending in ["\r\n", "\r"] {
      let text = scene.replacingOccurrences(of: "\n", with: ending)
      let compilation = Pencil.compile(SourceFile(name: "t.pencil", text: text), appearance: nil)
      XCTAssertEqual(compilation.diagnostics.map(\.code.id), [], ending.debugDescription)
      XCTAssertEqual(try svg(text), expected, ending.debugDescription)
    }
  }

  func testLinesAndColumnsCountACarriageReturnAlone() {
    let source = SourceFile(name: "t.pencil", text: "a\rbb\r\ncc\ndd\r")
    XCTAssertEqual(source.lineStarts, [0, 2, 6, 9, 12])
    XCTAssertEqual([1, 2, 3, 6, 9, 11, 12].map { source.location(of: $0).line }, [1, 2, 2, 3, 4, 4, 5])
    XCTAssertEqual(source.location(of: 3).column, 2)
    XCTAssertEqual(source.location(of: 7).column, 2)
    XCTAssertEqual((0..<5).map { String(decoding: source.lineBytes($0), as: UTF8.self) }, ["a", "bb", "cc", "dd", ""])
  }

  /// The diagnostic names the line the editor shows and quotes it alone,
  /// not the whole file as one line.
  func testDiagnosticsQuoteTheLineOfTheError() throws {
    let text = "canvas 40x30\rrect size 10x10 fill=nope\rellipse\r"
    let compilation = Pencil.compile(SourceFile(name: "t.pencil", text: text))
    let error = try XCTUnwrap(compilation.diagnostics.first { $0.severity == .error })
    XCTAssertEqual(DiagnosticPrinter.short(error, in: compilation.files).prefix(14), "t.pencil:2:22:")
    let printed = DiagnosticPrinter.human(error, in: compilation.files, colors: false)
    XCTAssertTrue(printed.contains("rect size 10x10 fill=nope\n"), printed)
    XCTAssertFalse(printed.contains("canvas"), printed)
    XCTAssertFalse(printed.contains("ellipse"), printed)
  }
}
