/// The bridge for definitions: gradients with their stops, shapes and
/// components with their parameters.
extension ASTBridge {
  /// A name the parser did not find: empty, right after the keyword.
  private func missingName(_ id: SyntaxNodeID) -> Identifier {
    let end = tree.range(ofToken: Int(tree[id].firstToken)).end
    return Identifier(name: "", range: SourceRange(end, end))
  }

  func gradient(_ id: SyntaxNodeID) -> GradientStatement {
    let flags = tree[id].flags
    let words = ownWords(id)
    let missing = missingName(id)
    func word(_ index: Int) -> Identifier { index < words.count ? identifier(words[index]) : missing }
    var gradient = GradientStatement(
      name: word(1), space: word(2), from: missing, to: missing, stops: [], range: statementRange(id),
      recovered: flags.contains(.recovered))
    if !flags.contains(.radial) {
      // `FROM to TO`: the word `to` is the fifth.
      gradient.from = word(3)
      gradient.to = word(5)
    }
    tree.forEachChild(id) { child in
      switch tree.kind(child) {
      case .attribute where flags.contains(.kept): gradient.attributes.append(attribute(child))
      case .gradientStop: gradient.stops.append(stop(child))
      default: break
      }
    }
    return gradient
  }

  private func stop(_ id: SyntaxNodeID) -> GradientStop {
    let flags = tree[id].flags
    let word = tree.range(ofToken: Int(tree[id].firstToken))
    var stop = GradientStop(
      color: nil, attributes: [],
      range: flags.contains(.ended) ? SourceRange(word.start, partsEnd(id)) : word)
    var isFirst = true
    tree.forEachChild(id) { child in
      defer { isFirst = false }
      if isFirst, flags.contains(.kept) {
        stop.color = expr(child)
      } else if tree.kind(child) == .attribute {
        stop.attributes.append(attribute(child))
      }
    }
    return stop
  }

  /// The parameters (nil without parentheses) and the body, which the
  /// parser keeps only when the body's block closed.
  private func parametersAndBody(_ id: SyntaxNodeID) -> (parameters: [Parameter]?, body: [Statement]) {
    guard let block = tree.firstChild(id, .block) else { return (nil, []) }
    let parameters = tree.firstChild(id, .parameterList).map { list in
      var parameters: [Parameter] = []
      tree.forEachChild(list) { if tree.kind($0) == .parameter { parameters.append(parameter($0)) } }
      return parameters
    }
    return (parameters, statements(in: block))
  }

  func shape(_ id: SyntaxNodeID) -> ShapeStatement {
    let words = ownWords(id)
    let (parameters, body) = parametersAndBody(id)
    return ShapeStatement(
      name: words.count >= 2 ? identifier(words[1]) : missingName(id), parameters: parameters, body: body,
      range: statementRange(id), recovered: tree[id].flags.contains(.recovered))
  }

  func component(_ id: SyntaxNodeID) -> ComponentStatement {
    let words = ownWords(id)
    let (parameters, body) = parametersAndBody(id)
    return ComponentStatement(
      name: words.count >= 2 ? identifier(words[1]) : missingName(id), parameters: parameters ?? [], body: body,
      range: statementRange(id), recovered: tree[id].flags.contains(.recovered))
  }

  /// `NAME: Type = default`.
  private func parameter(_ id: SyntaxNodeID) -> Parameter {
    let name = identifier(Int(tree[id].firstToken))
    var type = TypeSyntax(name: name, range: name.range)
    var defaultValue: Expr? = nil
    tree.forEachChild(id) { child in
      if tree.kind(child) == .typeAnnotation {
        type = typeAnnotation(child)
      } else if tree.kind(child).isExpression {
        defaultValue = expr(child)
      }
    }
    return Parameter(
      name: name, type: type, defaultValue: defaultValue, range: SourceRange(name.range.start, end(id)))
  }

  /// `Type`, `Type?` or `[Type]`.
  private func typeAnnotation(_ id: SyntaxNodeID) -> TypeSyntax {
    let range = tree.tokenRange(id)
    let name = tree.ownToken(id, .identifier).map(identifier) ?? Identifier(name: "", range: tree.range(id))
    return TypeSyntax(
      name: name, isList: tree.tokens[range.lowerBound].kind == .leftBracket,
      isOptional: tree.tokens[range.upperBound - 1].kind == .question, range: tree.range(id))
  }
}
