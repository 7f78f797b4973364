/// A value on the right of `name=`, or an argument: a view of one node of
/// a statement's shared.tree. `form` says what it is, as the checker matches it;
/// `range` is where diagnostics point (a member's or an index's range
/// starts where its base's does, so `(a).b` starts at `a`; a binary's runs
/// from its left operand's start to its right one's end).
package struct Expr: Sendable {
  package let shared: SharedSyntaxTree
  package let id: UInt32
  let made: Made

  enum Made: Sendable {
    /// The node itself.
    case node
    /// A value the parser did not find (`name=` with nothing after it).
    case invalid(SourceRange)
    /// The value of the `color NAME …` statement node `id`.
    case colorSet
  }

  /// The value at `id`; parentheses are seen through.
  package init(_ shared: SharedSyntaxTree, _ id: UInt32) {
    var id = id
    var made = Made.node
    while shared.kind(id) == .parenthesized {
      guard let inner = shared.firstChild(id) else {
        made = .invalid(shared.range(id))
        break
      }
      id = inner
    }
    self.shared = shared
    self.id = id
    self.made = made
  }

  init(_ shared: SharedSyntaxTree, _ id: UInt32, made: Made) {
    self.shared = shared
    self.id = id
    self.made = made
  }

  /// Whether both are the same value of the same statement (the two
  /// parts of `color NAME = A` are).
  package func isSameNode(as other: Expr) -> Bool {
    switch (made, other.made) {
    case (.node, .node), (.colorSet, .colorSet): shared === other.shared && id == other.id
    case (.invalid(let a), .invalid(let b)): a == b
    default: false
    }
  }

  /// A missing value at `range`.
  package static func invalid(_ range: SourceRange) -> Expr {
    Expr(.empty, 0, made: .invalid(range))
  }

  package var range: SourceRange {
    switch made {
    case .invalid(let range): return range
    case .colorSet: return colorSetParts?.range ?? shared.range(id)
    case .node: return shared.valueRange(id)
    }
  }

  /// The name this value is, when it is a bare name (`salmon`, `shine`):
  /// what the checker asks most, without the rest of `form`.
  package var asName: Identifier? {
    guard case .node = made, shared.kind(id) == .name else { return nil }
    return shared.identifier(Int(shared.node(id).firstToken))
  }

  /// The number this value is written as, when it is one (`3`, `-3`):
  /// what `form` gives as `.number`, without the rest of `form`.
  package var asNumber: Double? {
    guard case .node = made else { return nil }
    return shared.numberValue(id)
  }

  /// The node's kind, for the checker's quick tests before `form`; nil
  /// for a value that is no node of its own (missing, or a colour set).
  package var nodeKind: SyntaxKind? {
    guard case .node = made else { return nil }
    return shared.kind(id)
  }

  /// `A op B`, when this value is a binary with both operands and its
  /// operator: what `form` gives as `.binary`, without the rest of `form`.
  package var asBinary: (BinaryOperator, Expr, Expr)? {
    guard case .node = made, shared.kind(id) == .binary, let (left, right) = shared.twoExpressions(id),
      let op = shared.binaryOperator(id)
    else { return nil }
    return (op, Expr(shared, left), Expr(shared, right))
  }

  /// The expression children of `node`, in order.
  func expressions(in node: UInt32) -> ExprList {
    ExprList(shared.children(node) { _, child in shared.kind(child).isExpression })
  }

  /// The operator of a binary node.
  private var binaryOperator: BinaryOperator? { shared.binaryOperator(id) }

  /// The arguments of a call or a member: its `argumentList` child's items.
  private var arguments: ExprList? {
    shared.firstChild(id, .argumentList).map { expressions(in: $0) }
  }

  package var form: ExprForm {
    switch made {
    case .invalid(let range): return .invalid(range)
    case .colorSet:
      guard let parts = colorSetParts else { return .invalid(shared.range(id)) }
      return .colorSet(light: parts.light, dark: parts.dark, parts.range)
    case .node: break
    }
    let node = shared.node(id)
    let first = Int(node.firstToken)
    // A leaf's, a call's or a list's value range is its own range (read
    // from the table when the tree has one); member, index, binary,
    // prefix and pair read theirs below.
    let range = shared.hasFacts ? shared.valueRange(id) : shared.range(id)
    switch node.kind {
    case .numberLiteral:
      return .number(shared.literal(id)?.first ?? 0, range)
    case .sizeLiteral:
      let value = shared.literal(id)
      return .size(width: value?.first ?? 0, height: value?.second ?? 0, range)
    case .stringLiteral:
      return .string(shared.literal(id).map { shared.tree.strings[Int($0.first)] } ?? "", range)
    case .interpolatedString:
      guard let parts = shared.interpolation(id) else { return .invalid(range) }
      return .interpolated(parts, range)
    case .hexColorLiteral:
      let value = shared.literal(id)?.first ?? -1
      // The lexer stores a whole 32-bit value (or -1): the conversion is exact.
      return .hexColor(value < 0 ? nil : UInt32(value), range)
    case .name:
      return .name(shared.identifier(first))
    case .dotName:
      // `.` and the name: the node's two tokens.
      guard first + 1 < Int(node.endToken) else { return .invalid(range) }
      return .dotName(shared.identifier(first + 1), range)
    case .call:
      return .call(shared.identifier(first), arguments ?? ExprList.empty, range)
    case .member:
      // The base, then `.` and the name right after it.
      guard let base = shared.firstChild(id), Int(shared.node(base).endToken) + 1 < Int(node.endToken) else {
        return .invalid(shared.range(id))
      }
      return .member(
        Expr(shared, base), shared.identifier(Int(shared.node(base).endToken) + 1), arguments: arguments,
        shared.valueRange(id))
    case .index:
      guard let (base, index) = shared.twoExpressions(id) else { return .invalid(shared.range(id)) }
      return .index(Expr(shared, base), Expr(shared, index), shared.valueRange(id))
    case .binary:
      guard let (left, right) = shared.twoExpressions(id), let op = binaryOperator else {
        return .invalid(shared.range(id))
      }
      return .binary(op, Expr(shared, left), Expr(shared, right), shared.valueRange(id))
    case .prefix:
      guard let child = shared.firstChild(id) else { return .invalid(shared.range(id)) }
      let whole = shared.valueRange(id)
      if shared.tree.tokens[first].kind == .not { return .not(Expr(shared, child), whole) }
      if let value = shared.numberValue(child) { return .number(-value, whole) }
      return .negate(Expr(shared, child), whole)
    case .pair:
      return pair(shared.range(id))
    case .list:
      return .list(expressions(in: id), range)
    default:
      return .invalid(range)
    }
  }

  /// `X, Y` or `W x H`: a point or a size when both parts are numbers.
  private func pair(_ range: SourceRange) -> ExprForm {
    let slots = shared.childSlots(id)
    if slots.count == 2, shared.kind(shared.childIDs[slots.lowerBound]) == .numberLiteral,
      shared.kind(shared.childIDs[slots.lowerBound + 1]) == .numberLiteral
    {
      // `at 3,4`, `size 3x4`: two literals, the node's own range.
      let first = shared.childIDs[slots.lowerBound]
      let x = shared.literal(first)?.first ?? 0
      let second = shared.childIDs[slots.lowerBound + 1]
      let y = shared.literal(second)?.first ?? 0
      let isPoint = shared.tree.tokens[Int(shared.node(first).endToken)].kind == .comma
      return isPoint ? .point(x: x, y: y, range) : .size(width: x, height: y, range)
    }
    guard let (first, second) = shared.twoExpressions(id), let x = shared.firstChild(id) else {
      return .invalid(range)
    }
    // The token after the first part says which.
    let kind: PairKind = shared.tree.tokens[Int(shared.node(x).endToken)].kind == .comma ? .point : .size
    let whole = shared.valueRange(id)
    guard let a = shared.numberValue(first), let b = shared.numberValue(second) else {
      return .pair(Expr(shared, first), Expr(shared, second), kind, whole)
    }
    return kind == .point ? .point(x: a, y: b, whole) : .size(width: a, height: b, whole)
  }

  /// A colour set's two values: `color NAME = A` (both A, A's range) or
  /// `color NAME light=A dark=B` (the statement's range).
  private var colorSetParts: (light: Expr, dark: Expr, range: SourceRange)? {
    guard let last = shared.lastChild(id) else { return nil }
    guard shared.kind(last) == .attribute else {
      let value = Expr(shared, last)
      return (value, value, value.range)
    }
    var light: Expr? = nil
    var dark: Expr? = nil
    for slot in shared.childSlots(id) {
      let part = Attribute(shared, shared.childIDs[slot])
      if part.name.name == "light" { light = part.value } else { dark = part.value }
    }
    guard let light, let dark else { return nil }
    return (light, dark, shared.statementRange(id))
  }
}

