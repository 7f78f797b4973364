import PencilDiagnostics
import PencilGeometry

/// The shape IR: a flat, backend-neutral display list with layout fully
/// resolved. Backends see only this.

/// One colour of a gradient at its position along the gradient's axis.
public struct GradientStopIR: Equatable, Sendable {
  /// In 0…1, never decreasing along the list.
  public var offset: Double
  public var color: IRColor

  package init(offset: Double, color: IRColor) {
    self.offset = offset
    self.color = color
  }
}

/// A linear gradient between two absolute points, with pad spread.
public struct LinearGradientIR: Equatable, Sendable {
  public var start: Point
  public var end: Point
  public var stops: [GradientStopIR]

  package init(start: Point, end: Point, stops: [GradientStopIR]) {
    self.start = start
    self.end = end
    self.stops = stops
  }
}

/// A radial gradient with pad spread: t is the distance from the centre
/// in the unit circle (centre 0,0, radius 1) that `unitToUser` maps into
/// user space, so t = |unitToUser⁻¹(p)| at the point p. The map says it
/// all: an ellipse stretched with its frame, and later any transform of
/// the item composed onto it. A map that flattens the plane (a radius of
/// 0, an empty frame) paints the last stop, as SVG does for r = 0.
public struct RadialGradientIR: Equatable, Sendable {
  public var stops: [GradientStopIR]
  public var unitToUser: Affine

  package init(stops: [GradientStopIR], unitToUser: Affine) {
    self.stops = stops
    self.unitToUser = unitToUser
  }
}

/// What fills a path. Gradients are boxed (`indirect`): a solid paint is
/// most items' and small, and the items of one frame (a pencil's tip and
/// body) share one gradient box instead of each holding its geometry.
public enum Paint: Equatable, Sendable {
  case solid(IRColor)
  indirect case linearGradient(LinearGradientIR)
  indirect case radialGradient(RadialGradientIR)
}

/// A filled outline.
///
/// A shape defined in the unit square (a pencil's tip, timber and body, a
/// custom `shape`) is kept as that one shared outline plus the frame it is
/// fitted to, and mapped as it is read: a scene of 100,000 pencils holds
/// three outlines, not 300,000 arrays (which were most of the IR's memory).
public struct PathItem: Equatable, Sendable {
  // The fields are in this order so that they pack without padding: a
  // large scene holds millions of items (72 bytes each, not 160).
  /// In the unit square when `frame` is set, else in user space.
  private var outline: [PathSegment]
  /// Drawn after the fill, centred on the outline; nil: none.
  public var stroke: StrokeIR?
  /// Multiplies the paint's alpha; 0…1.
  public var opacity: Double
  /// Where in the source the item came from.
  public var sourceRange: SourceRange
  /// Where a component's item came from, beyond `sourceRange`, its
  /// transform and clip, and a frame `Float`s cannot hold; nil for most
  /// items outside components, so they stay as small as they were.
  private var expansion: ItemExpansion?
  public var paint: Paint
  public var fillRule: FillRule
  /// Whether `frame` is set: an optional would take 8 bytes more.
  private var fitsFrame = false
  /// The frame, when each of its numbers is a `Float` exactly (whole
  /// points, halves, quarters: nearly every frame), in half the room;
  /// other frames are kept whole in the expansion box.
  private var frameX: Float = 0
  private var frameY: Float = 0
  private var frameWidth: Float = 0
  private var frameHeight: Float = 0

  /// The frame a unit outline is fitted to, as the article's `path(in:)` does.
  private var frame: Rect? {
    get {
      guard fitsFrame else { return nil }
      return expansion?.frame
        ?? Rect(x: Double(frameX), y: Double(frameY), width: Double(frameWidth), height: Double(frameHeight))
    }
    set {
      fitsFrame = newValue != nil
      let rect = newValue ?? Rect(x: 0, y: 0, width: 0, height: 0)
      let compact = (Float(rect.x), Float(rect.y), Float(rect.width), Float(rect.height))
      let exact =
        PathItem.same(compact.0, rect.x) && PathItem.same(compact.1, rect.y) && PathItem.same(compact.2, rect.width)
        && PathItem.same(compact.3, rect.height)
      (frameX, frameY, frameWidth, frameHeight) = exact ? compact : (0, 0, 0, 0)
      let boxed = exact ? nil : newValue
      if boxed != expansion?.frame {
        expansion = ItemExpansion.make(file: sourceFile, callSites: callSites, effects: effects, frame: boxed)
      }
    }
  }

  /// Whether `float` gives back `value` bit for bit.
  private static func same(_ float: Float, _ value: Double) -> Bool { Double(float).bitPattern == value.bitPattern }

  /// A transform and a clip, for the few items that have them.
  var effects: ItemEffects? {
    get { expansion?.effects }
    set {
      expansion = ItemExpansion.make(file: sourceFile, callSites: callSites, effects: newValue, frame: expansion?.frame)
    }
  }

