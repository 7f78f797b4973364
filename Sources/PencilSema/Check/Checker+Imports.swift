import PencilDiagnostics
import PencilSyntax

/// Reads the files `import` names. The library reads no files itself:
/// PencilWorld's `World` is the loader of the command line, the language
/// server and the preview (paths resolved against the importing file's
/// folder); tests load from memory.
public protocol ImportLoader: Sendable {
  /// The file `path` names, as written in an `import` in `importer`. Its
  /// `name` identifies it: two imports that reach one file must give the
  /// same name (a cycle is found by names).
  func load(_ path: String, from importer: SourceFile) -> Result<SourceFile, ImportFailure>
}

/// Why an import could not be read, in words for the diagnostic.
public struct ImportFailure: Error, Sendable {
  public var message: String
  /// The code to report it under; nil for E0236 (cannot import). Set when
  /// the reason has a code of its own: not a regular file (E0409), the
  /// imports too large in total (E0410).
  public var code: DiagnosticCode?
  public init(_ message: String, code: DiagnosticCode? = nil) {
    self.message = message
    self.code = code
  }
}

/// What the imports of one compilation share: the loader, the chain of
/// files being imported (to find cycles), and the definitions of each file
/// already imported (a file imported twice is checked once).
package final class ImportContext {
  let loader: (any ImportLoader)?
  /// The appearance colour sets resolve to, and whether any colour met
  /// in the compilation (in any of its files) has a value per appearance.
  package var appearance = Appearance.light
  /// How many colours with a value per appearance were met: a statement
  /// that met one adapts.
  var adaptiveColorsMet = 0
  package var dependsOnAppearance = false
  /// In a compilation of an adaptive picture (`appearance` is light then),
  /// the dark values of the colours met; nil in one appearance.
  package var palette: AdaptivePalette?
  /// From the compiled file down to the file being checked, each with the
  /// range of the `import` that brought it in (in the file before it).
  var chain: [(file: SourceFile, importedAt: SourceRange?)] = []
  /// Every file met, by id: the compiled file first (set by `CheckSession`).
  package var files = SourceFiles(main: SourceFile(name: "", bytes: []))
  package var done: [String: ImportedDefinitions] = [:]
  /// What each name resolved to, for the editor (nil in a compilation
  /// that does not ask).
  package var names: NameRecorder?

  package init(loader: (any ImportLoader)?) { self.loader = loader }
}

/// The definitions a file lends to the files that import it: its own and
/// those it imported, each with the file it is written in, so a file
/// reached by two paths (a diamond) lends the same definitions twice
/// without a clash.
package struct ImportedDefinitions {
  var gradients: [(statement: GradientStatement, model: GradientModel?, file: FileID)] = []
  var shapes: [(statement: ShapeStatement, kind: UnitPathShape?, parametric: ParametricShape?, file: FileID)] = []
  var components: [ComponentDefinition] = []
  var lets: [Binding] = []
  /// The file that lends them.
  package var file: FileID
}

extension Checker {
  /// `import "path"`: the file is loaded, checked on its own (once per
  /// compilation) and its definitions added to this file's.
  mutating func importFile(_ statement: ImportStatement) {
    guard let loader = evaluator.imports.loader else {
      evaluator.report(
        LanguageCodes.importUnreadable, statement.pathRange,
        "cannot import '\(statement.path)': this compilation has no files to import from")
      return
    }
    guard evaluator.imports.chain.count <= ExpansionBudget.maximumNesting else {
      evaluator.report(
        LanguageCodes.importsTooDeep, statement.pathRange,
        "imports are nested more than \(ExpansionBudget.maximumNesting) deep here")
      return
    }
    let importer = evaluator.imports.chain.last?.file ?? SourceFile(name: "", bytes: [])
    let imported: SourceFile
    switch loader.load(statement.path, from: importer) {
    case .failure(let failure):
      evaluator.report(
        failure.code ?? LanguageCodes.importUnreadable, statement.pathRange,
        "cannot import '\(statement.path)': \(failure.message)")
      return
    case .success(let file):
      imported = file
    }
    evaluator.imports.files.add(imported)
    if let recorder = evaluator.names {
      let here = NameRecorder.Place(file: evaluator.currentFileNumber(recorder), range: statement.pathRange)
      recorder.importLinks[here] = recorder.number(of: imported)
    }
    if let start = evaluator.imports.chain.firstIndex(where: { $0.file.name == imported.name }) {
      reportCycle(from: start, closedAt: statement)
      return
    }
    guard imported.bytes.count <= SourceFile.maximumSize else {
      evaluator.report(
        LanguageCodes.importUnreadable, statement.pathRange,
        "cannot import '\(statement.path)': it is \(imported.bytes.count) bytes; files are at most \(SourceFile.maximumSize)"
      )
      return
    }
    let definitions: ImportedDefinitions
    if let done = evaluator.imports.done[imported.name] {
      definitions = done
    } else {
      evaluator.imports.chain.append((imported, statement.range))
      var found = CheckSession.checkImported(imported, imports: evaluator.imports)
      evaluator.imports.chain.removeLast()
      evaluator.imports.done[imported.name] = found.definitions
      definitions = found.definitions
      let here = DiagnosticNote(
        message: "'\(imported.name)' is imported here", range: statement.range, file: evaluator.file)
      found.diagnostics.addToAll(here)
      evaluator.diagnostics.absorb(found.diagnostics)
    }
    adopt(definitions, importedAt: statement)
  }

