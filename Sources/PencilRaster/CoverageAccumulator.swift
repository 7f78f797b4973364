import PencilGeometry
import PencilSupport

/// Exact-area anti-aliasing in the manner of font-rs and stb_truetype v2.
/// Each line segment adds, to the cells it crosses, the signed area it
/// covers to its right within each scanline; a running sum along a row then
/// gives every pixel's exact coverage (its winding number, fractional at
/// edges). One outline (an `EdgeList`) is accumulated at a time, and only
/// the rows of one band: the buffer is a band high and the outline's
/// region wide, so it stays in cache however large the canvas.
struct CoverageAccumulator {
  /// `(width + 2)` cells per row: a line at the right edge writes one past
  /// it. All zero between outlines (`forEachRow` clears what it reads).
  private var cells: [Float] = []

  /// Accumulates region rows `rows` of `list` (rows of one band) and calls
  /// `body(row, coverage)` for each, with coverage in 0…1 per pixel after
  /// the fill rule. `coverage` is scratch space owned by the caller.
  mutating func accumulate(
    _ list: EdgeList, _ view: EdgeView, rows: Range<Int>, coverage: inout [Float],
    _ body: (Int, UnsafeBufferPointer<Float>) -> Void
  ) {
    guard !rows.isEmpty else { return }
    let width = list.width
    let stride = width + 2
    let needed = stride * rows.count
    if cells.count < needed { cells = [Float](repeating: 0, count: needed) }
    if coverage.count < width + 8 { coverage = [Float](repeating: 0, count: width + 8) }
    cells.withUnsafeMutableBufferPointer { cells in
      for index in list.edges {
        let edge = view.edges[index]
        if edge.firstRow < rows.upperBound && edge.lastRow > rows.lowerBound {
          CoverageAccumulator.add(edge, of: list, view, rows: rows, stride: stride, into: cells)
        }
      }
      coverage.withUnsafeMutableBufferPointer { out in
        for row in rows {
          let rowCells = UnsafeMutableBufferPointer(rebasing: cells[((row - rows.lowerBound) * stride)...])
          CoverageAccumulator.sum(rowCells, width: width, rule: list.rule, into: out)
          body(row, UnsafeBufferPointer(rebasing: out[0..<width]))
        }
      }
    }
  }

  /// The cells of one edge within `rows`, stepped exactly as a single pass
  /// over the whole region would step them.
  @inline(__always) private static func add(
    _ edge: EdgeList.Edge, of list: EdgeList, _ view: EdgeView, rows: Range<Int>, stride: Int,
    into cells: UnsafeMutableBufferPointer<Float>
  ) {
    let width = list.width
    let right = Float(width)
    let first = max(edge.firstRow, rows.lowerBound)
    var x = view.startX(of: edge, in: list, atRow: first)
    let d0 = edge.direction
    for row in first..<min(edge.lastRow, rows.upperBound) {
      let rowStart = (row - rows.lowerBound) * stride
      let (dy, xNext) = EdgeList.step(x, edge, row: row, right: right)
      let d = dy * d0
      let (x0, x1) = x < xNext ? (x, xNext) : (xNext, x)
      let x0Floor = x0.rounded(.down)
      let x0i = clampedInt(x0Floor, 0, width)
      let x1Ceil = x1.rounded(.up)
      let x1i = clampedInt(x1Ceil, x0i, width + 1)
      if x1i <= x0i + 1 {
        // The segment stays within one pixel column in this row.
        let middle = 0.5 * (x + xNext) - x0Floor
        cells[rowStart + x0i] += d - d * middle
        cells[rowStart + x0i + 1] += d * middle
      } else {
        let s = 1 / (x1 - x0)
        let x0f = x0 - x0Floor
        let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
        let x1f = x1 - x1Ceil + 1
        let am = 0.5 * s * x1f * x1f
        cells[rowStart + x0i] += d * a0
        if x1i == x0i + 2 {
          cells[rowStart + x0i + 1] += d * (1 - a0 - am)
        } else {
          let a1 = s * (1.5 - x0f)
          cells[rowStart + x0i + 1] += d * (a1 - a0)
          for column in (x0i + 2)..<(x1i - 1) { cells[rowStart + column] += d * s }
          let a2 = a1 + Float(x1i - x0i - 3) * s
          cells[rowStart + x1i - 1] += d * (1 - a2 - am)
        }
        cells[rowStart + x1i] += d * am
      }
      x = xNext
    }
  }

  /// The running sum of one row of cells into `out`, clearing the cells.
  /// Eight cells at a time are checked for all zero: most of a large
  /// shape's row is, and there the sum and the coverage stay as they are
  /// (adding zero changes no sum but the sign of a zero, which the
  /// coverage, a magnitude, ignores), so the run is written in bulk.
  @inline(__always) private static func sum(
    _ cells: UnsafeMutableBufferPointer<Float>, width: Int, rule: FillRule, into out: UnsafeMutableBufferPointer<Float>
  ) {
    guard let raw = UnsafeMutableRawPointer(cells.baseAddress), let target = UnsafeMutableRawPointer(out.baseAddress)
    else { return }
    var winding: Float = 0
    var current = coverage(0, rule)
    var column = 0
    while column < width {
      if column + 8 <= width {
        let chunk = raw.loadUnaligned(fromByteOffset: column * 4, as: SIMD8<Float>.self)
        if chunk == SIMD8(repeating: 0) {
          target.storeBytes(of: SIMD8(repeating: current), toByteOffset: column * 4, as: SIMD8<Float>.self)
          column += 8
          continue
        }
      }
      let end = min(column + 8, width)
      while column < end {
        winding += cells[column]
        cells[column] = 0
        current = coverage(winding, rule)
        out[column] = current
        column += 1
      }
    }
    cells[width] = 0
    cells[width + 1] = 0
  }

  /// Coverage from a winding number: nonzero clamps its magnitude to 1;
  /// even-odd folds it into a triangle wave (0 outside, 1 inside, 0 inside a hole).
  @inline(__always) private static func coverage(_ winding: Float, _ rule: FillRule) -> Float {
    switch rule {
    case .nonzero:
      return min(1, abs(winding))
    case .evenodd:
      let magnitude = abs(winding)
      let folded = magnitude - 2 * (magnitude * 0.5).rounded(.down)
      return folded > 1 ? 2 - folded : folded
    }
  }
}
