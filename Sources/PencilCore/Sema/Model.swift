import PencilDiagnostics

/// The checked scene: every name resolved, every value typed and in range.
/// Lowering turns it into the shape IR; nothing here knows about layout.

/// A colour with components in 0…1, not yet quantized.
package struct Color: Hashable {
  var red: Double
  var green: Double
  var blue: Double
  var alpha: Double
  /// 0: the same in both appearances. Otherwise, in a compilation that
  /// draws an adaptive picture, the components are the light value and
  /// this numbers the dark one in the compilation's `AdaptivePalette`.
  var variant: UInt32 = 0

  package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  init(rgba: UInt32) {
    self.init(
      red: Double(rgba >> 24 & 0xFF) / 255, green: Double(rgba >> 16 & 0xFF) / 255,
      blue: Double(rgba >> 8 & 0xFF) / 255, alpha: Double(rgba & 0xFF) / 255)
  }

  static let black = Color(red: 0, green: 0, blue: 0)
  static let systemBlue = Color(rgba: 0x007A_FFFF)
  /// The article's timber: `Color(hue: 0.07, saturation: 0.4, brightness: 0.9)`.
  static let timber = Color(hue: 0.07, saturation: 0.4, brightness: 0.9)
}

enum ColorSpace: String {
  case hsb, rgb
}

/// Where a gradient lies in the unit square of the frame it fills.
enum GradientGeometry: Equatable {
  /// Along the line between two unit points.
  case linear(start: Point, end: Point)
  /// Out from `center` to `radius`, both in the unit square: the circle
  /// stretches with the frame, as SVG's objectBoundingBox does, so on a
  /// frame that is not square it is an ellipse of radii R·width and R·height.
  case radial(center: Point, radius: Double)
}

/// A checked gradient definition. A class, so that the many elements that
/// use one share it instead of copying its stops.
final class GradientModel: Hashable {
  let name: String
  let geometry: GradientGeometry
  let stops: [StopModel]
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
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

  static func == (a: GradientModel, b: GradientModel) -> Bool {
    a === b || (a.name == b.name && a.geometry == b.geometry && a.stops == b.stops)
  }
}

enum StopColor: Equatable {
  /// hsb gradients: added to the hue, multiplying saturation and brightness.
  case relative(hue: Double, saturation: Double, brightness: Double)
  case absolute(Color)
}

struct StopModel: Equatable {
  var color: StopColor
  /// Resolved: stops written without `offset=` are spread out, and every
  /// offset is at least the one before it.
  var offset: Double
}

/// What fills a shape: a colour, possibly run through a gradient.
struct Fill: Equatable {
  var color: Color
  var gradient: GradientModel?
}

/// `at` and `size` as written; nil where the element left them out.
struct Placement: Equatable {
  var origin: Point?
  var size: Point?
}

enum StackAxis: String {
  case z = "zstack"
  case h = "hstack"
  case v = "vstack"
}

struct ShapeElement: Equatable {
  var outline: ShapeOutline
  var fill: Fill
  var fillRule: FillRule
  var opacity: Double
  var stroke: StrokeModel? = nil
}

/// A shape's stroke as checked: what paints it and how (a class, so a
/// shape without one stays small).
final class StrokeModel: Equatable {
  let paint: Fill
  let style: StrokeStyle

  init(paint: Fill, style: StrokeStyle) {
    self.paint = paint
    self.style = style
  }

  static func == (a: StrokeModel, b: StrokeModel) -> Bool { a === b || (a.paint == b.paint && a.style == b.style) }
}

/// The elements of one use of a component, laid out in its frame as a
/// zstack lays out its children, except that `at` is relative to the
/// frame's top-left. (The article's ColorPencilView is the prelude's
/// component `pencil`.)
struct GroupElement: Equatable {
  var children: [ElementModel]
  /// The use of the component, which the IR items keep, and the file it
  /// is in and the file of the component's body (nil: the compiled file).
  var callSite: SourceRange
  var callSiteFile: SourceFile? = nil
  var bodyFile: SourceFile? = nil
  /// Items from the prelude's components take the call site as their own
  /// range: the prelude is not the user's source.
  var isPrelude: Bool

  static func == (a: GroupElement, b: GroupElement) -> Bool {
    a.children == b.children && a.callSite == b.callSite && a.callSiteFile === b.callSiteFile
      && a.bodyFile === b.bodyFile && a.isPrelude == b.isPrelude
  }
}

