/// Definitions as the checker reads them: gradients with their stops,
/// shapes and components with their parameters. Built once per
/// definition, so their parts are plain values; bodies are views.

package struct GradientStop: Sendable {
  package var color: Expr?
  package var attributes: AttributeList
  package var range: SourceRange

  init(_ shared: SharedSyntaxTree, _ id: UInt32) {
    let flags = shared.node(id).flags
    let word = shared.tree.range(ofToken: Int(shared.node(id).firstToken))
    range = flags.contains(.ended) ? SourceRange(word.start, shared.partsEnd(id)) : word
    let coloured = flags.contains(.kept)
    color = coloured ? shared.firstChild(id).map { Expr(shared, $0) } : nil
    attributes = AttributeList(
      shared.children(id) { position, child in
        !(position == 0 && coloured) && shared.kind(child) == .attribute
      })
  }
}

/// `gradient NAME SPACE FROM to TO { stops }`, or `gradient NAME radial
/// [center=…] [radius=…] { stops }`: then `space` is the word `radial`,
/// `from` and `to` are empty and `attributes` holds the clauses.
package struct GradientStatement: Sendable {
  package var name: Identifier
  package var space: Identifier
  package var from: Identifier
  package var to: Identifier
  package var stops: [GradientStop]
  package var range: SourceRange
  package var recovered: Bool
  package var attributes: AttributeList

  package var isRadial: Bool { space.name == "radial" }

  init(_ shared: SharedSyntaxTree, _ id: UInt32) {
    let flags = shared.node(id).flags
    let missing = shared.missingName(id)
    name = shared.word(id, 1, or: missing)
    space = shared.word(id, 2, or: missing)
    from = missing
    to = missing
    if !flags.contains(.radial) {
      // `FROM to TO`: the word `to` is the fifth.
      from = shared.word(id, 3, or: missing)
      to = shared.word(id, 5, or: missing)
    }
    range = shared.statementRange(id)
    recovered = flags.contains(.recovered)
    let clauses = flags.contains(.kept)
    attributes = AttributeList(shared.children(id) { _, child in clauses && shared.kind(child) == .attribute })
    stops = []
    for slot in shared.childSlots(id) where shared.kind(shared.childIDs[slot]) == .gradientStop {
      stops.append(GradientStop(shared, shared.childIDs[slot]))
    }
  }
}

/// A parameter's declared type: `Number`, `Color?`, `[Color]`.
package struct TypeSyntax: Sendable {
  package var name: Identifier
  package var isList = false
  package var isOptional = false
  package var range: SourceRange

  /// `Type`, `Type?` or `[Type]`.
  init(_ shared: SharedSyntaxTree, _ id: UInt32) {
    let tokens = shared.tree.tokenRange(SyntaxNodeID(Int(id)))
    range = shared.range(id)
    name =
      shared.tree.ownToken(SyntaxNodeID(Int(id)), .identifier).map(shared.identifier)
      ?? Identifier(name: "", range: range)
    isList = shared.tree.tokens[tokens.lowerBound].kind == .leftBracket
    isOptional = shared.tree.tokens[tokens.upperBound - 1].kind == .question
  }

  init(name: Identifier) {
    self.name = name
    range = name.range
  }
}

/// `NAME: Type = default` in a component's or shape's parameter list.
package struct Parameter: Sendable {
  package var name: Identifier
  package var type: TypeSyntax
  package var defaultValue: Expr?
  package var range: SourceRange

  init(_ shared: SharedSyntaxTree, _ id: UInt32) {
    name = shared.identifier(Int(shared.node(id).firstToken))
    type = TypeSyntax(name: name)
    defaultValue = nil
    for slot in shared.childSlots(id) {
      let child = shared.childIDs[slot]
      if shared.kind(child) == .typeAnnotation {
        type = TypeSyntax(shared, child)
      } else if shared.kind(child).isExpression {
        defaultValue = Expr(shared, child)
      }
    }
    range = SourceRange(name.range.start, shared.end(id))
  }
}

extension SharedSyntaxTree {
  /// The parameters (nil without parentheses) and the body of a shape or a
  /// component, which the parser keeps only when the body's block closed.
  func parametersAndBody(_ id: UInt32) -> (parameters: [Parameter]?, body: StatementList) {
    guard let block = firstChild(id, .block) else { return (nil, .empty) }
    let parameters = firstChild(id, .parameterList).map { list in
      childSlots(list).compactMap { slot in
        kind(childIDs[slot]) == .parameter ? Parameter(self, childIDs[slot]) : nil
      }
    }
    return (parameters, StatementList(self, in: block))
  }
}

/// `shape NAME[(PARAMETERS)] { path commands, let, for, if }` in unit coordinates.
package struct ShapeStatement: Sendable {
  package var name: Identifier
  package var parameters: [Parameter]?
  package var body: StatementList
  package var range: SourceRange
  package var recovered: Bool

  init(_ shared: SharedSyntaxTree, _ id: UInt32) {
    name = shared.word(id, 1, or: shared.missingName(id))
    (parameters, body) = shared.parametersAndBody(id)
    range = shared.statementRange(id)
    recovered = shared.node(id).flags.contains(.recovered)
  }
}

/// `component NAME(PARAMETERS) { elements, let, for, if }`.
package struct ComponentStatement: Sendable {
  package var name: Identifier
  package var parameters: [Parameter]
  package var body: StatementList
  package var range: SourceRange
  package var recovered: Bool

  init(_ shared: SharedSyntaxTree, _ id: UInt32) {
    name = shared.word(id, 1, or: shared.missingName(id))
    let parts = shared.parametersAndBody(id)
    parameters = parts.parameters ?? []
    body = parts.body
    range = shared.statementRange(id)
    recovered = shared.node(id).flags.contains(.recovered)
  }
}

/// A whole parsed file.
package struct SourceUnit: Sendable {
  package var statements: [Statement]

  package init(statements: [Statement]) { self.statements = statements }
}
