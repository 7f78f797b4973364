/// The coverage of a clip (and the clips around it) over the pixels it
/// can reach: each row of a clipped item's coverage is multiplied by it,
/// so a clipped edge is anti-aliased as exactly as a filled one (the
/// product of coverages, as resvg and Cairo combine masks).
struct ClipMask {
  let clip: ClipIR
  /// The region in device pixels; nothing outside it is drawn.
  let x0: Int
  let y0: Int
  let width: Int
  let height: Int
  /// Row by row, `width` values per row.
  var values: [Float]

  /// `coverage` (a row starting at device column `x`, device row `y`)
  /// times the mask, into `out`.
  func apply(row y: Int, from x: Int, _ coverage: UnsafeBufferPointer<Float>, into out: inout [Float]) {
    if out.count < coverage.count { out = [Float](repeating: 0, count: coverage.count) }
    guard y >= y0, y < y0 + height else {
      for index in 0..<coverage.count { out[index] = 0 }
      return
    }
    let start = (y - y0) * width
    values.withUnsafeBufferPointer { mask in
      for index in 0..<coverage.count {
        let column = x + index - x0
        out[index] = column >= 0 && column < width ? coverage[index] * mask[start + column] : 0
      }
    }
  }
}
