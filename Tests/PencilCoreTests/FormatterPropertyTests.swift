import Foundation
import XCTest

@testable import PencilCore

/// The properties `pencilc fmt` promises, on every sample, test fixture
/// and fuzz regression: formatting is idempotent, keeps the IR and the
/// diagnostics the same, and refuses files with syntax errors unchanged.
final class FormatterPropertyTests: XCTestCase {
  static var corpus: [URL] {
    var files: [URL] = []
    for folder in [Repository.samples, Repository.fixtures, Repository.root.appendingPathComponent("Fuzz/regressions")] {
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
      let name = url.lastPathComponent
      let source = SourceFile(name: name, bytes: bytes)
      switch SourceFormatter.format(source) {
      case .refused(let diagnostics):
        XCTAssertTrue(diagnostics.contains { $0.severity == .error }, "\(name): refused without an error")
        var parsed = DiagnosticList()
        _ = Parser.parse(source, diagnostics: &parsed)
        XCTAssertTrue(parsed.hasErrors, "\(name): refused but it parses")
      case .formatted(let once):
        formattedCount += 1
        guard case .formatted(let twice) = SourceFormatter.format(SourceFile(name: name, bytes: once)) else {
          XCTFail("\(name): the formatted text is refused:\n\(String(decoding: once, as: UTF8.self))")
          continue
        }
        XCTAssertEqual(
          String(decoding: twice, as: UTF8.self), String(decoding: once, as: UTF8.self), "\(name): not idempotent")
        assertSameMeaning(bytes, once, name: name, folder: url.deletingLastPathComponent())
      }
    }
    XCTAssertGreaterThan(formattedCount, 30)
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
}
