/// The syntax tree. It mirrors the source closely and keeps a range on every
/// node; nothing is resolved here. Parts that failed to parse are `nil` or
/// `.invalid`, and statements that needed recovery are marked `recovered`
/// so later phases do not pile further errors onto them.

struct Identifier: Equatable {
  /// The name with its comparison key.
  var key: Name
  var range: SourceRange

  var name: String { key.text }

  init(name: String, range: SourceRange) {
    self.init(key: Name(name), range: range)
  }

  init(key: Name, range: SourceRange) {
    self.range = range
    self.key = key
  }
}

/// A value on the right of `name=`, or an argument.
enum Expr: Equatable {
  case number(Double, SourceRange)
  case size(width: Double, height: Double, SourceRange)
  case point(x: Double, y: Double, SourceRange)
  case string(String, SourceRange)
  /// 0xRRGGBBAA; nil when the literal was malformed (already reported).
  case hexColor(UInt32?, SourceRange)
  /// A bare name such as `salmon` or `shine`.
  case name(Identifier)
  /// A leading-dot name such as `.blue`; the range includes the dot.
  case dotName(Identifier, SourceRange)
  /// `hsb(0.5, 1, 1)`.
  case call(Identifier, [Expr], SourceRange)
  /// `BASE.opacity(0.3)`; `arguments` is nil when there are no parentheses.
  indirect case member(Expr, Identifier, arguments: [Expr]?, SourceRange)
  /// `A + B`, `A * B`, …
  indirect case binary(ArithmeticOperator, Expr, Expr, SourceRange)
  /// `-A` where A is not a literal (`-3` is the literal -3).
  indirect case negate(Expr, SourceRange)
  /// `at X, Y` or `size W x H` where a part is not a literal
  /// (`at 3,4` and `size 3x4` stay `.point` and `.size`).
  indirect case pair(Expr, Expr, PairKind, SourceRange)
  case invalid(SourceRange)

  var range: SourceRange {
    switch self {
    case .number(_, let r), .size(_, _, let r), .point(_, _, let r), .string(_, let r), .hexColor(_, let r),
      .dotName(_, let r), .call(_, _, let r), .member(_, _, _, let r), .binary(_, _, _, let r), .negate(_, let r),
      .pair(_, _, _, let r), .invalid(let r):
      r
    case .name(let identifier): identifier.range
    }
  }
}

/// The arithmetic of expressions, by precedence: `* / %` bind tighter
/// than `+ -`; all are left-associative.
enum ArithmeticOperator: String, Equatable {
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  case remainder = "%"

  var precedence: Int { self == .add || self == .subtract ? 1 : 2 }
}

enum PairKind: Equatable {
  case point, size
}

struct Attribute: Equatable {
  var name: Identifier
  var value: Expr

  /// From the name to the end of the value.
  var range: SourceRange { name.range.union(value.range) }
}

/// `KIND ["label"] [WxH] clause… [{ children }]`: every drawable element,
/// stack, `text` and `canvas`. `at X,Y` and `size WxH` are kept as
/// attributes named `at` and `size` (values `.point` and `.size`) so the
/// checker treats every clause alike; a bare size right after the kind, as
/// in `canvas 400x360`, becomes a `size` attribute too. Which kinds exist is
/// decided by the checker.
struct ElementStatement: Equatable {
  var kind: Identifier
  /// The string of `text "…"`.
  var label: Expr?
  var attributes: [Attribute]
  var children: [ElementStatement]?
  var childrenRange: SourceRange?
  var range: SourceRange
  var recovered = false
}

struct GradientStop: Equatable {
  var color: Expr?
  var attributes: [Attribute]
  var range: SourceRange
}

struct GradientStatement: Equatable {
  var name: Identifier
  var space: Identifier
  var from: Identifier
  var to: Identifier
  var stops: [GradientStop]
  var range: SourceRange
  var recovered = false
}

struct PointLiteral: Equatable {
  var x: Double
  var y: Double
  var range: SourceRange
}

/// `move P`, `line P`, `curve END control C1 C2`, `quad END control C`, `close`.
struct PathCommand: Equatable {
  var verb: Identifier
  var points: [PointLiteral]
  var range: SourceRange
}

struct ShapeStatement: Equatable {
  var name: Identifier
  var commands: [PathCommand]
  var range: SourceRange
  var recovered = false
}

enum Statement: Equatable {
  case gradient(GradientStatement)
  case shape(ShapeStatement)
  case element(ElementStatement)
}

/// A whole parsed file.
struct SourceUnit: Equatable {
  var statements: [Statement]
}
