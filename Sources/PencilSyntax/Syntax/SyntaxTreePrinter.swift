/// The tree as indented text, one node a line: its kind, then the tokens
/// that are its own (not a child's), quoted, in order; children below,
/// two spaces in. Trivia is left out (it is in the source); a line break
/// token prints as `⏎`. For tests and for reading what the parser built.
package enum SyntaxTreePrinter {
  package static func print(_ tree: SyntaxTree) -> String {
    var out = ""
    // Preorder from postorder with an explicit stack: no recursion, so
    // any depth the parser accepts prints.
    var stack: [(id: SyntaxNodeID, depth: Int)] = [(tree.root, 0)]
    while let (id, depth) = stack.popLast() {
      out += String(repeating: "  ", count: depth) + "\(tree.kind(id))"
      for token in tree.ownTokens(id) {
        switch tree.tokens[token].kind {
        case .newline: out += " ⏎"
        case .endOfFile: out += " <end>"
        default: out += " '" + tree.text(token: token) + "'"
        }
      }
      out += "\n"
      tree.forEachChildBackwards(id) { stack.append(($0, depth + 1)) }
    }
    return out
  }
}
