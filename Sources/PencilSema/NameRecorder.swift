import PencilDiagnostics
import PencilSyntax

/// What the checker resolved each name to, recorded while it checks, as
/// go/types' `Info.Defs` and `Info.Uses` are: the editor's definition,
/// references and rename answer from this table, so they follow the
/// language's own scoping (shadowing, loops, parameters, imports) instead
/// of matching text. Only a compilation that asks for it has one (the
/// compiler's own runs pay nothing); it is shared through `ImportContext`
/// so the imported files' names are recorded too.
package final class NameRecorder {
  /// A place in one of the compilation's files, by the file's number in
  /// `files` (a loop's body records its names on every iteration: a
  /// number hashes in a few instructions, a file name would not).
  package struct Place: Hashable {
    package var file: Int
    package var range: SourceRange
  }

  /// The files met, numbered in order: the compiled one, then imports.
  package private(set) var files: [SourceFile] = []
  private var numbers: [ObjectIdentifier: Int] = [:]

  /// The number of `file`: one object is one file of the compilation (an
  /// import is read and checked once, `ImportContext.done`).
  func number(of file: SourceFile) -> Int {
    // Nearly every name is in the file the last one was in.
    let identity = ObjectIdentifier(file)
    if identity == lastFile { return lastNumber }
    let number: Int
    if let known = numbers[identity] {
      number = known
    } else {
      number = files.count
      numbers[identity] = number
      files.append(file)
    }
    (lastFile, lastNumber) = (identity, number)
    return number
  }
  private var lastFile: ObjectIdentifier?
  private var lastNumber = 0

  /// Declarations with what they declare.
  package private(set) var declarations: [Place: NameKind] = [:]
  /// Each use, with the declaration it resolved to.
  package private(set) var uses: [Place: Place] = [:]
  /// Each `import`'s path, with the file it read.
  package var importLinks: [Place: Int] = [:]
  /// The loops and conditions whose code was run for its names alone
  /// (`recordNamesOfUntakenCode`), once each per place and pass.
  var namesOnlyDone: Set<NamesOnlyKey> = []

  struct NamesOnlyKey: Hashable {
    var place: Place
    /// The first pass over a statement that waits for the end of the
    /// file finds fewer names than the second.
    var deferring: Bool
  }
  /// How many places are kept at most: a loop runs its body many times,
  /// but the places are the source's, so the table is as big as the files'
  /// names; the cap is for a file of nothing but names. Past it the table
  /// is incomplete, and rename refuses (references would miss some).
  static let maximumPlaces = 1 << 20
  private let limit: Int
  package private(set) var overflowed = false

  package init(limit: Int = NameRecorder.maximumPlaces) { self.limit = limit }

  private var full: Bool {
    if declarations.count + uses.count < limit { return false }
    overflowed = true
    return true
  }

  func declare(_ place: Place, as kind: NameKind) {
    guard declarations[place] == nil, !full else { return }
    declarations[place] = kind
  }

  func use(_ place: Place, declaredAt declaration: Place, as kind: NameKind) {
    // A declaration is never a use of itself, and a use resolved once keeps
    // its first answer (a statement checked again at the end of the file
    // resolves the same way).
    guard place != declaration, uses[place] == nil else { return }
    if declarations[declaration] == nil { declare(declaration, as: kind) }
    guard declarations[declaration] != nil, !full else { return }
    uses[place] = declaration
  }
}

/// What a name declares, for the editor's answers.
public enum NameKind: String, Sendable {
  case letBinding = "let"
  case colorSet = "colour set"
  case parameter
  case loopVariable = "loop variable"
  case gradient
  case shape
  case component
  case element = "element name"
}

extension Evaluator {
  /// The file whose code runs now: a component's body runs in its own
  /// file's names, wherever it is used.
  func currentFileNumber(_ recorder: NameRecorder) -> Int {
    recorder.number(of: imports.files[currentFile])
  }

  /// Records a declaration in the file being checked.
  func recordDeclaration(_ identifier: Identifier, as kind: NameKind) {
    guard let recorder = names, !identifier.name.isEmpty else { return }
    recorder.declare(NameRecorder.Place(file: currentFileNumber(recorder), range: identifier.range), as: kind)
  }

