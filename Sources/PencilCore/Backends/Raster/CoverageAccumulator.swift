/// Exact-area anti-aliasing in the manner of font-rs and stb_truetype v2.
/// Each line segment adds, to the cells it crosses, the signed area it
/// covers to its right within each scanline; a running sum along a row then
/// gives every pixel's exact coverage (its winding number, fractional at
/// edges). One path is accumulated at a time, in a region that is the
/// path's bounding box clipped to the canvas.
struct CoverageAccumulator {
  /// Region size in pixels.
  private(set) var width = 0
  private(set) var height = 0
  /// `(width + 2)` cells per row: a line at the right edge writes one past it.
  private var cells: [Float] = []
  private var stride = 0

  /// Prepares an all-zero region. The buffer is reused between paths and
  /// `forEachRow` leaves it zeroed, so nothing is cleared here.
  mutating func reset(width: Int, height: Int) {
    self.width = width
    self.height = height
    stride = width + 2
    let needed = stride * height
    if cells.count < needed { cells = [Float](repeating: 0, count: needed) }
  }

  /// Adds a segment in region coordinates. Parts left of the region count
  /// as if on its left edge (their coverage reaches every pixel to the
  /// right); parts right of it and above or below it change nothing.
  mutating func addLine(_ a: Point, _ b: Point) {
    // A non-finite point (from a degenerate transform) has no area to add.
    guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
    let right = Double(width)
    // Split where the segment crosses x = 0 and x = width (as parameters
    // along it, in order), so each piece can be clamped into the region.
    func crossing(_ edge: Double) -> Double {
      (a.x - edge) * (b.x - edge) < 0 ? (edge - a.x) / (b.x - a.x) : 1
    }
    let left = crossing(0)
    let rightEdge = crossing(right)
    func clamp(_ p: Point) -> Point { Point(min(max(p.x, 0), right), p.y) }
    func at(_ t: Double) -> Point { Point(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)) }
    var start = a
    let (first, second) = (min(left, rightEdge), max(left, rightEdge))
    if first < 1 {
      addClampedLine(clamp(start), clamp(at(first)))
      start = at(first)
    }
    if second < 1 {
      addClampedLine(clamp(start), clamp(at(second)))
      start = at(second)
    }
    addClampedLine(clamp(start), clamp(b))
  }

  private mutating func addClampedLine(_ p0: Point, _ p1: Point) {
    guard p0.y != p1.y else { return }
    let direction: Float = p0.y < p1.y ? 1 : -1
    var (top, bottom) = p0.y < p1.y ? (p0, p1) : (p1, p0)
    let dxdy = (bottom.x - top.x) / (bottom.y - top.y)
    let limit = Double(height)
    if top.y < 0 {
      top = Point(top.x - top.y * dxdy, 0)
    }
    if bottom.y > limit {
      bottom = Point(top.x + (limit - top.y) * dxdy, limit)
    }
    guard top.y < bottom.y else { return }
    let right = Float(width)
    var x = Float(top.x)
    let firstRow = clampedInt(top.y, 0, height)
    let lastRow = clampedInt(bottom.y.rounded(.up), firstRow, height)
    cells.withUnsafeMutableBufferPointer { cells in
      for row in firstRow..<lastRow {
        let rowStart = row * stride
        let dy = Float(min(Double(row + 1), bottom.y) - max(Double(row), top.y))
        let xNext = min(max(x + Float(dxdy) * dy, 0), right)
        let d = dy * direction
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
  }

  /// Calls `body(row, coverage)` for every row, with coverage in 0…1 per
  /// pixel after the fill rule, and zeroes the cells for the next path.
  /// `coverage` is scratch space owned by the caller, so nothing allocates.
  mutating func forEachRow(
    rule: FillRule, coverage: inout [Float], _ body: (Int, UnsafeBufferPointer<Float>) -> Void
  ) {
    if coverage.count < width { coverage = [Float](repeating: 0, count: width) }
    let width = self.width
    let stride = self.stride
    cells.withUnsafeMutableBufferPointer { cells in
      coverage.withUnsafeMutableBufferPointer { out in
        for row in 0..<height {
          let rowStart = row * stride
          var winding: Float = 0
          switch rule {
          case .nonzero:
            for column in 0..<width {
              winding += cells[rowStart + column]
              cells[rowStart + column] = 0
              out[column] = min(1, abs(winding))
            }
          case .evenodd:
            for column in 0..<width {
              winding += cells[rowStart + column]
              cells[rowStart + column] = 0
              // A triangle wave: 0 outside, 1 inside, 0 inside a hole.
              let magnitude = abs(winding)
              let folded = magnitude - 2 * (magnitude * 0.5).rounded(.down)
              out[column] = folded > 1 ? 2 - folded : folded
            }
          }
          cells[rowStart + width] = 0
          cells[rowStart + width + 1] = 0
          body(row, UnsafeBufferPointer(rebasing: out[0..<width]))
        }
      }
    }
  }
}
