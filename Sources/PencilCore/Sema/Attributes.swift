/// What an attribute accepts.
enum ValueKind: Equatable {
  case color
  case bool
  case string
  indirect case list(ValueKind)
  /// A number in `minimum…maximum` (nil: unbounded); `positive` excludes 0.
  case number(minimum: Double?, maximum: Double?, positive: Bool = false)
  case gradient
  case point
  case size
  case keyword([String])
  /// A SwiftUI text style name or a point size.
  case font
}

struct AttributeSpec: Equatable {
  var name: String
  var key: Name
  var kind: ValueKind

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
}

/// A checked attribute value.
enum Value: Equatable {
  case color(Color)
  case number(Double)
  case gradient(GradientModel)
  case point(Point)
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
struct AttributeValues {
  /// Elements have a handful of attributes, so a list beats hashing.
  /// Names are compared whole: a component's parameters may share the
  /// first seven bytes and the length, and so a key.
  private var keys: [Name] = []
  private var values: [Value] = []

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

  var placement: Placement {
    var placement = Placement()
    if case .point(let origin) = self[.at] { placement.origin = origin }
    if case .size(let size) = self[.size] { placement.size = size }
    return placement
  }
}

/// Element kinds other than shapes, and the attributes of each.
enum ElementKinds {
  static let shapeAttributes: [AttributeSpec] = [.position, .size, .fill, .gradient, .opacity, .fillRule]
  static let pencil: [AttributeSpec] = [
    .position, .size, .color, .gradient, AttributeSpec("timber", .color), .opacity,
  ]
  static let hstack: [AttributeSpec] = [.position, .size, .spacing]
  static let zstack: [AttributeSpec] = [.position, .size]
  static let text: [AttributeSpec] = [
    .position, AttributeSpec("font", .font), AttributeSpec("align", .keyword(["leading", "center", "trailing"])),
    .color, .opacity,
  ]
  static let canvas: [AttributeSpec] = [.size, AttributeSpec("background", .color)]

  /// SwiftUI's text styles at the default Dynamic Type size.
  static let fontStyles: [(name: String, size: Double, bold: Bool)] = [
    ("largeTitle", 34, false), ("title", 28, false), ("title2", 22, false), ("title3", 20, false),
    ("headline", 17, true), ("body", 17, false), ("callout", 16, false), ("subheadline", 15, false),
    ("footnote", 13, false), ("caption", 12, false), ("caption2", 11, false),
  ]

  /// SwiftUI's unit points.
  static let directions: [(name: String, point: Point)] = [
    ("top", Point(0.5, 0)), ("bottom", Point(0.5, 1)), ("leading", Point(0, 0.5)),
    ("trailing", Point(1, 0.5)), ("center", Point(0.5, 0.5)), ("topLeading", Point(0, 0)),
    ("topTrailing", Point(1, 0)), ("bottomLeading", Point(0, 1)), ("bottomTrailing", Point(1, 1)),
  ]

  static let nonShapeKinds = ["pencil", "hstack", "vstack", "zstack", "text", "canvas"]
}
