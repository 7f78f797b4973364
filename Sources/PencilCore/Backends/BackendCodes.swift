/// Diagnostics raised while rendering, E03xx and W0007 (W0006, a character
/// the built-in font lacks, is found by the checker: see InterfaceCodes).
enum BackendCodes {
  static let pictureTooLarge = DiagnosticCode(
    "E0301", .error, "picture too large to rasterize",
    """
    Raster output (PPM, PNG, ASCII) is refused above 100 megapixels, or
    above 100,000 pixels on a side, so a typo in a size cannot exhaust the
    machine's memory. Reduce the canvas or --scale.

        canvas 20000x20000    // error for -f png: 400 megapixels
    """)
  static let emptyPicture = DiagnosticCode(
    "E0302", .error, "picture has no pixels",
    """
    The picture is empty (0 pixels wide or high): the file draws nothing and
    has no canvas. Add a canvas or an element. Every output format reports
    it (an SVG of no size would show nothing); `--check` does not, since it
    writes no picture.

        // a file with only comments, compiled to any format  → error
        canvas 100x100                                     // ok: an empty, transparent picture
    """)
  static let characterReplaced = DiagnosticCode(
    "W0007", .warning, "character not in the text charset",
    """
    The ASCII backend writes text elements as their own characters. With
    --charset ascii only 7-bit printable characters can be shown; with
    --charset blocks, characters one column wide. Others are written as
    '?'.

        text "naïve" at 0,20   // warning with -f ascii: written as "na?ve";
                               // fine with -f ascii --charset blocks
    """)

  static let all = [pictureTooLarge, emptyPicture, characterReplaced]
}
