import PencilDiagnostics
import PencilSyntax

/// Where an element stands, which decides what it may say about its place.
enum ElementContext {
  /// At the top of the file: needs a size (and, except text, takes `at`).
  case file
  /// A child of an hstack or a vstack: the stack places it, so no `at`.
  case stack
  /// A child of a zstack: aligned, or placed with `at` from the zstack's
  /// top-left (SwiftUI's `.position`), the zstack growing to hold it.
  case overlay
  /// In a component's body: `at` is relative to the component's frame, and
  /// an element without `size` fills the frame.
  case body
}

/// Runs `let`, `for` and `if` with the elements they hold: every block
/// (the file, a stack, a component's body) is a list of statements that
/// produce elements in order.
extension Checker {
  mutating func run(_ statements: [Statement], in context: ElementContext, into models: inout [ElementModel]) {
    for statement in statements {
      guard !evaluator.budget.exhausted else { return }
      run(statement, in: context, into: &models)
    }
  }

  mutating func run(_ statement: Statement, in context: ElementContext, into models: inout [ElementModel]) {
    guard evaluator.spendStep(at: statement.range) else { return }
    switch statement {
    case .element(let element):
      if element.kind.key == .content, !contentStack.isEmpty, contentIsPlaceholder {
        placeContent(element, into: &models)
      } else if let model = checkElement(element, in: context) {
        models.append(model)
      }
    case .letBinding(let binding):
      bindLet(binding)
    case .forLoop(let loop):
      runLoop(loop) { checker in checker.run(loop.body, in: context, into: &models) }
      recordNamesOfUntakenCode(statement) { checker, body in
        var discarded: [ElementModel] = []
        checker.run(body, in: context, into: &discarded)
      }
    case .conditional(let conditional):
      runConditional(conditional) { checker, body in checker.run(body, in: context, into: &models) }
      recordNamesOfUntakenCode(statement) { checker, body in
        var discarded: [ElementModel] = []
        checker.run(body, in: context, into: &discarded)
      }
    case .gradient, .shape, .component, .importFile, .pathCommand:
      break  // the parser keeps these out of blocks
    }
  }

  /// `let NAME = VALUE` in the current scope.
  mutating func bindLet(_ statement: LetStatement) {
    if let existing = sameScopeBinding(statement.name.key), existing.kind == .imported {
      reportDuplicate(
        statement.name, kind: "let", first: existing.declaration,
        in: existing.file == evaluator.file ? nil : existing.file)
      return
    }
    if let existing = sameScopeBinding(statement.name.key) {
      evaluator.diagnostics.append(
        Diagnostic(
          LanguageCodes.redeclared, statement.name.range,
          "'\(statement.name.name)' is already declared in this block; a name is declared once"
        )
        .withNote("first declared here", at: existing.declaration))
      return
    }
    let value = evaluator.evaluate(statement.value) ?? .unknown
    let isColorSet: Bool
    if case .colorSet = statement.value { isColorSet = true } else { isColorSet = false }
    evaluator.bind(statement.name, value, kind: .letBinding, colorSet: isColorSet)
    let piUses = evaluator.piUses(in: statement.value)
    if !piUses.isEmpty {
      if evaluator.scope.atFileLevel {
        evaluator.scope.lets.update(evaluator.fileLets.count - 1) { $0.piUses = piUses }
      } else {
        evaluator.scope.locals.updateLast { $0.piUses = piUses }
      }
    }
  }

  /// A binding of `name` in the innermost scope only (a redeclaration).
  private func sameScopeBinding(_ name: Name) -> Binding? {
    if evaluator.scope.atFileLevel {
      return evaluator.scope.lets.lastSlot(of: name, below: Int.max, where: { !$0.pending }).map {
        evaluator.fileLets[$0]
      }
    }
    return evaluator.scope.locals.last(named: name, from: evaluator.scope.blockStart)
  }

  /// `for NAME[, INDEX] in SEQUENCE { … }`: the body once per item, each
  /// time in a fresh scope; problems in it are reported once per place.
  mutating func runLoop(_ loop: ForStatement, body: (inout Checker) -> Void) {
    guard let sequence = evaluator.evaluate(loop.sequence) else { return }
    if sequence.isUnknown {
      // Checking a component alone: the body once, with unknown values.
      iterate(loop, item: .unknown, index: 0, body: body)
      return
    }
    guard let count = sequence.count else {
      evaluator.report(
        SemaCodes.wrongValueKind, loop.sequence.range,
        "'for' walks a list or a range such as 0..<10, found \(sequence.description)")
      return
    }
    guard evaluator.spendIterations(count, at: loop.sequence.range) else { return }
    evaluator.budget.generating += 1
    defer { evaluator.budget.generating -= 1 }
    let outer = (evaluator.diagnostics.deduplicating, evaluator.diagnostics.context)
    let outerFile = evaluator.diagnostics.file
    evaluator.diagnostics.deduplicating = true
    defer { (evaluator.diagnostics.deduplicating, evaluator.diagnostics.context) = outer }
    for index in 0..<count {
      guard !evaluator.budget.exhausted else { return }
      evaluator.diagnostics.context = ExpansionContext(
        iteration: index, of: loop.variable.name, at: loop.variable.range, in: outerFile)
      iterate(loop, item: sequence.item(index), index: index, body: body)
    }
  }

  private mutating func iterate(_ loop: ForStatement, item: Computed, index: Int, body: (inout Checker) -> Void) {
    // An iteration is a step even when its body is empty.
    guard evaluator.spendStep(at: loop.sequence.range) else { return }
    inScope { checker in
      checker.evaluator.bind(loop.variable, item, kind: .loopVariable)
      if let indexName = loop.index { checker.evaluator.bind(indexName, .number(Double(index)), kind: .loopVariable) }
      body(&checker)
    }
  }

  /// `if … else if … else …`: the first branch whose condition holds. While
  /// a component is checked alone, conditions may be unknown: then every
  /// branch is checked.
  mutating func runConditional(_ conditional: IfStatement, body: (inout Checker, [Statement]) -> Void) {
    for branch in conditional.branches {
      guard let condition = evaluator.evaluate(branch.condition) else { return }
      switch condition {
      case .bool(true):
        inScope { body(&$0, branch.body) }
        return
      case .bool(false):
        continue
      case .unknown, .typed(.bool):
        inScope { body(&$0, branch.body) }
      default:
        evaluator.report(
          SemaCodes.wrongValueKind, branch.condition.range,
          "the condition of 'if' is a Bool (true or false), found \(condition.description)")
        return
      }
    }
    if let elseBody = conditional.elseBody { inScope { body(&$0, elseBody) } }
  }

  /// Runs `body` in a new block scope.
  mutating func inScope<T>(_ body: (inout Checker) -> T) -> T {
    let mark = evaluator.scope.locals.count
    let outer = (evaluator.scope.atFileLevel, evaluator.scope.blockStart)
    evaluator.scope.atFileLevel = false
    evaluator.scope.blockStart = mark
    defer {
      evaluator.scope.locals.truncate(to: mark)
      (evaluator.scope.atFileLevel, evaluator.scope.blockStart) = outer
    }
    return body(&self)
  }
}