  /// Records that `identifier`, here, names what is declared at
  /// `declaration` in `file` (nil: the file this session checks, as the
  /// checker's tables say of their own definitions).
  func recordUse(_ identifier: Identifier, declaredAt declaration: SourceRange, in file: FileID?, as kind: NameKind) {
    guard let recorder = names else { return }
    let here = currentFileNumber(recorder)
    let there = recorder.number(of: imports.files[file ?? self.file])
    recorder.use(
      NameRecorder.Place(file: here, range: identifier.range),
      declaredAt: NameRecorder.Place(file: there, range: declaration), as: kind)
  }

  /// Records a use of a `let`, parameter or loop variable.
  func recordUse(_ identifier: Identifier, of binding: Binding) {
    guard names != nil, !binding.implicit else { return }
    let kind: NameKind
    switch binding.kind {
    case .letBinding, .imported: kind = binding.isColorSet ? .colorSet : .letBinding
    case .loopVariable: kind = .loopVariable
    case .parameter: kind = .parameter
    }
    recordUse(identifier, declaredAt: binding.declaration, in: binding.file, as: kind)
  }
}

extension Checker {
  /// A shape's name used where a shape goes (`clip=`, an element kind).
  func recordShapeUse(_ identifier: Identifier) {
    guard evaluator.names != nil, let shape = evaluator.definitions.shapeStatements[identifier.key] else { return }
    evaluator.recordUse(
      identifier, declaredAt: shape.name.range, in: evaluator.definitions.origin(of: .shape, identifier.key), as: .shape
    )
  }

  /// An element's kind when it names a component or a shape of the user's,
  /// and its argument labels when they name the parameters of either.
  func recordKindUse(_ statement: ElementStatement, component: ComponentDefinition?) {
    // The prelude's own elements (a pencil's parts) are no names of the user's.
    guard evaluator.names != nil else { return }
    if let component {
      guard !component.isPrelude else { return }
      evaluator.recordUse(
        statement.kind, declaredAt: component.statement.name.range, in: component.file, as: .component)
      recordLabels(statement, component.statement.parameters, in: component.file)
    } else if let shape = evaluator.definitions.shapeStatements[statement.kind.key] {
      recordShapeUse(statement.kind)
      recordLabels(statement, shape.parameters ?? [], in: evaluator.definitions.origin(of: .shape, statement.kind.key))
    }
  }

  private func recordLabels(_ statement: ElementStatement, _ parameters: [Parameter], in file: FileID?) {
    for attribute in statement.attributes {
      guard let parameter = parameters.first(where: { $0.name.key == attribute.name.key }) else { continue }
      evaluator.recordUse(attribute.name, declaredAt: parameter.name.range, in: file, as: .parameter)
    }
  }
}

extension Checker {
  /// Runs the code of a loop or a condition that its values did not run —
  /// an `if`'s other branches, a loop's body when it ran no time — for its
  /// names alone, so definition, references and rename see every use, as
  /// the text has them: with the loop's variables unknown, every branch,
  /// and everything it changes in the checker undone afterwards
  /// (diagnostics, elements, the budget, what counts as used); only the
  /// recorder keeps what it saw. Once per place: a loop around it does not
  /// repeat it. Only a compilation that records names does this.
  mutating func recordNamesOfUntakenCode(
    _ statement: Statement, run: (inout Checker, [Statement]) -> Void
  ) {
    guard let recorder = evaluator.names, !evaluator.budget.exhausted else { return }
    let key = NameRecorder.NamesOnlyKey(
      place: NameRecorder.Place(file: evaluator.currentFileNumber(recorder), range: statement.range),
      deferring: evaluator.unresolved.mayBeDefinedLater)
    guard recorder.namesOnlyDone.insert(key).inserted else { return }
    let saved = self
    let shared = (evaluator.imports.adaptiveColorsMet, evaluator.imports.dependsOnAppearance)
    switch statement {
    case .forLoop(let loop):
      inScope { checker in
        checker.evaluator.bind(loop.variable, .unknown, kind: .loopVariable)
        if let index = loop.index { checker.evaluator.bind(index, .typed(.number), kind: .loopVariable) }
        run(&checker, loop.body)
      }
    case .conditional(let conditional):
      for branch in conditional.branches {
        _ = evaluator.evaluate(branch.condition)
        inScope { run(&$0, branch.body) }
      }
      if let elseBody = conditional.elseBody { inScope { run(&$0, elseBody) } }
    default:
      break
    }
    self = saved
    (evaluator.imports.adaptiveColorsMet, evaluator.imports.dependsOnAppearance) = shared
  }
}
