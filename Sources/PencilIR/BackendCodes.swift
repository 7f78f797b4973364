import PencilDiagnostics

/// Diagnostics raised while rendering, E03xx and W0007 (W0006, a character
/// the built-in font lacks, is found by the checker: see InterfaceCodes).
/// Defined here, not in the backend targets, because the catalogue
/// (`DiagnosticCode.all`: `pencilc explain`, the SARIF rules) is assembled
/// in the core, and SVG and the raster formats share E0302.
package enum BackendCodes {
  package static let pictureTooLarge = DiagnosticCode(
    "E0301", .error, "picture too large to rasterize",
    """
    Raster output (PPM, PNG, ASCII) is refused above 100 megapixels, or
    above 100,000 pixels on a side, so a typo in a size cannot exhaust the
    machine's memory. Reduce the canvas or --scale.

        canvas 20000x20000    // error for -f png: 400 megapixels
    """)
  package static let emptyPicture = DiagnosticCode(
    "E0302", .error, "picture has no pixels",
    """
    The picture is empty (0 pixels wide or high): the file draws nothing and
    has no canvas. Add a canvas or an element. Every output format reports
    it (an SVG of no size would show nothing); `--check` does not, since it
    writes no picture.

        // a file with only comments, compiled to any format  → error
        canvas 100x100                                     // ok: an empty, transparent picture
    """)
  package static let tooMuchRasterWork = DiagnosticCode(
    "E0303", .error, "too much to rasterize",
    """
    Raster output (PPM, PNG, ASCII) adds up, before drawing, the pixels each
    element can cover (its bounding box on the canvas), and refuses a
    picture whose elements cover more than 2,000,000,000 pixels in all:
    twenty coats of the largest picture. So a short loop cannot keep the
    machine busy for hours. Draw fewer or smaller elements, or raise the
    limit with `--max-raster-work N` (the SVG output has no such cost).

        canvas 1000x1000
        for i in 0..<2001 { rect at 0,0 size 1000x1000 fill=red }   // error for -f png
    """)
  package static let characterReplaced = DiagnosticCode(
    "W0007", .warning, "character not in the text charset",
    """
    The ASCII backend writes text elements as their own characters. With
    --charset ascii only 7-bit printable characters can be shown; with
    --charset blocks, characters one column wide. Others are written as
    '?'.

        text "naïve" at 0,20   // warning with -f ascii: written as "na?ve";
                               // fine with -f ascii --charset blocks
    """)

  package static let all = [pictureTooLarge, emptyPicture, tooMuchRasterWork, characterReplaced]
}
