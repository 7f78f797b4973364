import PencilDiagnostics
import PencilSyntax

/// The outline of a file (`textDocument/documentSymbol`): its definitions
/// and its named elements, nested as in the source.
public enum DocumentOutline {
  public enum Kind: Sendable {
    case component, gradient, shape, value, colorSet, element
  }

  public struct Symbol: Equatable, Sendable {
    public var name: String
    public var kind: Kind
    /// The whole statement.
    public var range: SourceRange
    /// The name.
    public var selectionRange: SourceRange
    /// A short description: the element kind, the parameters.
    public var detail: String
    public var children: [Symbol]
  }

  public static func symbols(in source: SourceFile) -> [Symbol] {
    let index = SyntaxIndex(source)
    return symbols(index.statements, index)
  }

  /// `symbols` of `source`'s tree parsed already.
  package static func symbols(in source: SourceFile, tree: SyntaxTree) -> [Symbol] {
    let index = SyntaxIndex(source, tree: tree)
    return symbols(index.statements, index)
  }

  private static func symbols(_ statements: [StatementSyntax], _ index: SyntaxIndex) -> [Symbol] {
    let tree = index.tree
    var found: [Symbol] = []
    for statement in statements {
      let id = statement.id
      let nested = symbols(index.children(of: statement), index)
      let range = index.range(statement)
      switch tree.kind(id) {
      case .component, .shape, .gradient:
        let definition = DefinitionSyntax(unchecked: id)
        let name = definition.nameToken(in: tree)
        // A definition whose name is missing is named by an empty range
        // where the name goes, as the compiler's syntax names it.
        let nameText = name.map { tree.text(token: $0) } ?? ""
        let nameRange = name.map { tree.range(ofToken: $0) } ?? missingName(after: id, tree)
        switch tree.kind(id) {
        case .component:
          var parameters: [String] = []
          if let list = definition.parameterList(in: tree) {
            tree.forEachChild(list) { parameter in
              if tree.kind(parameter) == .parameter { parameters.append(index.text(tree.contentRange(parameter))) }
            }
          }
          found.append(
            Symbol(
              name: nameText, kind: .component, range: range, selectionRange: nameRange,
              detail: "(\(parameters.joined(separator: ", ")))", children: nested))
        case .shape:
          found.append(
            Symbol(
              name: nameText, kind: .shape, range: range, selectionRange: nameRange, detail: "shape",
              children: nested))
        default:
          let space = definition.gradientWord(2, in: tree)
          let detail =
            space == "radial"
            ? "radial"
            : "\(space) \(definition.gradientWord(3, in: tree)) to \(definition.gradientWord(5, in: tree))"
          found.append(
            Symbol(
              name: nameText, kind: .gradient, range: range, selectionRange: nameRange, detail: detail, children: []))
        }
      case .letBinding, .colorSet:
        let binding = LetSyntax(unchecked: id)
        guard let name = tree.ownToken(id, at: 1) else { continue }
        // A light/dark set's value is the whole statement, as the compiler's syntax has it.
        let value = binding.value(in: tree).map { tree.contentRange($0.id) } ?? range
        found.append(
          Symbol(
            name: tree.text(token: name), kind: tree.kind(id) == .colorSet ? .colorSet : .value, range: range,
            selectionRange: tree.range(ofToken: name), detail: index.text(value), children: []))
      case .element:
        let element = ElementSyntax(unchecked: id)
        if let name = tree.ownToken(id, at: 0), element.name(in: tree) != nil {
          let kind = element.kindToken(in: tree).map { tree.text(token: $0) } ?? ""
          found.append(
            Symbol(
              name: tree.text(token: name), kind: .element, range: range, selectionRange: tree.range(ofToken: name),
              detail: kind, children: nested))
        } else {
          // An unnamed stack still holds named elements: lift them.
          found += nested
        }
      case .forLoop, .ifStatement:
        found += nested
      default:
        break
      }
    }
    return found
  }

  /// Where a definition's missing name would go: at the end of its keyword.
  private static func missingName(after id: SyntaxNodeID, _ tree: SyntaxTree) -> SourceRange {
    guard let keyword = tree.ownToken(id, at: 0) else { return tree.contentRange(id) }
    let end = Int(tree.tokens[keyword].end)
    return SourceRange(end, end)
  }
}
