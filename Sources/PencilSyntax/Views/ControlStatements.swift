/// `let NAME = VALUE`; also `color NAME = A` and `color NAME light=A
/// dark=B`, whose value is a colour set.
package struct LetStatement: Sendable {
  package var name: Identifier
  package var value: Expr
  package var range: SourceRange

  init(_ shared: SharedSyntaxTree, _ id: UInt32) {
    name = shared.word(id, 1, or: shared.missingName(id))
    range = shared.statementRange(id)
    if shared.kind(id) == .colorSet {
      value = Expr(shared, id, made: .colorSet)
    } else {
      value = shared.lastChild(id).map { Expr(shared, $0) } ?? .invalid(range)
    }
  }
}

/// `for NAME[, INDEX] in SEQUENCE { … }`.
package struct ForStatement: Sendable {
  package var variable: Identifier
  package var index: Identifier?
  package var sequence: Expr
  package var body: StatementList
  package var range: SourceRange

  init(_ shared: SharedSyntaxTree, _ id: UInt32) {
    range = shared.statementRange(id)
    let missing = shared.missingName(id)
    variable = shared.word(id, 1, or: missing)
    // `for NAME in` or `for NAME, INDEX in`.
    index = shared.ownWordCount(id) >= 4 ? shared.word(id, 2, or: missing) : nil
    sequence = shared.firstChild(id).map { Expr(shared, $0) } ?? .invalid(range)
    body = shared.firstChild(id, .block).map { StatementList(shared, in: $0) } ?? .empty
  }
}

/// One `if COND { … }` or `else if COND { … }`.
package struct ConditionalBranch: Sendable {
  package var condition: Expr
  package var body: StatementList
  package var range: SourceRange

  init(_ shared: SharedSyntaxTree, _ id: UInt32) {
    range = shared.range(id)
    condition = shared.firstChild(id).map { Expr(shared, $0) } ?? .invalid(range)
    body = shared.firstChild(id, .block).map { StatementList(shared, in: $0) } ?? .empty
  }
}

/// The branches of an `if`, in order.
package struct BranchList: RandomAccessCollection, Sendable {
  let nodes: NodeList

  package var startIndex: Int { 0 }
  package var endIndex: Int { nodes.endIndex }
  package subscript(position: Int) -> ConditionalBranch { ConditionalBranch(nodes.shared, nodes[position]) }
}

/// `if … { … } else if … { … } else { … }`.
package struct IfStatement: Sendable {
  package var branches: BranchList
  package var elseBody: StatementList?
  package var range: SourceRange

  init(_ shared: SharedSyntaxTree, _ id: UInt32) {
    branches = BranchList(nodes: shared.children(id) { _, child in shared.kind(child) == .conditionalBranch })
    // The else block is the last block child, when there is one.
    var elseBlock: UInt32? = nil
    for slot in shared.childSlots(id) where shared.kind(shared.childIDs[slot]) == .block {
      elseBlock = shared.childIDs[slot]
    }
    elseBody = elseBlock.map { StatementList(shared, in: $0) }
    range = shared.statementRange(id)
  }
}

/// `import "path"`.
package struct ImportStatement: Sendable {
  package var path: String
  package var pathRange: SourceRange
  package var range: SourceRange

  init(_ shared: SharedSyntaxTree, _ id: UInt32) {
    range = shared.statementRange(id)
    guard let token = shared.tree.ownToken(SyntaxNodeID(Int(id)), .string),
      let literal = shared.tree.literal(ofToken: token)
    else {
      path = ""
      pathRange = range
      return
    }
    path = shared.tree.strings[Int(literal.first)]
    pathRange = shared.tree.range(ofToken: token)
  }
}

/// `move P`, `line P`, `curve END control C1 C2`, `quad END control C`,
/// `close`; each point is an `at`-style pair of expressions.
package struct PathCommand: Sendable {
  package var verb: Identifier
  package var points: ExprList
  package var range: SourceRange

  init(_ shared: SharedSyntaxTree, _ id: UInt32) {
    verb = shared.identifier(Int(shared.node(id).firstToken))
    points = ExprList(shared.children(id) { _, child in shared.kind(child).isExpression })
    range = shared.statementRange(id)
  }
}
