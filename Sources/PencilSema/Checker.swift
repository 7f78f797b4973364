import PencilDiagnostics
import PencilSyntax

/// Semantic analysis: resolves names, checks every attribute and value, and
/// builds the `SceneModel`. Like the parser it never stops early: a bad
/// value is reported and left out, and the element keeps its other checks.
///
/// It checks statements one at a time as the parser produces them, so a
/// statement's syntax tree is freed as soon as it is checked and the whole
/// tree never exists at once (see `CheckSession`).
package struct Checker {
  let bytes: [UInt8]
  var diagnostics: DiagnosticList
  /// The gradients, shapes and components the code can use (see
  /// Definitions).
  var definitions = Definitions()
  var canvas: CanvasModel?
  /// Element names for "did you mean", built on the first unknown element.
  var elementNameIndex: SuggestionIndex?
  /// Names not found that a later gradient, shape or `let` could still
  /// define; the session decides whether they are final (see
  /// `UnresolvedNames`).
  var unresolved = UnresolvedNames()

  // Names (see Checker+Scopes).
  /// What the code being checked sees and whose it is; a body swaps in
  /// its own and gets this one back (see CheckerScope).
  var scope = CheckerScope()
  var fileLets: [Binding] { scope.lets.bindings }
  var declaredLets: [Identifier] = []
  var usedLets: Set<Int> = []

  // Expansion (see Checker+Components, ExpansionBudget).
  var budget = ExpansionBudget()
  /// The uses of `pi` in a `let` that a W0013 fix already rewrites, with
  /// the argument it was offered at: `sin(a)` and `cos(a)` of one `let a`
  /// get the edit once.
  var radiansFixes: [SourceRange: SourceRange] = [:]
  /// How many uses were left for layout to expand (see DeferredUse).
  var deferredUses = 0
  /// Reused by `expand` for the arguments of each use.
  var argumentScratch: [Computed] = []
  /// What `evaluate` needs to mark the names of an expression it gave up
  /// on as read (see Checker+NamesRead).
  var namesRead = NamesReadState()
  /// Where the names of the code being checked are recorded for the
  /// editor: the compilation's recorder (`imports.names`); nil when the
  /// compilation does not ask, and while the prelude's body runs (its
  /// names are not the user's).
  var names: NameRecorder?
  /// The file being checked (an imported one, or the compiled file), and
  /// what the imports of one compilation share.
  var file = FileID.main
  var imports = ImportContext(loader: nil)
  /// The file whose text is being checked or expanded; what is reported
  /// is put in it.
  var currentFile = FileID.main {
    didSet { diagnostics.file = currentFile }
  }

  init(bytes: [UInt8], diagnostics: DiagnosticList, withPrelude: Bool = true) {
    self.bytes = bytes
    self.diagnostics = diagnostics
    guard withPrelude else { return }
    for definition in Prelude.components { definitions.components[definition.statement.name.key] = definition }
  }

  /// The whole tree at once (tests and tools).
  static func check(_ unit: SourceUnit, source: SourceFile, diagnostics: inout DiagnosticList) -> SceneModel {
    var session = CheckSession(source: source, diagnostics: diagnostics)
    for statement in unit.statements { session.add(statement) }
    return session.finish(diagnostics: &diagnostics)
  }

  /// Registers and checks a definition; the first of a name wins.
  mutating func define(_ statement: Statement) {
    let builtinNames = Checker.builtinElementNames
    switch statement {
    case .gradient(let gradient) where !gradient.name.name.isEmpty:
      if let first = definitions.gradientStatements[gradient.name.key] {
        reportDuplicate(
          gradient.name, kind: "gradient", first: first.name.range, in: origin(of: .gradient, gradient.name.key))
      } else {
        definitions.gradientStatements[gradient.name.key] = gradient
        definitions.gradientDefinitions.append(gradient)
        recordDeclaration(gradient.name, as: .gradient)
        if let model = checkGradient(gradient) { definitions.gradients[gradient.name.key] = model }
      }
    case .shape(let shape) where !shape.name.name.isEmpty:
      if builtinNames.contains(shape.name.name) {
        diagnostics.append(
          Diagnostic(
            SemaCodes.redefinesBuiltin, shape.name.range,
            "'\(shape.name.name)' is a built-in element; give the shape another name"))
      } else if let first = definitions.shapeStatements[shape.name.key] {
        reportDuplicate(shape.name, kind: "shape", first: first.name.range, in: origin(of: .shape, shape.name.key))
      } else {
        definitions.shapeStatements[shape.name.key] = shape
        definitions.shapeDefinitions.append(shape)
        recordDeclaration(shape.name, as: .shape)
        if let kind = checkShape(shape) { definitions.shapes[shape.name.key] = kind }
        // A new shape may be what an earlier misspelling meant.
        elementNameIndex = nil
      }
    default:
      break
    }
  }

  package static let builtinElementNames = Set(ShapeKinds.builtins.map(\.name) + ElementKinds.nonShapeKinds)

  /// The id of `file` among the compilation's files, given one when it is
  /// met first.
  func fileID(_ file: SourceFile) -> FileID { imports.files.add(file) }

  /// Counts a name not found that a later definition could still define;
  /// whether to report it now (not while the statement may still wait for
  /// the end of the file, see `CheckSession`).
  mutating func reportsUnresolvedName() -> Bool {
    unresolved.count += 1
    return !unresolved.mayBeDefinedLater
  }

  /// E0204; `file` is where the first definition is, when it is another
  /// file than the one being checked.
  mutating func reportDuplicate(_ name: Identifier, kind: String, first: SourceRange, in file: FileID? = nil) {
    let message =
      file.map { "\(kind) '\(name.name)' is defined both in this file and in '\(imports.files[$0].name)'" }
      ?? "\(kind) '\(name.name)' is defined twice"
    diagnostics.append(
      Diagnostic(SemaCodes.duplicateDefinition, name.range, message)
        .withNote("first defined here", at: first).inFile(file))
  }

  mutating func reportUnused() {
    for gradient in definitions.gradientDefinitions
    where definitions.gradients[gradient.name.key] != nil && !definitions.usedGradients.contains(gradient.name.key) {
      diagnostics.append(
        Diagnostic(
          SemaCodes.unusedGradient, gradient.name.range,
          "gradient '\(gradient.name.name)' is never used; fill an element with gradient=\(gradient.name.name)"))
    }
    for shape in definitions.shapeDefinitions
    where definitions.shapes[shape.name.key] != nil && !definitions.usedShapes.contains(shape.name.key) {
      diagnostics.append(
        Diagnostic(
          SemaCodes.unusedShape, shape.name.range,
          "shape '\(shape.name.name)' is never drawn; draw it with '\(shape.name.name) at X,Y size WxH'"))
    }
  }

  mutating func checkCanvas(_ statement: ElementStatement) {
    if let first = canvas {
      diagnostics.append(
        Diagnostic(SemaCodes.secondCanvas, statement.kind.range, "a file has at most one canvas")
          .withNote("the canvas is first set here", at: first.range)
          .withFix("remove this canvas", replacing: removalRange(statement.range), with: ""))
      return
    }
    rejectLabelAndChildren(statement)
    let adaptiveBefore = imports.adaptiveColorsMet
    let values = checkAttributes(statement.attributes, ElementKinds.canvas, of: "canvas")
    guard let size = values.placement.size else {
      if !statement.recovered, !statement.attributes.contains(where: { $0.name.name == "size" }) {
        diagnostics.append(
          Diagnostic(SemaCodes.missingClause, statement.kind.range, "the canvas needs a size, like 'canvas 400x300'")
            .withFix(
              "add a size", replacing: SourceRange(statement.kind.range.end, statement.kind.range.end), with: " 400x300"
            ))
      }
      return
    }
    canvas = CanvasModel(
      size: size, background: values.color(.background), range: statement.range,
      appearance: values.keyword(.appearance).flatMap(Appearance.init(rawValue:)),
      backgroundAdapts: imports.adaptiveColorsMet > adaptiveBefore)
  }

  /// A range to delete, widened over the spaces before it so the line stays tidy.
  func removalRange(_ range: SourceRange) -> SourceRange {
    var start = range.start
    while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
    return SourceRange(start, range.end)
  }
}

/// Whose code the checker runs, which decides what it produces and whose
/// problems it reports.
enum CheckedCode: Equatable {
  /// The file's own statements.
  case file
  /// A component's body for one use. `prelude`: the prelude's (the
  /// built-in `pencil`), whose problems are the call site's and which
  /// warns about nothing.
  case use(prelude: Bool)
  /// A component's body on its own, its parameters unknown: problems are
  /// found, nothing is produced (no use inside it is expanded).
  case alone

  var isPrelude: Bool { self == .use(prelude: true) }
}

/// Names not found that a later definition could still define (an
/// element kind, a gradient, a bare colour name, a waiting `let`).
struct UnresolvedNames {
  /// How many were met; a statement that met one waits for the end of
  /// the file (see CheckSession).
  var count = 0
  /// Set by the session while a statement is first checked, when a later
  /// definition may still supply the name: it is only counted, with no
  /// message or suggestion (a suggestion's index is rebuilt after each new
  /// shape, so making them here would cost shapes × uses).
  var mayBeDefinedLater = false
}
