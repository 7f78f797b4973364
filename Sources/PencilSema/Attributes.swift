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

  init(_ name: String, _ kind: ValueKind) {
    self.name = name
    key = Name(name)
    self.kind = kind
  }

  static let position = AttributeSpec("at", .point)
  static let size = AttributeSpec("size", .size)
  static let opacity = AttributeSpec("opacity", .number(minimum: 0, maximum: 1))
  static let fill = AttributeSpec("fill", .color)
  static let color = AttributeSpec("color", .color)
  static let gradient = AttributeSpec("gradient", .gradient)
  static let fillRule = AttributeSpec("fillrule", .keyword(["nonzero", "evenodd"]))
  static let spacing = AttributeSpec("spacing", .number(minimum: 0, maximum: nil))

  /// SwiftUI's modifiers, which every element takes (see `Modifiers`).
  package static let modifiers: [AttributeSpec] =
    ([
      "padding", "padding.top", "padding.bottom", "padding.leading", "padding.trailing", "padding.horizontal",
      "padding.vertical",
    ].map { AttributeSpec($0, .number(minimum: 0, maximum: nil)) }
    + [
      AttributeSpec("background", .paint), AttributeSpec("cornerRadius", .number(minimum: 0, maximum: nil)),
      AttributeSpec("width", .length), AttributeSpec("height", .length),
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
    AttributeSpec("rotation", .number(minimum: -1e6, maximum: 1e6)), AttributeSpec("scale", .scale),
    AttributeSpec("offset", .point), AttributeSpec("anchor", .keyword(ElementKinds.directions.map(\.name))),
  ]
  /// `clip=`, on elements with children.
  static let clip = AttributeSpec("clip", .clipShape)
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
    for (key, value) in zip(keys, values) where !parameters.contains(key) {
      switch (key.text, value) {
      case ("padding", .number(let n)): make().padding = EdgeInsets(top: n, leading: n, bottom: n, trailing: n)
      default: break
      }
    }
    // Per edge after the whole: `padding=10 padding.top=0` keeps the top at 0.
    for (key, value) in zip(keys, values) where !parameters.contains(key) {
      switch (key.text, value) {
      case ("padding.top", .number(let n)): make().padding.top = n
      case ("padding.bottom", .number(let n)): make().padding.bottom = n
      case ("padding.leading", .number(let n)): make().padding.leading = n
      case ("padding.trailing", .number(let n)): make().padding.trailing = n
      case ("padding.horizontal", .number(let n)): (make().padding.leading, make().padding.trailing) = (n, n)
      case ("padding.vertical", .number(let n)): (make().padding.top, make().padding.bottom) = (n, n)
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

/// Element kinds other than shapes, and the attributes of each.
package enum ElementKinds {
  package static let shapeAttributes: [AttributeSpec] =
    [.position, .size, .fill, .gradient, .opacity, .fillRule] + stroke + AttributeSpec.modifiers
    + AttributeSpec.effects
  /// SwiftUI's `.stroke(_:lineWidth:)` with its StrokeStyle, as SVG names them.
  static let stroke: [AttributeSpec] = [
    AttributeSpec("stroke", .paint), AttributeSpec("lineWidth", .number(minimum: 0, maximum: nil)),
    AttributeSpec("lineCap", .keyword(["butt", "round", "square"])),
    AttributeSpec("lineJoin", .keyword(["miter", "round", "bevel"])),
    AttributeSpec("miterLimit", .number(minimum: 1, maximum: nil)),
    AttributeSpec("dash", .list(.number(minimum: 0, maximum: nil))),
    AttributeSpec("dashPhase", .number(minimum: nil, maximum: nil)),
  ]
  static let pencil: [AttributeSpec] = [
    .position, .size, .color, .gradient, AttributeSpec("timber", .color), .opacity,
  ]
  package static let vstack: [AttributeSpec] =
    [.position, .size, .spacing, AttributeSpec("alignment", .keyword(["leading", "center", "trailing"]))]
    + AttributeSpec.modifiers + AttributeSpec.effects + [AttributeSpec.clip]
  package static let hstack: [AttributeSpec] =
    [
      .position, .size, .spacing,
      AttributeSpec("alignment", .keyword(["top", "center", "bottom", "firstTextBaseline"])),
    ]
    + AttributeSpec.modifiers + AttributeSpec.effects + [AttributeSpec.clip]
  package static let zstack: [AttributeSpec] =
    [.position, .size, AttributeSpec("alignment", .keyword(directions.map(\.name)))] + AttributeSpec.modifiers
    + AttributeSpec.effects + [AttributeSpec.clip]
  package static let text: [AttributeSpec] =
    [
      .position, AttributeSpec("font", .font), AttributeSpec("align", .keyword(["leading", "center", "trailing"])),
      .color, .opacity, AttributeSpec("lineLimit", .number(minimum: 1, maximum: 10_000)),
    ] + AttributeSpec.modifiers + AttributeSpec.effects
  package static let spacer: [AttributeSpec] = [AttributeSpec("minLength", .number(minimum: 0, maximum: nil))]
  /// `line` and `arrow`.
  package static let connector: [AttributeSpec] =
    [
      AttributeSpec("from", .point), AttributeSpec("to", .point), .fill, .opacity,
      AttributeSpec("arrowheads", .keyword(["start", "end", "both", "none"])), AttributeSpec("label", .string),
      AttributeSpec("route", .keyword(["straight", "elbow"])),
    ] + stroke + AttributeSpec.effects
  package static let path: [AttributeSpec] = [.fill, .gradient, .opacity, .fillRule] + stroke + AttributeSpec.effects
  package static let canvas: [AttributeSpec] = [
    .size, AttributeSpec("background", .color), AttributeSpec("appearance", .keyword(["light", "dark"])),
  ]

  /// SwiftUI's text styles at the default Dynamic Type size.
  package static let fontStyles: [(name: String, size: Double, bold: Bool)] = [
    ("largeTitle", 34, false), ("title", 28, false), ("title2", 22, false), ("title3", 20, false),
    ("headline", 17, true), ("body", 17, false), ("callout", 16, false), ("subheadline", 15, false),
    ("footnote", 13, false), ("caption", 12, false), ("caption2", 11, false),
  ]

  /// SwiftUI's unit points.
  package static let directions: [(name: String, point: Point)] = [
    ("top", Point(0.5, 0)), ("bottom", Point(0.5, 1)), ("leading", Point(0, 0.5)),
    ("trailing", Point(1, 0.5)), ("center", Point(0.5, 0.5)), ("topLeading", Point(0, 0)),
    ("topTrailing", Point(1, 0)), ("bottomLeading", Point(0, 1)), ("bottomTrailing", Point(1, 1)),
  ]

  /// What CSS and UIKit call SwiftUI's directions, for did-you-mean fixes.
  static let directionAliases = [
    "left": "leading", "right": "trailing", "middle": "center", "centre": "center", "topLeft": "topLeading",
    "topRight": "topTrailing", "bottomLeft": "bottomLeading", "bottomRight": "bottomTrailing",
  ]

  package static let nonShapeKinds = [
    "pencil", "hstack", "vstack", "zstack", "text", "spacer", "line", "arrow", "path", "canvas",
  ]
}
