/// Typed views over the tree: a node id with accessors named for the
/// syntax, so a later stage reads `element.attributes(in: tree)` and never
/// the encoding. A view is made only from a node of its kind
/// (`init?(_:in:)`); a part missing after a syntax error is nil.
package protocol SyntaxView {
  static var kinds: Set<SyntaxKind> { get }
  /// Whether a node of `kind` can be seen through this view: `kinds`,
  /// decided without hashing where it is asked per node.
  static func accepts(_ kind: SyntaxKind) -> Bool
  var id: SyntaxNodeID { get }
  init(unchecked id: SyntaxNodeID)
}

extension SyntaxView {
  package static func accepts(_ kind: SyntaxKind) -> Bool { kinds.contains(kind) }

  package init?(_ id: SyntaxNodeID, in tree: SyntaxTree) {
    guard Self.accepts(tree.kind(id)) else { return nil }
    self.init(unchecked: id)
  }

  package func range(in tree: SyntaxTree) -> SourceRange { tree.range(id) }

  /// The text of the node's own `index`th token (not a child's), if any.
  package func ownWord(_ index: Int, in tree: SyntaxTree) -> String? {
    let own = tree.ownTokens(id)
    guard index < own.count, tree.tokens[own[index]].kind == .identifier else { return nil }
    return tree.text(token: own[index])
  }
}

/// Any statement a file or a block holds.
package struct StatementSyntax: SyntaxView {
  package static let kinds: Set<SyntaxKind> = [
    .element, .letBinding, .colorSet, .forLoop, .ifStatement, .gradient, .shape, .component, .importFile,
    .pathCommand,
  ]
  package let id: SyntaxNodeID
  package init(unchecked id: SyntaxNodeID) { self.id = id }

  package static func accepts(_ kind: SyntaxKind) -> Bool {
    switch kind {
    case .element, .letBinding, .colorSet, .forLoop, .ifStatement, .gradient, .shape, .component, .importFile,
      .pathCommand:
      true
    default: false
    }
  }
}

/// The file: its statements in order.
package struct SourceFileSyntax: SyntaxView {
  package static let kinds: Set<SyntaxKind> = [.sourceFile]
  package let id: SyntaxNodeID
  package init(unchecked id: SyntaxNodeID) { self.id = id }

  package func statements(in tree: SyntaxTree) -> [StatementSyntax] {
    tree.children(id).compactMap { StatementSyntax($0, in: tree) }
  }
}

/// `{ statements }`.
package struct BlockSyntax: SyntaxView {
  package static let kinds: Set<SyntaxKind> = [.block]
  package let id: SyntaxNodeID
  package init(unchecked id: SyntaxNodeID) { self.id = id }

  package func statements(in tree: SyntaxTree) -> [StatementSyntax] {
    tree.children(id).compactMap { StatementSyntax($0, in: tree) }
  }
}

/// `[NAME:] KIND [label] [WxH] clause… [{ children }]`.
package struct ElementSyntax: SyntaxView {
  package static let kinds: Set<SyntaxKind> = [.element]
  package let id: SyntaxNodeID
  package init(unchecked id: SyntaxNodeID) { self.id = id }

  /// `NAME` of `NAME: KIND`, when written.
  package func name(in tree: SyntaxTree) -> String? {
    let own = tree.ownTokens(id)
    guard own.count >= 2, tree.tokens[own[1]].kind == .colon else { return nil }
    return tree.text(token: own[0])
  }

  /// The element's kind: `rect`, `hstack`, a component's name.
  package func kind(in tree: SyntaxTree) -> String? {
    ownWord(name(in: tree) == nil ? 0 : 2, in: tree)
  }

  /// The positional value: the string of `text "…"`.
  package func label(in tree: SyntaxTree) -> ExprSyntax? {
    tree.children(id).first.flatMap { ExprSyntax($0, in: tree) }.flatMap {
      $0.kind(in: tree) == .sizeLiteral ? nil : $0
    }
  }

  package func attributes(in tree: SyntaxTree) -> [AttributeSyntax] {
    tree.children(id).compactMap { AttributeSyntax($0, in: tree) }
  }

  /// `{ … }`, when written.
  package func block(in tree: SyntaxTree) -> BlockSyntax? {
    tree.firstChild(id, .block).map(BlockSyntax.init(unchecked:))
  }
}

/// `name=value`, `at X,Y`, `size WxH`, `padding.top=value`.
package struct AttributeSyntax: SyntaxView {
  package static let kinds: Set<SyntaxKind> = [.attribute]
  package let id: SyntaxNodeID
  package init(unchecked id: SyntaxNodeID) { self.id = id }

  /// The name as written, a dotted one whole (`padding.top`).
  package func name(in tree: SyntaxTree) -> String {
    var name = ""
    for token in tree.ownTokens(id) {
      let kind = tree.tokens[token].kind
      guard kind == .identifier || kind == .dot else { break }
      name += tree.text(token: token)
    }
    return name
  }

  package func value(in tree: SyntaxTree) -> ExprSyntax? {
    tree.children(id).last.flatMap { ExprSyntax($0, in: tree) }
  }
}

