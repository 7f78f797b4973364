/// One file parsed for the editor queries, once: its lossless syntax tree
/// (tokens and trivia for completion) and the statements the same parse
/// made (the compiler drops its statements one by one, so a query cannot
/// borrow them). Parsing is a small part of a compilation, and a query runs
/// on one file: no cache is kept, so every answer reflects the text given.
struct SyntaxIndex {
  let source: SourceFile
  let statements: [Statement]
  let tree: SyntaxTree

  init(_ source: SourceFile) {
    self.source = source
    var diagnostics = DiagnosticList()
    var statements: [Statement] = []
    tree = Parser.parseTree(source, diagnostics: &diagnostics) { statements.append($0) }
    self.statements = statements
  }

  /// The statements that hold `offset`, outermost first (a component, the
  /// stack inside it, the element inside that).
  func path(to offset: Int) -> [Statement] {
    var path: [Statement] = []
    var level = statements
    while let found = level.first(where: { $0.range.start <= offset && offset <= $0.range.end }) {
      path.append(found)
      level = SyntaxIndex.children(of: found)
    }
    return path
  }

  /// The statements nested directly in `statement`.
  static func children(of statement: Statement) -> [Statement] {
    switch statement {
    case .element(let element): element.children ?? []
    case .shape(let shape): shape.body
    case .component(let component): component.body
    case .forLoop(let loop): loop.body
    case .conditional(let conditional): conditional.branches.flatMap(\.body) + (conditional.elseBody ?? [])
    case .gradient, .importFile, .letBinding, .pathCommand: []
    }
  }

  /// Visits every expression of the file, nested ones included, in source order.
  func forEachExpression(_ visit: (Expr) -> Void) {
    SyntaxIndex.expressions(in: statements, visit)
  }

  private static func expressions(in statements: [Statement], _ visit: (Expr) -> Void) {
    for statement in statements {
      switch statement {
      case .element(let element):
        if let label = element.label { expressions(in: label, visit) }
        for attribute in element.attributes { expressions(in: attribute.value, visit) }
      case .gradient(let gradient):
        for attribute in gradient.attributes { expressions(in: attribute.value, visit) }
        for stop in gradient.stops {
          if let color = stop.color { expressions(in: color, visit) }
          for attribute in stop.attributes { expressions(in: attribute.value, visit) }
        }
      case .shape(let shape):
        for parameter in shape.parameters ?? [] { parameter.defaultValue.map { expressions(in: $0, visit) } }
      case .component(let component):
        for parameter in component.parameters { parameter.defaultValue.map { expressions(in: $0, visit) } }
      case .letBinding(let binding): expressions(in: binding.value, visit)
      case .forLoop(let loop): expressions(in: loop.sequence, visit)
      case .conditional(let conditional):
        for branch in conditional.branches { expressions(in: branch.condition, visit) }
      case .pathCommand(let command):
        for point in command.points { expressions(in: point, visit) }
      case .importFile: break
      }
      expressions(in: children(of: statement), visit)
    }
  }

  private static func expressions(in expression: Expr, _ visit: (Expr) -> Void) {
    visit(expression)
    switch expression {
    case .call(_, let arguments, _):
      for argument in arguments { expressions(in: argument, visit) }
    case .member(let base, _, let arguments, _):
      expressions(in: base, visit)
      for argument in arguments ?? [] { expressions(in: argument, visit) }
    case .binary(_, let left, let right, _), .pair(let left, let right, _, _), .index(let left, let right, _):
      expressions(in: left, visit)
      expressions(in: right, visit)
    case .colorSet(let light, let dark, _):
      expressions(in: light, visit)
      if dark != light { expressions(in: dark, visit) }
    case .negate(let operand, _), .not(let operand, _):
      expressions(in: operand, visit)
    case .list(let items, _):
      for item in items { expressions(in: item, visit) }
    case .interpolated(let parts, _):
      for case .expression(let part) in parts { expressions(in: part, visit) }
    case .number, .size, .point, .string, .hexColor, .name, .dotName, .invalid:
      break
    }
  }

  /// The names the file defines at its top level (and in the prelude),
  /// with what each is.
  var definitions: [Definition] {
    var found: [Definition] = []
    for statement in statements {
      switch statement {
      case .component(let component):
        found.append(Definition(name: component.name, kind: .component, range: component.range))
      case .gradient(let gradient):
        found.append(Definition(name: gradient.name, kind: .gradient, range: gradient.range))
      case .shape(let shape):
        found.append(Definition(name: shape.name, kind: .shape, range: shape.range))
      case .letBinding(let binding):
        let isColorSet: Bool
        if case .colorSet = binding.value { isColorSet = true } else { isColorSet = false }
        found.append(Definition(name: binding.name, kind: isColorSet ? .colorSet : .value, range: binding.range))
      default: break
      }
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
struct Definition {
  enum Kind { case component, gradient, shape, value, colorSet }
  var name: Identifier
  var kind: Kind
  var range: SourceRange
}
