import PencilDiagnostics
import PencilGeometry

/// The checked scene: every name resolved, every value typed and in range.
/// Lowering turns it into the shape IR; nothing here knows about layout.

extension Color {
  package static let black = Color(red: 0, green: 0, blue: 0)
  static let systemBlue = Color(rgba: 0x007A_FFFF)
  /// The article's timber: `Color(hue: 0.07, saturation: 0.4, brightness: 0.9)`.
  static let timber = Color(hue: 0.07, saturation: 0.4, brightness: 0.9)
}

enum ColorSpace: String {
  case hsb, rgb
}

/// Where a gradient lies in the unit square of the frame it fills.
package enum GradientGeometry: Equatable {
  /// Along the line between two unit points.
  case linear(start: Point, end: Point)
  /// Out from `center` to `radius`, both in the unit square: the circle
  /// stretches with the frame, as SVG's objectBoundingBox does, so on a
  /// frame that is not square it is an ellipse of radii R·width and R·height.
  case radial(center: Point, radius: Double)
}

/// A checked gradient definition. A class, so that the many elements that
/// use one share it instead of copying its stops.
package final class GradientModel: Hashable {
  let name: String
  package let geometry: GradientGeometry
  package let stops: [StopModel]
  /// Whether a stop is derived from the filled colour (every stop of an
  /// hsb gradient; a radial gradient's stops without a colour): a
  /// background, which fills nothing, cannot take such a gradient.
  let isRelative: Bool

  init(name: String, geometry: GradientGeometry, stops: [StopModel]) {
    self.name = name
    self.geometry = geometry
    self.stops = stops
    isRelative = stops.contains { if case .relative = $0.color { true } else { false } }
  }

  /// Hashed by identity: equal gradients that are different objects only
  /// miss a cache, never confuse it.
  package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

  package static func == (a: GradientModel, b: GradientModel) -> Bool {
    a === b || (a.name == b.name && a.geometry == b.geometry && a.stops == b.stops)
  }
}

package enum StopColor: Equatable {
  /// hsb gradients: added to the hue, multiplying saturation and brightness.
  case relative(hue: Double, saturation: Double, brightness: Double)
  case absolute(Color)
}

package struct StopModel: Equatable {
  package var color: StopColor
  /// Resolved: stops written without `offset=` are spread out, and every
  /// offset is at least the one before it.
  package var offset: Double
}

/// What fills a shape: a colour, possibly run through a gradient.
package struct Fill: Equatable {
  package var color: Color
  package var gradient: GradientModel?

  package init(color: Color, gradient: GradientModel? = nil) {
    self.color = color
    self.gradient = gradient
  }
}

/// `at` and `size` as written; nil where the element left them out.
package struct Placement: Equatable {
  package var origin: Point?
  package var size: Point?

  package init(origin: Point? = nil, size: Point? = nil) {
    self.origin = origin
    self.size = size
  }
}

package enum StackAxis: String {
  case z = "zstack"
  case h = "hstack"
  case v = "vstack"
}

package struct ShapeElement: Equatable {
  package var outline: ShapeOutline
  package var fill: Fill
  package var fillRule: FillRule
  package var opacity: Double
  package var stroke: StrokeModel? = nil

  package init(outline: ShapeOutline, fill: Fill, fillRule: FillRule, opacity: Double, stroke: StrokeModel? = nil) {
    self.outline = outline
    self.fill = fill
    self.fillRule = fillRule
    self.opacity = opacity
    self.stroke = stroke
  }
}

/// A shape's stroke as checked: what paints it and how (a class, so a
/// shape without one stays small).
package final class StrokeModel: Equatable {
  package let paint: Fill
  package let style: StrokeStyle

  init(paint: Fill, style: StrokeStyle) {
    self.paint = paint
    self.style = style
  }

  package static func == (a: StrokeModel, b: StrokeModel) -> Bool {
    a === b || (a.paint == b.paint && a.style == b.style)
  }
}

