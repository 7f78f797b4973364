/// Views of the parts of definitions the editor queries read: parameters
/// and their types, a gradient's header, an `import`'s path. Accessors
/// read the tree in place (see `SyntaxTree+Access.swift`).

/// `NAME: Type [= default]` in a component's or a shape's parameter list.
package struct ParameterSyntax: SyntaxView {
  package static let kinds: Set<SyntaxKind> = [.parameter]
  package let id: SyntaxNodeID
  package init(unchecked id: SyntaxNodeID) { self.id = id }

  /// The name's token, when written.
  package func nameToken(in tree: SyntaxTree) -> Int? {
    tree.ownToken(id, at: 0).flatMap { tree.tokens[$0].kind == .identifier ? $0 : nil }
  }

  package func type(in tree: SyntaxTree) -> TypeAnnotationSyntax? {
    tree.firstChild(id, .typeAnnotation).map(TypeAnnotationSyntax.init(unchecked:))
  }

  /// The value after `=`, when written.
  package func defaultValue(in tree: SyntaxTree) -> ExprSyntax? {
    tree.lastChild(id).flatMap { ExprSyntax($0, in: tree) }
  }
}

/// `Type`, `Type?` or `[Type]`.
package struct TypeAnnotationSyntax: SyntaxView {
  package static let kinds: Set<SyntaxKind> = [.typeAnnotation]
  package let id: SyntaxNodeID
  package init(unchecked id: SyntaxNodeID) { self.id = id }

  /// The type's name (`Color` of `[Color]?`), empty when missing.
  package func name(in tree: SyntaxTree) -> String {
    tree.ownToken(id, .identifier).map { tree.text(token: $0) } ?? ""
  }

  package func isList(in tree: SyntaxTree) -> Bool { tree.ownToken(id, .leftBracket) != nil }
  package func isOptional(in tree: SyntaxTree) -> Bool { tree.ownToken(id, .question) != nil }
}

extension DefinitionSyntax {
  /// The name's token (`shine` of `gradient shine …`), when written.
  package func nameToken(in tree: SyntaxTree) -> Int? {
    tree.ownToken(id, at: 1).flatMap { tree.tokens[$0].kind == .identifier ? $0 : nil }
  }

  /// The parameter nodes of a component or a shape, in order, without an
  /// array: nil when the definition has no parameter list.
  package func parameterList(in tree: SyntaxTree) -> SyntaxNodeID? { tree.firstChild(id, .parameterList) }

  /// A gradient's own word at `position` (2: the colour space or
  /// `radial`, 3: the start direction, 5: the end direction); empty when
  /// not written.
  package func gradientWord(_ position: Int, in tree: SyntaxTree) -> String { ownWord(position, in: tree) ?? "" }
}

/// `import "path"`.
package struct ImportSyntax: SyntaxView {
  package static let kinds: Set<SyntaxKind> = [.importFile]
  package let id: SyntaxNodeID
  package init(unchecked id: SyntaxNodeID) { self.id = id }

  /// The path as written, when it is a plain string (an interpolated one
  /// names no file).
  package func path(in tree: SyntaxTree) -> String? {
    guard let token = tree.ownToken(id, .string), !tree.isInterpolated(token: token) else { return nil }
    return tree.string(ofToken: token)
  }
}

extension ElementSyntax {
  /// The token of the element's kind (`rect`, a component's name), after
  /// `NAME:` and any line break that follows it, when written.
  package func kindToken(in tree: SyntaxTree) -> Int? {
    var position = 0
    var first: Int? = nil
    var named = false
    var found: Int? = nil
    var done = false
    tree.forEachOwnToken(id) { token in
      defer { position += 1 }
      let kind = tree.tokens[token].kind
      switch position {
      case 0: first = token
      case 1: named = kind == .colon
      default:
        guard named, !done, kind != .newline else { return }
        done = true
        if kind == .identifier { found = token }
      }
    }
    guard named else { return first.flatMap { tree.tokens[$0].kind == .identifier ? $0 : nil } }
    return found
  }
}
