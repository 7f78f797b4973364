import PencilDiagnostics
import PencilGeometry
import PencilSyntax

/// A shape with parameters (`shape star(points: Number = 5) { … }`): its
/// path is generated for each use, by running the body's path commands,
/// `let`s, loops and conditions with the use's arguments.
final class ParametricShape: ShapeKind {
  let name: String
  let statement: ShapeStatement
  let parameters: [(parameter: Parameter, type: DeclaredType?)]
  /// One attribute per parameter, beside the common fill attributes.
  let specs: [AttributeSpec]
  let visibleLets: Int
  var lets = LetStore()
  var file = FileID.main
  /// Recent paths by arguments.
  var cache: [(arguments: [Computed], segments: [PathSegment])] = []

  init(_ statement: ShapeStatement, types: [DeclaredType?], visibleLets: Int) {
    name = statement.name.name
    self.statement = statement
    let parameters = statement.parameters ?? []
    self.parameters = Array(zip(parameters, types))
    specs = zip(parameters, types).map {
      AttributeSpec($0.name.name, $1?.valueKind ?? .number(minimum: nil, maximum: nil))
    }
    self.visibleLets = visibleLets
  }

  /// Never asked: `Checker.outline(of:_:_:)` generates the path of a use.
  func outline(_ values: AttributeValues) -> ShapeOutline { .unitPath([]) }
}

/// The segments of a path as its commands run, quadratics raised to cubics.
struct PathBuilder {
  var segments: [PathSegment] = []
  var current = Point(0, 0)
  var subpathStart = Point(0, 0)
  /// The first command, which must be `move`.
  var first: Identifier?
  var overflowed = false
}

extension Checker {
  /// The outline of a use of `kind`; a parametric shape's path is made here.
  mutating func outline(of kind: any ShapeKind, _ values: AttributeValues, _ statement: ElementStatement)
    -> ShapeOutline?
  {
    if kind is SectorShape { return sectorOutline(values, statement) }
    guard let shape = kind as? ParametricShape else { return kind.outline(values) }
    var arguments: [Computed] = []
    for (parameter, type) in shape.parameters {
      if let given = values[parameter.name.key] {
        arguments.append(Computed(checked: given))
      } else if let defaultValue = parameter.defaultValue, let type,
        let value = inScope({ $0.resolve(defaultValue, as: type.valueKind, for: parameter.name.name) })
      {
        arguments.append(Computed(checked: value))
      } else {
        arguments.append(.unknown)
      }
    }
    if let hit = shape.cache.first(where: { $0.arguments == arguments }) { return .unitPath(hit.segments) }
    let saved = (evaluator.scope, evaluator.diagnostics.deduplicating, evaluator.diagnostics.context)
    let outerFile = (evaluator.currentFile, evaluator.diagnostics.file)
    // The body sees its parameters and the `let`s of its file before its
    // definition, in its own file; the problems it has are the use's.
    evaluator.scope = CheckerScope(
      locals: LocalBindings(), blockStart: 0, atFileLevel: false, lets: shape.lets,
      visibleFileLets: shape.visibleLets, elementNames: evaluator.scope.elementNames, code: evaluator.scope.code)
    evaluator.currentFile = shape.file
    defer { evaluator.currentFile = outerFile.0 }
    evaluator.diagnostics.deduplicating = true
    evaluator.diagnostics.context = ExpansionContext(
      callOf: shape.name, at: statement.range, in: outerFile.1)
    for ((parameter, _), value) in zip(shape.parameters, arguments) {
      evaluator.bind(parameter.name, value, kind: .parameter)
    }
    var path = PathBuilder()
    runPath(shape.statement.body, into: &path, use: statement.range)
    (evaluator.scope, evaluator.diagnostics.deduplicating, evaluator.diagnostics.context) = saved
    guard !path.overflowed, validate(path, of: shape.statement) else { return nil }
    if shape.cache.count == 16 { shape.cache.removeFirst() }
    shape.cache.append((arguments, path.segments))
    return .unitPath(path.segments)
  }

