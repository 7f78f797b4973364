import Foundation
import PencilDiagnostics
import PencilGeometry
import XCTest

@testable import PencilCore

/// Paths inside the repository, found from this file's location so tests
/// depend on nothing outside it.
enum Repository {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let samples = root.appendingPathComponent("samples")
  static let fixtures = root.appendingPathComponent("Tests/PencilCoreTests/Fixtures")
  static let golden = root.appendingPathComponent("Tests/PencilCoreTests/Golden")

  static func files(in directory: URL, withExtension fileExtension: String) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix("." + fileExtension) }.sorted().map { directory.appendingPathComponent($0) }
  }
}

/// The bounds of every path `text` draws, in paint order, after checking
/// that it compiles without a diagnostic.
func pathBounds(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Rect] {
  let compilation = compile(text)
  XCTAssertEqual(compilation.diagnostics.map(\.code.id), [], text, file: file, line: line)
  return try XCTUnwrap(compilation.scene, file: file, line: line).items.compactMap { item in
    guard case .path(let path) = item else { return nil }
    return path.userSpaceBounds
  }
}

func compile(_ text: String, name: String = "test.pencil") -> Compilation {
  Pencil.compile(SourceFile(name: name, text: text))
}

/// Compares `actual` with a stored expectation; with PENCIL_RECORD=1 in the
/// environment it rewrites the file instead (and fails, so a recording run
/// is never mistaken for a passing one). Returns the expected bytes when
/// they differ, for the caller to describe.
private func compareGolden(_ actual: [UInt8], _ file: URL, line: UInt) -> [UInt8]? {
  let record = ProcessInfo.processInfo.environment["PENCIL_RECORD"] == "1"
  let expected = (try? Data(contentsOf: file)).map { [UInt8]($0) }
  if record {
    if expected != actual {
      try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try? Data(actual).write(to: file)
      XCTFail("recorded \(file.lastPathComponent); run again without PENCIL_RECORD", line: line)
    }
    return nil
  }
  guard let expected else {
    XCTFail("missing golden file \(file.path); run with PENCIL_RECORD=1 to create it", line: line)
    return nil
  }
  return expected == actual ? nil : expected
}

/// For binary files, such as PNG goldens.
func assertGoldenBytes(_ actual: [UInt8], _ file: URL, line: UInt = #line) {
  guard let expected = compareGolden(actual, file, line: line) else { return }
  XCTFail(
    "\(file.lastPathComponent) differs (\(expected.count) bytes expected, \(actual.count) produced); PENCIL_RECORD=1 rewrites it",
    line: line)
}

/// For text files: the failure shows the first line that differs.
func assertGolden(_ actual: String, _ file: URL, line: UInt = #line) {
  guard let expectedBytes = compareGolden(Array(actual.utf8), file, line: line) else { return }
  let expected = String(decoding: expectedBytes, as: UTF8.self)
  let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
  let firstDifference =
    zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    ?? min(expectedLines.count, actualLines.count)
  let shown = { (lines: [Substring]) in firstDifference < lines.count ? String(lines[firstDifference]) : "<end>" }
  XCTFail(
    "\(file.lastPathComponent) differs at line \(firstDifference + 1):\n  expected: \(shown(expectedLines))\n  actual:   \(shown(actualLines))\n(PENCIL_RECORD=1 rewrites it)",
    line: line)
}
