/// The syntax tree. It mirrors the source closely and keeps a range on every
/// node; nothing is resolved here. Parts that failed to parse are `nil` or
/// `.invalid`, and statements that needed recovery are marked `recovered`
/// so later phases do not pile further errors onto them.

package struct Identifier: Equatable, Sendable {
  /// The name with its comparison key.
  package var key: Name
  package var range: SourceRange

  package var name: String { key.text }

  package init(name: String, range: SourceRange) {
    self.init(key: Name(name), range: range)
  }

  package init(key: Name, range: SourceRange) {
    self.range = range
    self.key = key
  }
}

/// A value on the right of `name=`, or an argument.
package enum Expr: Equatable, Sendable {
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
  /// `CONDITION ? A : B`: only the value the condition picks is evaluated.
  indirect case conditional(Expr, Expr, Expr, SourceRange)
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

  package var range: SourceRange {
    switch self {
    case .number(_, let r), .size(_, _, let r), .point(_, _, let r), .string(_, let r), .hexColor(_, let r),
      .dotName(_, let r), .call(_, _, let r), .member(_, _, _, let r), .binary(_, _, _, let r), .negate(_, let r),
      .not(_, let r), .pair(_, _, _, let r), .conditional(_, _, _, let r), .list(_, let r), .index(_, _, let r),
      .interpolated(_, let r),
      .colorSet(_, _, let r), .invalid(let r):
      r
    case .name(let identifier): identifier.range
    }
  }
}

/// Binary operators, with Swift's spelling and precedence (lowest first):
/// `||`, `&&`, comparisons (which do not chain), ranges, `+ -`, `* / %`.
/// All but comparisons and ranges are left-associative.
package enum BinaryOperator: String, Equatable, Sendable {
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

  package var precedence: Int {
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
  package var isNonAssociative: Bool { precedence == 3 || precedence == 4 }
}

package enum InterpolationPart: Equatable, Sendable {
  case text(String)
  case expression(Expr)
  /// `\(x, decimals: 1)`: a value and how to write it.
  case formatted(Expr, [FormatOption])
}

/// `NAME: VALUE` after an interpolation's value.
package struct FormatOption: Equatable, Sendable {
  package var name: Identifier
  package var value: Expr
}

package enum PairKind: Equatable, Sendable {
  case point, size
}

package struct Attribute: Equatable, Sendable {
  package var name: Identifier
  package var value: Expr

  /// From the name to the end of the value.
  package var range: SourceRange { name.range.union(value.range) }
}

/// `KIND ["label"] [WxH] clause… [{ children }]`: every drawable element,
/// stack, `text` and `canvas`. `at X,Y` and `size WxH` are kept as
/// attributes named `at` and `size` (values `.point` and `.size`) so the
/// checker treats every clause alike; a bare size right after the kind, as
/// in `canvas 400x360`, becomes a `size` attribute too. Which kinds exist is
/// decided by the checker.
package struct ElementStatement: Equatable, Sendable {
  package var kind: Identifier
  /// `NAME:` before the kind; the statement's range starts at it.
  package var name: Identifier? = nil
  /// The string of `text "…"`.
  package var label: Expr?
  package var attributes: [Attribute]
  /// Elements, `let`, `for` and `if` inside `{ }`.
  package var children: [Statement]?
  package var childrenRange: SourceRange?
  package var range: SourceRange
  package var recovered = false
}

package struct GradientStop: Equatable, Sendable {
  package var color: Expr?
  package var attributes: [Attribute]
  package var range: SourceRange
}

/// `gradient NAME SPACE FROM to TO { stops }`, or `gradient NAME radial
/// [center=…] [radius=…] { stops }`: then `space` is the word `radial`,
/// `from` and `to` are empty and `attributes` holds the clauses.
package struct GradientStatement: Equatable, Sendable {
  package var name: Identifier
  package var space: Identifier
  package var from: Identifier
  package var to: Identifier
  package var stops: [GradientStop]
  package var range: SourceRange
  package var recovered = false
  package var attributes: [Attribute] = []

  package var isRadial: Bool { space.name == "radial" }
}

/// `move P`, `line P`, `curve END control C1 C2`, `quad END control C`,
/// `close`; each point is an `at`-style pair of expressions.
package struct PathCommand: Equatable, Sendable {
  package var verb: Identifier
  package var points: [Expr]
  package var range: SourceRange
}

/// A parameter's declared type: `Number`, `Color?`, `[Color]`.
package struct TypeSyntax: Equatable, Sendable {
  package var name: Identifier
  package var isList = false
  package var isOptional = false
  package var range: SourceRange
}

/// `NAME: Type = default` in a component's or shape's parameter list.
package struct Parameter: Equatable, Sendable {
  package var name: Identifier
  package var type: TypeSyntax
  package var defaultValue: Expr?
  package var range: SourceRange
}

/// `shape NAME[(PARAMETERS)] { path commands, let, for, if }` in unit coordinates.
package struct ShapeStatement: Equatable, Sendable {
  package var name: Identifier
  package var parameters: [Parameter]? = nil
  package var body: [Statement]
  package var range: SourceRange
  package var recovered = false
}

/// `component NAME(PARAMETERS) { elements, let, for, if }`.
package struct ComponentStatement: Equatable, Sendable {
  package var name: Identifier
  package var parameters: [Parameter]
  package var body: [Statement]
  package var range: SourceRange
  package var recovered = false
}

/// `let NAME = VALUE`.
package struct LetStatement: Equatable, Sendable {
  package var name: Identifier
  package var value: Expr
  package var range: SourceRange
}

/// `for NAME[, INDEX] in SEQUENCE { … }`.
package struct ForStatement: Equatable, Sendable {
  package var variable: Identifier
  package var index: Identifier?
  package var sequence: Expr
  package var body: [Statement]
  package var range: SourceRange
}

/// One `if COND { … }` or `else if COND { … }`.
package struct ConditionalBranch: Equatable, Sendable {
  package var condition: Expr
  package var body: [Statement]
  package var range: SourceRange
}

/// `if … { … } else if … { … } else { … }`.
package struct IfStatement: Equatable, Sendable {
  package var branches: [ConditionalBranch]
  package var elseBody: [Statement]?
  package var range: SourceRange
}

/// `import "path"`.
package struct ImportStatement: Equatable, Sendable {
  package var path: String
  package var pathRange: SourceRange
  package var range: SourceRange
}

package enum Statement: Equatable, Sendable {
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

  package var range: SourceRange {
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
package struct SourceUnit: Equatable, Sendable {
  package var statements: [Statement]

  package init(statements: [Statement]) { self.statements = statements }
}
