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
struct CheckSession {
  private var checker: Checker
  /// The checked top-level elements, in source order; `waiting` holds the
  /// statements that must be checked at the end, with the number of
  /// elements before them, so paint order is kept.
  private var elements: [ElementModel] = []
  private var waiting: [(position: Int, statement: ElementStatement)] = []
  /// Canvas statements that wait: once one waits, later ones wait too, so
  /// the first stays first.
  private var waitingCanvases: [ElementStatement] = []

  init(source: SourceFile, diagnostics: DiagnosticList) {
    checker = Checker(bytes: source.bytes, diagnostics: diagnostics)
    checker.deferringUnresolved = true
  }

  mutating func add(_ statement: Statement) {
    guard case .element(let element) = statement else {
      checker.define(statement)
      return
    }
    let isCanvas = element.kind.key == .canvas
    if isCanvas, !waitingCanvases.isEmpty {
      waitingCanvases.append(element)
      return
    }
    let unresolvedBefore = checker.unresolvedNames
    let mark = checker.diagnostics.mark
    let canvasBefore = checker.canvas
    var model: ElementModel? = nil
    if isCanvas {
      checker.checkCanvas(element)
    } else {
      model = checker.checkElement(element, inStack: false)
    }
    guard checker.unresolvedNames == unresolvedBefore else {
      checker.diagnostics.restore(mark)
      checker.canvas = canvasBefore
      if isCanvas {
        waitingCanvases.append(element)
      } else {
        waiting.append((elements.count, element))
      }
      return
    }
    if let model { elements.append(model) }
  }

  /// Checks what waited, reports unused definitions and returns the model.
  mutating func finish(diagnostics: inout DiagnosticList) -> SceneModel {
    checker.deferringUnresolved = false
    for canvas in waitingCanvases { checker.checkCanvas(canvas) }
    var all = elements
    elements = []
    if !waiting.isEmpty {
      // Merged in one pass; nothing is copied when nothing waited.
      var merged: [ElementModel] = []
      merged.reserveCapacity(all.count + waiting.count)
      var next = 0
      for (position, statement) in waiting {
        merged += all[next..<position]
        next = position
        if let model = checker.checkElement(statement, inStack: false) { merged.append(model) }
      }
      merged += all[next...]
      all = merged
      waiting = []
    }
    checker.reportUnused()
    diagnostics = checker.diagnostics
    return SceneModel(canvas: checker.canvas, elements: all)
  }
}
