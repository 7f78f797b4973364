/// The coverage of a clip (and the clips around it) over the pixels an
/// item can reach: each row of a clipped item's coverage is multiplied by
/// it, so a clipped edge is anti-aliased as exactly as a filled one (the
/// product of coverages, as resvg and Cairo combine masks).
/// This is the shared, read-only part: the region and the flattened
/// clips. Each band computes its own rows of it (`ClipMask.Rows`).
struct ClipMask {
  /// The region in device pixels; nothing outside it is drawn.
  let x0: Int
  let y0: Int
  let width: Int
  let height: Int
  /// Each clip of the chain over the region, innermost first (nil: it
  /// covers none of the region).
  let nodes: [EdgeList?]
  let store: EdgeStore

  /// The mask over some device rows of its region.
  struct Rows {
    /// Which mask (its number in the render) and band these are of.
    var mask = -1
    var band = -1
    /// Device rows held; empty when the band misses the region.
    var rows: Range<Int> = 0..<0
    var x0 = 0
    var width = 0
    var values: [Float] = []

    /// `coverage` (a row starting at device column `x`, device row `y`
    /// within `rows`) times the mask, into `out`.
    func apply(row y: Int, from x: Int, _ coverage: UnsafeBufferPointer<Float>, into out: inout [Float]) {
      if out.count < coverage.count { out = [Float](repeating: 0, count: coverage.count) }
      let start = (y - rows.lowerBound) * width
      values.withUnsafeBufferPointer { mask in
        for index in 0..<coverage.count {
          let column = x + index - x0
          out[index] = column >= 0 && column < width ? coverage[index] * mask[start + column] : 0
        }
      }
    }
  }

  /// Fills `target` with this mask (number `index`) over the device rows
  /// `band`: 1 times each clip's coverage in turn, as the whole region
  /// would get them.
  func rows(
    _ band: Range<Int>, index: Int, bandIndex: Int, into target: inout Rows, accumulator: inout CoverageAccumulator,
    coverage: inout [Float], scratch: inout [Float]
  ) {
    let rows = max(band.lowerBound, y0)..<max(max(band.lowerBound, y0), min(band.upperBound, y0 + height))
    target.mask = index
    target.band = bandIndex
    target.rows = rows
    target.x0 = x0
    target.width = width
    let count = width * rows.count
    target.values.removeAll(keepingCapacity: true)
    target.values.append(contentsOf: repeatElement(1, count: count))
    guard count > 0 else { return }
    if scratch.count < count { scratch = [Float](repeating: 0, count: count) }
    let (x0, x1, width) = (self.x0, self.x0 + self.width, self.width)
    for node in nodes {
      for index in 0..<count { scratch[index] = 0 }
      if let node {
        store.withView { view in
          accumulator.accumulate(node, view, rows: node.rows(within: rows), coverage: &coverage) { row, values in
            let rowStart = (node.y0 + row - rows.lowerBound) * width
            for index in 0..<values.count where node.x0 + index >= x0 && node.x0 + index < x1 {
              scratch[rowStart + node.x0 + index - x0] = values[index]
            }
          }
        }
      }
      for index in 0..<count { target.values[index] *= scratch[index] }
    }
  }
}
