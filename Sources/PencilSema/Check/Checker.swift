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
  /// Values, names and the environment they are read in (see Evaluator);
  /// the element checks read and report through it.
  var evaluator: Evaluator
  var canvas: CanvasModel?
  /// The widest radius of each `shadow=` and `blur=` checked before the
  /// canvas, by attribute: checked against the canvas when the file ends.
  var filtersBeforeCanvas: [FilterBeforeCanvas.Key: FilterBeforeCanvas] = [:]
  /// Element names for "did you mean", built on the first unknown element.
  var elementNameIndex: SuggestionIndex?
  /// How many uses were left for layout to expand (see DeferredUse).
  var deferredUses = 0
  /// Reused by `expand` for the arguments of each use.
  var argumentScratch: [Computed] = []
  /// The content of each use being expanded, innermost last: what a
  /// body's `content` places (see Checker+Content).
  var contentStack: [[ElementModel]] = []
  /// How deep in a use's content the checker is, in the current body
  /// (a body entered from content starts again at 0).
  var checkingContent = 0

  init(bytes: [UInt8], diagnostics: DiagnosticList, withPrelude: Bool = true) {
    evaluator = Evaluator(bytes: bytes, diagnostics: diagnostics)
    guard withPrelude else { return }
    for definition in Prelude.components {
      evaluator.definitions.components[definition.statement.name.key] = definition
    }
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
      if let first = evaluator.definitions.gradientStatements[gradient.name.key] {
        reportDuplicate(
          gradient.name, kind: "gradient", first: first.name.range,
          in: evaluator.definitions.origin(of: .gradient, gradient.name.key))
      } else {
        evaluator.definitions.gradientStatements[gradient.name.key] = gradient
        evaluator.definitions.gradientDefinitions.append(gradient)
        evaluator.recordDeclaration(gradient.name, as: .gradient)
        if let model = checkGradient(gradient) { evaluator.definitions.gradients[gradient.name.key] = model }
      }
    case .shape(let shape) where !shape.name.name.isEmpty:
      if builtinNames.contains(shape.name.name), !ShapeKinds.laterBuiltins.contains(shape.name.name) {
        evaluator.diagnostics.append(
          Diagnostic(
            SemaCodes.redefinesBuiltin, shape.name.range,
            "'\(shape.name.name)' is a built-in element; give the shape another name"))
      } else if let first = evaluator.definitions.shapeStatements[shape.name.key] {
        reportDuplicate(
          shape.name, kind: "shape", first: first.name.range,
          in: evaluator.definitions.origin(of: .shape, shape.name.key))
      } else {
        evaluator.definitions.shapeStatements[shape.name.key] = shape
        evaluator.definitions.shapeDefinitions.append(shape)
        evaluator.recordDeclaration(shape.name, as: .shape)
        if let kind = checkShape(shape) { evaluator.definitions.shapes[shape.name.key] = kind }
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
  func fileID(_ file: SourceFile) -> FileID { evaluator.imports.files.add(file) }

  /// E0204; `file` is where the first definition is, when it is another
  /// file than the one being checked.
  mutating func reportDuplicate(_ name: Identifier, kind: String, first: SourceRange, in file: FileID? = nil) {
    let message =
      file.map { "\(kind) '\(name.name)' is defined both in this file and in '\(evaluator.imports.files[$0].name)'" }
      ?? "\(kind) '\(name.name)' is defined twice"
    evaluator.diagnostics.append(
      Diagnostic(SemaCodes.duplicateDefinition, name.range, message)
        .withNote("first defined here", at: first).inFile(file))
  }

  mutating func reportUnused() {
    for gradient in evaluator.definitions.gradientDefinitions
    where evaluator.definitions.gradients[gradient.name.key] != nil
      && !evaluator.definitions.usedGradients.contains(gradient.name.key)
    {
      evaluator.diagnostics.append(
        Diagnostic(
          SemaCodes.unusedGradient, gradient.name.range,
          "gradient '\(gradient.name.name)' is never used; fill an element with gradient=\(gradient.name.name)"))
    }
    for shape in evaluator.definitions.shapeDefinitions
    where evaluator.definitions.shapes[shape.name.key] != nil
      && !evaluator.definitions.usedShapes.contains(shape.name.key)
    {
      evaluator.diagnostics.append(
        Diagnostic(
          SemaCodes.unusedShape, shape.name.range,
          "shape '\(shape.name.name)' is never drawn; draw it with '\(shape.name.name) at X,Y size WxH'"))
    }
  }

  mutating func checkCanvas(_ statement: ElementStatement) {
    if let first = canvas {
      evaluator.diagnostics.append(
        Diagnostic(SemaCodes.secondCanvas, statement.kind.range, "a file has at most one canvas")
          .withNote("the canvas is first set here", at: first.range)
          .withFix("remove this canvas", replacing: removalRange(statement.range), with: ""))
      return
    }
    rejectLabelAndChildren(statement)
    let adaptiveBefore = evaluator.imports.adaptiveColorsMet
    let values = checkAttributes(statement.attributes, ElementKinds.canvas, of: "canvas")
    guard let size = values.placement.size else {
      if !statement.recovered, !statement.attributes.contains(where: { $0.name.name == "size" }) {
        evaluator.diagnostics.append(
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
      backgroundAdapts: evaluator.imports.adaptiveColorsMet > adaptiveBefore)
  }

  /// A range to delete, widened over the spaces before it so the line stays tidy.
  func removalRange(_ range: SourceRange) -> SourceRange {
    var start = range.start
    while start > 0, evaluator.bytes[start - 1] == UInt8(ascii: " ") || evaluator.bytes[start - 1] == UInt8(ascii: "\t")
    { start -= 1 }
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

extension Evaluator {
  /// Counts a name not found that a later definition could still define;
  /// whether to report it now (not while the statement may still wait for
  /// the end of the file, see `CheckSession`).
  mutating func reportsUnresolvedName() -> Bool {
    unresolved.count += 1
    return !unresolved.mayBeDefinedLater
  }
}
