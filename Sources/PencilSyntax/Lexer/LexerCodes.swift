/// Lexical error codes, E00xx.
package enum LexerCodes {
  package static let unexpectedCharacter = DiagnosticCode(
    "E0001", .error, "unexpected character",
    """
    The character cannot start any token of the language. Attributes are
    written `name=value`, positions `at X,Y`, sizes `size WxH`.

        pencil color: red      // error: ':' is not part of the language
        pencil color=red       // ok
    """)
  package static let unterminatedString = DiagnosticCode(
    "E0002", .error, "unterminated string",
    """
    A string must end with `"` on the line where it starts. Use `\\n` for a
    line break inside a string.

        text "Hello at 0,20     // error
        text "Hello" at 0,20    // ok
    """)
  package static let invalidEscape = DiagnosticCode(
    "E0003", .error, "invalid escape sequence",
    """
    Strings know the escapes `\\"`, `\\\\`, `\\n` and `\\t`.

        text "C:\\temp" at 0,20     // error: \\t is fine, but \\q is not
        text "a \\"quote\\"" at 0,20  // ok
    """)
  package static let unterminatedComment = DiagnosticCode(
    "E0004", .error, "unterminated block comment",
    """
    A `/*` comment needs a closing `*/`. Block comments do not nest.

        /* draft
        pencil at 0,0 size 10x40     // everything to the end is a comment
    """)
  package static let invalidNumber = DiagnosticCode(
    "E0005", .error, "invalid number",
    """
    Numbers are decimal, like `12`, `0.5`, `.5` or `-3`. There are no units
    and no exponents: every length is in points. A number is 0 or has a
    magnitude from 0.0001 (the finest step any output prints) to
    1000000000; any number of digits may be written, and the value is the
    correctly rounded one.

        rect at 0,0 size 10x10 radius=4px   // error
        rect at 0,0 size 10x10 radius=4     // ok (roundrect takes radius)
        ellipse size 1x0.00001              // error: too small to be seen
    """)
  package static let invalidHexDigit = DiagnosticCode(
    "E0006", .error, "invalid hex colour digit",
    """
    A hex colour holds only the digits 0-9 and a-f (either case).

        rect fill=#ggg      // error
        rect fill=#eee      // ok
    """)
  package static let invalidHexLength = DiagnosticCode(
    "E0007", .error, "hex colour has the wrong number of digits",
    """
    Hex colours have 3 (`#rgb`), 4 (`#rgba`), 6 (`#rrggbb`) or 8
    (`#rrggbbaa`) digits.

        rect fill=#fa807     // error: 5 digits
        rect fill=#fa8072    // ok
    """)
  package static let incompleteSize = DiagnosticCode(
    "E0008", .error, "incomplete size",
    """
    A size is written `WIDTHxHEIGHT` with no spaces, like `100x400`.

        pencil at 0,0 size 100x     // error
        pencil at 0,0 size 100x400  // ok
    """)
  package static let invalidUTF8 = DiagnosticCode(
    "E0009", .error, "invalid UTF-8",
    """
    Source files must be UTF-8. Re-save the file as UTF-8; a byte such as
    0xE9 on its own is Latin-1's "é", which UTF-8 writes as two bytes.

        text "café" at 0,20    // error when the file was saved as Latin-1 (é as byte 0xE9)
        text "café" at 0,20    // ok once the file is saved as UTF-8
    """)

  package static let nameTooLong = DiagnosticCode(
    "E0010", .error, "name too long",
    """
    Names (of elements, attributes, colours, gradients and shapes) are at
    most 255 bytes long. A longer one is almost certainly text that lost
    its quotes or its spaces.

        shape aaaa…(300 letters) { move 0,0; line 1,1; close }   // error
        shape petal { move 0,0; line 1,1; close }                // ok
    """)

  package static let all = [
    unexpectedCharacter, unterminatedString, invalidEscape, unterminatedComment,
    invalidNumber, invalidHexDigit, invalidHexLength, incompleteSize, invalidUTF8, nameTooLong,
  ]
}
