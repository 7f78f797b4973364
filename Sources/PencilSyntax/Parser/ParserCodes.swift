/// Syntax error codes, E01xx.
package enum ParserCodes {
  package static let expectedStatement = DiagnosticCode(
    "E0101", .error, "expected a statement",
    """
    A statement starts with a name: `canvas`, `gradient`, `shape`, `text`,
    or an element such as `pencil`, `rect` or `hstack`.

        = red                           // error
        rect at 0,0 size 10x10 fill=red // ok
    """)
  package static let expectedToken = DiagnosticCode(
    "E0102", .error, "unexpected token",
    """
    The parser expected something else at this point; the message says
    what. Common causes: a missing `=` in an attribute, a missing comma in
    a position, or a missing value.

        pencil at 0 0 size 100x400      // error: expected ','
        pencil at 0,0 size 100x400      // ok
    """)
  package static let expectedValue = DiagnosticCode(
    "E0103", .error, "expected a value",
    """
    An attribute needs a value after `=`: a number, a colour, a name or a
    string.

        rect at 0,0 size 10x10 fill=    // error
        rect at 0,0 size 10x10 fill=red // ok
    """)
  package static let unclosedBlock = DiagnosticCode(
    "E0104", .error, "unclosed block",
    """
    Every `{` needs a matching `}`.

        hstack at 0,0 size 100x50 {
          rect fill=red
        // error: the '}' is missing
    """)
  package static let unexpectedClosingBrace = DiagnosticCode(
    "E0105", .error, "unexpected '}'",
    """
    A `}` appeared with no open `{` to close. Remove it, or add the `{`
    that it was meant to close.

        rect at 0,0 size 10x10 fill=red }   // error
        rect at 0,0 size 10x10 fill=red     // ok
    """)
  package static let expectedStatementEnd = DiagnosticCode(
    "E0106", .error, "expected the end of the statement",
    """
    A statement ends at the end of the line or at `;`. Anything after a
    complete statement on the same line is an error.

        canvas 100x100 200x200          // error
        canvas 100x100                  // ok
    """)
  package static let unknownPathCommand = DiagnosticCode(
    "E0107", .error, "unknown path command",
    """
    A `shape` block holds the commands `move X,Y`, `line X,Y`,
    `curve X,Y control X1,Y1 X2,Y2`, `quad X,Y control X1,Y1`,
    `arc X,Y radius R from A to B` and `close`.

        shape arrow { move 0,0; lineto 1,1 }   // error
        shape arrow { move 0,0; line 1,1 }     // ok
    """)
  package static let definitionNotAtTopLevel = DiagnosticCode(
    "E0108", .error, "definition inside a block",
    """
    `canvas`, `gradient` and `shape` are allowed only at the top level of a
    file, never inside a stack. Most often the stack's `}` is missing.

        hstack at 0,0 size 100x50 {
          rect fill=red
        gradient g rgb top to bottom { stop red }   // error: close the hstack first
    """)

  package static let nestedTooDeeply = DiagnosticCode(
    "E0109", .error, "nested too deeply",
    """
    Blocks `{ }`, argument lists `( )` and `.opacity()` chains may nest at
    most 64 deep. The limit keeps a malformed or generated file from
    exhausting the compiler's stack; real scenes stay far below it.

        zstack at 0,0 size 10x10 { zstack { zstack { … 65 levels … } } }   // error
    """)

  package static let all = [
    expectedStatement, expectedToken, expectedValue, unclosedBlock, unexpectedClosingBrace,
    expectedStatementEnd, unknownPathCommand, definitionNotAtTopLevel, nestedTooDeeply,
  ]
}
