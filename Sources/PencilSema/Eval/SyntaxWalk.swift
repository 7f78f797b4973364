import PencilSyntax

/// Visits the names read in statements and expressions, for questions
/// asked of a definition once (does a component's body read `width`?).
enum SyntaxWalk {
  static func names(in statements: [Statement], _ visit: (Name) -> Void) {
    for statement in statements {
      switch statement {
      case .element(let element):
        if let label = element.label { names(in: label, visit) }
        for attribute in element.attributes { names(in: attribute.value, visit) }
        names(in: element.children ?? [], visit)
      case .letBinding(let binding): names(in: binding.value, visit)
      case .forLoop(let loop):
        names(in: loop.sequence, visit)
        names(in: loop.body, visit)
      case .conditional(let conditional):
        for branch in conditional.branches {
          names(in: branch.condition, visit)
          names(in: branch.body, visit)
        }
        names(in: conditional.elseBody ?? [], visit)
      case .pathCommand(let command):
        for point in command.points { names(in: point, visit) }
      case .gradient, .shape, .component, .importFile:
        break
      }
    }
  }

  static func names(in expression: Expr, _ visit: (Name) -> Void) {
    switch expression {
    case .name(let identifier): visit(identifier.key)
    case .call(_, let arguments, _):
      for argument in arguments { names(in: argument, visit) }
    case .member(let base, _, let arguments, _):
      names(in: base, visit)
      for argument in arguments ?? [] { names(in: argument, visit) }
    case .binary(_, let left, let right, _), .pair(let left, let right, _, _), .index(let left, let right, _),
      .colorSet(let left, let right, _):
      names(in: left, visit)
      names(in: right, visit)
    case .negate(let operand, _), .not(let operand, _):
      names(in: operand, visit)
    case .conditional(let condition, let whenTrue, let whenFalse, _):
      names(in: condition, visit)
      names(in: whenTrue, visit)
      names(in: whenFalse, visit)
    case .list(let items, _):
      for item in items { names(in: item, visit) }
    case .interpolated(let parts, _):
      for part in parts {
        switch part {
        case .text: break
        case .expression(let value): names(in: value, visit)
        case .formatted(let value, let options):
          names(in: value, visit)
          for option in options { names(in: option.value, visit) }
        }
      }
    case .number, .size, .point, .string, .hexColor, .dotName, .invalid:
      break
    }
  }
}
