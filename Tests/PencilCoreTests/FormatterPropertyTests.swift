import Foundation
import PencilDiagnostics
import PencilSyntax
import XCTest

@testable import PencilCore
@testable import PencilIR

/// The properties `pencilc fmt` promises, on every sample, test fixture
/// and fuzz regression: formatting is idempotent, keeps the IR and the
/// diagnostics the same, and refuses files with syntax errors unchanged.
final class FormatterPropertyTests: XCTestCase {
  static var corpus: [URL] {
    var files: [URL] = []
    for folder in [Repository.samples, Repository.fixtures, Repository.root.appendingPathComponent("Fuzz/regressions")]
    {
      let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
      while let url = walker?.nextObject() as? URL {
        if url.pathExtension == "pencil" { files.append(url) }
      }
    }
    return files.sorted { $0.path < $1.path }
  }

  /// The IR without source positions, which formatting moves.
  static func positionFree(_ ir: String) -> String {
    ir.replacingOccurrences(of: #" source=\d+\.\.\d+"#, with: "", options: .regularExpression)
      .replacingOccurrences(of: #" calls=\S+"#, with: "", options: .regularExpression)
  }

  func testCorpusIsLargeEnough() {
    XCTAssertGreaterThan(Self.corpus.count, 40)
  }

  func testIdempotentMeaningPreservingAndRefusing() throws {
    var formattedCount = 0
    for url in Self.corpus {
      let bytes = [UInt8](try Data(contentsOf: url))
      if checkProperties(bytes, name: url.lastPathComponent, folder: url.deletingLastPathComponent()) {
        formattedCount += 1
      }
    }
    XCTAssertGreaterThan(formattedCount, 30)
  }

  /// The examples of the documentation too.
  func testDocumentationExamples() throws {
    let blocks = try DocumentationExamples.all()
    XCTAssertGreaterThanOrEqual(blocks.count, 25)
    for block in blocks {
      XCTAssertTrue(checkProperties(Array(block.source.utf8), name: block.name, folder: Repository.samples))
    }
  }

  /// Whether the input was formatted (rather than refused), after checking
  /// that a refusal is right and a formatting idempotent and faithful.
  private func checkProperties(_ bytes: [UInt8], name: String, folder: URL) -> Bool {
    let source = SourceFile(name: name, bytes: bytes)
    switch SourceFormatter.format(source) {
    case .refused(let diagnostics):
      XCTAssertTrue(diagnostics.contains { $0.severity == .error }, "\(name): refused without an error")
      var parsed = DiagnosticList()
      _ = Parser.parse(source, diagnostics: &parsed)
      XCTAssertTrue(parsed.hasErrors, "\(name): refused but it parses")
      return false
    case .formatted(let once):
      guard case .formatted(let twice) = SourceFormatter.format(SourceFile(name: name, bytes: once)) else {
        XCTFail("\(name): the formatted text is refused:\n\(String(decoding: once, as: UTF8.self))")
        return true
      }
      XCTAssertEqual(
        String(decoding: twice, as: UTF8.self), String(decoding: once, as: UTF8.self), "\(name): not idempotent")
      assertSameMeaning(bytes, once, name: name, folder: folder)
      return true
    }
  }

  private func assertSameMeaning(_ before: [UInt8], _ after: [UInt8], name: String, folder: URL) {
    let loader = FolderLoader(folder: folder)
    let old = Pencil.compile(SourceFile(name: name, bytes: before), importer: loader)
    let new = Pencil.compile(SourceFile(name: name, bytes: after), importer: loader)
    XCTAssertEqual(old.diagnostics.map(\.code.id), new.diagnostics.map(\.code.id), "\(name): diagnostics differ")
    XCTAssertEqual(old.scene == nil, new.scene == nil, "\(name): one compiles, the other not")
    if let a = old.scene, let b = new.scene {
      let expected = Self.positionFree(IRPrinter.print(a))
      let actual = Self.positionFree(IRPrinter.print(b))
      if expected != actual {
        XCTFail("\(name): the IR differs after formatting:\n\(String(decoding: after, as: UTF8.self))")
      }
    }
  }

  /// Canonical means the input's spacing does not matter: the formatted
  /// corpus with its blanks scrambled (more spaces, tabs, indentation,
  /// CRLF, trailing blanks, blank lines doubled) formats back to itself.
  /// Lines with strings or comments are left alone, as their blanks count.
  func testScrambledWhitespaceFormatsBack() throws {
    var random = SplitMix(seed: 12)
    for url in Self.corpus {
      let source = SourceFile(name: url.lastPathComponent, bytes: [UInt8](try Data(contentsOf: url)))
      guard case .formatted(let bytes) = SourceFormatter.format(source) else { continue }
      let formatted = String(decoding: bytes, as: UTF8.self)
      var scrambled = ""
      var inComment = false
      for line in formatted.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
        let plain = !inComment && !line.contains { "\"/*".contains($0) }
        if line.contains("/*") { inComment = true }
        if line.contains("*/") { inComment = false }
        guard plain else {
          scrambled += line + "\n"
          continue
        }
        let blanks = [" ", "  ", "\t", " \t "]
        scrambled += String(repeating: " ", count: random.pick(5)) + (random.pick(3) == 0 ? "\t" : "")
        scrambled += line.split(separator: " ").joined(separator: blanks[random.pick(blanks.count)])
        scrambled += random.pick(4) == 0 ? " \t" : ""
        scrambled += random.pick(3) == 0 ? "\r\n" : "\n"
        if line.isEmpty { scrambled += String(repeating: "\n", count: random.pick(3)) }
      }
      guard case .formatted(let again) = SourceFormatter.format(SourceFile(name: source.name, text: scrambled)) else {
        XCTFail("\(source.name): the scrambled text is refused:\n\(scrambled)")
        continue
      }
      XCTAssertEqual(String(decoding: again, as: UTF8.self), formatted, "\(source.name) from:\n\(scrambled)")
    }
  }
}

extension SplitMix {
  mutating func pick(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
