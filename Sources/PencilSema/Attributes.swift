import PencilGeometry
import PencilSyntax

/// What an attribute accepts.
package enum ValueKind: Equatable, Sendable {
  case color
  case bool
  case string
  indirect case list(ValueKind)
  /// A number in `minimum…maximum` (nil: unbounded); `positive` excludes 0.
  case number(minimum: Double?, maximum: Double?, positive: Bool = false)
  case gradient
  case point
  /// A point in the unit square of a frame: `X,Y`, or one of SwiftUI's
  /// unit points by name (`center`, `topLeading`, …).
  case unitPoint
  case size
  case keyword([String])
  /// A SwiftUI text style name or a point size.
  case font
  /// A colour, or a gradient's name (`background=`).
  case paint
  /// A length in points, or `fill` (`width=`, `height=`).
  case length
  /// A number, or a horizontal and a vertical factor X,Y (`scale=`).
  case scale
  /// `rect`, `roundrect`, `ellipse`, `capsule` or a shape's name (`clip=`).
  case clipShape
}

package struct AttributeSpec: Equatable, Sendable {
  package var name: String
  var key: Name
  package var kind: ValueKind
  /// One of SwiftUI's modifiers, which every element takes.
  package var isModifier = false
  /// The value an element has without the attribute, as the reference
  /// (docs/reference/elements.md, generated from these tables) shows it.
  /// Static strings: the checker copies specs, and these cost it no
  /// reference counting.
  package var defaultValue: StaticString
  /// What the attribute does, in one line of the reference.
  package var summary: StaticString

  init(_ name: String, _ kind: ValueKind, default defaultValue: StaticString = "", _ summary: StaticString = "") {
    self.name = name
    key = Name(name)
    self.kind = kind
    self.defaultValue = defaultValue
    self.summary = summary
  }

  /// The attribute the checker reads: the reference's words are not part of it.
  package static func == (a: AttributeSpec, b: AttributeSpec) -> Bool {
    a.name == b.name && a.kind == b.kind && a.isModifier == b.isModifier
  }

  static let position = AttributeSpec(
    "at", .point, default: "placed by layout", "The top-left corner of the frame: `at X,Y`, or `at NAME.ANCHOR`.")
  static let size = AttributeSpec(
    "size", .size, default: "proposed by layout", "The width and height of the frame: `size WxH`.")
  static let opacity = AttributeSpec(
    "opacity", .number(minimum: 0, maximum: 1), default: "1", "How opaque the element is, from 0 (invisible) to 1.")
  static let fill = AttributeSpec("fill", .color, default: "`black`", "The colour inside the outline.")
  static let gradient = AttributeSpec(
    "gradient", .gradient, default: "none", "A gradient, by the name a `gradient` statement gives it, over the fill.")
  static let fillRule = AttributeSpec(
    "fillrule", .keyword(["nonzero", "evenodd"]), default: "`nonzero`",
    "Which parts of an outline that crosses itself are inside.")
  static let spacing = AttributeSpec(
    "spacing", .number(minimum: 0, maximum: nil), default: "8", "The gap between neighbouring children, in points.")

  /// SwiftUI's modifiers, which every element takes (see `Modifiers`):
  /// `padding` is room inside the background, `margin` room outside it
  /// (SwiftUI's `.padding()` before and after `.background()`).
  package static let modifiers: [AttributeSpec] =
    ([
      AttributeSpec(
        "padding", .number(minimum: 0, maximum: nil), default: "0", "Room added inside the background, on every edge."),
      AttributeSpec(
        "padding.top", .number(minimum: 0, maximum: nil), default: "`padding`",
        "Room added inside the background, at the top."),
      AttributeSpec(
        "padding.bottom", .number(minimum: 0, maximum: nil), default: "`padding`",
        "Room added inside the background, at the bottom."),
      AttributeSpec(
        "padding.leading", .number(minimum: 0, maximum: nil), default: "`padding`",
        "Room added inside the background, at the leading edge."),
      AttributeSpec(
        "padding.trailing", .number(minimum: 0, maximum: nil), default: "`padding`",
        "Room added inside the background, at the trailing edge."),
      AttributeSpec(
        "padding.horizontal", .number(minimum: 0, maximum: nil), default: "`padding`",
        "Room added inside the background, at the leading and trailing edges."),
      AttributeSpec(
        "padding.vertical", .number(minimum: 0, maximum: nil), default: "`padding`",
        "Room added inside the background, at the top and the bottom."),
      AttributeSpec(
        "margin", .number(minimum: 0, maximum: nil), default: "0", "Room added outside the background, on every edge."),
      AttributeSpec(
        "margin.top", .number(minimum: 0, maximum: nil), default: "`margin`",
        "Room added outside the background, at the top."),
      AttributeSpec(
        "margin.bottom", .number(minimum: 0, maximum: nil), default: "`margin`",
        "Room added outside the background, at the bottom."),
      AttributeSpec(
        "margin.leading", .number(minimum: 0, maximum: nil), default: "`margin`",
        "Room added outside the background, at the leading edge."),
      AttributeSpec(
        "margin.trailing", .number(minimum: 0, maximum: nil), default: "`margin`",
        "Room added outside the background, at the trailing edge."),
      AttributeSpec(
        "margin.horizontal", .number(minimum: 0, maximum: nil), default: "`margin`",
        "Room added outside the background, at the leading and trailing edges."),
      AttributeSpec(
        "margin.vertical", .number(minimum: 0, maximum: nil), default: "`margin`",
        "Room added outside the background, at the top and the bottom."),
      AttributeSpec(
        "background", .paint, default: "none", "A colour or a gradient drawn behind the element, padding included."),
      AttributeSpec(
        "cornerRadius", .number(minimum: 0, maximum: nil), default: "0",
        "Rounds the corners of the background."),
      AttributeSpec(
        "width", .length, default: "the ideal width", "A fixed width in points, or `fill` to take the width offered."),
      AttributeSpec(
        "height", .length, default: "the ideal height",
        "A fixed height in points, or `fill` to take the height offered."),
    ]).map { spec in
      var modifier = spec
      modifier.isModifier = true
      return modifier
    }
}