/// The elements of one use of a component, laid out in its frame as a
/// zstack lays out its children, except that `at` is relative to the
/// frame's top-left. (The article's ColorPencilView is the prelude's
/// component `pencil`.)
package struct GroupElement: Equatable {
  package var children: [ElementModel]
  /// The use of the component, which the IR items keep, and the file it
  /// is in and the file of the component's body.
  package var callSite: SourceRange
  package var callSiteFile: FileID = .main
  package var bodyFile: FileID = .main
  /// Items from the prelude's components take the call site as their own
  /// range: the prelude is not the user's source.
  package var isPrelude: Bool

  package init(
    children: [ElementModel], callSite: SourceRange, callSiteFile: FileID = .main, bodyFile: FileID = .main,
    isPrelude: Bool
  ) {
    self.children = children
    self.callSite = callSite
    self.callSiteFile = callSiteFile
    self.bodyFile = bodyFile
    self.isPrelude = isPrelude
  }
}

/// How a labelled shape that hugs its label goes round it: a box as big
/// as the label and its padding; an ellipse through the box's corners
/// (√2 times as wide and as high); a circle round the box (as wide as its
/// diagonal). A sector's label stands at its midpoint (see
/// `Sector.Anchor`); hugging, it goes round the label as a circle does.
package enum LabelFit: Equatable, Sendable {
  case box, ellipse, circle
  case sector(Sector)
}

package struct StackElement: Equatable {
  package var axis: StackAxis
  package var spacing: Double
  package var children: [ElementModel]
  /// Where children sit across the axis (a zstack: in both directions),
  /// as a unit point: (0.5, 0.5) centres them.
  package var alignment = Point(0.5, 0.5)
  /// An hstack's `alignment=firstTextBaseline`.
  package var alignsBaselines = false
  /// A labelled shape's (its shape, then its label): how the stack goes
  /// round its label when it hugs it (see Checker+Labels). The stack is
  /// then as flexible as its label, not as its shape, so that in a stack
  /// of its own it hugs the label as Pikchr's `fit` does.
  package var labelFit: LabelFit? = nil

  init(axis: StackAxis, spacing: Double, children: [ElementModel]) {
    self.axis = axis
    self.spacing = spacing
    self.children = children
  }
}

package struct TextElement: Equatable {
  /// Measured by layout (`Layout.measure`), not here: the model is data.
  package var text: String
  /// The anchor on the first line's baseline, for text placed with `at`;
  /// nil for text that layout places (in a stack or a component's body).
  package var position: Point?
  package var fontSize: Double
  package var bold: Bool
  package var alignment: TextAlignment
  package var color: Color
  /// At most this many lines once wrapped (`lineLimit=`).
  package var lineLimit: Int? = nil
  /// No `color=`: the scene's default text colour (`SceneModel`), times
  /// `opacity`, replaces `color` when the scene is lowered.
  package var usesDefaultColor = false
  package var opacity = 1.0

  package init(
    text: String, position: Point?, fontSize: Double, bold: Bool, alignment: TextAlignment, color: Color,
    lineLimit: Int? = nil, usesDefaultColor: Bool = false, opacity: Double = 1
  ) {
    self.text = text
    self.position = position
    self.fontSize = fontSize
    self.bold = bold
    self.alignment = alignment
    self.color = color
    self.lineLimit = lineLimit
    self.usesDefaultColor = usesDefaultColor
    self.opacity = opacity
  }
}

/// SwiftUI's `.frame(width:)` and `.frame(maxWidth: .infinity)`.
package enum FrameLength: Equatable {
  case fixed(Double)
  case fill
}

/// Space around an element's content, in points.
package struct EdgeInsets: Equatable {
  package var top = 0.0
  package var leading = 0.0
  var bottom = 0.0
  var trailing = 0.0

  package init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  package var horizontal: Double { leading + trailing }
  package var vertical: Double { top + bottom }

  /// Sets the edge or edges `padding.EDGE` or `margin.EDGE` names.
  mutating func set(edge: Substring, to length: Double) {
    switch edge {
    case "top": top = length
    case "bottom": bottom = length
    case "leading": leading = length
    case "trailing": trailing = length
    case "horizontal": (leading, trailing) = (length, length)
    case "vertical": (top, bottom) = (length, length)
    default: break
    }
  }
}