/// `let NAME = VALUE`, and `color NAME = VALUE` / `color NAME light=A dark=B`.
package struct LetSyntax: SyntaxView {
  package static let kinds: Set<SyntaxKind> = [.letBinding, .colorSet]
  package let id: SyntaxNodeID
  package init(unchecked id: SyntaxNodeID) { self.id = id }

  package func name(in tree: SyntaxTree) -> String? { ownWord(1, in: tree) }

  /// The value of a `let` or of `color NAME = VALUE`; nil for a light/dark pair.
  package func value(in tree: SyntaxTree) -> ExprSyntax? {
    tree.children(id).last.flatMap { ExprSyntax($0, in: tree) }
  }

  /// `light=` and `dark=` of a colour set.
  package func parts(in tree: SyntaxTree) -> [AttributeSyntax] {
    tree.children(id).compactMap { AttributeSyntax($0, in: tree) }
  }
}

/// `for NAME[, INDEX] in SEQUENCE { … }`.
package struct ForSyntax: SyntaxView {
  package static let kinds: Set<SyntaxKind> = [.forLoop]
  package let id: SyntaxNodeID
  package init(unchecked id: SyntaxNodeID) { self.id = id }

  package func variable(in tree: SyntaxTree) -> String? { ownWord(1, in: tree) }

  package func body(in tree: SyntaxTree) -> BlockSyntax? {
    tree.firstChild(id, .block).map(BlockSyntax.init(unchecked:))
  }
}

/// `if … { … } else if … { … } else { … }`.
package struct IfSyntax: SyntaxView {
  package static let kinds: Set<SyntaxKind> = [.ifStatement]
  package let id: SyntaxNodeID
  package init(unchecked id: SyntaxNodeID) { self.id = id }

  /// Each branch's condition and block.
  package func branches(in tree: SyntaxTree) -> [(condition: ExprSyntax?, body: BlockSyntax?)] {
    tree.children(id).filter { tree.kind($0) == .conditionalBranch }.map { branch in
      let parts = tree.children(branch)
      return (
        parts.first.flatMap { ExprSyntax($0, in: tree) },
        tree.firstChild(branch, .block).map(BlockSyntax.init(unchecked:))
      )
    }
  }

  package func elseBody(in tree: SyntaxTree) -> BlockSyntax? {
    tree.firstChild(id, .block).map(BlockSyntax.init(unchecked:))
  }
}

/// `gradient`, `shape` and `component` definitions: a keyword and a name.
package struct DefinitionSyntax: SyntaxView {
  package static let kinds: Set<SyntaxKind> = [.gradient, .shape, .component]
  package let id: SyntaxNodeID
  package init(unchecked id: SyntaxNodeID) { self.id = id }

  package func name(in tree: SyntaxTree) -> String? { ownWord(1, in: tree) }

  package func body(in tree: SyntaxTree) -> BlockSyntax? {
    tree.firstChild(id, .block).map(BlockSyntax.init(unchecked:))
  }

}

/// Any value.
package struct ExprSyntax: SyntaxView {
  package static let kinds: Set<SyntaxKind> = Set(
    (SyntaxKind.numberLiteral.rawValue...SyntaxKind.invalidValue.rawValue).compactMap(SyntaxKind.init(rawValue:)))
  package let id: SyntaxNodeID
  package init(unchecked id: SyntaxNodeID) { self.id = id }

  package static func accepts(_ kind: SyntaxKind) -> Bool { kind.isExpression }

  package func kind(in tree: SyntaxTree) -> SyntaxKind { tree.kind(id) }

  /// The operands, arguments or items: the expression children.
  package func operands(in tree: SyntaxTree) -> [ExprSyntax] {
    tree.children(id).flatMap { child -> [ExprSyntax] in
      // A call's or a member's arguments are one level further down.
      tree.kind(child) == .argumentList
        ? tree.children(child).compactMap { ExprSyntax($0, in: tree) } : ExprSyntax(child, in: tree).map { [$0] } ?? []
    }
  }

  /// The operator of a `binary` or `prefix` node, the name of a `name`,
  /// `dotName`, `call` or `member`: its first own token's text.
  package func word(in tree: SyntaxTree) -> String? {
    let own = tree.ownTokens(id).filter { tree.tokens[$0].kind != .dot && tree.tokens[$0].kind != .newline }
    return own.first.map { tree.text(token: $0) }
  }

  /// A literal's value as the lexer decoded it.
  package func literal(in tree: SyntaxTree) -> LiteralValue? {
    tree.ownTokens(id).first.flatMap { tree.literal(ofToken: $0) }
  }
}
