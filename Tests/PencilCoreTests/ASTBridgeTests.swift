import Foundation
import PencilDiagnostics
import PencilSyntax
import XCTest

/// The bridge from the syntax tree to the AST builds exactly the
/// statements the parser builds: ranges, recovered flags, invalid parts,
/// interpolations, names — for every file we have and for broken input.
/// Each test also keeps a digest of every input's statements in a golden,
/// recorded from the parser that built the AST itself: once the parser
/// builds only the tree, the digests hold the bridge to what it built.
final class ASTBridgeTests: XCTestCase {
  private var digests: [String] = []

  private func assertDigests(_ golden: String, line: UInt = #line) {
    let directory = Repository.golden.appendingPathComponent("ast-bridge")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    assertGolden(digests.sorted().joined(separator: "\n") + "\n", directory.appendingPathComponent(golden), line: line)
  }

  func testEveryFileWeHaveBridgesToTheParsersStatements() throws {
    let files = try StatementCorpus.files()
    XCTAssertGreaterThan(files.count, 60)
    for (name, bytes) in files { digests.append(Self.assertBridged(bytes, name)) }
    assertDigests("files.digests")
  }

  func testBrokenInputsBridgeToTheParsersStatements() {
    for (name, text) in StatementCorpus.broken { digests.append(Self.assertBridged(Array(text.utf8), name)) }
    assertDigests("broken.digests")
  }

  /// Every third prefix of two samples: a statement cut anywhere.
  func testEveryCutOfASampleBridgesToTheParsersStatements() throws {
    for (name, bytes) in try StatementCorpus.cuts() { digests.append(Self.assertBridged(bytes, name)) }
    assertDigests("cuts.digests")
  }

  /// Asserts that the bridge builds the parser's statements; returns the
  /// input's name and a digest of them (FNV-1a of their description).
  static func assertBridged(
    _ bytes: [UInt8], _ name: String, file: StaticString = #filePath, line: UInt = #line
  ) -> String {
    var diagnostics = DiagnosticList()
    let parsed = Parser.parse(SourceFile(name: "t.pencil", bytes: bytes), diagnostics: &diagnostics).statements
    var treeDiagnostics = DiagnosticList()
    let tree = SyntaxTree.parse(SourceFile(name: "t.pencil", bytes: bytes), diagnostics: &treeDiagnostics)
    let bridged = ASTBridge(tree).statements()
    var digest: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in String(reflecting: parsed).utf8 { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
    XCTAssertEqual(bridged.count, parsed.count, "\(name): statement count", file: file, line: line)
    for (index, (bridge, parser)) in zip(bridged, parsed).enumerated() where bridge != parser {
      XCTFail("\(name): statement \(index)\nbridge: \(bridge)\nparser: \(parser)", file: file, line: line)
      break
    }
    return "\(name)\t\(String(digest, radix: 16))"
  }
}