  /// Maps the outline (as `segments` gives it), the stroke and the paint
  /// into user space; nil: they are in user space already.
  public var transform: Affine? { effects?.transform }
  /// What the item is cut to, in user space; nil: nothing.
  public var clip: ClipIR? { effects?.clip }

  /// The file `sourceRange` is in: the compiled file, or an imported one
  /// (a component from it); `Scene.sources` names it.
  public var sourceFile: FileID {
    get { expansion?.file ?? .main }
    set {
      expansion = ItemExpansion.make(file: newValue, callSites: callSites, effects: effects, frame: expansion?.frame)
    }
  }

  /// The uses of the components the item was expanded from, outermost
  /// first; empty outside components.
  public var callSites: [CallSite] {
    get { expansion?.callSites ?? [] }
    set {
      expansion = ItemExpansion.make(file: sourceFile, callSites: newValue, effects: effects, frame: expansion?.frame)
    }
  }

  /// A path in user space (absolute coordinates in points).
  public init(
    segments: [PathSegment], paint: Paint, fillRule: FillRule, opacity: Double, sourceRange: SourceRange,
    sourceFile: FileID = .main, callSites: [CallSite] = []
  ) {
    self.init(
      outline: segments, frame: nil, paint: paint, fillRule: fillRule, opacity: opacity, sourceRange: sourceRange,
      expansion: ItemExpansion.make(file: sourceFile, callSites: callSites))
  }

  /// A unit-square outline fitted to `frame` (nil: `outline` is in user
  /// space); the outline array is shared, not copied, and so is the
  /// expansion box of the items of one use.
  package init(
    outline: [PathSegment], frame: Rect?, paint: Paint, fillRule: FillRule, opacity: Double, sourceRange: SourceRange,
    expansion: ItemExpansion?, stroke: StrokeIR? = nil
  ) {
    self.outline = outline
    self.paint = paint
    self.stroke = stroke
    self.fillRule = fillRule
    self.opacity = opacity
    self.sourceRange = sourceRange
    self.expansion = expansion
    self.frame = frame
  }

  /// The segments in user space, as a new array; setting them replaces the outline.
  public var segments: [PathSegment] {
    get { Array(userSpaceSegments) }
    set {
      outline = newValue
      frame = nil
    }
  }

  /// The segments in user space, mapped one by one as they are read.
  package var userSpaceSegments: LazyMapSequence<[PathSegment], PathSegment> {
    let map = frame.map(FrameMap.init)
    return outline.lazy.map { segment in map?.apply(segment) ?? segment }
  }

  /// The outline and the map into user space, for renderers that apply
  /// a transform of their own on top (composing the two keeps the same
  /// arithmetic as mapping first).
  package var outlineAndMap: (outline: [PathSegment], map: FrameMap?) { (outline, frame.map(FrameMap.init)) }

  public var segmentCount: Int { outline.count }

  /// The frame a unit outline is fitted to (a pencil's three parts share
  /// the pencil's), else nil; for telling one drawing of an element from
  /// the next (`pencilc preview`'s frames).
  package var fittedFrame: Rect? { frame }

  /// Whether the two draw the same outline: for unit outlines, one shared
  /// array fitted to the same frame (checked without reading it).
  package func sameOutline(as other: PathItem) -> Bool {
    guard frame == other.frame, outline.count == other.outline.count else { return false }
    let shared = outline.withUnsafeBufferPointer { a in
      other.outline.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
    }
    return shared || outline == other.outline
  }

  /// Equal when they draw the same: the same segments in user space.
  public static func == (a: PathItem, b: PathItem) -> Bool {
    a.paint == b.paint && a.stroke == b.stroke && a.fillRule == b.fillRule && a.opacity == b.opacity
      && a.sourceRange == b.sourceRange && a.effects == b.effects
      && a.callSites == b.callSites && a.sourceFile == b.sourceFile
      && a.userSpaceSegments.elementsEqual(b.userSpaceSegments)
  }
}

/// A run of text (one or more lines) in a text style.
public struct TextItem: Equatable, Sendable {
  /// As for paths: the file of `sourceRange` and the uses of the
  /// components the text came from, in one box shared by a use's items.
  /// First, as a path's first field is a reference too: the spare bits of
  /// the two tell a DisplayItem's cases apart without a byte of its own.
  /// A text's transform and clip are kept there too, as a path's are.
  var expansion: ItemExpansion? = nil
  public var text: String
  /// The anchor on the baseline; see `alignment`.
  public var position: Point
  public var fontSize: Double
  public var sourceRange: SourceRange
  public var color: IRColor
  public var bold: Bool
  public var alignment: TextAlignment
  /// The edge (or the middle) of its measured box by which layout lined
  /// the text up: its own `alignment` for text anchored at a point or
  /// aligned in a frame wider than it; for text whose frame hugs it, the
  /// alignment of the stack that placed that frame with room to spare
  /// (a leading vstack's labels share their left edge); nil where nothing
  /// lined it up. The glyphs fill the measured box, so drawing does not
  /// need it (nor does `--emit ir` print it); a backend that writes the
  /// text narrower or wider than measured (ASCII) keeps this edge.
  public var boxAlignment: TextAlignment?