/// The modifiers of one element, applied around its content in this
/// order: the frame (`width`, `height`) sizes the content, `padding` adds
/// space around the frame, `background` (with `cornerRadius`) fills the
/// padded box, and `margin` adds space outside the background (SwiftUI's
/// `.padding().background().padding()`). A class: most elements have
/// none, and a model holding nil stays as small as it was.
package final class Modifiers: Equatable {
  package var width: FrameLength?
  package var height: FrameLength?
  /// All the room between the element's frame and its content: its
  /// padding and its margin. Layout needs only the sum.
  package var padding = EdgeInsets()
  /// The part of `padding` outside the background.
  package var margin = EdgeInsets()
  package var background: Fill?
  package var cornerRadius = 0.0

  package init() {}

  package static func == (a: Modifiers, b: Modifiers) -> Bool {
    a === b
      || (a.width == b.width && a.height == b.height && a.padding == b.padding && a.margin == b.margin
        && a.background == b.background
        && a.cornerRadius == b.cornerRadius)
  }
}

package struct ElementModel: Equatable {
  /// Indirect: a model is copied as it is passed around (into arrays, out of
  /// them, through layout), and a boxed payload copies as one reference.
  package indirect enum Content: Equatable {
    case shape(ShapeElement)
    case group(GroupElement)
    case deferred(DeferredElement)
    case stack(StackElement)
    case text(TextElement)
    /// Flexible space along a stack's axis, at least `minLength` long.
    case spacer(minLength: Double)
    /// A line or an arrow with an end at an anchor, built after layout.
    case connector(ConnectorElement)
  }

  package var content: Content
  package var placement: Placement
  package var range: SourceRange
  package var modifiers: Modifiers? = nil
  /// A name, a position at an anchor, transforms and clipping; nil for
  /// most elements.
  package var effects: ElementEffects? = nil

  package init(
    content: Content, placement: Placement, range: SourceRange, modifiers: Modifiers? = nil,
    effects: ElementEffects? = nil
  ) {
    self.content = content
    self.placement = placement
    self.range = range
    self.modifiers = modifiers
    self.effects = effects
  }
}

package struct CanvasModel: Equatable {
  package var size: Point
  package var background: Color?
  package var range: SourceRange
  /// `appearance=`: the scene is always drawn in this appearance.
  package var appearance: Appearance? = nil
  /// Whether the background has a value per appearance.
  var backgroundAdapts = false
}

package struct SceneModel: Equatable {
  package var canvas: CanvasModel?
  package var elements: [ElementModel]
  /// What layout expands the uses it sizes with (`DeferredElement`); nil
  /// when the file made none.
  package var sizedUses: SizedUseExpander?
  /// The colour of text without `color=`: SwiftUI's `.primary` (the label
  /// colour of the appearance drawn) on a background that adapts or none;
  /// on a fixed background, black (as v1 drew), or white where the
  /// scene is dark and the background too, so text stays readable.
  package var defaultTextColor = Color.black

  static func defaultTextColor(canvas: CanvasModel?, appearance: Appearance) -> Color {
    let white = Color(red: 1, green: 1, blue: 1)
    guard appearance == .dark else { return .black }
    guard let canvas, let background = canvas.background, !canvas.backgroundAdapts else { return white }
    let luminance = 0.2126 * background.red + 0.7152 * background.green + 0.0722 * background.blue
    return luminance < 0.5 && background.alpha > 0 ? white : .black
  }

  /// The picture's description; the expander is the file's definitions,
  /// which the elements that need it already stand for.
  package static func == (a: SceneModel, b: SceneModel) -> Bool {
    a.canvas == b.canvas && a.elements == b.elements && a.defaultTextColor == b.defaultTextColor
  }
}
