import PencilDiagnostics
import PencilGeometry
import PencilSyntax

/// A use of a component whose body reads `width` and `height`, placed
/// where only layout decides its size (a stack child without `size`), as
/// SwiftUI's GeometryReader is: the use as data — which component, with
/// which checked arguments, written where — that layout expands with a
/// `SizedUseExpander` once the frame is known (typst's layout closure: the
/// function and its arguments, called with the region). The body's
/// problems that do not depend on the size were found when the component
/// was checked on its own.
package struct DeferredElement: Equatable {
  let component: ComponentDefinition
  let values: AttributeValues
  /// The elements the use gives in `{ }`, checked where it stands.
  let content: [ElementModel]
  let statement: ElementStatement
  /// The file the use is written in.
  let file: FileID
  /// Which use of the compilation this is, in the order they were made.
  let number: Int

  package static func == (a: DeferredElement, b: DeferredElement) -> Bool { a.number == b.number }
}

/// What layout calls a `DeferredElement` with: the definitions as they
/// stand at the end of the file, when every name is known, and the
/// expansion budget the file left. A value layout owns while it works —
/// no checker is kept alive between the stages or shared behind them.
package struct SizedUseExpander {
  /// The checker's state at the end of the file, with nothing waiting
  /// and nothing reported yet; its budget is what the file left, spent by
  /// each expansion in turn.
  private var environment: Checker

  init(endOfFile checker: Checker) {
    environment = checker
    environment.evaluator.diagnostics = DiagnosticList()
    environment.evaluator.diagnostics.file = checker.evaluator.diagnostics.file
    environment.evaluator.scope.visibleFileLets = Int.max
    // What the file used was reported on already; a copy of these per
    // expansion would cost the size of the file each time.
    environment.evaluator.definitions.usedGradients = []
    environment.evaluator.definitions.usedShapes = []
  }

  /// The use's elements for a frame of `size`, and the problems met.
  package mutating func expand(_ use: DeferredElement, for size: Point) -> (
    group: GroupElement?, diagnostics: [Diagnostic]
  ) {
    let mark = environment.evaluator.diagnostics.mark
    environment.evaluator.currentFile = use.file
    let children = environment.expand(use.component, use.values, content: use.content, size: size, at: use.statement)
    let found = Array(environment.evaluator.diagnostics.items(since: mark))
    guard let children else { return (nil, found) }
    let group = GroupElement(
      children: children, callSite: use.statement.range, callSiteFile: use.file,
      bodyFile: use.component.file, isPrelude: use.component.isPrelude)
    return (group, found)
  }
}
