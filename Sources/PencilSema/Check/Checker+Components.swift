import PencilDiagnostics
import PencilGeometry
import PencilSyntax

/// A checked `component` definition. A class: uses share it, and its
/// cache of expansions grows as the file is checked.
final class ComponentDefinition {
  let statement: ComponentStatement
  let parameters: [(parameter: Parameter, type: DeclaredType?)]
  /// `at`, `size` and one attribute per parameter, for checking a use.
  let specs: [AttributeSpec]
  /// The parameters' names, and the indices of those without a default:
  /// read on every use, so kept apart from the syntax.
  let parameterNames: [Name]
  let required: [Int]
  /// How many of the file's `let`s the body sees: those before it.
  let visibleLets: Int
  /// The `let`s of the file the component is written in, and that file
  /// when it is an imported one (its problems are reported there).
  var lets = LetStore()
  var file = FileID.main
  /// Whether the body reads `width` or `height`, so that an expansion
  /// depends on the size of the frame.
  let readsFrameSize: Bool
  /// The kind of the element around each `content` placeholder of the
  /// body (nil: the body itself); empty when the component takes none.
  var contentParents: [Name?] = []
  /// Where the content is checked (see Checker+Content), once known.
  var contentContext: ElementContext? = nil
  /// Whether the body names elements: each use then gets names of its own.
  let namesElements: Bool
  /// The prelude's `pencil`: its items carry the call site's range.
  let isPrelude: Bool
  /// A body with a syntax error (reported): uses are checked no further.
  var broken = false
  /// Parameters whose default uses a later parameter (E0239, reported):
  /// their default is not evaluated.
  var laterDefaults: Set<Int> = []
  /// Expansions by arguments (and size, when the body reads it): a scene
  /// uses a component with a few argument sets many times, and the uses
  /// then share one array of children.
  var cache: [UInt64: [(arguments: [Computed], size: Point?, children: [ElementModel], elements: Int)]] = [:]
  var cacheCount = 0
  static let cacheLimit = 256
  /// Colour parameters a use may swap in the last expansion (see ColorSlots),
  /// and that expansion: uses with a new colour each miss the cache.
  let colorSlots: ColorSlots?
  var lastExpansion: (arguments: [Computed], size: Point?, children: [ElementModel], elements: Int)? = nil

  var name: String { statement.name.name }

  init(
    _ statement: ComponentStatement, types: [DeclaredType?], visibleLets: Int, isPrelude: Bool = false
  ) {
    self.statement = statement
    parameters = Array(zip(statement.parameters, types))
    let parameterNames = statement.parameters.map(\.name.key)
    // Every use takes the modifiers, except where a parameter has the name.
    specs =
      [.position, .size]
      + zip(statement.parameters, types).map {
        AttributeSpec($0.name.name, $1?.valueKind ?? .number(minimum: nil, maximum: nil))
      }
      + (AttributeSpec.modifiers + AttributeSpec.effects + [AttributeSpec.clip]).filter {
        !parameterNames.contains($0.key)
      }
    self.parameterNames = parameterNames
    required = statement.parameters.indices.filter { statement.parameters[$0].defaultValue == nil }
    self.visibleLets = visibleLets
    readsFrameSize = ComponentDefinition.readsFrameSize(statement.body)
    namesElements = Checker.namesElements(statement.body)
    colorSlots = ColorSlots(statement, types: types)
    self.isPrelude = isPrelude
  }

  private static func readsFrameSize(_ body: [Statement]) -> Bool {
    var found = false
    SyntaxWalk.names(in: body) { name in
      if name == .width || name == .height { found = true }
    }
    return found
  }
}

/// The fingerprint of a use's arguments (and size): the standard hashing
/// of nested enums costs more than expanding a small component.
enum ExpansionKey {
  static let seed: UInt64 = 0xcbf2_9ce4_8422_2325

