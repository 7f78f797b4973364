import PencilGeometry

/// A value computed at compile time: what a `let`, a loop variable, a
/// parameter or any expression holds. Evaluation is in doubles; numbers
/// are always finite and within ±1e9.
enum Computed: Hashable {
  case number(Double)
  case bool(Bool)
  case string(String)
  case color(Color)
  case point(Point)
  case size(Point)
  case list([Computed])
  /// `a..<b` (and `a...b`, stored as `a..<b+1`): whole numbers, never
  /// built as a list, so `0..<1000000` costs nothing until it is walked.
  case range(lower: Int, upper: Int)
  case gradient(GradientModel)
  /// A text style, `.headline`: its size in points and whether it is bold
  /// (SwiftUI's `Font`).
  case font(size: Double, bold: Bool)
  /// `NAME.ANCHOR`: a point of a named element, known after layout.
  case anchor(ElementAnchor)
  /// `none`: an optional parameter left empty (`gradient: Gradient? = none`).
  case none
  /// A value not known while a component's body is checked once on its
  /// own: every operation on it gives `unknown` and no error.
  case unknown
  /// A parameter while its component's body is checked on its own: the
  /// value is unknown, its declared type is not, so a Color parameter
  /// used where a number goes is an error even if nothing uses the
  /// component.
  case typed(DeclaredType)

  /// `unknown` or `typed`: nothing can be computed from it.
  var isUnknown: Bool {
    switch self {
    case .unknown, .typed: true
    default: false
    }
  }

  /// Whether it is, or may be, a number.
  var mayBeNumber: Bool {
    switch self {
    case .number, .unknown, .typed(.number): true
    default: false
    }
  }

  /// For "expected …, found …" messages.
  var description: String {
    switch self {
    case .number: "a number"
    case .bool: "a Bool (true or false)"
    case .string: "a string"
    case .color: "a colour"
    case .point: "a position"
    case .anchor: "an anchor"
    case .size: "a size"
    case .list: "a list"
    case .range: "a range"
    case .gradient: "a gradient"
    case .font: "a text style"
    case .none: "none"
    case .unknown: "a value"
    case .typed(let type): type.description
    }
  }

  /// The number of items of a list or range.
  var count: Int? {
    switch self {
    case .list(let items): items.count
    case .range(let lower, let upper): max(0, upper - lower)
    default: nil
    }
  }

  /// The item at `index` of a list or range (the index is in range).
  func item(_ index: Int) -> Computed {
    switch self {
    case .list(let items): items[index]
    case .range(let lower, _): .number(Double(lower + index))
    default: .unknown
    }
  }
}

/// The types a parameter can declare.
package indirect enum DeclaredType: Hashable {
  case number, bool, string, color, point, size, gradient, font
  case list(DeclaredType)
  case optional(DeclaredType)

  static let names = ["Number", "Bool", "String", "Color", "Point", "Size", "Gradient", "Font"]

  package init?(name: String) {
    switch name {
    case "Number": self = .number
    case "Bool": self = .bool
    case "String": self = .string
    case "Color": self = .color
    case "Point": self = .point
    case "Size": self = .size
    case "Gradient": self = .gradient
    case "Font": self = .font
    default: return nil
    }
  }

  /// What attribute checking expects for a value of this type.
  package var valueKind: ValueKind {
    switch self {
    case .number: .number(minimum: nil, maximum: nil)
    case .bool: .bool
    case .string: .string
    case .color: .color
    case .point: .point
    case .size: .size
    case .gradient: .gradient
    case .font: .font
    case .list(let item): .list(item.valueKind)
    case .optional(let wrapped): wrapped.valueKind
    }
  }

  /// For "found …" messages, as `Computed.description` says values.
  var description: String {
    switch self {
    case .number: "a number"
    case .bool: "a Bool (true or false)"
    case .string: "a string"
    case .color: "a colour"
    case .point: "a position"
    case .size: "a size"
    case .gradient: "a gradient"
    case .font: "a text style"
    case .list: "a list"
    case .optional(let wrapped): wrapped.description
    }
  }

  var isOptional: Bool {
    if case .optional = self { return true }
    return false
  }
}
