import PencilDiagnostics

/// Codes of layout for interfaces (spacers, modifiers) and of
/// appearances (E0240–E0243).
package enum InterfaceCodes {
  static let spacerOutsideStack = DiagnosticCode(
    "E0240", .error, "spacer outside a stack",
    """
    A spacer takes the room a stack has left along its axis. At the top
    level of the file there is no stack, so there is no room to take.

        spacer                                         // error
        hstack at 0,0 size 200x40 { spacer; text "Save" }   // ok: "Save" at the trailing edge
    """)
  static let sizeAndFrame = DiagnosticCode(
    "E0241", .error, "size given twice",
    """
    `size WxH` sets an element's width and height; `width=` and `height=`
    set one of them (or make it fill the room offered with `fill`). Give
    one or the other.

        rect size 40x40 width=fill        // error
        rect width=fill height=40         // ok
    """)
  static let relativeBackground = DiagnosticCode(
    "E0242", .error, "relative gradient as a background",
    """
    An hsb gradient's stops (and a radial gradient's stops written without
    a colour) are relative to the colour of the element it fills, and a
    background fills nothing but itself. Use an rgb gradient, or a radial
    one whose stops all have colours, or a colour.

        gradient shine hsb leading to trailing { stop s=1 b=0.4; stop b=1 }
        gradient glow radial { stop white; stop white.opacity(0) }
        text "Save" background=shine      // error
        text "Save" background=glow       // ok
        text "Save" background=.blue      // ok
    """)
  static let textTooLong = DiagnosticCode(
    "E0243", .error, "text too long to lay out",
    """
    Text is measured and wrapped glyph by glyph; one text element holds at
    most 100,000 characters, so that wrapping it stays quick. Split it.

        text "…200,000 characters…" width=300   // error
    """)

  package static let appearancesDiffer = DiagnosticCode(
    "W0012", .warning, "appearances differ in more than colour",
    """
    An SVG that follows the viewer's light or dark mode holds one picture
    with two sets of colours. A value computed from an adaptive colour —
    a comparison, the colour in a string, its brightness as a length —
    can make the two pictures differ in more than colour; then the SVG is
    written in light only. Write each appearance with `--appearance`.

        color bg light=#ffffff dark=#000000
        canvas 100x100 background=bg
        if bg == #000000 { rect at 0,0 size 10x10 fill=red }   // warning in an adaptive SVG
    """)

  static let glyphReplaced = DiagnosticCode(
    "W0006", .warning, "character not in the built-in font",
    """
    Raster output draws text with pencilc's built-in font, which covers
    printable ASCII, the letters and symbols of Latin-1 and the letters of
    Latin Extended-A (U+0000–U+017F), and the punctuation – — ‘ ’ ‚ “ ” „
    • … ‹ › € −. Other characters are drawn as a box. SVG output keeps
    text as text, in the viewer's fonts, unless --text-as-paths is given.

        text "→ café" at 0,20    // warning at '→', with --check and raster output
        text "café — 20 °C" at 0,20    // ok
    """)

  package static let all = [
    spacerOutsideStack, sizeAndFrame, relativeBackground, textTooLong, appearancesDiffer, glyphReplaced,
  ]
}
