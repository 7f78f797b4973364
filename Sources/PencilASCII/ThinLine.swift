import PencilGeometry
import PencilSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lines narrower than a cell — strokes, `line`, `arrow`, outlines — as
/// `-` `_` `|` `/` `\` (and `(` `)` where a thin outline bows).
///
/// The test reads the stroke picture (`ASCIIBackend.strokesOnly`: strokes
/// black, fills white), so a fill's shading or a thin filled shape is
/// never taken for a line. A cell's own 4 × 8 samples cannot say which of
/// two cells a line on their common border belongs to, so the test reads
/// a window that reaches `marginColumns` and `marginRows` samples into the
/// neighbours: the ink must be a band at most three samples thick with
/// light on both sides of it, and the band's centre, taken over the whole
/// window, must lie in this cell. Every cell computes that centre from the
/// same samples, so a line on a border is drawn once, not as `||` or as
/// `'` over `,`, and a line that ends less than half-way into a cell stops
/// in the cell before.
enum ThinLine {
  static let marginColumns = 2
  static let marginRows = 4
  static let windowColumns = CellClassifier.columns + 2 * marginColumns
  static let windowRows = CellClassifier.rows + 2 * marginRows
  /// The least spread of darkness in a cell that may be a line.
  static let minimumContrast = 0.05
  /// The widest band, in samples across the line, that still counts as thin.
  static let maximumThickness = 3
  /// Offsets across the line that the profile looks at, either way.
  private static let reach = 4

  enum Verdict: Equatable {
    /// The line's character, drawn in this cell.
    case line(Character)
    /// A thin line whose centre is in a neighbouring cell, which draws it.
    case neighbours
    /// Not a thin line: the cell classifier decides.
    case other
  }

  /// `window` holds `windowColumns` × `windowRows` darkness values row by
  /// row, the cell's own samples at (`marginColumns`, `marginRows`) and 0
  /// beyond the picture.
  static func classify(_ window: UnsafeBufferPointer<Double>) -> Verdict {
    var (lightest, darkest) = (1.0, 0.0)
    for y in 0..<CellClassifier.rows {
      for x in 0..<CellClassifier.columns {
        let value = window[(y + marginRows) * windowColumns + x + marginColumns]
        (lightest, darkest) = (min(lightest, value), max(darkest, value))
      }
    }
    // No ink left once the neighbours' slivers are cleared: theirs.
    guard darkest >= minimumContrast else { return .neighbours }
    guard darkest - lightest >= minimumContrast else { return .other }
    // Ink is first anything a quarter of the way from the cell's lightest
    // sample to its darkest: a level or plumb line on a border between
    // samples covers two of them by halves, and must not vanish beside one
    // that happens to fill its samples (where a box's side meets an
    // arrow). A slanting line touches many samples in part, which at a
    // quarter make it look thick, as can a line's anti-aliased edge:
    // those are read again at the classifier's half-way.
    let quarter = lightest + (darkest - lightest) / 4
    return classify(window, threshold: quarter, first: true)
      ?? classify(window, threshold: (lightest + darkest) / 2, first: false) ?? .other
  }