extension AttributeSpec {
  /// Effects after layout, which every drawn element takes: SwiftUI's
  /// `rotationEffect`, `scaleEffect`, `offset` and `clipShape`.
  package static let effects: [AttributeSpec] = [
    AttributeSpec(
      "rotation", .number(minimum: -1e6, maximum: 1e6), default: "0",
      "Turns the element clockwise by this many degrees about `anchor`, after layout."),
    AttributeSpec(
      "scale", .scale, default: "1", "Scales the element about `anchor` after layout: `S`, or `SX,SY` per axis."),
    AttributeSpec("offset", .point, default: "0,0", "Moves the element by `DX,DY` after layout, leaving its room."),
    AttributeSpec(
      "anchor", .keyword(ElementKinds.directions.map(\.name)), default: "`center`",
      "The unit point of the frame that `rotation` and `scale` turn and grow about."),
    AttributeSpec(
      "shadow", .number(minimum: 0, maximum: nil), default: "none",
      "A drop shadow under the element, blurred this much (SwiftUI's `radius`: the Gaussian's standard deviation, in points)."
    ),
    AttributeSpec(
      "shadow.color", .color, default: "black at 33% (SwiftUI's)", "The shadow's colour."),
    AttributeSpec(
      "shadow.x", .number(minimum: -1e6, maximum: 1e6), default: "0", "How far right the shadow falls, in points."),
    AttributeSpec(
      "shadow.y", .number(minimum: -1e6, maximum: 1e6), default: "0", "How far down the shadow falls, in points."),
    AttributeSpec(
      "blur", .number(minimum: 0, maximum: nil), default: "none",
      "Blurs the element and its children (SwiftUI's `radius`: the Gaussian's standard deviation, in points)."),
  ]
  /// `clip=`, on elements with children.
  static let clip = AttributeSpec(
    "clip", .clipShape, default: "none", "Cuts the children to this shape, fitted to the frame.")
}

/// A checked attribute value.
enum Value: Equatable {
  case color(Color)
  case number(Double)
  case gradient(GradientModel)
  case point(Point)
  /// `NAME.ANCHOR` where a point goes (`at`, `from`, `to`).
  case anchor(ElementAnchor)
  case size(Point)
  case keyword(String)
  case font(size: Double, bold: Bool)
  case bool(Bool)
  case string(String)
  case list([Computed])
  /// `none` given for an optional parameter.
  case none
}

