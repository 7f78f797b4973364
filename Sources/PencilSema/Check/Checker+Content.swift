import PencilDiagnostics
import PencilSyntax

/// Components with content, SwiftUI's `@ViewBuilder content`: a body says
/// with `content` where a use's elements go; a use gives them in `{ }`.
/// They are checked where the use stands, in the caller's scope (their
/// names are the caller's, so arrows reach them), before the body runs;
/// the expansion splices the checked elements in at the placeholder.
extension Checker {
  /// Whether the file leaves the word `content` to the language: a v2 file
  /// may have a component or shape of that name, and then it is theirs.
  var contentIsPlaceholder: Bool {
    evaluator.definitions.components[.content] == nil && evaluator.definitions.shapeStatements[.content] == nil
  }

  /// Finds the placeholders of a component's body when it is defined:
  /// E0263 for one too many on a path or one in a loop, E0264 for one with
  /// attributes, and where each stands (for the context of the content).
  mutating func scanContent(of statement: ComponentStatement) -> [Name?] {
    guard contentIsPlaceholder else { return [] }
    var scan = PlaceholderScan()
    _ = scan.count(statement.body, parent: nil, inLoop: false, before: 0)
    for (placeholder, inLoop) in scan.misplaced {
      evaluator.report(
        ContentCodes.contentRepeated, placeholder.kind.range,
        inLoop
          ? "'content' in a loop would be drawn once per iteration; a use's content is drawn once"
          : "'content' stands here a second time; a use's content is drawn once, so 'content' stands once (or once in each branch of an 'if')"
      )
    }
    for placeholder in scan.placeholders { rejectParts(of: placeholder) }
    return scan.parents
  }

  /// E0264: a placeholder is the word alone.
  private mutating func rejectParts(of placeholder: ElementStatement) {
    var parts: [SourceRange] = []
    if let name = placeholder.name { parts.append(SourceRange(name.range.start, placeholder.kind.range.start)) }
    if let label = placeholder.label { parts.append(label.range) }
    parts += placeholder.attributes.map(\.range)
    if let children = placeholder.childrenRange { parts.append(children) }
    guard let first = parts.first, let last = parts.last else { return }
    let range = SourceRange(min(first.start, last.start), max(first.end, last.end))
    evaluator.diagnostics.append(
      Diagnostic(
        ContentCodes.contentTakesNothing, range,
        "'content' stands for the elements a use gives; it takes no name, string, attributes or children"
      ).withFix(
        "leave 'content' alone",
        replacing: SourceRange(placeholder.range.start, placeholder.range.end),
        with: "content"))
    evaluator.markNamesRead(in: [.element(placeholder)])
  }

  /// A use's elements in `{ }`: checked here, in the caller's scope, as
  /// the children of wherever the body places them. Nil when the use has
  /// none; for a component without a placeholder they are an error
  /// (E0222), checked for their names alone.
  mutating func checkContent(of statement: ElementStatement, for component: ComponentDefinition) -> [ElementModel] {
    guard let children = statement.children, let range = statement.childrenRange else { return [] }
    guard !component.contentParents.isEmpty else {
      evaluator.diagnostics.append(
        Diagnostic(
          SemaCodes.unexpectedChildren, range,
          "'\(component.name)' takes no content; its body says where content goes with 'content'"
        ).withDefinition(of: component, "'\(component.name)' is defined here", from: evaluator.currentFile))
      evaluator.markNamesRead(in: children)
      return []
    }
    let context = contentContext(of: component)
    var models: [ElementModel] = []
    // The caller's `width` and `height` are its frame, not the one the
    // content is placed in: a use in it that reads them waits for layout.
    checkingContent += 1
    inScope { checker in checker.run(children, in: context, into: &models) }
    checkingContent -= 1
    return models
  }

  /// Where a component's content stands: at the top of its body (placed
  /// in its frame), in a zstack, in another stack, or in the content of
  /// another use. Where it stands in two places, the stricter decides.
  /// Worked out once per component (a chain of components that pass their
  /// content on in two branches each would cost 2^n otherwise); a cycle
  /// adds nothing to what the other places decide.
  private func contentContext(of component: ComponentDefinition) -> ElementContext {
    if let known = component.contentContext { return known }
    func strictness(_ context: ElementContext) -> Int {
      switch context {
      case .file, .body: 0
      case .overlay: 1
      case .stack: 2
      }
    }
    component.contentContext = .body
    var context = ElementContext.body
    for parent in component.contentParents {
      guard let parent else { continue }
      let here: ElementContext
      if parent == .zstack {
        here = .overlay
      } else if parent != .hstack, parent != .vstack, let inner = evaluator.definitions.components[parent],
        !inner.contentParents.isEmpty
      {
        here = contentContext(of: inner)
      } else {
        here = .stack
      }
      if strictness(here) > strictness(context) { context = here }
    }
    component.contentContext = context
    return context
  }

  /// The placeholder where the body runs: the content of the use being
  /// expanded, or E0262 outside a component's body.
  mutating func placeContent(_ placeholder: ElementStatement, into models: inout [ElementModel]) {
    guard let content = contentStack.last else {
      evaluator.report(
        ContentCodes.contentOutsideComponent, placeholder.kind.range,
        "'content' stands in a component's body, for the elements a use gives in { }; here there is no use")
      evaluator.markNamesRead(in: [.element(placeholder)])
      return
    }
    // Each element one use further from its code (see Lowering+Content);
    // the effects are copied: the content's models may be placed again.
    for var model in content {
      model.effects = model.effects?.placedOneLevelDeeper() ?? ElementEffects(contentLevels: 1)
      models.append(model)
    }
  }
}

/// The placeholders of a body, walked once when it is defined.
private struct PlaceholderScan {
  var placeholders: [ElementStatement] = []
  /// The kind of the element around each placeholder (nil: the body).
  var parents: [Name?] = []
  /// Placeholders after another on the same path, or in a loop.
  var misplaced: [(placeholder: ElementStatement, inLoop: Bool)] = []

  /// How many placeholders the path through `statements` with the most
  /// has, counting from `before`; an `if`'s branches are separate paths.
  mutating func count(_ statements: [Statement], parent: Name?, inLoop: Bool, before: Int) -> Int {
    var total = before
    for statement in statements {
      switch statement {
      case .element(let element) where element.kind.key == .content:
        placeholders.append(element)
        parents.append(parent)
        if inLoop || total > 0 { misplaced.append((element, inLoop)) }
        total += 1
      case .element(let element):
        total = count(element.children ?? [], parent: element.kind.key, inLoop: inLoop, before: total)
      case .forLoop(let loop):
        total = count(loop.body, parent: parent, inLoop: true, before: total)
      case .conditional(let conditional):
        var most = total
        for body in conditional.branches.map(\.body) + [conditional.elseBody ?? []] {
          most = max(most, count(body, parent: parent, inLoop: inLoop, before: total))
        }
        total = most
      default:
        break
      }
    }
    return total
  }
}