  private mutating func reportCycle(from start: Int, closedAt statement: ImportStatement) {
    let cycle = evaluator.imports.chain[start...]
    var diagnostic = Diagnostic(
      LanguageCodes.importCycle, statement.pathRange,
      "import cycle: " + (cycle.map(\.file.name) + [cycle.first?.file.name ?? ""]).joined(separator: " → "))
    var previous = evaluator.imports.chain[start].file
    for link in cycle.dropFirst() {
      diagnostic = diagnostic.withNote("'\(previous.name)' imports '\(link.file.name)' here", at: link.importedAt)
      diagnostic.notes[diagnostic.notes.count - 1].file = fileID(previous)
      previous = link.file
    }
    evaluator.diagnostics.append(diagnostic)
  }

  /// Adds another file's definitions; a name defined both here (or in
  /// another import) and there is an error at the `import`.
  private mutating func adopt(_ imported: ImportedDefinitions, importedAt statement: ImportStatement) {
    func clash(_ kind: DefinitionKey.Kind, _ name: Name, in other: FileID) {
      evaluator.report(
        SemaCodes.duplicateDefinition, statement.pathRange,
        "\(kind.rawValue) '\(name)' is defined both \(described(evaluator.definitions.origin(of: kind, name))) and in '\(evaluator.imports.files[other].name)'"
      )
    }
    for (gradient, model, origin) in imported.gradients {
      let name = gradient.name.key
      if evaluator.definitions.gradientStatements[name] != nil {
        if evaluator.definitions.origin(of: .gradient, name) != origin { clash(.gradient, name, in: origin) }
        continue
      }
      evaluator.definitions.gradientStatements[name] = gradient
      if let model { evaluator.definitions.gradients[name] = model }
      evaluator.definitions.origins[DefinitionKey(.gradient, name)] = origin
      // Lent, not owned: an imported gradient nobody uses is no warning here.
      evaluator.definitions.usedGradients.insert(name)
    }
    for (shape, kind, parametric, origin) in imported.shapes {
      let name = shape.name.key
      if evaluator.definitions.shapeStatements[name] != nil {
        if evaluator.definitions.origin(of: .shape, name) != origin { clash(.shape, name, in: origin) }
        continue
      }
      evaluator.definitions.shapeStatements[name] = shape
      evaluator.definitions.origins[DefinitionKey(.shape, name)] = origin
      evaluator.definitions.usedShapes.insert(name)
      if let kind { evaluator.definitions.shapes[name] = kind }
      if let parametric { evaluator.definitions.parametricShapes[name] = parametric }
    }
    for component in imported.components {
      if let existing = evaluator.definitions.components[component.statement.name.key] {
        if existing !== component {
          clash(.component, component.statement.name.key, in: component.file)
        }
        continue
      }
      evaluator.definitions.components[component.statement.name.key] = component
    }
    for binding in imported.lets {
      if let existing = evaluator.scope.lets.lastSlot(of: binding.name, below: Int.max).map({ evaluator.fileLets[$0] })
      {
        if existing.file != binding.file || existing.declaration != binding.declaration {
          evaluator.report(
            SemaCodes.duplicateDefinition, statement.pathRange,
            "let '\(binding.name.text)' is defined both \(described(existing.file)) and in '\(evaluator.imports.files[binding.file].name)'"
          )
        }
        continue
      }
      var lent = binding
      lent.kind = .imported  // never "unused" here
      evaluator.scope.lets.append(lent)
    }
    elementNameIndex = nil
  }

  /// "in this file" for the file being checked, "in 'name'" for another
  /// (nil: this file).
  func described(_ other: FileID?) -> String {
    guard let other, other != evaluator.file else { return "in this file" }
    return "in '\(evaluator.imports.files[other].name)'"
  }

  /// What this file lends: everything defined at its top level, its own
  /// and what it imported, in a fixed order.
  func lentDefinitions(of file: FileID) -> ImportedDefinitions {
    var lent = ImportedDefinitions(file: file)
    for name in evaluator.definitions.gradientStatements.keys.sorted(by: { $0.text < $1.text }) {
      guard let statement = evaluator.definitions.gradientStatements[name] else { continue }
      lent.gradients.append(
        (statement, evaluator.definitions.gradients[name], evaluator.definitions.origin(of: .gradient, name) ?? file))
    }
    for name in evaluator.definitions.shapeStatements.keys.sorted(by: { $0.text < $1.text }) {
      guard let statement = evaluator.definitions.shapeStatements[name] else { continue }
      lent.shapes.append(
        (
          statement, evaluator.definitions.shapes[name], evaluator.definitions.parametricShapes[name],
          evaluator.definitions.origin(of: .shape, name) ?? file
        ))
    }
    lent.components = evaluator.definitions.components.values.filter { !$0.isPrelude }.sorted { $0.name < $1.name }
    lent.lets = evaluator.fileLets.filter { !$0.pending }
    return lent
  }
}

/// An imported definition's kind and name: the key of the file it was
/// written in (`Checker.origins`).
struct DefinitionKey: Hashable {
  enum Kind: String { case gradient, shape, component }

  let kind: Kind
  let name: Name

  init(_ kind: Kind, _ name: Name) {
    self.kind = kind
    self.name = name
  }
}
