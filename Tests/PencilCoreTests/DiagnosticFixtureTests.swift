import Foundation
import PencilDiagnostics
import PencilSyntax
import XCTest

/// Runs every `.pencil` file in Fixtures/diagnostics. Each expected
/// diagnostic is written right after the offending token, in the manner of
/// Go's test files:
///
///     pencil color=salmn /* ERROR E0201 "unknown colour" FIX "salmon" */ at 0,0
///
/// The diagnostic must have that code, a message containing the quoted
/// text, and a range that touches the token before the comment (for a
/// string that runs to the end of its line, put the comment on the next
/// line); `FIX` names the text of its first fix (`\n` for a newline). Any diagnostic not
/// written in the file fails the test, and so does any expectation that no
/// diagnostic meets.
final class DiagnosticFixtureTests: XCTestCase {
  struct Expectation {
    var severity: Severity
    var code: String
    var message: String
    var fix: String?
    /// The token before the comment.
    var anchor: SourceRange
    var line: Int
  }

  func testFixtures() throws {
    let files = Repository.files(in: Repository.fixtures.appendingPathComponent("diagnostics"), withExtension: "pencil")
    XCTAssertGreaterThanOrEqual(files.count, 5)
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      let name = file.lastPathComponent
      let compilation = compile(text, name: name)
      var expectations = Self.expectations(in: text)
      XCTAssertFalse(expectations.isEmpty, "\(name) states no expectations")
      for diagnostic in compilation.diagnostics {
        let location = compilation.source.location(of: diagnostic.range.start)
        guard
          let index = expectations.firstIndex(where: {
            $0.code == diagnostic.code.id && $0.severity == diagnostic.severity
              && diagnostic.message.contains($0.message)
              && diagnostic.range.start <= $0.anchor.end && diagnostic.range.end >= $0.anchor.start
          })
        else {
          XCTFail("\(name):\(location.line):\(location.column): unexpected \(diagnostic.code.id) \(diagnostic.message)")
          continue
        }
        if let fix = expectations[index].fix {
          XCTAssertEqual(
            diagnostic.fixes.first?.edits.first?.newText, fix, "\(name):\(location.line): fix of \(diagnostic.code.id)")
        }
        expectations.remove(at: index)
      }
      for missing in expectations {
        XCTFail("\(name):\(missing.line): expected \(missing.code) \"\(missing.message)\" was not reported")
      }
    }
  }

  static func expectations(in text: String) -> [Expectation] {
    let bytes = Array(text.utf8)
    var ignored = DiagnosticList()
    let tokens = Lexer.tokenize(SourceFile(name: "", bytes: bytes), into: &ignored).tokens
    var result: [Expectation] = []
    var searchFrom = 0
    let markers: [(String, Severity)] = [("/* ERROR ", .error), ("/* WARNING ", .warning)]
    while searchFrom < bytes.count {
      var found: (offset: Int, marker: String, severity: Severity)? = nil
      for (marker, severity) in markers {
        if let offset = find(Array(marker.utf8), in: bytes, from: searchFrom), offset < (found?.offset ?? Int.max) {
          found = (offset, marker, severity)
        }
      }
      guard let found, let close = find(Array("*/".utf8), in: bytes, from: found.offset) else { break }
      let body = String(decoding: bytes[(found.offset + found.marker.utf8.count)..<close], as: UTF8.self)
      var end = found.offset
      while end > 0, [UInt8(ascii: " "), UInt8(ascii: "\n")].contains(bytes[end - 1]) { end -= 1 }
      let anchor = tokens.last(where: { Int($0.end) == end && $0.kind != .newline })?.range ?? SourceRange(end, end)
      let quoted = body.split(separator: "\"", omittingEmptySubsequences: false).map(String.init)
      let code = body.split(separator: " ").first.map(String.init) ?? ""
      let line = bytes[..<found.offset].filter { $0 == UInt8(ascii: "\n") }.count + 1
      result.append(
        Expectation(
          severity: found.severity, code: code, message: quoted.count > 1 ? quoted[1] : "",
          fix: quoted.count > 3 && body.contains("FIX") ? quoted[3].replacingOccurrences(of: "\\n", with: "\n") : nil,
          anchor: anchor, line: line))
      searchFrom = close + 2
    }
    return result
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard needle.count <= haystack.count else { return nil }
    var index = start
    while index + needle.count <= haystack.count {
      if haystack[index..<index + needle.count].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }

  /// The acceptance check: five different mistakes, five
  /// diagnostics, in every output format.
  func testFiveMistakesInEveryFormat() throws {
    let text = try String(
      contentsOf: Repository.fixtures.appendingPathComponent("diagnostics/five-mistakes.pencil"), encoding: .utf8)
    let compilation = compile(text, name: "five-mistakes.pencil")
    let errors = compilation.diagnostics.filter { $0.severity == .error }
    XCTAssertEqual(Set(errors.map(\.code.id)).count, 5)
    XCTAssertEqual(errors.count, 5)
    for diagnostic in errors {
      XCTAssertEqual(DiagnosticPrinter.short(diagnostic, in: compilation.files).filter { $0 == "\n" }.count, 1)
      XCTAssertTrue(DiagnosticPrinter.human(diagnostic, in: compilation.files, colors: false).contains("^"))
      let json = DiagnosticPrinter.json(diagnostic, in: compilation.files)
      let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
      XCTAssertEqual(object?["code"] as? String, diagnostic.code.id)
    }
  }
}