/// A use of a component whose body reads `width` and `height`, placed
/// where only layout decides its size (a stack child without `size`), as
/// SwiftUI's GeometryReader is. Layout asks for its elements once the
/// frame is known; the body's problems that do not depend on the size were
/// found when the component was checked on its own.
protocol SizedContent: AnyObject {
  /// The use's elements for a frame of `size`, and the problems met.
  func expand(for size: Point) -> (group: GroupElement?, diagnostics: [Diagnostic])
}

/// Wraps a `SizedContent` so element models stay Equatable (by identity).
struct DeferredElement: Equatable {
  let content: any SizedContent

  static func == (a: DeferredElement, b: DeferredElement) -> Bool { a.content === b.content }
}

struct StackElement: Equatable {
  var axis: StackAxis
  var spacing: Double
  var children: [ElementModel]
  /// Where children sit across the axis (a zstack: in both directions),
  /// as a unit point: (0.5, 0.5) centres them.
  var alignment = Point(0.5, 0.5)
  /// An hstack's `alignment=firstTextBaseline`.
  var alignsBaselines = false

  init(axis: StackAxis, spacing: Double, children: [ElementModel]) {
    self.axis = axis
    self.spacing = spacing
    self.children = children
  }
}

struct TextElement: Equatable {
  /// Measured by layout (`Layout.measure`), not here: the model is data.
  var text: String
  /// The anchor on the first line's baseline, for text placed with `at`;
  /// nil for text that layout places (in a stack or a component's body).
  var position: Point?
  var fontSize: Double
  var bold: Bool
  var alignment: TextAlignment
  var color: Color
  /// At most this many lines once wrapped (`lineLimit=`).
  var lineLimit: Int? = nil
  /// No `color=`: the scene's default text colour (`SceneModel`), times
  /// `opacity`, replaces `color` when the scene is lowered.
  var usesDefaultColor = false
  var opacity = 1.0

  init(
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
enum FrameLength: Equatable {
  case fixed(Double)
  case fill
}

/// Space around an element's content, in points.
struct EdgeInsets: Equatable {
  var top = 0.0
  var leading = 0.0
  var bottom = 0.0
  var trailing = 0.0

  var horizontal: Double { leading + trailing }
  var vertical: Double { top + bottom }
}

/// The modifiers of one element, applied around its content in this
/// order: the frame (`width`, `height`) sizes the content, `padding` adds
/// space around the frame, `background` (with `cornerRadius`) fills the
/// padded box. A class: most elements have none, and a model holding nil
/// stays as small as it was.
final class Modifiers: Equatable {
  var width: FrameLength?
  var height: FrameLength?
  var padding = EdgeInsets()
  var background: Fill?
  var cornerRadius = 0.0

  static func == (a: Modifiers, b: Modifiers) -> Bool {
    a === b
      || (a.width == b.width && a.height == b.height && a.padding == b.padding && a.background == b.background
        && a.cornerRadius == b.cornerRadius)
  }
}

struct ElementModel: Equatable {
  /// Indirect: a model is copied as it is passed around (into arrays, out of
  /// them, through layout), and a boxed payload copies as one reference.
  indirect enum Content: Equatable {
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

  var content: Content
  var placement: Placement
  var range: SourceRange
  var modifiers: Modifiers? = nil
  /// A name, a position at an anchor, transforms and clipping; nil for
  /// most elements.
  var effects: ElementEffects? = nil
}

struct CanvasModel: Equatable {
  var size: Point
  var background: Color?
  var range: SourceRange
  /// `appearance=`: the scene is always drawn in this appearance.
  var appearance: Appearance? = nil
  /// Whether the background has a value per appearance.
  var backgroundAdapts = false
}

struct SceneModel: Equatable {
  var canvas: CanvasModel?
  var elements: [ElementModel]
  /// The colour of text without `color=`: SwiftUI's `.primary` (the label
  /// colour of the appearance drawn) on a background that adapts or none;
  /// on a fixed background, black (as v1 drew), or white where the
  /// scene is dark and the background too, so text stays readable.
  var defaultTextColor = Color.black

  static func defaultTextColor(canvas: CanvasModel?, appearance: Appearance) -> Color {
    let white = Color(red: 1, green: 1, blue: 1)
    guard appearance == .dark else { return .black }
    guard let canvas, let background = canvas.background, !canvas.backgroundAdapts else { return white }
    let luminance = 0.2126 * background.red + 0.7152 * background.green + 0.0722 * background.blue
    return luminance < 0.5 && background.alpha > 0 ? white : .black
  }
}
