import Foundation
import PencilDiagnostics
import PencilSyntax

@testable import PencilSema

/// The inputs the statement tests read (`ASTBridgeTests`,
/// `SyntaxViewDumpTests`): every file we have, broken input, and every
/// cut of two samples; each named as its digest line names it.
enum StatementCorpus {
  /// Every sample and fixture, and the prelude, named by the path in the
  /// repository. Not the documentation's examples: the digests would then
  /// have to be recorded again whenever a page gains one, and the samples
  /// and fixtures already hold every construct (the examples are
  /// round-tripped and compiled by their own tests).
  static func files() throws -> [(name: String, bytes: [UInt8])] {
    let examples = Set(try DocumentationExamples.all().map(\.name))
    var corpus = try SyntaxTreeRoundTripTests.corpus().filter { !examples.contains($0.name) }
    corpus.append(("prelude", Array(Prelude.source.utf8)))
    let root = Repository.root.path + "/"
    return corpus.map { ($0.hasPrefix(root) ? String($0.dropFirst(root.count)) : $0, $1) }
  }

  static let broken: [String: String] = [
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

  /// Every third prefix of two samples: a statement cut anywhere.
  static func cuts() throws -> [(name: String, bytes: [UInt8])] {
    var cuts: [(name: String, bytes: [UInt8])] = []
    for name in ["components", "showcase"] {
      let bytes = [UInt8](try Data(contentsOf: Repository.samples.appendingPathComponent(name + ".pencil")))
      for cut in stride(from: 0, to: bytes.count, by: 3) {
        cuts.append(("\(name) cut at \(cut)", Array(bytes[..<cut])))
      }
    }
    return cuts
  }
}
