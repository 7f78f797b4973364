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

  private static func symbols(_ statements: [Statement], _ index: SyntaxIndex) -> [Symbol] {
    var found: [Symbol] = []
    for statement in statements {
      let nested = symbols(SyntaxIndex.children(of: statement), index)
      switch statement {
      case .component(let component):
        let parameters = component.parameters.map { index.text($0.range) }.joined(separator: ", ")
        found.append(
          Symbol(
            name: component.name.name, kind: .component, range: component.range,
            selectionRange: component.name.range, detail: "(\(parameters))", children: nested))
      case .shape(let shape):
        found.append(
          Symbol(
            name: shape.name.name, kind: .shape, range: shape.range, selectionRange: shape.name.range,
            detail: "shape", children: nested))
      case .gradient(let gradient):
        let detail =
          gradient.isRadial ? "radial" : "\(gradient.space.name) \(gradient.from.name) to \(gradient.to.name)"
        found.append(
          Symbol(
            name: gradient.name.name, kind: .gradient, range: gradient.range, selectionRange: gradient.name.range,
            detail: detail, children: []))
      case .letBinding(let binding):
        let isColorSet: Bool
        if case .colorSet = binding.value { isColorSet = true } else { isColorSet = false }
        found.append(
          Symbol(
            name: binding.name.name, kind: isColorSet ? .colorSet : .value, range: binding.range,
            selectionRange: binding.name.range, detail: index.text(binding.value.range), children: []))
      case .element(let element):
        if let name = element.name {
          found.append(
            Symbol(
              name: name.name, kind: .element, range: element.range, selectionRange: name.range,
              detail: element.kind.name, children: nested))
        } else {
          // An unnamed stack still holds named elements: lift them.
          found += nested
        }
      case .forLoop, .conditional:
        found += nested
      case .importFile, .pathCommand:
        break
      }
    }
    return found
  }
}
