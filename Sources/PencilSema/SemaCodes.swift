import PencilDiagnostics

/// Semantic error codes (E02xx) and checker warnings.
package enum SemaCodes {
  static let unknownColor = DiagnosticCode(
    "E0201", .error, "unknown colour",
    """
    Colours are hex (`#fa8072`), CSS names (`salmon`), Apple system colours
    with a leading dot (`.blue`, `.systemGray5`), `hsb(h, s, b)` or
    `rgb(r, g, b)`. Note that `red` (CSS, #FF0000) and `.red` (Apple,
    #FF3B30) are different colours.

        rect at 0,0 size 10x10 fill=salmn    // error
        rect at 0,0 size 10x10 fill=salmon   // ok
    """)
  static let unknownGradient = DiagnosticCode(
    "E0202", .error, "unknown gradient",
    """
    `gradient=` names a gradient defined with a `gradient` statement
    anywhere in the file.

        gradient shine hsb leading to trailing { stop b=0.4; stop b=1 }
        pencil at 0,0 size 100x400 gradient=shin    // error
        pencil at 0,0 size 100x400 gradient=shine   // ok
    """)
  static let unknownElement = DiagnosticCode(
    "E0203", .error, "unknown element",
    """
    Elements are `pencil`, `tip`, `timber`, `body`, `rect`, `roundrect`,
    `ellipse`, `circle`, `capsule`, `sector`, `hstack`, `vstack`, `zstack`, `text`,
    `spacer`, `line`, `arrow`, `path`, and the shapes and components the
    file defines.

        pencl at 0,0 size 100x400     // error
        pencil at 0,0 size 100x400    // ok
    """)
  static let duplicateDefinition = DiagnosticCode(
    "E0204", .error, "duplicate definition",
    """
    Gradient and shape names must be unique in a file; gradients and shapes
    have separate name spaces.

        gradient shine hsb leading to trailing { stop b=1 }
        gradient shine rgb top to bottom { stop red }   // error
    """)
  static let unknownAttribute = DiagnosticCode(
    "E0205", .error, "unknown attribute",
    """
    Each element takes a fixed set of attributes; the message lists them.
    Shapes take `fill=`, pencils and text take `color=`.

        rect at 0,0 size 10x10 color=red   // error
        rect at 0,0 size 10x10 fill=red    // ok
    """)
  static let repeatedAttribute = DiagnosticCode(
    "E0206", .error, "repeated attribute",
    """
    An attribute (and `at` or `size`) may appear once per element.

        rect at 0,0 size 10x10 fill=red fill=blue   // error
    """)
  static let wrongValueKind = DiagnosticCode(
    "E0207", .error, "wrong kind of value",
    """
    The value does not fit the attribute: a number where a colour belongs,
    a colour where a gradient name belongs, and so on.

        rect at 0,0 size 10x10 fill=12      // error
        rect at 0,0 size 10x10 opacity=red  // error
    """)
  static let valueOutOfRange = DiagnosticCode(
    "E0208", .error, "value out of range",
    """
    Sizes must be positive; opacity, hsb components and gradient offsets lie
    in 0…1; rgb components in 0…255.

        rect at 0,0 size 10x0 fill=red             // error
        rect at 0,0 size 10x10 fill=hsb(1.2, 1, 1)  // error
    """)
  static let positionInStack = DiagnosticCode(
    "E0209", .error, "position inside a stack",
    """
    A stack places its children itself; they take no `at`. Give the stack
    the position instead, or move the element out of the stack.

        hstack at 0,0 size 200x100 { rect at 10,10 fill=red }   // error
        hstack at 0,0 size 200x100 { rect fill=red }            // ok
    """)
  static let secondCanvas = DiagnosticCode(
    "E0210", .error, "more than one canvas",
    """
    A file has at most one `canvas` statement.

        canvas 400x300
        canvas 800x600     // error: remove one of them
    """)
  static let missingClause = DiagnosticCode(
    "E0211", .error, "missing size, position or text",
    """
    Elements at the top level need `size WxH` (their position defaults to
    0,0); `text` needs a string and `at X,Y`; `canvas` needs a size.

        pencil at 0,0                 // error
        pencil at 0,0 size 100x400    // ok
    """)
  static let unknownDirection = DiagnosticCode(
    "E0212", .error, "unknown gradient direction",
    """
    Gradient directions, and a radial gradient's `center=` when it is a
    name, are SwiftUI's unit points: top, bottom, leading, trailing, center,
    topLeading, topTrailing, bottomLeading, bottomTrailing.

        gradient g rgb left to right { stop red; stop blue }       // error
        gradient g rgb leading to trailing { stop red; stop blue } // ok
        gradient r radial center=topLeading { stop white; stop blue }  // ok
    """)
  static let unknownFont = DiagnosticCode(
    "E0213", .error, "unknown text style",
    """
    `font=` is a point size or one of SwiftUI's text styles: largeTitle,
    title, title2, title3, headline, body, callout, subheadline, footnote,
    caption, caption2.

        text "Hi" at 0,40 font=huge          // error
        text "Hi" at 0,40 font=largeTitle    // ok
        text "Hi" at 0,40 font=48            // ok: a size in points
    """)
  static let unknownKeyword = DiagnosticCode(
    "E0214", .error, "unknown option",
    """
    The attribute takes one of a few words: `align=` leading, center or
    trailing; `fillrule=` nonzero or evenodd.

        text "Hi" at 50,20 align=middle    // error
        text "Hi" at 50,20 align=center    // ok
    """)
  static let wrongArgumentCount = DiagnosticCode(
    "E0215", .error, "wrong number of arguments",
    """
    `hsb(h, s, b)` and `rgb(r, g, b)` take three arguments and an optional
    alpha; `.opacity(x)` takes one.

        rect at 0,0 size 10x10 fill=rgb(255, 0)          // error
        rect at 0,0 size 10x10 fill=rgb(255, 0, 0, 0.5)  // ok
    """)
  static let unknownFunction = DiagnosticCode(
    "E0216", .error, "unknown colour function or modifier",
    """
    The functions are hsb, rgb, min, max, abs, round, floor, ceil, sqrt,
    sin, cos, atan2, count and mix; colours have `.opacity(x)`,
    `.mix(colour, t)`, `.hue`, `.saturation`, `.brightness` and `.alpha`.

        fill=rgba(255, 0, 0, 0.5)    // error
        fill=rgb(255, 0, 0, 0.5)     // ok
    """)
  static let unknownColorSpace = DiagnosticCode(
    "E0217", .error, "unknown gradient colour space",
    """
    A linear gradient is `hsb` (stops derived from the filled colour) or
    `rgb` (stops with their own colours); a `radial` gradient has no colour
    space, and each of its stops is either.

        gradient g hsv leading to trailing { stop b=0.5 }   // error
        gradient g hsb leading to trailing { stop b=0.5 }   // ok
        gradient r radial { stop b=1.2; stop white }        // ok
    """)
  static let stopMismatch = DiagnosticCode(
    "E0218", .error, "stop does not fit the gradient",
    """
    Stops of an `hsb` gradient take `h=`, `s=`, `b=` and `offset=`; stops of
    an `rgb` gradient take a colour and `offset=`. A `radial` gradient's
    stop is either, by its form: with a colour it takes only `offset=`.

        gradient g hsb leading to trailing { stop red }       // error
        gradient g hsb leading to trailing { stop b=0.5 }     // ok
    """)
  static let emptyGradient = DiagnosticCode(
    "E0219", .error, "gradient without stops",
    """
    A gradient needs at least one `stop`.

        gradient g rgb top to bottom { }                     // error
        gradient g rgb top to bottom { stop red; stop blue } // ok
    """)
  static let malformedPath = DiagnosticCode(
    "E0220", .error, "malformed shape path",
    """
    A shape's path must start with `move` (or `arc`, which starts where
    its circle does) and must not be empty.

        shape s { line 1,1 }                                   // error
        shape s { move 0,0; line 1,1 }                         // ok
        shape s { arc 0.5,0.5 radius 0.5 from 0 to 180 }       // ok
    """)
  static let redefinesBuiltin = DiagnosticCode(
    "E0221", .error, "redefines a built-in element",
    """
    A `shape` cannot take the name of a built-in element such as `rect` or
    `pencil`; pick another name.

        shape rect { move 0,0; line 1,1; close }     // error
        shape wedge { move 0,0; line 1,1; close }    // ok
    """)
  static let unexpectedChildren = DiagnosticCode(
    "E0222", .error, "element takes no children",
    """
    Only `hstack`, `vstack` and `zstack` hold other elements in `{ }`, and
    a component whose body says where they go with `content`.

        rect at 0,0 size 50x50 { ellipse }                     // error
        zstack at 0,0 size 50x50 { rect fill=red; ellipse }    // ok
        component card { vstack padding=8 { content } }
        card at 0,0 { ellipse size 20x20 }                     // ok
    """)
  // E0223 (text inside a stack) is retired: text is a stack child since
  // layout v3. The code is not reused.

  static let divisionByZero = DiagnosticCode(
    "E0224", .error, "division by zero",
    """
    The right side of `/` or `%` is zero. Arithmetic is done when the file
    is compiled, so the value is known: change the expression.

        rect at 0,0 size 100 / 0 x 10      // error
        rect at 0,0 size 100 / 4 x 10      // ok: 25x10
    """)
  static let unusedGradient = DiagnosticCode(
    "W0002", .warning, "unused gradient",
    """
    The gradient is defined but no element uses it. Use it with
    `gradient=NAME` or remove it.

        gradient shine hsb leading to trailing { stop b=0.4; stop b=1 }
        pencil at 0,0 size 100x400                  // warning: shine is unused
        pencil at 0,0 size 100x400 gradient=shine   // uses it
    """)
  static let unusedShape = DiagnosticCode(
    "W0003", .warning, "unused shape",
    """
    The shape is defined but no element draws it. Draw it with
    `NAME at X,Y size WxH` or remove it.

        shape flag { move 0,0; line 1,0.2; line 0,1; close }   // warning alone
        flag at 0,0 size 40x40 fill=#003366                    // draws it
    """)
  static let decreasingOffsets = DiagnosticCode(
    "W0005", .warning, "gradient offsets go backwards",
    """
    A stop's offset is smaller than an earlier one. As in SVG, it is raised
    to the earlier offset, which makes a hard edge; order the stops by
    offset if that was not meant.

        gradient g rgb top to bottom { stop red offset=0.6; stop blue offset=0.2 }  // warning
        gradient g rgb top to bottom { stop red offset=0.2; stop blue offset=0.6 }  // ok
    """)

  package static let all = [
    unknownColor, unknownGradient, unknownElement, duplicateDefinition, unknownAttribute,
    repeatedAttribute, wrongValueKind, valueOutOfRange, positionInStack, secondCanvas,
    missingClause, unknownDirection, unknownFont, unknownKeyword, wrongArgumentCount,
    unknownFunction, unknownColorSpace, stopMismatch, emptyGradient, malformedPath,
    redefinesBuiltin, unexpectedChildren, unusedGradient, unusedShape,
    decreasingOffsets, divisionByZero,
  ]
}
