/// What a node of the syntax tree is. The tree is a syntax tree, not the
/// checker's: `-3` is a `prefix` node over a number, `(x)` keeps its
/// parentheses, and a statement that failed to parse is still its kind,
/// with an `error` node around the tokens recovery skipped.
package enum SyntaxKind: UInt8, Sendable {
  /// The whole file: its statements, the separators between them, and
  /// the end-of-file token (which carries the trailing trivia).
  case sourceFile
  /// Tokens skipped by error recovery (already reported).
  case error

  // Statements.
  /// `[NAME:] KIND [label] [WxH] clause… [block]`.
  case element
  /// `name=value`, `at X,Y`, `size WxH`, `from`/`to`, `padding.top=…`;
  /// also a radial gradient's clauses, a stop's and a colour set's parts.
  case attribute
  /// `{ statements }` of an element, a loop, a branch, a shape or a component.
  case block
  case letBinding
  /// `color NAME = A` or `color NAME light=A dark=B`.
  case colorSet
  case forLoop
  /// `if … { } else if … { } else { }`: branches, then the else block.
  case ifStatement
  /// `if COND { … }` (or the `if COND { … }` after an `else`).
  case conditionalBranch
  case gradient
  case gradientStop
  case shape
  case component
  case parameterList
  case parameter
  case typeAnnotation
  case importFile
  case pathCommand

  // Expressions.
  case numberLiteral
  /// A `WxH` size token.
  case sizeLiteral
  case stringLiteral
  /// A string token with `\(…)` in it; the parts are parsed by the
  /// parser from the token's bytes, and are not nodes of this tree.
  case interpolatedString
  case hexColorLiteral
  case name
  /// `.blue`.
  case dotName
  /// `NAME(arguments)`: the name token and an `argumentList`.
  case call
  /// `( value, … )` of a call or a modifier.
  case argumentList
  /// `VALUE.NAME[(arguments)]`.
  case member
  /// `VALUE[INDEX]`.
  case index
  /// `A op B`.
  case binary
  /// `-A` and `!A`.
  case prefix
  /// `X, Y` of a position or `W x H` of a spaced size.
  case pair
  case list
  case parenthesized
  /// A token the lexer reported, standing where a value goes.
  case invalidValue
  /// `CONDITION ? A : B` (added last, so the earlier kinds keep their
  /// numbers).
  case conditional
  /// `VALUE, NAME: OPTION, …` of an interpolation, `\(x, decimals: 1)`:
  /// the value, then a `formatOption` each.
  case interpolationFormat
  /// `NAME: OPTION` of an `interpolationFormat`.
  case formatOption

  /// A value's node; an interpolation's format is one (its value
  /// formatted), its options are not.
  package var isExpression: Bool { rawValue >= SyntaxKind.numberLiteral.rawValue && self != .formatOption }
}

/// What a piece of trivia is: the bytes between tokens that the parser
/// does not see.
package enum TriviaKind: UInt8, Sendable {
  /// Spaces and tabs.
  case whitespace
  /// Line-break bytes that end no statement: blank lines, a line break
  /// right after another, the CR of a CRLF.
  case newline
  case lineComment
  /// `/* … */`, or to the end of the file when it is not closed.
  case blockComment
}
