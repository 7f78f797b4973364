/// Where thin lines meet — a box's corner, an arrow's line leaving a
/// box's side, two lines crossing — the cell holds two lines and no line
/// character fits; it is `+` when a level line leaves it to the left or
/// right and a plumb one up or down. A line leaving a side is a thin band
/// crossing that side: read in the strip of two samples just outside it,
/// the band stands out from the strip on both sides of it (as in
/// `ThinLine`), is at most three samples thick, and goes on into the cell.
/// As with lines, the point where the two meet must be in this cell, so
/// a corner on a border between cells is drawn once.
extension ThinLine {
  /// The strips beside the left and right sides (their first column, the
  /// column at the border, the cell's own column there), and above and
  /// below (in rows).
  private static let levelStrips = [
    (-2, -1, 0), (CellClassifier.columns, CellClassifier.columns, CellClassifier.columns - 1),
  ]
  private static let plumbStrips = [(-2, -1, 0), (CellClassifier.rows, CellClassifier.rows, CellClassifier.rows - 1)]

  /// `+` for a cell of two or more lines at right angles, else nil.
  static func junction(_ window: UnsafeBufferPointer<Double>) -> Character? {
    let columns = CellClassifier.columns
    let rows = CellClassifier.rows
    func value(_ x: Int, _ y: Int) -> Double { window[(y + marginRows) * windowColumns + x + marginColumns] }
    // An arm stands out by a quarter of the cell's darkest ink at least: a
    // curve's anti-aliased edge grazing a strip is no arm.
    var darkest = 0.0
    for y in 0..<rows {
      for x in 0..<columns { darkest = max(darkest, value(x, y)) }
    }
    let contrast = max(minimumContrast / 2, darkest / 4)
    // Level arms cross the left or right side: strips of two columns, read
    // down the cell's rows and two rows beyond each end (a line on the
    // cell's border is half in it). `part` 0 is the strip, 1 its sample
    // at the border, 2 the cell's own sample there.
    var level: (arm: Arm, fromRight: Bool)?
    for (strip, border, inner) in levelStrips where level == nil {
      let arm = crossing(count: rows + 4, contrast: contrast) { index, part in
        let y = index - 2
        switch part {
        case 0: return (value(strip, y) + value(strip + 1, y)) / 2
        case 1: return value(border, y)
        default: return value(inner, y)
        }
      }
      level = arm.map { ($0, strip > 0) }
    }
    guard let level else { return nil }
    var plumb: (arm: Arm, fromBelow: Bool)?
    for (strip, border, inner) in plumbStrips where plumb == nil {
      let arm = crossing(count: columns + 4, contrast: contrast) { index, part in
        let x = index - 2
        switch part {
        case 0: return (value(x, strip) + value(x, strip + 1)) / 2
        case 1: return value(x, border)
        default: return value(x, inner)
        }
      }
      plumb = arm.map { ($0, strip > 0) }
    }
    guard let plumb else { return nil }
    let (x, y) = (plumb.arm.middle - 2, level.arm.middle - 2)
    guard x >= 0, x < Double(columns), y >= 0, y < Double(rows) else { return nil }
    // Both arms run straight on to where they meet: a curve that comes in
    // level at one side and leaves plumb at another (an ellipse's
    // outline) bends away from that point.
    // An arm reaches the samples whose centres it passes on the way.
    let levelBand = (level.arm.band.lowerBound - 2)...(level.arm.band.upperBound - 2)
    let plumbBand = (plumb.arm.band.lowerBound - 2)...(plumb.arm.band.upperBound - 2)
    let levelSpan =
      level.fromRight
      ? Int((x - 0.5).rounded(.up))...(columns - 1) : 0...max(0, Int((x - 0.5).rounded(.down)))
    let plumbSpan =
      plumb.fromBelow ? Int((y - 0.5).rounded(.up))...(rows - 1) : 0...max(0, Int((y - 0.5).rounded(.down)))
    // Sample by sample, at about half the darkness of the arm's own
    // samples in its strip: a slanting line that only grazes the cell
    // leaves no more than its anti-aliased edge on the way.
    func peak(columns xs: ClosedRange<Int>, rows ys: ClosedRange<Int>) -> Double {
      var peak = 0.0
      for y in ys {
        for x in xs { peak = max(peak, value(x, y)) }
      }
      return peak
    }
    let levelStrip = level.fromRight ? columns...(columns + 1) : -2...(-1)
    let plumbStrip = plumb.fromBelow ? rows...(rows + 1) : -2...(-1)
    let levelInk = max(level.arm.threshold, 0.45 * peak(columns: levelStrip, rows: levelBand))
    let plumbInk = max(plumb.arm.threshold, 0.45 * peak(columns: plumbBand, rows: plumbStrip))
    func levelAt(_ x: Int) -> Bool { levelBand.contains { y in value(x, y) > levelInk } }
    func plumbAt(_ y: Int) -> Bool { plumbBand.contains { x in value(x, y) > plumbInk } }
    let levelReaches = levelSpan.allSatisfy(levelAt)
    let plumbReaches = plumbSpan.allSatisfy(plumbAt)
    return levelReaches && plumbReaches ? "+" : nil
  }

  /// A line crossing a strip beside the cell: the middle of its band and
  /// the band, in samples counted from the strip's start, and the darkness
  /// half-way between it and the strip's lightest.
  private struct Arm {
    var middle: Double
    var band: ClosedRange<Int>
    var threshold: Double
  }

  /// Where a strip, read as `count` levels across the line by
  /// `level(index, 0)`, is crossed by one thin band `contrast` darker than
  /// the strip's lightest and with lighter levels on both sides of it,
  /// which reaches the cell: dark at the border, in the
  /// strip's sample there (`level(index, 1)`) or the cell's (`level(index,
  /// 2)`).
  private static func crossing(count: Int, contrast: Double, _ level: (Int, Int) -> Double) -> Arm? {
    var peak = 0
    var ground = Double.infinity
    for index in 0..<count {
      if level(index, 0) > level(peak, 0) { peak = index }
      ground = min(ground, level(index, 0))
    }
    let middle = (level(peak, 0) + ground) / 2
    guard level(peak, 0) - ground >= contrast else { return nil }
    var low = peak
    var high = peak
    while low > 0, level(low - 1, 0) > middle { low -= 1 }
    while high < count - 1, level(high + 1, 0) > middle { high += 1 }
    guard high - low < maximumThickness, low > 0, high < count - 1,
      (low...high).contains(where: { level($0, 1) > middle || level($0, 2) > middle })
    else { return nil }
    // The run's middle, not weighted: where two lines meet, the sample
    // they share is darker and would pull the middle toward it.
    return Arm(middle: Double(low + high + 1) / 2, band: low...high, threshold: middle)
  }
}