  static func mix(size: Point?, into print: inout UInt64) {
    guard let size else { return }
    Computed.mix(&print, size.x.bitPattern ^ size.y.bitPattern.rotatedLeft(by: 17))
  }
}

extension UInt64 {
  func rotatedLeft(by count: UInt64) -> UInt64 { self << count | self >> (64 - count) }
}

extension Computed {
  static func mix(_ state: inout UInt64, _ bits: UInt64) {
    state = (state ^ bits) &* 0x100_0000_01b3
    state ^= state >> 29
  }

  /// Folds the value's bits into `state` (equal values, equal prints).
  func fingerprint(into state: inout UInt64) {
    switch self {
    case .number(let value): Computed.mix(&state, value.bitPattern)
    case .bool(let flag): Computed.mix(&state, flag ? 3 : 5)
    case .string(let text): Computed.mix(&state, UInt64(bitPattern: Int64(text.hashValue)))
    case .color(let color):
      Computed.mix(&state, color.red.bitPattern)
      Computed.mix(&state, color.green.bitPattern)
      Computed.mix(&state, color.blue.bitPattern)
      Computed.mix(&state, color.alpha.bitPattern)
      Computed.mix(&state, UInt64(color.variant))
    case .point(let point), .size(let point):
      Computed.mix(&state, point.x.bitPattern)
      Computed.mix(&state, point.y.bitPattern)
    case .list(let items):
      Computed.mix(&state, UInt64(items.count))
      for item in items { item.fingerprint(into: &state) }
    case .range(let lower, let upper): Computed.mix(&state, UInt64(bitPattern: Int64(lower &* 31 &+ upper)))
    case .gradient(let gradient): Computed.mix(&state, UInt64(UInt(bitPattern: ObjectIdentifier(gradient).hashValue)))
    case .anchor(let anchor):
      Computed.mix(&state, UInt64(UInt(bitPattern: ObjectIdentifier(anchor.element).hashValue)))
      // The anchor's index, not its unit point: a sector's own anchors and
      // an outline all stand at the centre until layout.
      Computed.mix(&state, UInt64(anchor.direction))
      Computed.mix(&state, anchor.offset.x.bitPattern)
      Computed.mix(&state, anchor.offset.y.bitPattern)
    case .font(let size, let bold):
      Computed.mix(&state, size.bitPattern)
      Computed.mix(&state, bold ? 13 : 17)
    case .none: Computed.mix(&state, 7)
    case .unknown, .typed: Computed.mix(&state, 11)
    }
  }
}

extension Checker {
  /// Registers `component NAME(…) { … }`; its body is checked on its own
  /// at the end of the file (`checkComponentsAlone`).
  mutating func defineComponent(_ statement: ComponentStatement) {
    let name = statement.name
    guard !name.name.isEmpty else { return }
    if Checker.builtinElementNames.contains(name.name) && !ShapeKinds.laterBuiltins.contains(name.name)
      || evaluator.definitions.components[name.key]?.isPrelude == true
    {
      evaluator.report(
        SemaCodes.redefinesBuiltin, name.range, "'\(name.name)' is a built-in element; give the component another name")
      return
    }
    if let first = evaluator.definitions.components[name.key] {
      reportDuplicate(
        name, kind: "component", first: first.statement.name.range, in: first.file == evaluator.file ? nil : first.file)
      return
    }
    if evaluator.definitions.shapeStatements[name.key] != nil {
      evaluator.report(SemaCodes.duplicateDefinition, name.range, "'\(name.name)' is already the name of a shape")
      return
    }
    let types = checkParameters(statement.parameters)
    let definition = ComponentDefinition(statement, types: types, visibleLets: evaluator.fileLets.count)
    // Its syntax error is reported; its uses are not "unknown elements".
    definition.broken = statement.recovered
    definition.laterDefaults = Set(Checker.defaultsUsingLaterParameters(statement.parameters).map(\.index))
    definition.lets = evaluator.scope.lets
    definition.contentParents = scanContent(of: statement)
    definition.file = evaluator.file
    evaluator.definitions.components[name.key] = definition
    evaluator.definitions.componentDefinitions.append(definition)
    evaluator.recordDeclaration(name, as: .component)
    elementNameIndex = nil
  }

