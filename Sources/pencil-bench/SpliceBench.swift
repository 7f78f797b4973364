import PencilDiagnostics
import PencilSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--splice`: what one typed character costs the language server's
/// syntax tree (`EditableSyntaxTree`: the statements it touched parsed
/// again and spliced in) against a whole parse of the text, best of
/// `runs` each. A character is typed in the middle line, then deleted, so
/// the text stays the same size. For instruction counts, run it under
/// callgrind and divide `EditableSyntaxTree.replace`'s and
/// `Parser.parseTree`'s inclusive counts by the runs.
func compareSpliceWithWholeParse(_ bytes: [UInt8], runs: Int) {
  var text = bytes
  let source = SourceFile(name: "bench.pencil", bytes: text)
  var edited = EditableSyntaxTree(source)
  // The start of the middle line, and a column in it.
  var middle = text.count / 2
  while middle > 0, text[middle - 1] != UInt8(ascii: "\n") { middle -= 1 }
  let at = middle + 6
  var spliced = Double.infinity
  var wholeParse = Double.infinity
  var parsedBytes = 0
  var nodes = 0
  for run in 0..<runs {
    let typing = run % 2 == 0
    if typing { text.insert(UInt8(ascii: "x"), at: at) } else { text.remove(at: at) }
    let next = SourceFile(name: "bench.pencil", bytes: text)
    var start = seconds()
    edited.replace(at, typing ? at : at + 1, insertedCount: typing ? 1 : 0, giving: next)
    spliced = min(spliced, seconds() - start)
    parsedBytes = max(parsedBytes, edited.lastParsedBytes)
    start = seconds()
    var diagnostics = DiagnosticList()
    let tree = Parser.parseTree(next, diagnostics: &diagnostics)
    wholeParse = min(wholeParse, seconds() - start)
    nodes = tree.nodes.count
    guard tree.nodes.count == edited.tree.nodes.count, tree.tokens.count == edited.tree.tokens.count else {
      print("the spliced tree differs from the whole parse")
      exit(1)
    }
  }
  func microseconds(_ time: Double) -> String { "\(whole(time * 1_000_000)) µs" }
  let tree = edited.tree
  let treeBytes =
    MemoryLayout<SyntaxToken>.stride * tree.tokens.count + MemoryLayout<SyntaxNode>.stride * tree.nodes.count
    + MemoryLayout<TriviaPiece>.stride * tree.trivia.count + MemoryLayout<LiteralValue>.stride * tree.literals.count
    + 4 * tree.literalTokens.count + tree.strings.reduce(16 * tree.strings.count) { $0 + $1.utf8.count }
  print(
    "text: \(bytes.count) bytes, \(bytes.count(where: { $0 == UInt8(ascii: "\n") })) lines, \(nodes) nodes; "
      + "the tree's arrays \(treeBytes / 1000) KB")
  print(
    "one character typed, best of \(runs): spliced \(microseconds(spliced)) (\(parsedBytes) bytes parsed again); "
      + "whole parse \(microseconds(wholeParse)); ratio \(whole(spliced / wholeParse * 1000) / 10)."
      + "\(whole(spliced / wholeParse * 1000) % 10) %")
}