  /// The verdict with ink above `threshold`; nil, on the `first` reading,
  /// when it found no level or plumb line to judge.
  private static func classify(_ window: UnsafeBufferPointer<Double>, threshold: Double, first: Bool) -> Verdict? {
    let columns = CellClassifier.columns
    let rows = CellClassifier.rows
    // Positions are sample centres in the cell's own coordinates: the cell
    // spans 0..<4 across and 0..<8 down, the margins lie outside it.
    func value(_ x: Int, _ y: Int) -> Double { window[(y + marginRows) * windowColumns + x + marginColumns] }
    var fit = Moments()
    for y in 0..<rows {
      for x in 0..<columns where value(x, y) > threshold { fit.add(x, y) }
    }
    var angle = fit.angle
    // More than three quarters of the cell dark is a fill, not a line
    // (three of four columns is the thickest plumb line; at a quarter,
    // perhaps a slanting line's blur: the second reading decides).
    guard fit.count > 0, fit.count * 4 <= columns * rows * 3 else { return first ? nil : .other }
    // One or two dark samples give no direction of their own: take it from
    // the ink around them, which a line continues into.
    if fit.majorVariance < 0.3 {
      let (cx, cy) = (fit.centre.x, fit.centre.y)
      var local = Moments()
      for y in -marginRows..<(rows + marginRows) {
        for x in -marginColumns..<(columns + marginColumns)
        where abs(Double(x) + 0.5 - cx) <= 2 && abs(Double(y) + 0.5 - cy) <= 2 && value(x, y) > threshold {
          local.add(x, y)
        }
      }
      guard local.majorVariance >= 0.3 else { return first ? nil : .other }
      angle = local.angle
    }
    // Nearly level or plumb is taken as exactly so: lines along the axes
    // are most of what is drawn, and a corner's second arm, which would
    // tilt the fit toward itself, then lies off the band. Exactly, not
    // through cos(π/2), so a sample on the line's middle falls on the same
    // side of it in every row.
    let quarters = (angle / (Double.pi / 2)).rounded()
    var along = Point(cos(angle), sin(angle))
    let isAxial = abs(angle - quarters * Double.pi / 2) < 10 * Double.pi / 180
    if first, !isAxial { return nil }
    if isAxial {
      angle = quarters * Double.pi / 2
      along = abs(quarters.truncatingRemainder(dividingBy: 2)) == 1 ? Point(0, 1) : Point(1, 0)
    }
    let centre = fit.centre
    let across = Point(-along.y, along.x)
    func project(_ x: Int, _ y: Int) -> (along: Double, across: Double) {
      let dx = Double(x) + 0.5 - centre.x
      let dy = Double(y) + 0.5 - centre.y
      return (dx * along.x + dy * along.y, dx * across.x + dy * across.y)
    }
    // How far along the line the cell's own ink reaches.
    var low = Double.infinity
    var high = -Double.infinity
    for y in 0..<rows {
      for x in 0..<columns where value(x, y) > threshold {
        let position = project(x, y).along
        low = min(low, position)
        high = max(high, position)
      }
    }
    // The profile across the line, over that stretch: per whole offset,
    // how many samples there are, how many are dark and their darkness
    // (on the stack).
    let buckets = 2 * reach + 1
    let band = withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * buckets) { profile in
      profile.initialize(repeating: 0)
      for y in -marginRows..<(rows + marginRows) {
        for x in -marginColumns..<(columns + marginColumns) {
          let (position, offset) = project(x, y)
          let bucket = ThinLine.bucket(offset) + reach
          guard position >= low - 0.5, position <= high + 0.5, bucket >= 0, bucket < buckets else { continue }
          profile[bucket] += 1
          if value(x, y) > threshold { profile[buckets + bucket] += 1 }
          profile[2 * buckets + bucket] += value(x, y)
        }
      }
      return self.band(
        totals: UnsafeBufferPointer(rebasing: profile[0..<buckets]),
        darks: UnsafeBufferPointer(rebasing: profile[buckets..<(2 * buckets)]),
        sums: UnsafeBufferPointer(rebasing: profile[(2 * buckets)...]))
    }
    guard let band else { return first ? nil : .other }
    // Every dark sample of the cell must be on the band: other ink (a
    // corner, a crossing, a fill) is the classifier's to draw (and joined
    // up where lines meet, see `CellGrid.joinLines`).
    var position = (low: Double.infinity, high: -Double.infinity)
    // Rows along a level or plumb line (one bit each) where other ink
    // crosses the window: a corner's arm, whose shared sample is darker.
    var crossed: UInt64 = 0
    // And rows along it that hold some of it.
    var inked: UInt64 = 0
    func alongIndex(_ x: Int, _ y: Int) -> Int { along.x == 1 ? x + marginColumns : y + marginRows }
    func onBand(_ x: Int, _ y: Int) -> Bool {
      // A slanting line's samples step, so one offset either side of its
      // band is still the line.
      let slack = isAxial ? 0 : 1
      let bucket = ThinLine.bucket(project(x, y).across)
      return bucket >= band.low - slack && bucket <= band.high + slack
    }
    for y in -marginRows..<(rows + marginRows) {
      for x in -marginColumns..<(columns + marginColumns) where value(x, y) > threshold {
        guard onBand(x, y) else {
          // A slanting band must be alone in the whole window: a box's
          // corner (two short arms at right angles) fits in one inside
          // the cell, and its arms leave the band beyond.
          if (x >= 0 && x < columns && y >= 0 && y < rows) || !isAxial { return .other }
          crossed |= 1 << UInt64(alongIndex(x, y))
          continue
        }
        let position0 = project(x, y).along
        position = (min(position.low, position0), max(position.high, position0))
        inked |= 1 << UInt64(alongIndex(x, y))
      }
    }
    // Along a level or plumb line, the run the window sees is the one
    // through the cell, up to its first gap: ink beyond (a box's side
    // past the end of an arrow's line) is not this line.
    if isAxial {
      let (start, count) = along.x == 1 ? (marginColumns, columns) : (marginRows, rows)
      let limit = along.x == 1 ? windowColumns : windowRows
      let own = (start..<(start + count))
      if var first = own.first(where: { inked & (1 << UInt64($0)) != 0 }),
        var last = own.last(where: { inked & (1 << UInt64($0)) != 0 })
      {
        while first > 0, inked & (1 << UInt64(first - 1)) != 0 { first -= 1 }
        while last < limit - 1, inked & (1 << UInt64(last + 1)) != 0 { last += 1 }
        // In the centred coordinates `project` gives.
        let offset = (along.x == 1 ? centre.x : centre.y) + Double(start) - 0.5
        position = (Double(first) - offset, Double(last) - offset)
      }
    }
    // Across, only the stretch beside the cell (a corner in the margin must
    // not pull the centre of the line next to it), and only rows no other
    // ink crosses, unless every row is crossed.
    func acrossCentre(skipping skipped: UInt64) -> Double? {
      var weight = 0.0
      var sum = 0.0
      for y in -marginRows..<(rows + marginRows) {
        for x in -marginColumns..<(columns + marginColumns) where value(x, y) > threshold && onBand(x, y) {
          let (position, offset) = project(x, y)
          guard position >= low - 0.5, position <= high + 0.5,
            !isAxial || skipped & (1 << UInt64(alongIndex(x, y))) == 0
          else { continue }
          weight += value(x, y)
          sum += value(x, y) * offset
        }
      }
      return weight > 0 ? sum / weight : nil
    }
    guard let across0 = acrossCentre(skipping: crossed) ?? acrossCentre(skipping: 0) else { return .other }
    // The band's centre: across, its darkness-weighted middle; along, the
    // middle of the dark run the window sees. Snapped, so two neighbours
    // reading one band never both miss it by a rounding error. Across a
    // level or plumb line a centre on the border belongs to the next cell
    // (one of the two draws it); along it, to both, so a line that ends
    // half-way into a cell still reaches it.
    let middle = (position.low + position.high) / 2
    func rounded(_ value: Double) -> Double { ThinLine.snapped(value) }
    let x = rounded(centre.x + along.x * middle + across.x * across0)
    let y = rounded(centre.y + along.y * middle + across.y * across0)
    let (xEnd, yEnd) = (Double(columns), Double(rows))
    let insideX = along.x == 1 ? x >= 0 && x <= xEnd : x >= 0 && x < xEnd
    let insideY = along.y == 1 ? y >= 0 && y <= yEnd : y >= 0 && y < yEnd
    guard insideX, insideY else { return .neighbours }
    let throughCell = (0..<rows).allSatisfy { y in (0..<columns).contains { x in value(x, y) > threshold } }
    switch CellClassifier.LineDirection(radians: angle) {
    // A thin outline that bows (an ellipse's side) is `(` or `)`; the bow
    // is only measured on a line through the whole cell.
    case .vertical:
      guard throughCell else { return .line("|") }
      return withUnsafeTemporaryAllocation(of: Double.self, capacity: columns * rows) { cell in
        for y in 0..<rows {
          for x in 0..<columns { cell[y * columns + x] = value(x, y) }
        }
        return .line(CellClassifier.vertical(UnsafeBufferPointer(cell), threshold: threshold))
      }
    case .falling: return .line("\\")
    case .rising: return .line("/")
    // `-` stands for a line anywhere in the upper seven eighths, so a
    // connector reads `----->` at any height; `_` for one along the
    // bottom, where `-` would draw it half a row too high.
    case .horizontal: return .line(y >= Double(rows - 1) ? "_" : "-")
    }
  }

  /// A position in samples to a 32nd of one: a line centred on a border
  /// covers the samples on either side alike, but their darkness may
  /// differ by a step of the 8-bit raster, which must not move it off.
  static func snapped(_ value: Double) -> Double { (value * 32).rounded() / 32 }

  /// Whole offsets across the line, half-open ([−0.5, 0.5) is 0) so that
  /// a band two samples thick, centred between them, splits evenly.
  private static func bucket(_ offset: Double) -> Int { clampedInt((offset + 0.5).rounded(.down), -64, 64) }

  /// The run of dark offsets through the middle (half or more of their
  /// samples dark), if it is thin and stands out from what lies on both
  /// sides of it. A side's level is the lighter of the two offsets beyond
  /// the band (the nearer holds the line's anti-aliased edge); the darker
  /// side must be nearer the lighter one than the band, and the band's
  /// edges must be steps. A lone stroke has paper on both sides; a stroke
  /// with another running beside it, or the edge of a stroke wider than
  /// the band, does not, and is left to the classifier.
  private static func band(
    totals: UnsafeBufferPointer<Double>, darks: UnsafeBufferPointer<Double>, sums: UnsafeBufferPointer<Double>
  ) -> (low: Int, high: Int)? {
    func isDark(_ bucket: Int) -> Bool { darks[bucket] > 0 && darks[bucket] * 2 >= totals[bucket] }
    func level(_ bucket: Int) -> Double? {
      bucket >= 0 && bucket < totals.count && totals[bucket] > 0 ? sums[bucket] / totals[bucket] : nil
    }
    guard isDark(reach) else { return nil }
    var low = reach
    var high = reach
    while low > 0, isDark(low - 1) { low -= 1 }
    while high < 2 * reach, isDark(high + 1) { high += 1 }
    guard high - low < maximumThickness, let before = level(low - 1), let after = level(high + 1) else { return nil }
    let bandLevel = sums[low...high].reduce(0, +) / totals[low...high].reduce(0, +)
    let sides = (min(before, level(low - 2) ?? before), min(after, level(high + 2) ?? after))
    let ground = min(sides.0, sides.1)
    let contrast = bandLevel - ground
    guard let lowEdge = level(low), let highEdge = level(high), contrast >= minimumContrast / 2,
      max(sides.0, sides.1) <= ground + contrast / 2, lowEdge - before >= contrast / 3,
      highEdge - after >= contrast / 3
    else { return nil }
    return (low - reach, high - reach)
  }
}

