import PencilCore
import PencilDiagnostics
import PencilGeometry
import PencilIR
import PencilSyntax

/// What hovering over a position shows (`textDocument/hover`): a colour's
/// hex, RGB and HSB; a component's signature; a gradient's, shape's or
/// `let`'s definition; an element's frame after layout.
public enum HoverFacts {
  public struct Answer: Equatable, Sendable {
    /// The text the answer is about.
    public var range: SourceRange
    public var markdown: String
  }

  /// The facts at `offset`; `scene` is the file's compiled picture, when
  /// it compiled, for the frames of elements.
  public static func at(_ offset: Int, in source: SourceFile, scene: Scene?) -> Answer? {
    at(offset, in: SyntaxIndex(source), scene: scene)
  }

  /// `at` over `source`'s tree parsed already.
  package static func at(_ offset: Int, in source: SourceFile, tree: SyntaxTree, scene: Scene?) -> Answer? {
    at(offset, in: SyntaxIndex(source, tree: tree), scene: scene)
  }

  private static func at(_ offset: Int, in index: SyntaxIndex, scene: Scene?) -> Answer? {
    let source = index.source
    func contains(_ range: SourceRange) -> Bool { range.start <= offset && offset < range.end }
    // The innermost colour literal under the cursor.
    let colors = ColorLiterals.find(in: index, touching: offset).filter { contains($0.range) }
    if let literal = colors.min(by: { $0.range.end - $0.range.start < $1.range.end - $1.range.start }) {
      return Answer(range: literal.range, markdown: ColorLiterals.describe(literal))
    }
    // A name used as a value: what it names.
    var used: (name: String, range: SourceRange)? = nil
    index.forEachExpression(touching: offset) { tree, expression in
      guard expression.kind(in: tree) == .name, let token = tree.tokenRange(expression.id).first else { return }
      let range = tree.range(ofToken: token)
      if contains(range) { used = (tree.text(token: token), range) }
    }
    let path = index.path(to: offset)
    if let used, let answer = describe(name: used.name, at: used.range, index) { return answer }
    guard let statement = path.last(where: { index.tree.kind($0.id) == .element }),
      let kindToken = ElementSyntax(unchecked: statement.id).kindToken(in: index.tree)
    else {
      return nil
    }
    let kindName = index.tree.text(token: kindToken)
    let kindRange = index.tree.range(ofToken: kindToken)
    if contains(kindRange), let signature = index.signature(ofComponent: kindName) {
      return Answer(range: kindRange, markdown: "```pencil\n\(signature)\n```")
    }
    if contains(kindRange),
      case let definition? = index.definitions.first(where: { $0.name == kindName && $0.kind == .shape })
    {
      return Answer(range: kindRange, markdown: "```pencil\n\(firstLine(index.text(definition.range)))\n```")
    }
    guard let scene else { return nil }
    let frames = frames(of: index.range(statement), in: scene)
    guard let first = frames.first else { return nil }
    let elementName = ElementSyntax(unchecked: statement.id).name(in: index.tree)
    let title = (elementName.map { "`\($0)`: " } ?? "") + "`\(kindName)`"
    func text(_ frame: Rect) -> String {
      "x \(formatNumber(frame.x)), y \(formatNumber(frame.y)), "
        + "\(formatNumber(frame.width)) × \(formatNumber(frame.height))"
    }
    guard frames.count > 1 else {
      return Answer(range: kindRange, markdown: "\(title) frame after layout: " + text(first.frame))
    }
    // An element in a component's body has a frame per use of the component.
    var lines = ["\(title) frame after layout at each of its \(frames.count) uses:", ""]
    for use in frames.prefix(maximumUses) {
      let place = use.site.map { "line \(source.location(of: $0.start).line)" } ?? "use"
      lines.append("- \(place): " + text(use.frame))
    }
    if frames.count > maximumUses { lines.append("- and \(frames.count - maximumUses) more") }
    return Answer(range: kindRange, markdown: lines.joined(separator: "\n"))
  }

  /// The uses listed in a hover, so that a component used in a loop of a
  /// thousand does not make a hover of a thousand lines.
  static let maximumUses = 8

  /// Markdown for a diagnostic code: its summary and what
  /// `pencilc explain CODE` prints, the examples as code blocks.
  public static func explanation(of code: DiagnosticCode) -> String {
    "**\(code.id)** \(code.summary) (\(code.severity.rawValue))\n\n" + SARIFText.markdown(code.explanation)
  }

  private static func describe(name: String, at range: SourceRange, _ index: SyntaxIndex) -> Answer? {
    guard let definition = index.definitions.first(where: { $0.name == name }) else { return nil }
    let text: String
    switch definition.kind {
    case .component:
      text = index.signature(ofComponent: name) ?? ""
    case .gradient:
      // The header and its stops, which are short lines.
      text = index.text(definition.range).split(separator: "\n").prefix(12).joined(separator: "\n")
    case .shape:
      text = firstLine(index.text(definition.range))
    case .value, .colorSet:
      text = index.text(definition.range)
    }
    return Answer(range: range, markdown: "```pencil\n\(text)\n```")
  }

  private static func firstLine(_ text: String) -> String {
    String(text.split(separator: "\n", maxSplits: 1).first ?? "")
  }

  /// The frames of what the statement at `range` draws (or a component
  /// used there), in user space: one per expansion of the statement, that
  /// is per chain of the component uses around it, each with the use in
  /// the compiled file it came from (nil outside components). Items from
  /// uses inside `range` belong to the statement and are unioned.
  static func frames(of range: SourceRange, in scene: Scene) -> [(site: SourceRange?, frame: Rect)] {
    func inside(_ item: SourceRange) -> Bool { range.start <= item.start && item.end <= range.end }
    var keys: [[CallSite]] = []
    var boxes: [[Rect]] = []
    // By key too: a scene of thousands of uses would otherwise search the
    // keys once per item.
    var slots: [[CallSite]: Int] = [:]
    func add(_ box: Rect, _ sites: [CallSite]) {
      let key = sites.filter { !($0.file == .main && inside($0.range)) }
      if let index = slots[key] {
        boxes[index].append(box)
      } else {
        slots[key] = keys.count
        keys.append(key)
        boxes.append([box])
      }
    }
    for item in scene.items {
      switch item {
      case .path(let path):
        let own = path.sourceFile == .main && inside(path.sourceRange)
        guard own || path.callSites.contains(where: { $0.file == .main && inside($0.range) }) else { continue }
        if let box = path.userSpaceBounds {
          add(box.transformed(by: path.transform), path.callSites)
        }
      case .text(let text):
        let own = text.sourceFile == .main && inside(text.sourceRange)
        guard own || text.callSites.contains(where: { $0.file == .main && inside($0.range) }) else { continue }
        add(text.bounds.transformed(by: text.transform), text.callSites)
      }
    }
    return zip(keys, boxes).compactMap { key, boxes in
      // Call sites run outermost first: the first in this file is the use
      // the reader looks for.
      Rect.union(of: boxes).map { (site: key.first { $0.file == .main }?.range, frame: $0) }
    }
  }
}
