import PencilDiagnostics
import PencilSyntax

/// Checks a file statement by statement, as the parser produces them, so
/// the syntax tree of a statement is freed once it is checked and a large
/// file's tree never exists whole (it was most of the compiler's memory).
///
/// Gradients and shapes may be used before they are defined. An element
/// whose names are all known when it is reached is checked at once; one
/// that names something not defined yet is kept and checked at the end,
/// when every definition is known. The result is exactly that of checking
/// the whole tree after collecting the definitions: a deferred statement's
/// first attempt is undone (its diagnostics are taken back; the names it
/// marked used are marked again by the second attempt, and while
/// deferring, a name not found costs no message or suggestion), and paint
/// order is kept by recording where it stood.
package struct CheckSession {
  private var checker: Checker
  /// The checked top-level elements, in source order.
  private var elements: [ElementModel] = []
  /// Statements that wait for the end of the file, in source order, with
  /// the number of elements before them (paint order is kept) and of the
  /// file's `let`s they can see; a waiting `let` keeps its slot.
  private var waiting: [(position: Int, statement: Statement, visibleLets: Int, letSlot: Int?)] = []
  /// Canvas statements that wait: once one waits, later ones wait too, so
  /// the first stays first.
  private var waitingCanvases: [ElementStatement] = []

  /// Set when the file is imported: only its definitions count, and its
  /// elements are neither checked nor drawn (the first gets a warning).
  private var importing = false
  private var warnedAboutElements = false

  package init(
    source: SourceFile, diagnostics: DiagnosticList, imports: ImportContext = ImportContext(loader: nil),
    limits: ExpansionBudget.Limits = .standard
  ) {
    checker = Checker(bytes: source.bytes, diagnostics: diagnostics)
    checker.evaluator.budget.limits = limits
    checker.evaluator.imports = imports
    checker.evaluator.names = imports.names
    if imports.chain.isEmpty {
      imports.chain = [(source, nil)]
      imports.files = SourceFiles(main: source)
    }
    checker.evaluator.unresolved.mayBeDefinedLater = true
  }

  /// Checks a file another imports, returning what it defines and its problems.
  static func checkImported(_ file: SourceFile, imports: ImportContext)
    -> (definitions: ImportedDefinitions, diagnostics: DiagnosticList)
  {
    var diagnostics = DiagnosticList()
    let id = imports.files.add(file)
    diagnostics.file = id
    var session = CheckSession(source: file, diagnostics: diagnostics, imports: imports)
    session.importing = true
    session.checker.evaluator.file = id
    session.checker.evaluator.currentFile = id
    Parser.parse(file, diagnostics: &diagnostics) { session.add($0) }
    var checked = DiagnosticList()
    let definitions = session.finishImported(diagnostics: &checked)
    diagnostics.absorb(checked)
    return (definitions, diagnostics)
  }

  /// W0010 at the first element of an imported file.
  private mutating func skipImportedElement(_ statement: Statement) {
    guard !warnedAboutElements else { return }
    warnedAboutElements = true
    var range = SourceRange(statement.range.start, statement.range.start)
    if case .element(let element) = statement { range = element.kind.range }
    checker.evaluator.diagnostics.append(
      Diagnostic(
        LanguageCodes.importedElements, range,
        "this file is imported, so its canvas and elements are not drawn; only its lets, gradients, shapes and components are used"
      ))
  }

  package mutating func add(_ statement: Statement) {
    switch statement {
    case .gradient, .shape:
      // A definition names nothing defined later: check it in full now.
      checker.evaluator.unresolved.mayBeDefinedLater = false
      checker.define(statement)
      checker.evaluator.unresolved.mayBeDefinedLater = true
      return
    case .component(let component):
      checker.defineComponent(component)
      return
    case .importFile(let statement):
      checker.importFile(statement)
      return
    case .pathCommand:
      return
    case .element, .forLoop, .conditional:
      if importing { return skipImportedElement(statement) }
    default:
      break
    }
    switch statement {
    case .element(let element) where element.kind.key == .canvas:
      addCanvas(element)
      return
    default:
      break
    }
    // Declared before anything is checked, so anchors may name elements
    // written later (their statements wait for the end of the file).
    if case .element(let element) = statement, element.name == nil, element.children == nil {
    } else {
      checker.declareElementNames(in: statement)
    }
    let unresolvedBefore = checker.evaluator.unresolved.count
    let mark = checker.evaluator.diagnostics.mark
    let budget = checker.evaluator.budget
    var models: [ElementModel] = []
    var single: ElementModel? = nil
    switch statement {
    case .letBinding(let binding): checker.bindLet(binding)
    // Most statements are one element: no array for them.
    case .element(let element): single = checker.checkElement(element, in: .file)
    default: checker.run(statement, in: .file, into: &models)
    }
    guard checker.evaluator.unresolved.count == unresolvedBefore else {
      checker.evaluator.diagnostics.restore(mark)
      checker.evaluator.budget = budget
      var slot: Int? = nil
      if case .letBinding(let binding) = statement {
        // Keep the name's place so later statements see it as waiting too.
        slot = checker.evaluator.fileLets.count - 1
        if slot.map({ checker.evaluator.fileLets[$0].name }) != binding.name.key {
          slot = checker.evaluator.fileLets.count
          checker.evaluator.scope.lets.append(
            Binding(
              name: binding.name.key, value: .unknown, declaration: binding.name.range, origin: binding.name.range,
              kind: .letBinding))
        }
        if let slot { checker.evaluator.scope.lets.update(slot) { $0.pending = true } }
      }
      waiting.append((elements.count, statement, checker.evaluator.fileLets.count - (slot == nil ? 0 : 1), slot))
      return
    }
    if let single { elements.append(single) }
    if !models.isEmpty { elements += models }
  }

  private mutating func addCanvas(_ element: ElementStatement) {
    if !waitingCanvases.isEmpty {
      waitingCanvases.append(element)
      return
    }
    let unresolvedBefore = checker.evaluator.unresolved.count
    let mark = checker.evaluator.diagnostics.mark
    let canvasBefore = checker.canvas
    checker.checkCanvas(element)
    guard checker.evaluator.unresolved.count == unresolvedBefore else {
      checker.evaluator.diagnostics.restore(mark)
      checker.canvas = canvasBefore
      waitingCanvases.append(element)
      return
    }
  }

  /// For an imported file: its waiting `let`s, its components checked
  /// alone, and what it lends.
  mutating func finishImported(diagnostics: inout DiagnosticList) -> ImportedDefinitions {
    _ = finish(diagnostics: &diagnostics, reportingUnused: false)
    return checker.lentDefinitions(of: checker.evaluator.file)
  }

  /// Checks what waited, reports unused definitions and returns the model.
  package mutating func finish(diagnostics: inout DiagnosticList, reportingUnused: Bool = true) -> SceneModel {
    checker.evaluator.unresolved.mayBeDefinedLater = false
    for canvas in waitingCanvases { checker.checkCanvas(canvas) }
    checker.reportFiltersBeforeCanvas()
    var all = elements
    elements = []
    if !waiting.isEmpty {
      // Merged in one pass; nothing is copied when nothing waited.
      var merged: [ElementModel] = []
      merged.reserveCapacity(all.count + waiting.count)
      var next = 0
      // A set, not a search of the list per waiting `let`: N of them
      // waiting would cost N².
      var declared = Set(checker.evaluator.declaredLets.map(\.range))
      for (position, statement, visibleLets, slot) in waiting {
        merged += all[next..<position]
        next = position
        checker.evaluator.scope.visibleFileLets = visibleLets
        if case .letBinding(let binding) = statement, let slot {
          let value = checker.evaluator.evaluate(binding.value) ?? .unknown
          checker.evaluator.scope.lets.update(slot) {
            $0.value = value
            $0.pending = false
          }
          if declared.insert(binding.name.range).inserted { checker.evaluator.declaredLets.append(binding.name) }
        } else {
          checker.run(statement, in: .file, into: &merged)
        }
      }
      checker.evaluator.scope.visibleFileLets = Int.max
      merged += all[next...]
      all = merged
      waiting = []
    }
    checker.checkComponentsAlone()
    if reportingUnused {
      checker.reportUnused()
      checker.evaluator.reportUnusedLets()
    }
    diagnostics = checker.evaluator.diagnostics
    var model = SceneModel(canvas: checker.canvas, elements: all)
    // Layout expands these later: with everything known, reporting only
    // what is new, nothing waiting any more.
    if checker.deferredUses > 0 { model.sizedUses = SizedUseExpander(endOfFile: checker) }
    if let palette = checker.evaluator.imports.palette {
      // Adaptive whether or not anything else is: without another adaptive
      // colour the picture is drawn in light only anyway.
      model.defaultTextColor = palette.adaptive(
        light: SceneModel.defaultTextColor(canvas: checker.canvas, appearance: .light),
        dark: SceneModel.defaultTextColor(canvas: checker.canvas, appearance: .dark))
    } else {
      model.defaultTextColor = SceneModel.defaultTextColor(
        canvas: checker.canvas, appearance: checker.evaluator.imports.appearance)
    }
    return model
  }
}
