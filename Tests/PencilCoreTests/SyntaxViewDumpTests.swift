import Foundation
import PencilDiagnostics
import PencilSyntax
import XCTest

/// The statements the checker reads through the views over the syntax
/// tree are the ones the AST held: every field and range of every
/// statement (`ASTDump`), for every file we have, broken input and every
/// cut of two samples. The digests were recorded from the AST, before it
/// went; `PENCIL_DUMP_DIR=dir` writes each input's dump there, to compare.
final class SyntaxViewDumpTests: XCTestCase {
  private var digests: [String] = []

  private func assertDigests(_ golden: String, line: UInt = #line) {
    let directory = Repository.golden.appendingPathComponent("syntax-views")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    assertGolden(digests.sorted().joined(separator: "\n") + "\n", directory.appendingPathComponent(golden), line: line)
  }

  func testEveryFileWeHaveReadsAsTheASTRead() throws {
    let files = try StatementCorpus.files()
    XCTAssertGreaterThan(files.count, 60)
    for (name, bytes) in files { digests.append(Self.digest(bytes, name)) }
    assertDigests("files.digests")
  }

  func testBrokenInputsReadAsTheASTRead() {
    for (name, text) in StatementCorpus.broken { digests.append(Self.digest(Array(text.utf8), name)) }
    assertDigests("broken.digests")
  }

  /// Every third prefix of two samples: a statement cut anywhere.
  func testEveryCutOfASampleReadsAsTheASTRead() throws {
    for (name, bytes) in try StatementCorpus.cuts() { digests.append(Self.digest(bytes, name)) }
    assertDigests("cuts.digests")
  }

  /// The input's name and a digest (FNV-1a) of its statements' dump.
  static func digest(_ bytes: [UInt8], _ name: String) -> String {
    var diagnostics = DiagnosticList()
    let parsed = Parser.parse(SourceFile(name: "t.pencil", bytes: bytes), diagnostics: &diagnostics).statements
    let dump = ASTDump.dump(parsed)
    if let directory = ProcessInfo.processInfo.environment["PENCIL_DUMP_DIR"] {
      let file = name.replacingOccurrences(of: "/", with: "_")
      try? dump.write(toFile: directory + "/" + file + ".dump", atomically: true, encoding: .utf8)
    }
    var digest: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in dump.utf8 { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return "\(name)\t\(String(digest, radix: 16))"
  }
}
