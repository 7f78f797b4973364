import PencilDiagnostics
import PencilSema
import PencilSyntax

/// Completion candidates at a byte offset (`textDocument/completion`),
/// from the compiler's own tables: element kinds, each kind's attributes,
/// CSS and system colours, text styles, the names the file defines and
/// those its imports lend, component parameters, and import paths.
/// The context is read from the tokens before the cursor, since the
/// statement being typed rarely parses.
public enum Completions {
  public enum Kind: Sendable {
    case elementKind, keyword, attribute, color, textStyle, enumValue, component, gradient, shape, variable, colorSet
    case file, folder
  }

  public struct Candidate: Equatable, Sendable {
    public var label: String
    public var kind: Kind
    public var detail: String
    /// For a colour: its hex (`#fa8072`), which editors show as a swatch.
    public var documentation: String?
    /// What is written when it differs from the label (`tint=` for the
    /// parameter `tint`).
    public var insertText: String? = nil
  }

  public struct Result: Equatable, Sendable {
    /// What a candidate replaces: the part of a word typed before the
    /// cursor, with its leading dot for a `.system` colour.
    public var replacing: SourceRange
    public var candidates: [Candidate]
    /// More candidates exist than were given (a folder of many files):
    /// the editor asks again as more is typed.
    public var isIncomplete = false
  }

  /// The keywords that start a statement.
  static let statementKeywords = ["canvas", "let", "for", "if", "color", "gradient", "shape", "component", "import"]
  static let pathVerbs = ["move", "line", "curve", "quad", "arc", "close"]

  /// The candidates at `offset`. `importer` reads the files the source
  /// imports (their definitions are in scope); `list` lists a folder
  /// (nil: it cannot be read) for the paths of `import "…"`.
  public static func at(
    _ offset: Int, in source: SourceFile, importer: (any ImportLoader)? = nil,
    list: ((String) -> [FolderEntry]?)? = nil
  ) -> Result {
    at(offset, in: SyntaxIndex(source), importer: importer, list: list)
  }

  /// `at` in `source`'s tree parsed already.
  package static func at(
    _ offset: Int, in source: SourceFile, tree: SyntaxTree, importer: (any ImportLoader)? = nil,
    list: ((String) -> [FolderEntry]?)? = nil
  ) -> Result {
    at(offset, in: SyntaxIndex(source, tree: tree), importer: importer, list: list)
  }

  private static func at(
    _ offset: Int, in index: SyntaxIndex, importer: (any ImportLoader)?, list: ((String) -> [FolderEntry]?)?
  ) -> Result {
    let source = index.source
    let offset = max(0, min(offset, source.bytes.count))
    let context = CompletionContext(tree: index.tree, offset: offset)
    if case .importPath(let typed) = context.position {
      let (candidates, isIncomplete) = importPaths(typed: typed, from: source, list: list)
      return Result(replacing: context.replacing, candidates: candidates, isIncomplete: isIncomplete)
    }
    let scope = Scope(index: index, offset: offset, imported: ImportedNames(of: index, loader: importer))
    var candidates: [Candidate]
    switch context.position {
    case .dotted:
      candidates = systemColors
    case .statementStart(let block, let inComponent):
      candidates = statementStart(in: block, scope: scope)
      if inComponent, block != "gradient", block != "shape" {
        candidates.append(
          Candidate(
            label: "content", kind: .keyword, detail: "where a use's { } elements go", documentation: nil))
      }
    case .attributeName(let kind, let given):
      candidates = attributes(of: kind, scope: scope).filter { !given.contains($0.name) }.map {
        Candidate(
          label: $0.name, kind: .attribute, detail: $0.detail, documentation: nil,
          insertText: $0.isParameter ? $0.name + "=" : nil)
      }
    case .attributeValue(let kind, let attribute):
      let spec = attributes(of: kind, scope: scope).first { $0.name == attribute }
      candidates = values(for: spec?.kind, scope: scope)
      if spec?.isOptional ?? false {
        candidates.append(Candidate(label: "none", kind: .keyword, detail: "no value", documentation: nil))
      }
    case .value:
      candidates = scope.values + scope.colorSets + colors
    case .none, .importPath:
      candidates = []
    }
    return Result(replacing: context.replacing, candidates: candidates)
  }

  private static func statementStart(in block: String?, scope: Scope) -> [Candidate] {
    switch block {
    case "gradient":
      return [Candidate(label: "stop", kind: .keyword, detail: "a gradient stop", documentation: nil)]
    case "shape":
      return (pathVerbs + ["let", "for", "if"]).map {
        Candidate(label: $0, kind: .keyword, detail: "", documentation: nil)
      }
    default:
      let kinds = (ElementKinds.nonShapeKinds + ShapeKinds.builtins.map(\.name)).filter { $0 != "canvas" }
      return kinds.map { Candidate(label: $0, kind: .elementKind, detail: "element", documentation: nil) }
        + statementKeywords.map { Candidate(label: $0, kind: .keyword, detail: "", documentation: nil) }
        + scope.definitions.compactMap { definition, _ in
          switch definition.kind {
          case .component:
            Candidate(
              label: definition.name, kind: .component,
              detail: scope.signature(ofComponent: definition.name) ?? "component",
              documentation: nil)
          case .shape: Candidate(label: definition.name, kind: .shape, detail: "shape", documentation: nil)
          default: nil
          }
        }
    }
  }

