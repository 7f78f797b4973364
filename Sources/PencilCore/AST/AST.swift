/// The syntax tree. It mirrors the source closely and keeps a range on every
/// node; nothing is resolved here. Parts that failed to parse are `nil` or
/// `.invalid`, and statements that needed recovery are marked `recovered`
/// so later phases do not pile further errors onto them.

struct Identifier: Equatable, Sendable {
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
enum Expr: Equatable, Sendable {
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
  /// `A + B`, `A < B`, `A && B`, `A ..< B`, …
  indirect case binary(BinaryOperator, Expr, Expr, SourceRange)
  /// `-A` where A is not a literal (`-3` is the literal -3).
  indirect case negate(Expr, SourceRange)
  /// `!A`.
  indirect case not(Expr, SourceRange)
  /// `at X, Y` or `size W x H` where a part is not a literal
  /// (`at 3,4` and `size 3x4` stay `.point` and `.size`).
  indirect case pair(Expr, Expr, PairKind, SourceRange)
  /// `[A, B, C]`.
  case list([Expr], SourceRange)
  /// `LIST[INDEX]`.
  indirect case index(Expr, Expr, SourceRange)
  /// `"text \(expression) text"`.
  case interpolated([InterpolationPart], SourceRange)
  /// The value of `color NAME light=A dark=B` (both the same for
  /// `color NAME = A`): the compilation's appearance picks one.
  indirect case colorSet(light: Expr, dark: Expr, SourceRange)
  case invalid(SourceRange)

  var range: SourceRange {
    switch self {
    case .number(_, let r), .size(_, _, let r), .point(_, _, let r), .string(_, let r), .hexColor(_, let r),
      .dotName(_, let r), .call(_, _, let r), .member(_, _, _, let r), .binary(_, _, _, let r), .negate(_, let r),
      .not(_, let r), .pair(_, _, _, let r), .list(_, let r), .index(_, _, let r), .interpolated(_, let r),
      .colorSet(_, _, let r), .invalid(let r):
      r
    case .name(let identifier): identifier.range
    }
  }
}

/// Binary operators, with Swift's spelling and precedence (lowest first):
/// `||`, `&&`, comparisons (which do not chain), ranges, `+ -`, `* / %`.
/// All but comparisons and ranges are left-associative.
enum BinaryOperator: String, Equatable, Sendable {
  case or = "||"
  case and = "&&"
  case less = "<"
  case greater = ">"
  case lessEqual = "<="
  case greaterEqual = ">="
  case equal = "=="
  case notEqual = "!="
  case halfOpenRange = "..<"
  case closedRange = "..."
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  case remainder = "%"

  var precedence: Int {
    switch self {
    case .or: 1
    case .and: 2
    case .less, .greater, .lessEqual, .greaterEqual, .equal, .notEqual: 3
    case .halfOpenRange, .closedRange: 4
    case .add, .subtract: 5
    case .multiply, .divide, .remainder: 6
    }
  }

  /// Comparisons and ranges take one operator at a time: `a < b < c` and
  /// `0..<3..<5` are errors, as in Swift.
  var isNonAssociative: Bool { precedence == 3 || precedence == 4 }
}

enum InterpolationPart: Equatable, Sendable {
  case text(String)
  case expression(Expr)
}

enum PairKind: Equatable, Sendable {
  case point, size
}

struct Attribute: Equatable, Sendable {
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
struct ElementStatement: Equatable, Sendable {
  var kind: Identifier
  /// `NAME:` before the kind; the statement's range starts at it.
  var name: Identifier? = nil
  /// The string of `text "…"`.
  var label: Expr?
  var attributes: [Attribute]
  /// Elements, `let`, `for` and `if` inside `{ }`.
  var children: [Statement]?
  var childrenRange: SourceRange?
  var range: SourceRange
  var recovered = false
}

struct GradientStop: Equatable, Sendable {
  var color: Expr?
  var attributes: [Attribute]
  var range: SourceRange
}

/// `gradient NAME SPACE FROM to TO { stops }`, or `gradient NAME radial
/// [center=…] [radius=…] { stops }`: then `space` is the word `radial`,
/// `from` and `to` are empty and `attributes` holds the clauses.
struct GradientStatement: Equatable, Sendable {
  var name: Identifier
  var space: Identifier
  var from: Identifier
  var to: Identifier
  var stops: [GradientStop]
  var range: SourceRange
  var recovered = false
  var attributes: [Attribute] = []

  var isRadial: Bool { space.name == "radial" }
}

/// `move P`, `line P`, `curve END control C1 C2`, `quad END control C`,
/// `close`; each point is an `at`-style pair of expressions.
struct PathCommand: Equatable, Sendable {
  var verb: Identifier
  var points: [Expr]
  var range: SourceRange
}

/// A parameter's declared type: `Number`, `Color?`, `[Color]`.
struct TypeSyntax: Equatable, Sendable {
  var name: Identifier
  var isList = false
  var isOptional = false
  var range: SourceRange
}

/// `NAME: Type = default` in a component's or shape's parameter list.
struct Parameter: Equatable, Sendable {
  var name: Identifier
  var type: TypeSyntax
  var defaultValue: Expr?
  var range: SourceRange
}

/// `shape NAME[(PARAMETERS)] { path commands, let, for, if }` in unit coordinates.
struct ShapeStatement: Equatable, Sendable {
  var name: Identifier
  var parameters: [Parameter]? = nil
  var body: [Statement]
  var range: SourceRange
  var recovered = false
}

/// `component NAME(PARAMETERS) { elements, let, for, if }`.
struct ComponentStatement: Equatable, Sendable {
  var name: Identifier
  var parameters: [Parameter]
  var body: [Statement]
  var range: SourceRange
  var recovered = false
}

/// `let NAME = VALUE`.
struct LetStatement: Equatable, Sendable {
  var name: Identifier
  var value: Expr
  var range: SourceRange
}

/// `for NAME[, INDEX] in SEQUENCE { … }`.
struct ForStatement: Equatable, Sendable {
  var variable: Identifier
  var index: Identifier?
  var sequence: Expr
  var body: [Statement]
  var range: SourceRange
}

/// One `if COND { … }` or `else if COND { … }`.
struct ConditionalBranch: Equatable, Sendable {
  var condition: Expr
  var body: [Statement]
  var range: SourceRange
}

/// `if … { … } else if … { … } else { … }`.
struct IfStatement: Equatable, Sendable {
  var branches: [ConditionalBranch]
  var elseBody: [Statement]?
  var range: SourceRange
}

/// `import "path"`.
struct ImportStatement: Equatable, Sendable {
  var path: String
  var pathRange: SourceRange
  var range: SourceRange
}

enum Statement: Equatable, Sendable {
  case gradient(GradientStatement)
  case shape(ShapeStatement)
  case component(ComponentStatement)
  case importFile(ImportStatement)
  case element(ElementStatement)
  case letBinding(LetStatement)
  case forLoop(ForStatement)
  case conditional(IfStatement)
  /// Only inside a shape's body.
  case pathCommand(PathCommand)

  var range: SourceRange {
    switch self {
    case .gradient(let s): s.range
    case .shape(let s): s.range
    case .component(let s): s.range
    case .importFile(let s): s.range
    case .element(let s): s.range
    case .letBinding(let s): s.range
    case .forLoop(let s): s.range
    case .conditional(let s): s.range
    case .pathCommand(let s): s.range
    }
  }
}

/// A whole parsed file.
struct SourceUnit: Equatable, Sendable {
  var statements: [Statement]
}