/// The centroid and second moments of a set of samples, for the direction
/// in which they spread most.
private struct Moments {
  var count = 0
  private var sx = 0.0
  private var sy = 0.0
  private var sxx = 0.0
  private var syy = 0.0
  private var sxy = 0.0

  mutating func add(_ x: Int, _ y: Int) {
    let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
    count += 1
    sx += px
    sy += py
    sxx += px * px
    syy += py * py
    sxy += px * py
  }

  /// The direction of most spread, in radians (y down).
  var angle: Double {
    let (xx, yy, xy) = covariance
    return 0.5 * atan2(2 * xy, xx - yy)
  }

  var centre: Point { count > 0 ? Point(sx / Double(count), sy / Double(count)) : Point(0, 0) }

  private var covariance: (xx: Double, yy: Double, xy: Double) {
    guard count > 0 else { return (0, 0, 0) }
    let n = Double(count)
    let c = centre
    return (sxx / n - c.x * c.x, syy / n - c.y * c.y, sxy / n - c.x * c.y)
  }

  /// The variance along the direction of most spread.
  var majorVariance: Double {
    let (xx, yy, xy) = covariance
    let mean = (xx + yy) / 2
    return mean + (((xx - yy) / 2) * ((xx - yy) / 2) + xy * xy).squareRoot()
  }
}
