import PencilDiagnostics
import PencilGeometry
import PencilSyntax

/// The checker every use made during layout expands with: the state at
/// the end of the file, when every definition is known. It is shared by
/// the uses of one compilation and released with the last of them.
final class DeferredUses {
  var checker: Checker?
  /// Uses alive; at zero the checker (which refers back to this box) is
  /// let go, so the two do not keep each other.
  private(set) var live = 0

  func retain() { live += 1 }

  func release() {
    live -= 1
    if live == 0 { checker = nil }
  }
}

/// A use of a component whose body reads `width` and `height`, placed by
/// a stack without a size: expanded when layout gives it a frame.
final class DeferredUse: SizedContent {
  let component: ComponentDefinition
  let values: AttributeValues
  let statement: ElementStatement
  let shared: DeferredUses

  init(component: ComponentDefinition, values: AttributeValues, statement: ElementStatement, shared: DeferredUses) {
    self.component = component
    self.values = values
    self.statement = statement
    self.shared = shared
    shared.retain()
  }

  deinit { shared.release() }

  func expand(for size: Point) -> (group: GroupElement?, diagnostics: [Diagnostic]) {
    // Taken out of the box while it works (no copy of its tables) and put
    // back with what it counted and reported.
    guard var checker = shared.checker else { return (nil, []) }
    shared.checker = nil
    defer { shared.checker = checker }
    let mark = checker.diagnostics.mark
    let children = checker.expand(component, values, size: size, at: statement)
    let found = Array(checker.diagnostics.items(since: mark))
    guard let children else { return (nil, found) }
    let group = GroupElement(
      children: children, callSite: statement.range, callSiteFile: checker.currentFile,
      bodyFile: component.file, isPrelude: component.isPrelude)
    return (group, found)
  }
}
