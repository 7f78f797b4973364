import PencilDiagnostics
import PencilSyntax

/// One file parsed for the editor queries, once: its lossless syntax tree,
/// read through the typed views. Parsing is a small part of a
/// compilation, and a query runs on one file: no cache is kept, so every
/// answer reflects the text given.
struct SyntaxIndex: Sendable {
  let source: SourceFile
  let tree: SyntaxTree

  init(_ source: SourceFile) {
    self.source = source
    var diagnostics = DiagnosticList()
    tree = SyntaxTree.parse(source, diagnostics: &diagnostics)
  }

  /// `source` with its tree parsed already (the language server keeps
  /// each open document's, `EditableSyntaxTree`).
  init(_ source: SourceFile, tree: SyntaxTree) {
    self.source = source
    self.tree = tree
  }

  /// The file's statements, in order.
  var statements: [StatementSyntax] { statements(in: tree.root) }

  /// The statements directly in the file or a block, left out those the
  /// parser could not read whole (a `let` without its value, a loop
  /// without its body: the compiler drops them, and so do the queries).
  private func statements(in parent: SyntaxNodeID) -> [StatementSyntax] {
    var found: [StatementSyntax] = []
    tree.forEachChild(parent) { child in
      if let statement = StatementSyntax(child, in: tree), isWhole(statement) { found.append(statement) }
    }
    return found
  }

  private func isWhole(_ statement: StatementSyntax) -> Bool {
    let id = statement.id
    switch tree.kind(id) {
    case .letBinding, .colorSet:
      let binding = LetSyntax(unchecked: id)
      return !tree.hasErrorChild(id) && binding.name(in: tree) != nil
        && (binding.value(in: tree) != nil || binding.parts(in: tree).count == 2)
    case .forLoop:
      let loop = ForSyntax(unchecked: id)
      return !tree.hasErrorChild(id) && loop.variable(in: tree) != nil && loop.body(in: tree) != nil
    case .ifStatement:
      return !tree.hasErrorChild(id) && IfSyntax(unchecked: id).branches(in: tree).allSatisfy { $0.body != nil }
    case .importFile, .pathCommand:
      return !tree.hasErrorChild(id)
    default:
      return true
    }
  }

  /// The range of a statement as the compiler gives it (its line break
  /// and what recovery skipped left out).
  func range(_ statement: StatementSyntax) -> SourceRange { tree.contentRange(statement.id) }

  /// The statements that hold `offset`, outermost first (a component, the
  /// stack inside it, the element inside that).
  func path(to offset: Int) -> [StatementSyntax] {
    var path: [StatementSyntax] = []
    var level = statements
    while let found = level.first(where: { range($0).start <= offset && offset <= range($0).end }) {
      path.append(found)
      level = children(of: found)
    }
    return path
  }

  /// The statements nested directly in `statement`: an element's children,
  /// a definition's or a loop's body, every branch of an `if`.
  func children(of statement: StatementSyntax) -> [StatementSyntax] {
    let id = statement.id
    switch tree.kind(id) {
    case .element, .shape, .component, .forLoop:
      return tree.firstChild(id, .block).map { statements(in: $0) } ?? []
    case .ifStatement:
      let conditional = IfSyntax(unchecked: id)
      return conditional.branches(in: tree).flatMap { $0.body.map { statements(in: $0.id) } ?? [] }
        + (conditional.elseBody(in: tree).map { statements(in: $0.id) } ?? [])
    default:
      return []
    }
  }

  /// Visits every statement, nested ones included, in source order.
  func forEachStatement(_ visit: (StatementSyntax) -> Void) {
    func walk(_ statements: [StatementSyntax]) {
      for statement in statements {
        visit(statement)
        walk(children(of: statement))
      }
    }
    walk(statements)
  }

  /// Visits every value of the file in source order, outer before inner,
  /// with the tree it is in: the file's, or for a part of an interpolated
  /// string the part's own (`SyntaxTree.interpolationTrees`). With
  /// `offset`, only the values whose range holds it (its end included):
  /// what a hover looks at, without parsing every string's parts.
  func forEachExpression(touching offset: Int? = nil, _ visit: (SyntaxTree, ExprSyntax) -> Void) {
    func walk(_ statements: [StatementSyntax]) {
      for statement in statements {
        if let offset, !SyntaxIndex.holds(tree.range(statement.id), offset) { continue }
        tree.forEachChild(statement.id) {
          SyntaxIndex.expressions(under: $0, in: tree, depth: 0, touching: offset, visit)
        }
        walk(children(of: statement))
      }
    }
    walk(statements)
  }

  private static func holds(_ range: SourceRange, _ offset: Int) -> Bool {
    range.start <= offset && offset <= range.end
  }

  /// The values in `id`'s subtree, blocks left out (their statements are
  /// visited as statements).
  private static func expressions(
    under id: SyntaxNodeID, in tree: SyntaxTree, depth: Int, touching offset: Int?,
    _ visit: (SyntaxTree, ExprSyntax) -> Void
  ) {
    if let offset, !holds(tree.range(id), offset) { return }
    switch tree.kind(id) {
    case .block, .error, .typeAnnotation:
      return
    case .interpolatedString:
      visit(tree, ExprSyntax(unchecked: id))
      guard let token = tree.tokenRange(id).first else { return }
      for part in tree.interpolationTrees(ofToken: token, depth: depth) {
        expressions(under: part.root, in: part, depth: depth + 1, touching: offset, visit)
      }
      return
    default:
      // By the kind's number, not the view's set of kinds: this runs on every node.
      if tree.kind(id).isExpression { visit(tree, ExprSyntax(unchecked: id)) }
    }
    tree.forEachChild(id) { expressions(under: $0, in: tree, depth: depth, touching: offset, visit) }
  }

  /// The names the file defines at its top level, with what each is.
  var definitions: [Definition] {
    var found: [Definition] = []
    for statement in statements {
      let id = statement.id
      let kind: Definition.Kind
      let nameToken: Int?
      switch tree.kind(id) {
      case .component, .gradient, .shape:
        let definition = DefinitionSyntax(unchecked: id)
        kind = tree.kind(id) == .component ? .component : tree.kind(id) == .gradient ? .gradient : .shape
        nameToken = definition.nameToken(in: tree)
      case .letBinding, .colorSet:
        kind = tree.kind(id) == .colorSet ? .colorSet : .value
        nameToken = tree.ownToken(id, at: 1)
      default:
        continue
      }
      guard let nameToken, tree.tokens[nameToken].kind == .identifier else { continue }
      found.append(
        Definition(
          name: tree.text(token: nameToken), nameRange: tree.range(ofToken: nameToken), kind: kind,
          range: range(statement), node: id))
    }
    return found
  }

  /// The text of `range`.
  func text(_ range: SourceRange) -> String {
    let start = max(0, min(range.start, source.bytes.count))
    let end = max(start, min(range.end, source.bytes.count))
    return String(decoding: source.bytes[start..<end], as: UTF8.self)
  }
}

/// A name defined by a statement.
struct Definition: Sendable {
  enum Kind: Sendable { case component, gradient, shape, value, colorSet }
  var name: String
  /// Where the name is written.
  var nameRange: SourceRange
  var kind: Kind
  /// The whole statement.
  var range: SourceRange
  /// The statement's node in its file's tree.
  var node: SyntaxNodeID
}
