import PencilDiagnostics
import PencilGeometry
import PencilSyntax

/// Expanding a component's body for one use, and checking each body once
/// on its own so problems in a component nobody uses are found too.
extension Checker {
  /// What a body replaces while it runs: the enclosing code's scope, its
  /// file and recorder, and how its problems are reported.
  private struct SavedScope {
    var scope: CheckerScope
    var file: FileID
    var names: NameRecorder?
    var deduplicating: Bool
    var context: ExpansionContext?
    var checkingContent: Int
  }

  /// Enters the scope of `component`'s body: for the use at `callSite`,
  /// or, without one, to check the body on its own. A body sees its
  /// parameters and the file's `let`s before its definition, never its
  /// caller's names.
  private mutating func enterBody(of component: ComponentDefinition, callSite: SourceRange?) -> SavedScope {
    let saved = SavedScope(
      scope: evaluator.scope, file: evaluator.currentFile, names: evaluator.names,
      deduplicating: evaluator.diagnostics.deduplicating,
      context: evaluator.diagnostics.context, checkingContent: checkingContent)
    checkingContent = 0
    evaluator.scope = CheckerScope(
      locals: LocalBindings(), blockStart: 0, atFileLevel: false, lets: component.lets,
      visibleFileLets: component.visibleLets, elementNames: [:],
      code: callSite == nil ? .alone : .use(prelude: saved.scope.code.isPrelude || component.isPrelude))
    if component.namesElements { declareElementNames(in: component.statement.body) }
    let outerFile = evaluator.diagnostics.file
    if !component.isPrelude { evaluator.currentFile = component.file }
    // The prelude's names (a pencil's parts) are no names of the user's.
    if component.isPrelude { evaluator.names = nil }
    evaluator.diagnostics.deduplicating = true
    // The prelude is not the user's code: a problem there is the call's,
    // reported in the context the call stands in.
    if let callSite, !component.isPrelude {
      evaluator.diagnostics.context = ExpansionContext(callOf: component.name, at: callSite, in: outerFile)
    }
    return saved
  }

  private mutating func leaveBody(_ saved: SavedScope) {
    evaluator.scope = saved.scope
    evaluator.currentFile = saved.file
    evaluator.names = saved.names
    evaluator.diagnostics.deduplicating = saved.deduplicating
    evaluator.diagnostics.context = saved.context
    checkingContent = saved.checkingContent
  }

  /// The body's elements for one use; nil when a limit stopped it.
  mutating func expand(
    _ component: ComponentDefinition, _ values: AttributeValues, content: [ElementModel] = [], size: Point?,
    at statement: ElementStatement
  ) -> [ElementModel]? {
    // The arguments in a scratch array the checker keeps (no allocation per
    // use), then looked up: most uses repeat an earlier one.
    argumentScratch.removeAll(keepingCapacity: true)
    for name in component.parameterNames {
      argumentScratch.append(values[name].map(Computed.init(checked:)) ?? .unknown)
    }
    let keySize = component.readsFrameSize ? size : nil
    var print = ExpansionKey.seed
    for argument in argumentScratch { argument.fingerprint(into: &print) }
    ExpansionKey.mix(size: keySize, into: &print)
    // A use with content has children of its own: it is not cached.
    let cacheable = content.isEmpty
    if cacheable, let entries = component.cache[print] {
      for entry in entries where entry.size == keySize && entry.arguments == argumentScratch {
        // The body's elements are generated ones, wherever the use stands.
        evaluator.budget.generating += 1
        defer { evaluator.budget.generating -= 1 }
        return evaluator.spendElements(entry.elements, at: statement.range) ? entry.children : nil
      }
    }
    if cacheable, let slots = component.colorSlots, let last = component.lastExpansion, last.size == keySize,
      let children = slots.recolor(last.children, from: last.arguments, to: argumentScratch)
    {
      evaluator.budget.generating += 1
      defer { evaluator.budget.generating -= 1 }
      return evaluator.spendElements(last.elements, at: statement.range) ? children : nil
    }
    let arguments = argumentScratch
    guard evaluator.budget.nesting < ExpansionBudget.maximumNesting else {
      evaluator.report(
        LanguageCodes.componentsTooDeep, statement.kind.range,
        "components are nested more than \(ExpansionBudget.maximumNesting) deep here; a component that uses itself needs a condition that stops it"
      )
      return nil
    }
    let saved = enterBody(of: component, callSite: statement.range)
    evaluator.budget.nesting += 1
    // A user component's elements are generated; the prelude's parts are
    // its use, counted once (see ExpansionBudget.elements).
    let generating = evaluator.budget.generating
    evaluator.budget.generating = component.isPrelude ? 0 : generating + 1
    let elementsBefore = evaluator.budget.elements
    for (index, (parameter, type)) in component.parameters.enumerated() {
      let given = statement.attributes.first { $0.name.key == parameter.name.key }
      var value = arguments[index]
      if given == nil, let defaultValue = parameter.defaultValue, !component.laterDefaults.contains(index) {
        value = defaultArgument(defaultValue, type, of: parameter) ?? .unknown
      }
      evaluator.bind(parameter.name, value, kind: .parameter, origin: given?.value.range ?? parameter.name.range)
    }
    if let size {
      evaluator.bind(
        Identifier(key: .width, range: component.statement.name.range), .number(size.x), kind: .parameter,
        implicit: true)
      evaluator.bind(
        Identifier(key: .height, range: component.statement.name.range), .number(size.y), kind: .parameter,
        implicit: true)
    }
    var children: [ElementModel] = []
    contentStack.append(content)
    run(component.statement.body, in: .body, into: &children)
    contentStack.removeLast()
    evaluator.budget.nesting -= 1
    evaluator.budget.generating = generating
    leaveBody(saved)
    guard !evaluator.budget.exhausted else { return nil }
    guard cacheable else { return children }
    if component.cacheCount == ComponentDefinition.cacheLimit {
      component.cache.removeAll(keepingCapacity: true)
      component.cacheCount = 0
    }
    component.cache[print, default: []].append(
      (arguments, keySize, children, evaluator.budget.elements - elementsBefore))
    component.cacheCount += 1
    if component.colorSlots != nil {
      component.lastExpansion = (arguments, keySize, children, evaluator.budget.elements - elementsBefore)
    }
    return children
  }

