import PencilDiagnostics
import PencilSyntax

/// Evaluation: expressions to `Computed` values, names to what they are
/// bound to, colours and functions of the library (Evaluator+Expressions,
/// +Library, +Scopes, +Colors). It reads an explicit environment, the
/// definitions of the file and the scope of the code being checked, and
/// reports into the compilation's sinks; it never builds an element. The
/// element checks (`Checker`) hold one and ask it for each value, on the
/// model of typst's `Vm` over its `Scopes`.
package struct Evaluator {
  let bytes: [UInt8]
  var diagnostics: DiagnosticList

  // The environment.
  /// The gradients, shapes and components the code can use (see
  /// Definitions).
  var definitions = Definitions()
  /// What the code being checked sees and whose it is; a body swaps in
  /// its own and gets this one back (see CheckerScope).
  var scope = CheckerScope()
  var fileLets: [Binding] { scope.lets.bindings }

  // What evaluation records.
  /// Names not found that a later gradient, shape or `let` could still
  /// define; the session decides whether they are final (see
  /// `UnresolvedNames`).
  var unresolved = UnresolvedNames()
  var declaredLets: [Identifier] = []
  var usedLets: Set<Int> = []
  /// The uses of `pi` in a `let` that a W0013 fix already rewrites, with
  /// the argument it was offered at: `sin(a)` and `cos(a)` of one `let a`
  /// get the edit once.
  var radiansFixes: [SourceRange: SourceRange] = [:]
  /// What `evaluate` needs to mark the names of an expression it gave up
  /// on as read (see Evaluator+NamesRead).
  var namesRead = NamesReadState()
  /// Where the names of the code being checked are recorded for the
  /// editor: the compilation's recorder (`imports.names`); nil when the
  /// compilation does not ask, and while the prelude's body runs (its
  /// names are not the user's).
  var names: NameRecorder?
  /// Above zero while the side of a `?:` the condition did not pick is
  /// checked: a name then reads as a value of its kind, not its value
  /// (see Evaluator+Conditional).
  var untakenDepth = 0

  // What evaluation spends and where it is.
  /// Steps, elements and iterations left (see ExpansionBudget).
  var budget = ExpansionBudget()
  /// The file being checked (an imported one, or the compiled file),
  /// and what the imports of one compilation share.
  var file = FileID.main
  var imports = ImportContext(loader: nil)
  /// The file whose text is being checked or expanded; what is reported
  /// is put in it.
  var currentFile = FileID.main {
    didSet { diagnostics.file = currentFile }
  }

  init(bytes: [UInt8], diagnostics: DiagnosticList) {
    self.bytes = bytes
    self.diagnostics = diagnostics
  }
}
