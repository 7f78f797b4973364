import PencilDiagnostics
import PencilGeometry
import PencilIR
import PencilSema

/// Lowering what layout places (`Layout+Placement.swift`): it reads the
/// frames, draws backgrounds and reports what layout found wrong.
extension Lowering {
  /// A stack's children, each lowered in the frame layout gives it.
  mutating func lowerChildren(of stack: StackElement, in frame: Rect, _ origin: Origin, range: SourceRange) {
    let (frames, needed) = layout.place(stack, in: frame)
    if let needed {
      let mainLength = stack.axis == .h ? frame.width : frame.height
      var diagnostic = Diagnostic(
        LayoutCodes.stackOverflow, range,
        "the \(stack.axis.rawValue)'s children need \(formatNumber(needed)) points but it has \(formatNumber(mainLength))"
      )
      diagnostic.file = origin.file
      diagnostics.append(diagnostic)
    }
    // A vstack or zstack lines up a child narrower than itself by its
    // alignment across; an hstack places its children side by side, so
    // they keep what lined the hstack up.
    var aligned = origin
    if stack.axis != .h {
      aligned.boxAlignment = stack.alignment.x < 0.25 ? .leading : stack.alignment.x > 0.75 ? .trailing : .center
    }
    for index in frames.indices {
      let hasRoom = frames[index].width < frame.width - Lowering.alignmentTolerance
      // Text a zstack holds at a point: that point in the zstack's frame.
      guard stack.axis == .z, case .text(var text) = stack.children[index].content, let position = text.position else {
        lower(stack.children[index], in: frames[index], origin: hasRoom ? aligned : origin)
        continue
      }
      var placed = stack.children[index]
      text.position = Point(frame.x + position.x, frame.y + position.y)
      placed.content = .text(text)
      lower(placed, in: frames[index], origin: origin)
    }
  }

  /// Less than this many points of room is no room: a child as wide as
  /// its stack, up to rounding.
  static let alignmentTolerance = 1e-3

  /// Text that layout placed in `frame`: aligned by its own `align=` when
  /// the frame is wider than it, else by what placed the frame.
  func boxAlignment(of text: TextElement, in frame: Rect, _ origin: Origin) -> TextAlignment? {
    let width = TextMetrics.width(of: text.text, size: text.fontSize)
    return width < frame.width - Lowering.alignmentTolerance ? text.alignment : origin.boxAlignment
  }

  mutating func appendText(
    _ text: TextElement, source: SourceRange, _ origin: Origin, boxAlignment: TextAlignment?
  ) {
    items.append(
      .text(
        TextItem(
          expansion: origin.expansion, text: text.text, position: text.position ?? Point(0, 0), fontSize: text.fontSize,
          bold: text.bold,
          alignment: text.alignment,
          color: IRColor(text.usesDefaultColor ? defaultTextColor(opacity: text.opacity) : text.color),
          sourceRange: source, boxAlignment: boxAlignment)))
  }

  /// The default text colour at an opacity, in each appearance.
  func defaultTextColor(opacity: Double) -> Color {
    palette?.map(defaultTextColor) { $0.withOpacity(opacity) } ?? defaultTextColor.withOpacity(opacity)
  }

  /// The content's frame inside an element's frame, once the padding is
  /// taken off; the background is drawn behind the padded frame.
  mutating func applyModifiers(_ modifiers: Modifiers, frame: Rect, source: SourceRange, _ origin: Origin) -> Rect {
    if let background = modifiers.background {
      let outline: ShapeOutline = modifiers.cornerRadius > 0 ? .roundRect(radius: modifiers.cornerRadius) : .rect
      appendShape(
        ShapeElement(outline: outline, fill: background, fillRule: .nonzero, opacity: 1),
        in: modifiers.margin == EdgeInsets() ? frame : Layout.inset(frame, by: modifiers.margin), source: source, origin
      )
    }
    return Layout.contentFrame(modifiers, in: frame)
  }

  /// Text placed by layout in `frame`.
  mutating func placeText(_ text: TextElement, in frame: Rect, range: SourceRange, file: FileID) -> TextElement {
    let (placed, broken) = layout.place(text, in: frame)
    if let broken { warnBrokenWord(broken, width: frame.width, range: range, file: file) }
    return placed
  }

  /// Text placed with `at` that has modifiers, its background behind the
  /// measured box.
  mutating func placeAnchoredText(
    _ text: TextElement, at anchor: Point, _ modifiers: Modifiers, range: SourceRange, _ origin: Origin
  ) -> TextElement {
    let (placed, padded, broken) = layout.place(text, at: anchor, modifiers)
    if let broken { warnBrokenWord(broken.word, width: broken.width, range: range, file: origin.file) }
    _ = applyModifiers(modifiers, frame: padded, source: range, origin)
    return placed
  }

  private mutating func warnBrokenWord(_ word: Double, width: Double, range: SourceRange, file: FileID) {
    // Past the layout budget every frame is empty: nothing to warn about.
    guard !layout.exhausted else { return }
    var diagnostic = Diagnostic(
      LayoutCodes.textOverflow, range,
      "a word of this text is \(formatNumber(word)) points wide but its frame is \(formatNumber(width)); it is broken between letters"
    )
    diagnostic.file = file
    diagnostics.append(diagnostic)
  }
}