  package init(
    expansion: ItemExpansion?, text: String, position: Point, fontSize: Double, bold: Bool,
    alignment: TextAlignment, color: IRColor, sourceRange: SourceRange, boxAlignment: TextAlignment? = nil
  ) {
    self.expansion = expansion
    self.text = text
    self.position = position
    self.fontSize = fontSize
    self.sourceRange = sourceRange
    self.color = color
    self.bold = bold
    self.alignment = alignment
    self.boxAlignment = boxAlignment
  }

  /// A transform (about the text's own coordinates) and a clip.
  var effects: ItemEffects? {
    get { expansion?.effects }
    set { expansion = ItemExpansion.make(file: sourceFile, callSites: callSites, effects: newValue) }
  }

  /// Maps the text's drawing into user space; nil: none.
  public var transform: Affine? { effects?.transform }
  /// What the text is cut to, in user space; nil: nothing.
  public var clip: ClipIR? { effects?.clip }

  /// The file `sourceRange` is in (see `PathItem.sourceFile`).
  public var sourceFile: FileID { expansion?.file ?? .main }
  public var callSites: [CallSite] { expansion?.callSites ?? [] }

  /// The text split at `\n`; each line's baseline is `lineHeight` below
  /// the one before.
  public var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

  /// 1.2 em, the usual default line spacing.
  public var lineHeight: Double { fontSize * 1.2 }

  /// The measured box (the built-in font's advances, which the SVG's
  /// `textLength` asks the viewer's font to keep), for the canvas checks
  /// and the automatic canvas: as wide as the widest line, 1.2 em per
  /// line, the first baseline 0.9 em below the top.
  package var bounds: Rect {
    let width = TextMetrics.width(of: text, size: fontSize)
    let x: Double
    switch alignment {
    case .leading: x = position.x
    case .center: x = position.x - width / 2
    case .trailing: x = position.x - width
    }
    return Rect(
      x: x, y: position.y - TextMetrics.baselineOffset * fontSize, width: width,
      height: TextMetrics.height(lines: TextMetrics.lineCount(of: text), size: fontSize))
  }
}

/// The file and the component uses of an item from a component, kept in
/// one shared box: every item of one use shares it. An item's transform
/// and clip, and a path's frame that `Float`s cannot hold, are kept here
/// too (in a box of its own for such an item), so that an item without
/// any of these holds one nil reference, not several fields.
package final class ItemExpansion: Sendable, Equatable {
  let file: FileID
  package let callSites: [CallSite]
  let effects: ItemEffects?
  let frame: Rect?

  package static func == (a: ItemExpansion, b: ItemExpansion) -> Bool {
    a === b || (a.file == b.file && a.callSites == b.callSites && a.effects == b.effects && a.frame == b.frame)
  }

  package init(file: FileID, callSites: [CallSite], effects: ItemEffects? = nil, frame: Rect? = nil) {
    self.file = file
    self.callSites = callSites
    self.effects = effects
    self.frame = frame
  }

  static func make(file: FileID, callSites: [CallSite], effects: ItemEffects? = nil, frame: Rect? = nil)
    -> ItemExpansion?
  {
    file == .main && callSites.isEmpty && effects == nil && frame == nil
      ? nil : ItemExpansion(file: file, callSites: callSites, effects: effects, frame: frame)
  }
}

/// A use of a component that an item was expanded from: an editor can
/// jump from a shape to the element that drew it and to every use.
public struct CallSite: Hashable, Sendable {
  public var range: SourceRange
  /// The file the use is written in (`Scene.sources` names it).
  public var file: FileID

  package init(range: SourceRange, file: FileID = .main) {
    self.range = range
    self.file = file
  }
}

/// One entry of the display list.
public enum DisplayItem: Equatable, Sendable {
  case path(PathItem)
  case text(TextItem)
}

/// A compiled picture.
public struct Scene: Equatable, Sendable {
  /// The visible area in user space; its size is the picture's size.
  public var viewport: Rect
  /// nil: transparent.
  public var background: IRColor?
  /// The `canvas` statement, if there is one.
  public var canvasRange: SourceRange?
  /// In paint order.
  public var items: [DisplayItem]
  /// The same picture in the dark appearance, item for item, when its
  /// colours depend on the appearance and none was fixed: a backend that
  /// can adapt (SVG) writes both; the others draw `items`.
  public var dark: AppearanceVariant? = nil

  /// The files the items came from (set by `Pencil.compile`).
  public var sources = SceneSources()

  package init(
    viewport: Rect, background: IRColor?, canvasRange: SourceRange?, items: [DisplayItem],
    dark: AppearanceVariant? = nil, sources: SceneSources = SceneSources()
  ) {
    self.viewport = viewport
    self.background = background
    self.canvasRange = canvasRange
    self.items = items
    self.dark = dark
    self.sources = sources
  }
}