  /// A parameter's default, evaluated where the body runs (so it may use
  /// the parameters before it) and checked against the declared type.
  private mutating func defaultArgument(_ expression: Expr, _ type: DeclaredType?, of parameter: Parameter)
    -> Computed?
  {
    guard let type else { return nil }
    if type.isOptional, case .name(let name) = expression, name.name == "none" { return Computed.none }
    if case .gradient = type.valueKind {
      guard case .gradient(let gradient)? = resolve(expression, as: .gradient, for: parameter.name.name) else {
        return nil
      }
      return .gradient(gradient)
    }
    guard let value = resolve(expression, as: type.valueKind, for: parameter.name.name) else { return nil }
    return Computed(checked: value)
  }

  /// Each component's body once, with its parameters unknown: finds the
  /// problems every use would have, and those of components never used.
  mutating func checkComponentsAlone() {
    // Alone, a body spends none of the file's elements and iterations:
    // each body starts from none, within the file's limits (a body whose
    // loops make more than a file may is reported, as every use of it
    // would be; unbounded, an unused component's loop of a billion ran
    // until the evaluation steps ran out, ten million elements later), and
    // what it counted is undone. Its evaluation steps count.
    let counted = (evaluator.budget.elements, evaluator.budget.iterations)
    defer { (evaluator.budget.elements, evaluator.budget.iterations) = counted }
    for component in evaluator.definitions.componentDefinitions where !component.broken {
      (evaluator.budget.elements, evaluator.budget.iterations) = (0, 0)
      let saved = enterBody(of: component, callSite: nil)
      for (index, (parameter, type)) in component.parameters.enumerated() {
        if let defaultValue = parameter.defaultValue, !component.laterDefaults.contains(index) {
          _ = defaultArgument(defaultValue, type, of: parameter)
        }
        evaluator.bind(parameter.name, type.map(Computed.typed) ?? .unknown, kind: .parameter)
      }
      evaluator.bind(
        Identifier(key: .width, range: component.statement.name.range), .typed(.number), kind: .parameter,
        implicit: true)
      evaluator.bind(
        Identifier(key: .height, range: component.statement.name.range), .typed(.number), kind: .parameter,
        implicit: true)
      var discarded: [ElementModel] = []
      contentStack.append([])
      run(component.statement.body, in: .body, into: &discarded)
      contentStack.removeLast()
      leaveBody(saved)
    }
  }
}

extension Computed {
  /// A checked attribute value as the value a parameter holds.
  init(checked value: Value) {
    switch value {
    case .color(let color): self = .color(color)
    case .number(let number): self = .number(number)
    case .gradient(let gradient): self = .gradient(gradient)
    case .point(let point): self = .point(point)
    case .anchor(let anchor): self = .anchor(anchor)
    case .size(let size): self = .size(size)
    case .bool(let flag): self = .bool(flag)
    case .string(let text), .keyword(let text): self = .string(text)
    case .list(let items): self = .list(items)
    case .font(let size, let bold): self = .font(size: size, bold: bold)
    case .none: self = .none
    }
  }
}
