import Foundation
import PencilSyntax
import XCTest

@testable import PencilCore
@testable import PencilDiagnostics
@testable import PencilSema

/// Diagnostics cost and print a bounded amount whatever the input, and
/// nothing written to a terminal can carry an escape sequence. The times
/// are in `scripts/cost-bench.py`; these tests pin the bounds.
final class BoundedCostTests: XCTestCase {
  /// 2,000 warnings on one line: at most the limit are kept, with a note
  /// counting the rest.
  func testWarningsAreCapped() {
    let line = String(repeating: "rect at 500,500 size 1x1;", count: 2000)
    let compilation = compile("canvas 10x10\n" + line)
    let warnings = compilation.diagnostics.filter { $0.severity == .warning }
    XCTAssertEqual(warnings.count, DiagnosticList.limit)
    XCTAssertEqual(warnings.last?.notes.last?.message, "1950 more warnings not shown (the limit is 50)")
  }

  /// A diagnostic on a 260 KB line prints a window of it, not the line.
  func testLongLinesArePrintedAsAWindow() throws {
    let line = String(repeating: "rect at 500,500 size 1x1;", count: 10_000) + "pencil bogus=1 size 1x1"
    let compilation = compile("canvas 10x10\n" + line)
    let error = try XCTUnwrap(compilation.diagnostics.first { $0.severity == .error })
    let printed = DiagnosticPrinter.human(error, in: compilation.files, colors: false)
    XCTAssertLessThan(printed.utf8.count, 1000, printed)
    let lines = printed.split(separator: "\n")
    XCTAssertTrue(lines[1].hasPrefix(" 2 | ..."), String(lines[1]))
    XCTAssertTrue(lines[1].hasSuffix("size 1x1;pencil bogus=1 size 1x1"), String(lines[1]))
    // The carets stand under `bogus` in the window.
    let caretColumn = try XCTUnwrap(lines[2].firstIndex(of: "^"))
    let wordColumn = try XCTUnwrap(lines[1].range(of: "bogus")).lowerBound
    XCTAssertEqual(
      lines[2].distance(from: lines[2].startIndex, to: caretColumn),
      lines[1].distance(from: lines[1].startIndex, to: wordColumn))
    XCTAssertEqual(lines[2].filter { $0 == "^" }.count, 5)
  }

  /// Windows cut at character boundaries, and a long range is shortened.
  func testWindowsKeepCharactersWhole() {
    let text = String(repeating: "é", count: 300)
    let window = LineWindow(line: ArraySlice(Array(text.utf8)), markStart: 301, markEnd: 600)
    XCTAssertEqual(window.start % 2, 0)
    XCTAssertEqual(window.end % 2, 0)
    XCTAssertLessThanOrEqual(window.markEnd - window.markStart, LineWindow.longestMark)
  }

  /// Columns (bytes and UTF-16) on a long line of mixed scripts agree
  /// with counting from the line's start, across many checkpoints.
  func testColumnsOnLongLines() {
    let text = "x\n" + String(repeating: "aé🖍", count: 5000)
    let source = SourceFile(name: "t", text: text)
    for offset in stride(from: 2, to: source.bytes.count, by: 997) where source.bytes[offset] & 0xC0 != 0x80 {
      let prefix = String(decoding: source.bytes[2..<offset], as: UTF8.self)
      let location = source.location(of: offset)
      XCTAssertEqual(location.line, 2)
      XCTAssertEqual(location.column, offset - 1)
      XCTAssertEqual(location.utf16Column, prefix.utf16.count + 1, "offset \(offset)")
    }
  }

