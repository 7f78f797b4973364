/// What of a cell's stroke ink is a neighbour's to draw, cleared before
/// the line test reads the cell.
///
/// A level or plumb line on the border between two cells puts a sliver in
/// each; where two such lines meet, the cells beside the corner hold their
/// own line and a sliver of the other (or slivers only). And a line that
/// ends a little way into a cell — an arrow's line stopping short of the
/// box it points at, at the head's base — leaves a stub across the line
/// the cell does draw. Neither is this cell's: with them the cell would
/// read as no single line.
extension ThinLine {
  /// One side of the cell, in the terms both clearings use: `across`
  /// counts along the side, `depth` inwards from it (0 is the cell's last
  /// column or row at the side, −1 the first beyond it).
  private struct Side {
    /// Left and right sides run down the cell's rows.
    var upright: Bool
    /// Right and bottom: a line centred on the side is the neighbour's
    /// (as `ThinLine` decides, half-open).
    var far: Bool

    var acrossCount: Int { upright ? CellClassifier.rows : CellClassifier.columns }
    var depthCount: Int { upright ? CellClassifier.columns : CellClassifier.rows }
    var depthLimit: Int { upright ? ThinLine.marginColumns : ThinLine.marginRows }

    /// The window index of a sample of this side's terms.
    func index(across: Int, depth: Int) -> Int {
      let inward = far ? depthCount - 1 - depth : depth
      let (x, y) = upright ? (inward, across) : (across, inward)
      return (y + ThinLine.marginRows) * ThinLine.windowColumns + x + ThinLine.marginColumns
    }
  }

  private static let sides = [
    Side(upright: true, far: false), Side(upright: true, far: true), Side(upright: false, far: false),
    Side(upright: false, far: true),
  ]

  /// Clears in `cleared` what `window` shows of the neighbours' lines. Each
  /// side is judged on `window` as it is, not as the sides before left it.
  static func clearNeighbours(_ window: UnsafeBufferPointer<Double>, into cleared: UnsafeMutableBufferPointer<Double>) {
    var (lightest, darkest) = (1.0, 0.0)
    for y in 0..<CellClassifier.rows {
      for x in 0..<CellClassifier.columns {
        let value = window[(y + marginRows) * windowColumns + x + marginColumns]
        (lightest, darkest) = (min(lightest, value), max(darkest, value))
      }
    }
    let threshold = lightest + (darkest - lightest) / 4
    for side in sides {
      clearSliver(window, into: cleared, side, threshold)
      clearStub(window, into: cleared, side, threshold)
    }
  }

  /// A run of at most three dark columns (rows) across the side, each dark
  /// in at least half of it, is the neighbour's when its middle lies
  /// beyond the side (on the right and bottom, also when on it).
  private static func clearSliver(
    _ window: UnsafeBufferPointer<Double>, into cleared: UnsafeMutableBufferPointer<Double>, _ side: Side,
    _ threshold: Double
  ) {
    func isDark(_ depth: Int) -> Bool {
      var count = 0
      for across in 0..<side.acrossCount where window[side.index(across: across, depth: depth)] > threshold {
        count += 1
      }
      return count * 2 >= side.acrossCount
    }
    guard isDark(0), isDark(-1) else { return }
    var (inner, outer) = (0, -1)
    while inner + 1 < side.depthCount, isDark(inner + 1) { inner += 1 }
    while outer - 1 >= -side.depthLimit, isDark(outer - 1) { outer -= 1 }
    guard inner - outer + 1 <= maximumThickness else { return }
    // Its darkness-weighted middle, outwards of the side positive, as the
    // line test weighs a band's middle: along the run where nothing else
    // touches it (a corner's other line, darker where the two overlap,
    // would pull the middle), or all along if nowhere.
    func moments(clean: Bool) -> (weight: Double, moment: Double) {
      var (weight, moment) = (0.0, 0.0)
      for across in 0..<side.acrossCount {
        if clean {
          let before = inner + 1 < side.depthCount ? window[side.index(across: across, depth: inner + 1)] : 0
          let after = outer - 1 >= -side.depthLimit ? window[side.index(across: across, depth: outer - 1)] : 0
          guard before <= threshold, after <= threshold else { continue }
        }
        for depth in outer...inner {
          let value = window[side.index(across: across, depth: depth)]
          weight += value
          moment += value * (-Double(depth) - 0.5)
        }
      }
      return (weight, moment)
    }
    var (weight, moment) = moments(clean: true)
    if weight == 0 { (weight, moment) = moments(clean: false) }
    guard weight > 0 else { return }
    let middle = snapped(moment / weight)
    guard middle > 0 || (middle == 0 && side.far) else { return }
    for depth in 0...inner {
      for across in 0..<side.acrossCount { cleared[side.index(across: across, depth: depth)] = 0 }
    }
  }

  /// A line crossing the side that goes on beyond it (two samples out) and
  /// reaches less than half-way in, at most three samples wide, stops in
  /// the neighbour: its stub here is cleared.
  private static func clearStub(
    _ window: UnsafeBufferPointer<Double>, into cleared: UnsafeMutableBufferPointer<Double>, _ side: Side,
    _ threshold: Double
  ) {
    func dark(_ across: Int, _ depth: Int) -> Bool { window[side.index(across: across, depth: depth)] > threshold }
    var first = -1
    var last = -1
    for across in 0..<side.acrossCount where dark(across, -1) && dark(across, -2) && dark(across, 0) {
      var reach = 1
      while reach < side.depthCount, dark(across, reach) { reach += 1 }
      guard reach * 2 < side.depthCount else { return }
      if first < 0 { first = across }
      // One stub only, and a thin one.
      guard last < 0 || last == across - 1 else { return }
      last = across
    }
    guard first >= 0, last - first < maximumThickness else { return }
    for across in first...last {
      var depth = 0
      while depth < side.depthCount, dark(across, depth) {
        cleared[side.index(across: across, depth: depth)] = 0
        depth += 1
      }
    }
  }
}