/// The checked attributes of one element, by name. Attributes that failed
/// their check are absent, so lowering falls back to the defaults.
package struct AttributeValues {
  /// Elements have a handful of attributes, so a list beats hashing.
  /// Names are compared whole: a component's parameters may share the
  /// first six bytes, the last byte and the length, and so a key.
  private var keys: [Name] = []
  private var values: [Value] = []
  /// Whether a modifier was given: most elements have none, and skip the
  /// modifiers' checks and model.
  var hasModifiers = false

  init(capacity: Int = 0) {
    keys.reserveCapacity(capacity)
    values.reserveCapacity(capacity)
  }

  var count: Int { keys.count }

  subscript(name: Name) -> Value? {
    guard let index = keys.firstIndex(of: name) else { return nil }
    return values[index]
  }

  /// The checker adds each attribute once, after ruling out repeats.
  mutating func add(_ name: Name, _ value: Value) {
    keys.append(name)
    values.append(value)
  }

  func number(_ name: Name) -> Double? {
    if case .number(let value) = self[name] { return value }
    return nil
  }

  func color(_ name: Name) -> Color? {
    if case .color(let value) = self[name] { return value }
    return nil
  }

  func gradient(_ name: Name) -> GradientModel? {
    if case .gradient(let value) = self[name] { return value }
    return nil
  }

  func keyword(_ name: Name) -> String? {
    if case .keyword(let value) = self[name] { return value }
    return nil
  }

  /// `font=`'s size and weight: `body`, 17 points, when none is given.
  var textStyle: (size: Double, bold: Bool) {
    if case .font(let size, let bold) = self[.font] { return (size, bold) }
    return (17, false)
  }

  /// The modifiers given, or nil when there are none; `excluding` names a
  /// component's parameters, which are not modifiers.
  func modifiers(excluding parameters: [Name] = []) -> Modifiers? {
    guard hasModifiers else { return nil }
    var found: Modifiers? = nil
    func make() -> Modifiers {
      if let found { return found }
      let made = Modifiers()
      found = made
      return made
    }
    var padding = EdgeInsets()
    var margin = EdgeInsets()
    // The whole before its edges: `padding=10 padding.top=0` keeps the top at 0.
    for (key, value) in zip(keys, values) where !parameters.contains(key) {
      guard case .number(let n) = value else { continue }
      switch key.text {
      case "padding": padding = EdgeInsets(top: n, leading: n, bottom: n, trailing: n)
      case "margin": margin = EdgeInsets(top: n, leading: n, bottom: n, trailing: n)
      default: break
      }
    }
    for (key, value) in zip(keys, values) where !parameters.contains(key) {
      if case .number(let n) = value {
        if key.text.hasPrefix("padding.") {
          padding.set(edge: key.text.dropFirst(8), to: n)
          _ = make()
        } else if key.text.hasPrefix("margin.") {
          margin.set(edge: key.text.dropFirst(7), to: n)
          _ = make()
        } else if key.text == "padding" || key.text == "margin" {
          _ = make()
        }
      }
      switch (key.text, value) {
      case ("background", .color(let color)): make().background = Fill(color: color, gradient: nil)
      case ("background", .gradient(let gradient)): make().background = Fill(color: .black, gradient: gradient)
      case ("cornerRadius", .number(let n)): make().cornerRadius = n
      case ("width", .number(let n)): make().width = .fixed(n)
      case ("width", .keyword): make().width = .fill
      case ("height", .number(let n)): make().height = .fixed(n)
      case ("height", .keyword): make().height = .fill
      default: break
      }
    }
    // The content sits inside both; the background inside the margin.
    if let found {
      found.margin = margin
      found.padding = EdgeInsets(
        top: padding.top + margin.top, leading: padding.leading + margin.leading,
        bottom: padding.bottom + margin.bottom, trailing: padding.trailing + margin.trailing)
    }
    return found
  }

  var placement: Placement {
    var placement = Placement()
    if case .point(let origin) = self[.at] { placement.origin = origin }
    // At an anchor: placed once layout has placed the element it names.
    if case .anchor = self[.at] { placement.origin = Point(0, 0) }
    if case .size(let size) = self[.size] { placement.size = size }
    return placement
  }
}