  /// Each default that reads a parameter declared after its own: the
  /// parameter's index and the later one it reads.
  static func defaultsUsingLaterParameters(_ parameters: [Parameter]) -> [(index: Int, later: Parameter)] {
    var found: [(index: Int, later: Parameter)] = []
    for (index, parameter) in parameters.enumerated() {
      guard let value = parameter.defaultValue else { continue }
      let later = parameters[(index + 1)...]
      SyntaxWalk.names(in: value) { name in
        if let target = later.first(where: { $0.name.key == name }) { found.append((index, target)) }
      }
    }
    return found
  }

  /// The declared types (nil where unknown, reported); repeated names and
  /// defaults reading later parameters (E0239) reported.
  mutating func checkParameters(_ parameters: [Parameter]) -> [DeclaredType?] {
    var seen: [Name: SourceRange] = [:]
    for (index, later) in Checker.defaultsUsingLaterParameters(parameters) {
      let parameter = parameters[index]
      evaluator.diagnostics.append(
        Diagnostic(
          LanguageCodes.laterParameter, parameter.defaultValue?.range ?? parameter.range,
          "the default of '\(parameter.name.name)' uses '\(later.name.name)', a parameter declared after it"
        ).withNote(
          "'\(later.name.name)' is declared here; move it before '\(parameter.name.name)'", at: later.name.range))
    }
    return parameters.map { parameter in
      if let first = seen[parameter.name.key] {
        evaluator.diagnostics.append(
          Diagnostic(
            LanguageCodes.redeclared, parameter.name.range, "parameter '\(parameter.name.name)' is declared twice"
          )
          .withNote("first declared here", at: first))
      }
      seen[parameter.name.key] = parameter.name.range
      if parameter.name.key == .width || parameter.name.key == .height || parameter.name.key == .at
        || parameter.name.key == .size
      {
        evaluator.report(
          LanguageCodes.redeclared, parameter.name.range,
          "'\(parameter.name.name)' is given by every use of a component; choose another parameter name")
      }
      guard var type = DeclaredType(name: parameter.type.name.name) else {
        var diagnostic = Diagnostic(
          LanguageCodes.unknownType, parameter.type.name.range,
          "unknown type '\(parameter.type.name.name)'; the types are \(DeclaredType.names.joined(separator: ", "))")
        if let guess = Suggestions.closest(to: parameter.type.name.name, among: DeclaredType.names) {
          diagnostic = diagnostic.withFix("did you mean '\(guess)'?", replacing: parameter.type.name.range, with: guess)
        }
        evaluator.diagnostics.append(diagnostic)
        return nil
      }
      if parameter.type.isList { type = .list(type) }
      if parameter.type.isOptional { type = .optional(type) }
      return type
    }
  }

