import PencilDiagnostics
import PencilGeometry
import PencilSupport
import PencilSyntax

/// A labelled shape, `roundrect "Load balancer" fill=.blue`: the shape
/// with its label centred on it, as Pikchr's `box "text"` and D2's
/// `name: Label`. It is a zstack of the shape (which takes the zstack's
/// frame) and the label (which wraps inside it, with `labelPadding` around
/// it); without a size it hugs the label, as Pikchr's `fit` does, and an
/// ellipse or a circle grows to go round it (see `StackElement.labelFit`).
extension Checker {
  /// The label's attributes a labelled shape takes besides its own.
  static let labelAttributes: [AttributeSpec] = [
    AttributeSpec(
      "font", .font, default: "`body` (17 points)", "The label's text style, such as `headline`, or a size in points."),
    AttributeSpec(
      "color", .color, default: "black; white in dark appearance, unless the canvas has a fixed light background",
      "The colour of the label."),
    AttributeSpec(
      "lineLimit", .number(minimum: 1, maximum: 10_000), default: "none",
      "The most lines the wrapped label takes; the last one ends in `...` when cut."),
  ]

  /// Space between a label and the outline of its shape, each side.
  static let labelPadding = 8.0

  /// The shape `content` with the statement's label on it.
  mutating func labelled(
    _ content: ElementModel.Content, _ statement: ElementStatement, _ values: AttributeValues, fit: LabelFit
  ) -> ElementModel.Content? {
    guard let label = statement.label, let text = labelText(label, values) else { return nil }
    guard evaluator.spendElements(2, at: statement.range) else { return nil }
    let padding = Modifiers()
    let inset = fit == .box ? Checker.labelPadding : Checker.labelPadding / 2
    padding.padding = EdgeInsets(top: inset, leading: inset, bottom: inset, trailing: inset)
    let shape = ElementModel(content: content, placement: Placement(), range: statement.range)
    let textModel = ElementModel(content: .text(text), placement: Placement(), range: label.range, modifiers: padding)
    var stack = StackElement(axis: .z, spacing: 0, children: [shape, textModel])
    stack.labelFit = fit
    return .stack(stack)
  }

  /// How a labelled shape goes round its label: a sector's depends on its angles.
  static func labelFit(of kind: any ShapeKind, _ outline: ShapeOutline) -> LabelFit {
    if case .sector(let sector) = outline { return .sector(sector) }
    return kind.labelFit
  }

  private mutating func labelText(_ label: Expr, _ values: AttributeValues) -> TextElement? {
    guard let string = checkedString(label, of: "label", measured: true) else { return nil }
    let (size, bold) = values.textStyle
    let given = values.color(.color)
    return TextElement(
      text: string, position: nil, fontSize: size, bold: bold, alignment: .center,
      color: evaluator.imports.palette?.map(given ?? .black) { $0 } ?? (given ?? .black),
      lineLimit: values.number(.lineLimit).map { clampedInt($0.rounded(.down), 1, 10_000) },
      usesDefaultColor: given == nil && values[.color] == nil)
  }
}
