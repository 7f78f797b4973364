import Foundation
import PencilDiagnostics
import PencilSyntax
import XCTest

@testable import PencilCore

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
    var corpus = try SyntaxTreeRoundTripTests.corpus()
    corpus.append(("prelude", Array(Prelude.source.utf8)))
    XCTAssertGreaterThan(corpus.count, 60)
    let root = Repository.root.path + "/"
    for (name, bytes) in corpus {
      digests.append(Self.assertBridged(bytes, name.hasPrefix(root) ? String(name.dropFirst(root.count)) : name))
    }
    assertDigests("files.digests")
  }

  func testBrokenInputsBridgeToTheParsersStatements() {
    let inputs: [String: String] = [
      "unterminated string": "text \"open\nrect size 10x10\n",
      "unterminated interpolation": "text \"a \\(1 + \nrect",
      "interpolations": "text \"a \\(1 + 2) b \\(\"c\\(d)\")\" at 3,4\nlet s = \"\\(x)\"\n",
      "stray bytes": "rect @ size 10x10 ` fill=red\n} }\n",
      "broken statements": "let = 3\nfor in { rect }\nif { } else\ngradient g hsb { stop }\nx: let y = 1\n",
      "failed label": "text -x + \ntext (1 + \nrect 10x10 fill=(a).b(1)[2] at -(3), -x\n",
      "failed attributes": "rect fill=red stroke=\nrect fill=f(1, \ncircle at 1 2\nrect size 5 x 5\n",
      "failed blocks": "vstack { rect\n gradient g hsb a to b { stop red }\n",
      "failed children at the end": "hstack {\n  rect fill=red\n  text \"a\"\n",
      "gradients": """
      gradient a hsb leading to trailing { stop red at=0; stop blue }
      gradient b radial center=0.5,0.5 radius=1 { stop red
      stop green x=
      junk
      stop }
      gradient c radal center=1 5 { }
      gradient d radial oops { }
      gradient e hsb a b { }
      gradient
      """,
      "definitions": """
      shape s(n: Number = 1, c: [Color]?) { move 0,0; line n, 1; curve 1,1 control 0.5,0.2 -0.3,0.6 0,1; close }
      shape t { move 0 0 }
      shape u(x: ) { close }
      component c(a: Color = .red) { rect fill=a; let q = 1 }
      component d { rect
      component e(
      """,
      "control flow": """
      for i, n in 0..<3 { rect at i * 10, n }
      if a < 1 { rect } else if !b { circle }
      else { text "x" }
      if a < b < c { }
      for x in { }
      """,
      "colour sets": "color a = #ff0000\ncolor b light=red dark=.blue\ncolor c light=red\ncolor d dark=a light=b\n",
      "named elements": "a: rect\nb:\n  circle fill=red\nc: let d = 1\ne: 3\n",
      "deep parentheses": "let a = " + String(repeating: "(", count: 70) + "1" + String(repeating: ")", count: 70),
      "deep blocks": String(repeating: "vstack {\n", count: Parser.maximumDepth + 3)
        + String(repeating: "}\n", count: Parser.maximumDepth + 3),
      "deep list in a block": "rect { " + String(repeating: "[", count: 70) + "\n",
      "long operator chain": "let a = 1" + String(repeating: " + 1", count: 80) + "\n",
      "imports": "import \"a.pencil\"\nimport b\nimport \"\\(c)\"\n",
      "CR and CRLF": "rect size 1x1\r\n\r\nrect size 2x2\r\r  // c\r\n",
      "empty": "",
    ]
    for (name, text) in inputs { digests.append(Self.assertBridged(Array(text.utf8), name)) }
    assertDigests("broken.digests")
  }

  /// Every prefix of two samples: a statement cut anywhere.
  func testEveryCutOfASampleBridgesToTheParsersStatements() throws {
    for name in ["components", "showcase"] {
      let bytes = [UInt8](try Data(contentsOf: Repository.samples.appendingPathComponent(name + ".pencil")))
      for cut in stride(from: 0, to: bytes.count, by: 3) {
        digests.append(Self.assertBridged(Array(bytes[..<cut]), "\(name) cut at \(cut)"))
      }
    }
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
