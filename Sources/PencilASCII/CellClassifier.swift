#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Chooses a cell's character from its samples (4 × 8 darkness values in
/// 0…1, row by row). A cell of nearly even tone gets the density ramp; a
/// cell split into a dark and a light side gets the line character that
/// follows the boundary — its orientation from the structure tensor of the
/// samples, its height and curvature from where each row and column
/// changes side — so outlines survive at low resolution.
enum CellClassifier {
  static let columns = 4
  static let rows = 8
  /// Below this spread of darkness a cell counts as one tone.
  private static let edgeContrast = 0.18
  /// Below this mean darkness a cell is paper, whatever its pattern: half
  /// the darkness the faintest characters (`.` `'` `,`) stand for, where
  /// the ramp itself turns from a space to `.`. A sliver of a thin pencil's
  /// tip or an anti-aliased corner grazing a cell is too little ink for
  /// any character, and a mark there would stand on blank paper.
  static let minimumInk = 0.05

  /// The character, and for a cell of two tones the darkness that
  /// separates them (the colour backend inks with the darker side's colour).
  static func classify(_ samples: UnsafeBufferPointer<Double>) -> (character: Character, split: Double?) {
    var minimum = 1.0
    var maximum = 0.0
    var sum = 0.0
    for value in samples {
      minimum = min(minimum, value)
      maximum = max(maximum, value)
      sum += value
    }
    let mean = sum / Double(samples.count)
    guard maximum - minimum >= edgeContrast, mean >= minimumInk else {
      return (ASCIIGlyphs.rampCharacter(for: mean), nil)
    }
    let threshold = (maximum + minimum) / 2
    var darkCount = 0
    for value in samples where value > threshold { darkCount += 1 }
    let darkShare = Double(darkCount) / Double(samples.count)
    // Mostly dark with a light sliver: the ramp keeps its darkness honest.
    if darkShare > 0.75 { return (ASCIIGlyphs.rampCharacter(for: mean), threshold) }
    if darkShare < 0.2 { return (smallMark(samples, threshold: threshold, mean: mean), threshold) }
    return (line(samples, threshold: threshold), threshold)
  }

  /// A little ink near the top or bottom: an apostrophe or a comma.
  private static func smallMark(_ samples: UnsafeBufferPointer<Double>, threshold: Double, mean: Double) -> Character {
    var weight = 0.0
    var rowSum = 0.0
    for row in 0..<rows {
      for column in 0..<columns where samples[row * columns + column] > threshold {
        weight += 1
        rowSum += Double(row)
      }
    }
    guard weight > 0 else { return ASCIIGlyphs.rampCharacter(for: mean) }
    let centre = rowSum / weight / Double(rows - 1)
    if centre < 0.3 { return "'" }
    if centre > 0.7 { return "," }
    return ASCIIGlyphs.rampCharacter(for: mean)
  }

  private static func line(_ samples: UnsafeBufferPointer<Double>, threshold: Double) -> Character {
    // Structure tensor of the darkness gradient (central differences).
    var jxx = 0.0
    var jyy = 0.0
    var jxy = 0.0
    func at(_ column: Int, _ row: Int) -> Double {
      samples[min(max(row, 0), rows - 1) * columns + min(max(column, 0), columns - 1)]
    }
    for row in 0..<rows {
      for column in 0..<columns {
        let gx = (at(column + 1, row) - at(column - 1, row)) / 2
        let gy = (at(column, row + 1) - at(column, row - 1)) / 2
        jxx += gx * gx
        jyy += gy * gy
        jxy += gx * gy
      }
    }
    // The gradient's direction; the boundary runs across it. Angles are in
    // screen space (y down), where samples are square.
    let gradient = 0.5 * atan2(2 * jxy, jxx - jyy)
    switch LineDirection(radians: gradient + Double.pi / 2) {
    case .vertical: return vertical(samples, threshold: threshold)
    case .falling: return "\\"
    case .rising: return "/"
    case .horizontal: return horizontal(samples, threshold: threshold)
    }
  }

  /// Which of `-` `\\` `|` `/` a line's direction (in screen space, y down)
  /// comes closest to. A cell is twice as tall as wide, so `/` and `\\`
  /// stand for lines up to about 80° from the horizontal; only steeper
  /// ones are `|`. Thin lines and arrows use the same division.
  enum LineDirection {
    case horizontal, falling, vertical, rising

    init(radians: Double) {
      var angle = (radians * 180 / Double.pi).truncatingRemainder(dividingBy: 180)
      if angle < 0 { angle += 180 }
      switch angle {
      case 80..<100: self = .vertical
      case 22.5..<80: self = .falling
      case 100..<157.5: self = .rising
      default: self = .horizontal
      }
    }
  }

  /// `_` for a boundary in the lower part of the cell, `-` higher up.
  private static func horizontal(_ samples: UnsafeBufferPointer<Double>, threshold: Double) -> Character {
    let topIsDark = rowDarkness(samples, 0) > threshold
    var sameAsTop = 0
    for row in 0..<rows where (rowDarkness(samples, row) > threshold) == topIsDark { sameAsTop += 1 }
    return Double(sameAsTop) / Double(rows) >= 0.6 ? "_" : "-"
  }

  private static func rowDarkness(_ samples: UnsafeBufferPointer<Double>, _ row: Int) -> Double {
    var sum = 0.0
    for column in 0..<columns { sum += samples[row * columns + column] }
    return sum / Double(columns)
  }

  /// `(` when the boundary bows to the left in the middle rows, `)` when
  /// it bows to the right, `|` when it is straight.
  static func vertical(_ samples: UnsafeBufferPointer<Double>, threshold: Double) -> Character {
    func boundary(_ row: Int) -> Double {
      // The darkness-weighted column of the dark side, per row.
      var weight = 0.0
      var position = 0.0
      for column in 0..<columns where samples[row * columns + column] > threshold {
        weight += 1
        position += Double(column)
      }
      return weight > 0 ? position / weight : Double(columns - 1) / 2
    }
    let ends = (boundary(0) + boundary(1) + boundary(rows - 2) + boundary(rows - 1)) / 4
    let middle = (boundary(3) + boundary(4)) / 2
    let bow = middle - ends
    guard abs(bow) >= 0.5 else { return "|" }
    // Whichever side is dark, its centre moves the way the boundary does.
    return bow < 0 ? "(" : ")"
  }
}