/// What a value is, with its parts as views.
package enum ExprForm: Sendable {
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
  case call(Identifier, ExprList, SourceRange)
  /// `BASE.opacity(0.3)`; `arguments` is nil when there are no parentheses.
  case member(Expr, Identifier, arguments: ExprList?, SourceRange)
  /// `A + B`, `A < B`, `A && B`, `A ..< B`, …
  case binary(BinaryOperator, Expr, Expr, SourceRange)
  /// `-A` where A is not a literal (`-3` is the literal -3).
  case negate(Expr, SourceRange)
  /// `!A`.
  case not(Expr, SourceRange)
  /// `at X, Y` or `size W x H` where a part is not a literal
  /// (`at 3,4` and `size 3x4` are `.point` and `.size`).
  case pair(Expr, Expr, PairKind, SourceRange)
  /// `[A, B, C]`.
  case list(ExprList, SourceRange)
  /// `LIST[INDEX]`.
  case index(Expr, Expr, SourceRange)
  /// `"text \(expression) text"`.
  case interpolated([InterpolationPart], SourceRange)
  /// The value of `color NAME light=A dark=B` (both the same for
  /// `color NAME = A`): the compilation's appearance picks one.
  case colorSet(light: Expr, dark: Expr, SourceRange)
  case invalid(SourceRange)
}

/// Values in order: the items of a list, a call's arguments, a path
/// command's points.
package struct ExprList: RandomAccessCollection, Sendable {
  let nodes: NodeList

  init(_ nodes: NodeList) { self.nodes = nodes }

  package static let empty = ExprList(NodeList(.empty, start: 0, count: 0))

  package var startIndex: Int { 0 }
  package var endIndex: Int { nodes.endIndex }
  package subscript(position: Int) -> Expr { Expr(nodes.shared, nodes[position]) }
}

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

package enum InterpolationPart: Sendable {
  case text(String)
  case expression(Expr)
}

package enum PairKind: Equatable, Sendable {
  case point, size
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