  /// A use of a component: its arguments checked against the parameters,
  /// then its body expanded in a scope of its own.
  mutating func checkUse(of component: ComponentDefinition, _ statement: ElementStatement, in context: ElementContext)
    -> ElementModel?
  {
    rejectLabelAndChildren(statement, allowChildren: true)
    guard !component.broken else {
      evaluator.markNamesRead(in: [.element(statement)])
      return nil
    }
    let values = checkAttributes(statement.attributes, component.specs, of: component.name)
    let content = checkContent(of: statement, for: component)
    if context == .stack, let position = statement.attributes.first(where: { $0.name.key == .at }) {
      evaluator.diagnostics.append(
        Diagnostic(
          SemaCodes.positionInStack, position.range, "children of a stack take no position; the stack places them"
        )
        .withFix("remove the position", replacing: removalRange(position.range), with: ""))
    }
    // A use hugs its body, as a custom SwiftUI view does, unless the body
    // takes its size from the frame (the prelude's pencil, `width`).
    if context == .file, component.isPrelude || component.readsFrameSize { requireSize(statement) }
    checkFrameConflicts(statement, values, excluding: component.parameterNames)
    checkBackground(statement, values, excluding: component.parameterNames)
    var missing: [(parameter: Parameter, type: DeclaredType?)] = []
    for index in component.required {
      let name = component.parameterNames[index]
      if !statement.attributes.contains(where: { $0.name.key == name }) { missing.append(component.parameters[index]) }
    }
    if !missing.isEmpty, !statement.recovered {
      let names = missing.map { "'\($0.parameter.name.name)'" }.joined(separator: ", ")
      let insertion = missing.map { " \($0.parameter.name.name)=" + Checker.placeholder($0.type) }.joined()
      evaluator.diagnostics.append(
        Diagnostic(
          LanguageCodes.missingArgument, statement.kind.range,
          "'\(component.name)' needs \(names), which \(missing.count == 1 ? "has" : "have") no default"
        )
        .withDefinition(of: component, "the parameters are declared here", from: evaluator.currentFile)
        .withFix(
          "add \(missing.count == 1 ? "it" : "them")",
          replacing: SourceRange(statement.kind.range.end, statement.kind.range.end), with: insertion))
    }
    // An argument with a problem (reported) leaves the use unexpanded.
    guard missing.isEmpty, values.count == statement.attributes.count, evaluator.scope.code != .alone else {
      return nil
    }
    let placement = values.placement
    var size = placement.size
    if component.readsFrameSize, size == nil, context == .body, checkingContent == 0,
      case .number(let width)? = evaluator.binding(.width)?.value,
      case .number(let height)? = evaluator.binding(.height)?.value
    {
      // In a component's body an element without a size has its frame's.
      size = Point(width, height)
    }
    if component.readsFrameSize, size == nil {
      // At the top level a size is required (reported); elsewhere the
      // stack, or the frame of a component laid out by one, decides it:
      // the use is made during layout.
      guard context != .file else { return nil }
      guard evaluator.spendElements(1, at: statement.range) else { return nil }
      let use = DeferredElement(
        component: component, values: values, content: content, statement: statement, file: evaluator.currentFile,
        number: deferredUses)
      deferredUses += 1
      return ElementModel(
        content: .deferred(use), placement: placement, range: statement.range,
        modifiers: values.modifiers(excluding: component.parameterNames), effects: effects(for: statement, values))
    }
    // The use is an element (the prelude's pencil is one, as it was
    // built in), and a user component's body adds its own.
    guard evaluator.spendElements(1, at: statement.range),
      let children = expand(component, values, content: content, size: size, at: statement)
    else { return nil }
    return ElementModel(
      content: .group(
        GroupElement(
          children: children, callSite: statement.range, callSiteFile: evaluator.currentFile, bodyFile: component.file,
          isPrelude: component.isPrelude)),
      placement: placement, range: statement.range, modifiers: values.modifiers(excluding: component.parameterNames),
      effects: effects(for: statement, values))
  }

  static func placeholder(_ type: DeclaredType?) -> String {
    switch type {
    case .number: "1"
    case .bool: "true"
    case .string: "\"\""
    case .color: ".blue"
    case .point: "0,0"
    case .size: "10x10"
    case .list: "[]"
    default: "none"
    }
  }
}

extension Diagnostic {
  /// A note at the component's name, in the file it is written in; none
  /// for the prelude's components, whose text is no file the user has.
  func withDefinition(of component: ComponentDefinition, _ message: String, from file: FileID) -> Diagnostic {
    guard !component.isPrelude else { return self }
    return withNote(message, at: component.statement.name.range).inFile(component.file == file ? nil : component.file)
  }
}
