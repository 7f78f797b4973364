/// The spaces between two pieces on one line, and the statement context
/// the spacing depends on (which `=` takes spaces, which commas of a
/// position stay tight).
package struct FormatSpacing {
  let pieces: [FormatPiece]
  let bytes: [UInt8]
  /// `=` that takes a space on both sides: `let x = 1`, `color c = v`,
  /// a parameter's default; an attribute's `=` takes none.
  private(set) var spacedEquals: Set<Int> = []
  /// Commas between the two parts of a position that are written without a
  /// space (`at 20,20`): neither part holds an operator.
  private(set) var tightCommas: Set<Int> = []
  /// The `?` and `:` of `c ? a : b`, spaced on both sides (a type's `?`
  /// and a name's or parameter's `:` are written tight before).
  private(set) var conditionalMarks: Set<Int> = []

  init(pieces: [FormatPiece], bytes: [UInt8]) {
    self.pieces = pieces
    self.bytes = bytes
    findRoles()
  }

  // MARK: Spacing

  /// Whether one space goes between `previous` and `next`, both code
  /// pieces on the same output line.
  func spaced(_ previous: Int, _ next: Int) -> Bool {
    let left = pieces[previous]
    let right = pieces[next]
    guard let b = right.tokenKind else { return true }
    if conditionalMarks.contains(next) || conditionalMarks.contains(previous) { return true }
    guard let a = left.tokenKind else {
      // After a comment inside a line, a token that is written joined to
      // what it follows keeps the author's choice.
      let joining: [TokenKind] = [
        .comma, .semicolon, .colon, .question, .rightParen, .rightBracket, .dot, .leftParen, .leftBracket, .equals,
        .minus,
      ]
      return !joining.contains(b) || right.spaceBefore
    }
    switch b {
    case .comma, .semicolon, .rightParen, .rightBracket, .question: return false
    case .rightBrace: return a != .leftBrace
    case .colon: return false
    case .equals: return spacedEquals.contains(next)
    case .dot, .leftParen, .leftBracket:
      // `padding.top`, `f(x)`, `list[0]` against `text ("a")`, `stop .red`:
      // after a value the parser reads both alike but for a dotted
      // attribute name, so the input's choice is kept.
      if endsOperand(a) { return right.spaceBefore }
    case .halfOpenRange, .closedRange:
      return rangeNeedsSpaces(previous, next)
    case .minus where endsOperand(a):
      return true
    default:
      break
    }
    switch a {
    case .leftParen, .leftBracket, .dot, .not: return false
    case .equals: return spacedEquals.contains(previous)
    case .comma: return !tightCommas.contains(previous)
    case .minus: return !isUnaryMinus(previous)
    case .halfOpenRange, .closedRange:
      return rangeNeedsSpaces(previousCode(previous), previous)
    default: return true
    }
  }

  /// A range operator is written tight (`1..<n`), but not after a size
  /// literal (`1x2...3` does not lex) or before a `.` (`1....5` reads badly).
  private func rangeNeedsSpaces(_ left: Int, _ range: Int) -> Bool {
    if left >= 0, pieces[left].is(.dimension) { return true }
    let right = nextCode(range)
    guard right < pieces.count else { return false }
    return pieces[right].is(.dot) || bytes[pieces[right].start] == UInt8(ascii: ".")
  }

  func endsOperand(_ kind: TokenKind) -> Bool {
    switch kind {
    case .identifier, .number, .dimension, .hexColor, .string, .rightParen, .rightBracket, .question: true
    default: false
    }
  }

  /// A `-` that is a sign: after an operator, or written as one after a
  /// value (`0.2 -0.3`: a space before, none after), as the parser decides.
  func isUnaryMinus(_ index: Int) -> Bool {
    let previous = previousCode(index)
    guard previous >= 0, let kind = pieces[previous].tokenKind, endsOperand(kind) else { return true }
    return pieces[index].spaceBefore && !pieces[index].spaceAfter
  }

  func previousCode(_ index: Int) -> Int {
    var index = index - 1
    while index >= 0, pieces[index].isComment { index -= 1 }
    return index
  }

  func nextCode(_ index: Int) -> Int {
    var index = index + 1
    while index < pieces.count, pieces[index].isComment { index += 1 }
    return index
  }

  func word(_ index: Int) -> ArraySlice<UInt8> {
    bytes[pieces[index].start..<pieces[index].end]
  }

  // MARK: Statement context

  /// A line break after one of these continues the statement.
  package static func continues(after kind: TokenKind) -> Bool {
    switch kind {
    case .equals, .colon, .question, .comma, .plus, .minus, .star, .slash, .percent, .less, .greater, .lessEqual,
      .greaterEqual, .equalEqual, .notEqual, .and, .or, .not, .halfOpenRange, .closedRange, .dot:
      true
    default: false
    }
  }

  private struct Statement {
    var first = -1
    var count = 0
    var parens = 0
    var parameters = false
    /// The bracket depths of the `?`s of `c ? a : b` whose `:` is still
    /// to come.
    var conditionals: [Int] = []
  }

  private mutating func findRoles() {
    var levels = [Statement()]
    var previous = -1
    for index in pieces.indices where !pieces[index].isComment {
      guard let kind = pieces[index].tokenKind else { continue }
      var statement = levels[levels.count - 1]
      if startsStatement(index, previous: previous, in: statement) { statement = Statement(first: index) }
      defer { previous = index }
      switch kind {
      case .leftBrace where statement.parens == 0:
        statement.count += 1
        levels[levels.count - 1] = statement
        levels.append(Statement())
        continue
      case .rightBrace where statement.parens == 0:
        if levels.count > 1 { levels.removeLast() }
        levels[levels.count - 1].count += 1
        continue
      case .leftParen, .leftBracket, .leftBrace:
        if statement.parens == 0, kind == .leftParen, isWord(statement.first, "component", "shape") {
          statement.parameters = true
        }
        statement.parens += 1
      case .rightParen, .rightBracket, .rightBrace:
        statement.parens -= 1
        if statement.parens == 0 { statement.parameters = false }
      case .equals:
        let definition =
          statement.count == 2
          && (isWord(statement.first, "let") || (levels.count == 1 && isWord(statement.first, "color")))
        if definition || (statement.parameters && statement.parens == 1) { spacedEquals.insert(index) }
      case .question where !marksOptionalType(index, in: statement):
        conditionalMarks.insert(index)
        statement.conditionals.append(statement.parens)
      case .colon where statement.conditionals.last == statement.parens:
        conditionalMarks.insert(index)
        statement.conditionals.removeLast()
      case .comma where statement.parens == 0 && !isWord(statement.first, "for"):
        if !operatorBeside(comma: index) { tightCommas.insert(index) }
      default:
        break
      }
      statement.count += 1
      levels[levels.count - 1] = statement
    }
  }

  /// `Color?`, `[String]?` in a parameter list: a `?` that no value
  /// follows (the `?` of `c ? a : b` always has one after it).
  private func marksOptionalType(_ index: Int, in statement: Statement) -> Bool {
    guard statement.parameters else { return false }
    let next = nextCode(index)
    guard next < pieces.count, let kind = pieces[next].tokenKind else { return true }
    return kind == .comma || kind == .rightParen || kind == .equals || kind == .rightBracket
  }

  private func startsStatement(_ index: Int, previous: Int, in statement: Statement) -> Bool {
    guard statement.parens == 0 else { return false }
    guard statement.count > 0, previous >= 0, let before = pieces[previous].tokenKind else { return true }
    if before == .semicolon || before == .leftBrace { return true }
    guard lineBreak(between: previous, and: index) else { return false }
    if isWord(index, "else") { return false }
    return !FormatSpacing.continues(after: before) || (before == .minus && isUnaryMinus(previous))
  }

  func lineBreak(between first: Int, and second: Int) -> Bool {
    pieces[(first + 1)...second].contains { $0.newlinesBefore > 0 }
  }

  func isWord(_ index: Int, _ words: String...) -> Bool {
    guard index >= 0, pieces[index].is(.identifier) else { return false }
    let text = word(index)
    return words.contains { text.elementsEqual($0.utf8) }
  }
}
