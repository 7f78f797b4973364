import PencilDiagnostics
import PencilSyntax

/// Components every file can use, written in pencil (`prelude.pencil`):
/// the built-in `pencil` is the article's ColorPencilView as a component.
package enum Prelude {
  /// The prelude's component statements, parsed once.
  static let statements: [ComponentStatement] = {
    var diagnostics = DiagnosticList()
    let unit = Parser.parse(SourceFile(name: "<prelude>", text: source), diagnostics: &diagnostics)
    return unit.statements.compactMap { statement in
      if case .component(let component) = statement { return component }
      return nil
    }
  }()

  /// Fresh definitions for one compilation (each caches its own expansions).
  static var components: [ComponentDefinition] {
    statements.map { statement in
      var scratch = Checker(bytes: [], diagnostics: DiagnosticList(), withPrelude: false)
      let types = scratch.checkParameters(statement.parameters)
      return ComponentDefinition(statement, types: types, visibleLets: 0, isPrelude: true)
    }
  }
}