  /// A value for an attribute of this kind; `nil` (unknown attribute):
  /// anything in scope.
  private static func values(for kind: ValueKind?, scope: Scope) -> [Candidate] {
    switch kind {
    // The colour sets in scope first: the file's own palette.
    case .color: return scope.colorSets + colors + scope.values
    case .paint: return scope.colorSets + colors + scope.gradients + scope.values
    case .gradient: return scope.gradients + scope.values
    case .bool:
      return ["true", "false"].map { Candidate(label: $0, kind: .keyword, detail: "Bool", documentation: nil) }
    case .number, .string, .point, .size, .scale: return scope.values
    case .font: return textStyles
    case .keyword(let words):
      return words.map { Candidate(label: $0, kind: .enumValue, detail: "", documentation: nil) }
    case .unitPoint:
      return ElementKinds.directions.map { Candidate(label: $0.name, kind: .enumValue, detail: "", documentation: nil) }
        + scope.values
    case .clipShape:
      return Checker.clipShapes.map {
        Candidate(label: $0, kind: .shape, detail: "shape", documentation: nil)
      }
        + scope.named(.shape).map {
          Candidate(label: $0.definition.name, kind: .shape, detail: "shape", documentation: nil)
        }
    case .list(let item): return values(for: item, scope: scope)
    case .length: return [Candidate(label: "fill", kind: .enumValue, detail: "", documentation: nil)] + scope.values
    default: return scope.values + colors
    }
  }

  static let cssColors: [Candidate] = CSSColors.table.map {
    let hex = QueryColor(rgba: $0.rgb << 8 | 0xFF).hex
    return Candidate(label: $0.name, kind: .color, detail: "CSS colour \(hex)", documentation: hex)
  }

  static let systemColors: [Candidate] = SystemColors.table.map { entry in
    let light = QueryColor(entry.light).hex
    let detail =
      entry.adapts ? "system colour, light \(light), dark \(QueryColor(entry.dark).hex)" : "system colour \(light)"
    return Candidate(label: "." + entry.name, kind: .color, detail: detail, documentation: light)
  }

  static let colors = cssColors + systemColors

  static let textStyles: [Candidate] = ElementKinds.fontStyles.map {
    let size = $0.size == $0.size.rounded() ? String(Int($0.size)) : "\($0.size)"
    return Candidate(
      label: $0.name, kind: .textStyle, detail: "\(size) pt" + ($0.bold ? ", bold" : ""), documentation: nil)
  }

  /// An attribute an element takes, or a parameter of a component.
  struct Attribute {
    var name: String
    var kind: ValueKind?
    var detail: String
    var isParameter = false
    /// An optional parameter, which takes `none`.
    var isOptional = false
  }

  /// The attributes an element of `kind` takes, as the checker's tables
  /// list them; a component's parameters and the modifiers for a component.
  static func attributes(of kind: String, scope: Scope) -> [Attribute] {
    let specs: [AttributeSpec]
    switch kind {
    case "hstack": specs = ElementKinds.hstack
    case "vstack": specs = ElementKinds.vstack
    case "zstack": specs = ElementKinds.zstack
    case "text": specs = ElementKinds.text
    case "spacer": specs = ElementKinds.spacer
    case "line", "arrow": specs = ElementKinds.connector
    case "path": specs = ElementKinds.path
    case "canvas": specs = ElementKinds.canvas
    default:
      if let builtin = ShapeKinds.builtins.first(where: { $0.name == kind }) {
        specs = ElementKinds.shapeAttributes + builtin.extraAttributes
      } else if scope.definitions.contains(where: { $0.definition.kind == .shape && $0.definition.name == kind }) {
        specs = ElementKinds.shapeAttributes
      } else if let parameters = scope.parameters(ofComponent: kind) {
        return parameters.map { parameter, text in
          // `tint: Color = .red` → `Color = .red`: the name is the label.
          let detail = text.drop { $0 != ":" }.dropFirst().drop { $0 == " " }
          return Attribute(
            name: parameter.name, kind: valueKind(of: parameter),
            detail: detail.isEmpty ? text : String(detail), isParameter: true, isOptional: parameter.isOptional)
        }
          + (AttributeSpec.modifiers + AttributeSpec.effects).map {
            Attribute(name: $0.name, kind: $0.kind, detail: "modifier")
          }
      } else {
        return []
      }
    }
    return specs.map { Attribute(name: $0.name, kind: $0.kind, detail: $0.isModifier ? "modifier" : "attribute") }
  }

  /// What a component parameter of this declared type accepts.
  static func valueKind(of parameter: ParameterFacts) -> ValueKind? {
    guard let declared = DeclaredType(name: parameter.typeName) else { return nil }
    return parameter.isList ? .list(declared.valueKind) : declared.valueKind
  }
}
