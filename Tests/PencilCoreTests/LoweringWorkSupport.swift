import PencilDiagnostics
import PencilSyntax
import XCTest

@testable import PencilIR
@testable import PencilLayout
@testable import PencilSema

/// Checks a source and lowers it as the compiler does, returning the work
/// lowering counted (see `Lowering.Work`): the tests of bounded cost count
/// steps instead of timing them, so a busy machine cannot fail them.
func lowerCountingWork(_ text: String, line: UInt = #line) -> (
  scene: Scene, work: Lowering.Work, diagnostics: [Diagnostic]
) {
  var (model, diagnostics) = checkedModel(text, line: line)
  let (scene, work) = Lowering.lowerCountingWork(&model, diagnostics: &diagnostics)
  return (scene, work, diagnostics.sorted())
}

/// Checks a source as the compiler does (it must have no error) and
/// returns the model Sema hands to layout.
func checkedModel(_ text: String, line: UInt = #line) -> (model: SceneModel, diagnostics: DiagnosticList) {
  var diagnostics = DiagnosticList()
  let source = SourceFile(name: "work.pencil", text: text)
  var session = CheckSession(
    source: source, diagnostics: DiagnosticList(), imports: ImportContext(loader: nil), limits: .standard)
  Parser.parse(source, diagnostics: &diagnostics) { session.add($0) }
  var checked = DiagnosticList()
  let model = session.finish(diagnostics: &checked)
  diagnostics.absorb(checked)
  XCTAssertFalse(diagnostics.hasErrors, "\(diagnostics.sorted().map(\.message))", line: line)
  return (model, diagnostics)
}