  /// Control characters, C1 controls and bidirectional overrides in the
  /// source and in messages reach the terminal escaped, in every text format.
  func testNothingPrintedCanControlTheTerminal() {
    let source = "// \u{1B}[2J\u{1B}]0;pwned\u{7}\ntext \"\u{1B}[31m\u{202E}\" at 0,20 font=huge\u{9B}\n"
    let compilation = compile(source, name: "a\u{1B}b.pencil")
    XCTAssertFalse(compilation.diagnostics.isEmpty)
    var printed = ""
    for diagnostic in compilation.diagnostics {
      printed += DiagnosticPrinter.human(diagnostic, in: compilation.files, colors: false)
      printed += DiagnosticPrinter.short(diagnostic, in: compilation.files)
    }
    // W0006 quotes the character the built-in font cannot draw.
    let drawable = compile("text \"\u{1B}x\" at 0,20")
    let glyphWarnings = drawable.diagnostics.filter { $0.code.id == "W0006" }
    XCTAssertEqual(glyphWarnings.map(\.code.id), ["W0006"])
    XCTAssertEqual(glyphWarnings.first?.range, SourceRange(6, 7))
    for diagnostic in glyphWarnings {
      printed += DiagnosticPrinter.short(diagnostic, in: drawable.files)
    }
    for scalar in printed.unicodeScalars {
      XCTAssertFalse(
        scalar.value < 0x20 && scalar != "\n" && scalar != "\t" || (0x7F...0x9F).contains(scalar.value)
          || (0x202A...0x202E).contains(scalar.value),
        "U+\(String(scalar.value, radix: 16)) in \(printed)")
    }
    XCTAssertTrue(printed.contains("a<U+001B>b.pencil:2:"), printed)
    XCTAssertTrue(printed.contains("<U+202E>"), printed)
  }

  /// 8,000 shapes and 8,000 misspelt names: only the errors kept get a
  /// suggestion, and each costs a few length buckets, not every name.
  func testSuggestionsForManyUnknownNames() {
    var text = ""
    for index in 0..<8000 { text += "shape s\(index) { move 0,0; line 1,0; line 1,1; close }\n" }
    for index in 0..<8000 { text += "s\(index)x size 10x10\n" }
    let compilation = compile(text)
    let errors = compilation.diagnostics.filter { $0.severity == .error }
    XCTAssertEqual(errors.count, DiagnosticList.limit)
    XCTAssertEqual(errors.first?.fixes.first?.message, "did you mean 's0'?")
    // A 1 MB name is too long to be near anything.
    let long = String(repeating: "a", count: 1 << 20)
    XCTAssertNil(Suggestions.closest(to: long, among: ["pencil", String(repeating: "a", count: 10)]))
    XCTAssertNil(Suggestions.editDistance(Array("abcdefgh".utf8), Array("stuvwxyz".utf8), atMost: 2))
    XCTAssertEqual(Suggestions.editDistance(Array("pencl".utf8), Array("pencil".utf8), atMost: 2), 1)
  }

  /// A 1 MB name is refused by the lexer, and every message about it,
  /// printed in any format, stays short.
  func testLongNamesAreRefusedAndQuotedShort() {
    let compilation = compile(String(repeating: "a", count: 1 << 20) + " size 10x10\n")
    XCTAssertEqual(compilation.diagnostics.map(\.code), [LexerCodes.nameTooLong])
    for diagnostic in compilation.diagnostics {
      XCTAssertLessThan(DiagnosticPrinter.human(diagnostic, in: compilation.files, colors: false).utf8.count, 600)
      XCTAssertLessThan(DiagnosticPrinter.json(diagnostic, in: compilation.files).utf8.count, 1000)
    }
    XCTAssertEqual(
      compile(String(repeating: "a", count: 255) + " size 10x10\n").diagnostics.map(\.code), [SemaCodes.unknownElement])
  }

  func testSourcesOverTheLimitAreRefused() {
    let source = SourceFile(name: "big", bytes: [UInt8](repeating: 0x20, count: SourceFile.maximumSize + 1))
    let compilation = Pencil.compile(source)
    XCTAssertEqual(compilation.diagnostics.map(\.code), [DriverCodes.inputTooLarge])
    XCTAssertNil(compilation.scene)
  }
}
