import PencilRaster

/// Thin strokes with `--charset blocks`. A quadrant is 2 × 4 samples, and
/// is inked when more than half dark: a one-point outline covers a
/// quarter of a quadrant or less, so by darkness alone the boxes and
/// arrows of a diagram vanish and only the arrowheads (written as
/// characters) stay. So the stroke picture (`ASCIIBackend.strokesOnly`,
/// black strokes, white fills) is read as in the ASCII charset: a quadrant
/// is inked where a stroke's centre line runs through it. The centre is
/// where the stroke's darkness peaks across it, taken at the sample where
/// it stops rising (a plateau at its last sample): a line on the border of
/// two quadrants inks the right or lower one, as a line on the border of
/// two cells is drawn in the right or lower cell with `--charset ascii`.
extension CellGrid {
  /// The least stroke darkness of a centre sample, as the line test's.
  static let minimumStrokeInk = ThinLine.minimumContrast

  /// The quadrants (the mask of `ASCIIGlyphs.quadrants`) that a stroke's
  /// centre runs through in the cell, and which of its samples are stroke
  /// ink (for the stroke's colour).
  static func strokeQuadrants(_ strokes: PixelCanvas, column: Int, row: Int) -> (mask: Int, ink: [Bool]) {
    let (width, height) = (strokes.width, strokes.height)
    let (columns, rows) = (CellClassifier.columns, CellClassifier.rows)
    let x0 = column * columns
    let y0 = row * rows
    var mask = 0
    var ink = [Bool](repeating: false, count: columns * rows)
    strokes.withPixels { pixels in
      func darkness(_ x: Int, _ y: Int) -> Double {
        guard x >= 0, x < width, y >= 0, y < height else { return 0 }
        let pixel = pixels[y * width + x]
        // Most samples are paper: opaque white, packed premultiplied.
        return pixel == 0xFFFF_FFFF ? 0 : CellGrid.darkness(pixel, invert: false)
      }
      for y in 0..<rows {
        for x in 0..<columns {
          let (px, py) = (x0 + x, y0 + y)
          let here = darkness(px, py)
          guard here >= minimumStrokeInk else { continue }
          ink[y * columns + x] = true
          // A peak across columns is a line running down; across rows, one
          // running along.
          let acrossColumns = isPeak(here) { darkness(px - $0, py) }
          let acrossRows = isPeak(here) { darkness(px, py - $0) }
          if acrossColumns || acrossRows { mask |= 1 << (x / 2 + (y >= rows / 2 ? 2 : 0)) }
        }
      }
    }
    return (mask, ink)
  }

  /// Whether a sample of darkness `here` is where a thin stroke's profile
  /// peaks, `before(k)` being the darkness k samples before it (−1: the
  /// one after): it falls after it, and rose to it within a thin stroke's
  /// width. So the end of a line running down (darkness level above it,
  /// none below) is no line running along, and a stroke too thick to be
  /// a line has no peak (its fill draws it, as with the ASCII charset).
  private static func isPeak(_ here: Double, before: (Int) -> Double) -> Bool {
    guard here > before(-1), here >= before(1) else { return false }
    return (1...ThinLine.maximumThickness).contains { before($0) < here / 2 }
  }
}