  /// A shape definition: without parameters its path is made once, here;
  /// with them, each use makes its own.
  mutating func checkShape(_ statement: ShapeStatement) -> UnitPathShape? {
    guard !statement.recovered else { return nil }
    if let parameters = statement.parameters {
      let types = checkParameters(parameters)
      let shape = ParametricShape(statement, types: types, visibleLets: evaluator.fileLets.count)
      (shape.lets, shape.file) = (evaluator.scope.lets, evaluator.file)
      evaluator.definitions.parametricShapes[statement.name.key] = shape
      return nil
    }
    var path = PathBuilder()
    inScope { checker in checker.runPath(statement.body, into: &path, use: statement.range) }
    guard !path.overflowed, validate(path, of: statement) else { return nil }
    return UnitPathShape(name: statement.name.name, segments: path.segments)
  }

  /// A path starts with `move` (or `arc`, which moves to its start) and
  /// has at least one command.
  private mutating func validate(_ path: PathBuilder, of statement: ShapeStatement) -> Bool {
    guard let first = path.first else {
      evaluator.report(
        SemaCodes.malformedPath, statement.name.range, "shape '\(statement.name.name)' has an empty path")
      return false
    }
    guard first.name == "move" || first.name == "arc" else {
      evaluator.report(
        SemaCodes.malformedPath, first.range, "a shape's path must start with 'move' or 'arc', found '\(first.name)'")
      return false
    }
    return true
  }

  mutating func runPath(_ statements: [Statement], into path: inout PathBuilder, use: SourceRange) {
    for statement in statements {
      guard !path.overflowed, !evaluator.budget.exhausted else { return }
      switch statement {
      case .pathCommand(let command): addCommand(command, to: &path, use: use)
      case .letBinding(let binding): bindLet(binding)
      case .forLoop(let loop):
        runLoop(loop) { checker in checker.runPath(loop.body, into: &path, use: use) }
        recordNamesOfUntakenCode(statement) { checker, body in
          var discarded = PathBuilder()
          checker.runPath(body, into: &discarded, use: use)
        }
      case .conditional(let conditional):
        runConditional(conditional) { checker, body in checker.runPath(body, into: &path, use: use) }
        recordNamesOfUntakenCode(statement) { checker, body in
          var discarded = PathBuilder()
          checker.runPath(body, into: &discarded, use: use)
        }
      default: break
      }
    }
  }

  private mutating func addCommand(_ command: PathCommand, to path: inout PathBuilder, use: SourceRange) {
    if path.first == nil { path.first = command.verb }
    guard path.segments.count < ExpansionBudget.maximumPathCommands else {
      path.overflowed = true
      evaluator.report(
        LanguageCodes.tooManyPathCommands, use,
        "this shape generates more than \(ExpansionBudget.maximumPathCommands) path commands")
      return
    }
    if command.verb.name == "arc" { return addArc(command, to: &path) }
    var points: [Point] = []
    for point in command.points {
      let value = evaluator.evaluate(point, expecting: .point)
      if case .anchor? = value { return evaluator.reportAnchorNotAllowed(point.range, in: "a path command") }
      guard case .point(let point)? = value else { return }
      points.append(point)
    }
    switch command.verb.name {
    case "move":
      path.segments.append(.move(points[0]))
      path.current = points[0]
      path.subpathStart = points[0]
    case "line":
      path.segments.append(.line(points[0]))
      path.current = points[0]
    case "curve":
      path.segments.append(.cubic(control1: points[1], control2: points[2], to: points[0]))
      path.current = points[0]
    case "quad":
      let (end, control, current) = (points[0], points[1], path.current)
      let c1 = Point(current.x + 2.0 / 3 * (control.x - current.x), current.y + 2.0 / 3 * (control.y - current.y))
      let c2 = Point(end.x + 2.0 / 3 * (control.x - end.x), end.y + 2.0 / 3 * (control.y - end.y))
      path.segments.append(.cubic(control1: c1, control2: c2, to: end))
      path.current = end
    default:
      path.segments.append(.close)
      path.current = path.subpathStart
    }
  }
}
