import PencilGeometry
import PencilIR
import PencilRaster
import PencilSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the picture's samples lie: `scaleX` × `scaleY` samples a point,
/// counted from the viewport's corner.
struct SampleSpace {
  var origin: Point
  var scaleX: Double
  var scaleY: Double

  func sample(_ point: Point) -> Point { Point((point.x - origin.x) * scaleX, (point.y - origin.y) * scaleY) }

  func point(_ sample: Point) -> Point { Point(sample.x / scaleX + origin.x, sample.y / scaleY + origin.y) }
}

extension CellGrid {
  /// Writes each head as `>` `<` `^` `v`, by the larger of its direction's
  /// two parts on the grid (a head at exactly 45° counts as horizontal),
  /// in the cell its tip reaches half a sample into, so a tip on a border
  /// between cells is in the head's own. Where that cell holds other ink
  /// — the side of the box the arrow points at — the head goes in the
  /// cell before it, which reads `---->|` rather than hiding the side.
  /// Cells between the line's end and a head longer than a cell continue
  /// the line. A head whose tip a clip cuts away is not written.
  /// `canvas` is the picture without the heads.
  mutating func draw(_ heads: [Arrowhead], canvas: PixelCanvas, space: SampleSpace, invert: Bool, color: Bool) {
    let blank = paper.darkness
    canvas.withPixels { pixels in
      for head in heads {
        // Just inside the tip: the head shows where its tip is not cut away.
        let inside = Point(head.tip.x + (head.base.x - head.tip.x) / 4, head.tip.y + (head.base.y - head.tip.y) / 4)
        if let clip = head.clip, !clip.contains(inside) { continue }
        let tip = space.sample(head.tip)
        let base = space.sample(head.base)
        let length = Stroker.distance(tip, base)
        guard length > 0, length.isFinite else { continue }
        let (dx, dy) = ((tip.x - base.x) / length, (tip.y - base.y) / length)
        let horizontal = abs(dx) >= abs(dy)
        let character: Character = horizontal ? (dx > 0 ? ">" : "<") : (dy > 0 ? "v" : "^")
        let step = horizontal ? (dx > 0 ? (1, 0) : (-1, 0)) : (dy > 0 ? (0, 1) : (0, -1))
        guard var cell = self.cell(containing: Point(tip.x - dx / 2, tip.y - dy / 2)) else { continue }
        let own = horizontal ? "-_/\\" : "|()/\\"
        func occupied(_ cell: (Int, Int)) -> Bool {
          // A cell drawn empty or as the arrow's own line is free even with
          // other ink in it: a line on its border that the neighbour draws.
          let drawn = self[cell.0, cell.1]
          guard drawn.character != paper.character || drawn.isJunction, !(drawn.isLine && own.contains(drawn.character))
          else {
            return false
          }
          return CellGrid.foreignInk(in: cell, pixels, width: canvas.width, head, space, blank: blank, invert: invert)
        }
        let before = (cell.0 - step.0, cell.1 - step.1)
        if before.0 >= 0, before.0 < columns, before.1 >= 0, before.1 < rows, occupied(cell), !occupied(before) {
          cell = before
        }
        let ink = color ? CellGrid.color(of: head.paint, opacity: head.opacity, at: head.paintTip) : nil
        if let start = self.cell(containing: base) {
          continueLine(from: start, to: cell, direction: Point(dx, dy), foreground: ink)
        }
        self[cell.0, cell.1] = Cell(character: character, foreground: ink, isLine: true)
      }
    }
  }

  /// The cell of a point in sample space, if it is in the picture.
  private func cell(containing sample: Point) -> (Int, Int)? {
    guard sample.x.isFinite, sample.y.isFinite else { return nil }
    let column = clampedInt((sample.x / Double(CellClassifier.columns)).rounded(.down), -1, columns)
    let row = clampedInt((sample.y / Double(CellClassifier.rows)).rounded(.down), -1, rows)
    return column >= 0 && column < columns && row >= 0 && row < rows ? (column, row) : nil
  }

  /// Whether a cell holds ink (two samples or more off the background)
  /// away from the arrow's own line.
  private static func foreignInk(
    in cell: (Int, Int), _ pixels: UnsafeBufferPointer<UInt32>, width: Int, _ head: Arrowhead, _ space: SampleSpace,
    blank: Double, invert: Bool
  ) -> Bool {
    let reach = head.lineWidth / 2 + 1.5 * max(1 / space.scaleX, 1 / space.scaleY)
    var count = 0
    for y in 0..<CellClassifier.rows {
      for x in 0..<CellClassifier.columns {
        let (px, py) = (cell.0 * CellClassifier.columns + x, cell.1 * CellClassifier.rows + y)
        // Faint is enough: a grey hairline covers a sliver of a sample.
        guard abs(darkness(pixels[py * width + px], invert: invert) - blank) > 0.02 else { continue }
        let centre = space.point(Point(Double(px) + 0.5, Double(py) + 0.5))
        if segmentDistance(centre, head.lineFrom, head.base) > reach { count += 1 }
      }
    }
    return count >= 2
  }

  private static func segmentDistance(_ p: Point, _ a: Point, _ b: Point) -> Double {
    let (ux, uy) = (b.x - a.x, b.y - a.y)
    let squared = ux * ux + uy * uy
    let t = squared > 0 ? min(1, max(0, ((p.x - a.x) * ux + (p.y - a.y) * uy) / squared)) : 0
    return Stroker.distance(p, Point(a.x + ux * t, a.y + uy * t))
  }

  /// Empty cells on the way from the line's end to the head's cell get
  /// the line's character, so a head longer than a cell leaves no gap.
  private mutating func continueLine(
    from start: (Int, Int), to end: (Int, Int), direction: Point, foreground: RGB?
  ) {
    let steps = max(abs(end.0 - start.0), abs(end.1 - start.1))
    // Only forwards: a head moved back from its tip may stand behind the line's end.
    guard steps > 0, Double(end.0 - start.0) * direction.x + Double(end.1 - start.1) * direction.y > 0 else { return }
    let character: Character
    switch CellClassifier.LineDirection(radians: atan2(direction.y, direction.x)) {
    case .horizontal: character = "-"
    case .vertical: character = "|"
    case .falling: character = "\\"
    case .rising: character = "/"
    }
    for index in 0..<steps {
      let fraction = Double(index) / Double(steps)
      let column = start.0 + Int((Double(end.0 - start.0) * fraction).rounded())
      let row = start.1 + Int((Double(end.1 - start.1) * fraction).rounded())
      guard self[column, row].character == paper.character, !self[column, row].isLine else { continue }
      self[column, row] = Cell(character: character, foreground: foreground, isLine: true)
    }
  }

  /// The head's colour over white, as the colour picture writes it: the
  /// solid colour, or the gradient's at the tip (in user space).
  static func color(of paint: Paint, opacity: Double, at point: Point) -> RGB {
    var (red, green, blue, alpha): (Double, Double, Double, Double)
    switch paint {
    case .solid(let color):
      (red, green, blue, alpha) = (Double(color.red), Double(color.green), Double(color.blue), color.alpha)
    case .linearGradient(let gradient):
      let (ux, uy) = (gradient.end.x - gradient.start.x, gradient.end.y - gradient.start.y)
      let squared = ux * ux + uy * uy
      // A gradient whose ends coincide paints its last stop.
      var t = 1.0
      if squared > 0 { t = ((point.x - gradient.start.x) * ux + (point.y - gradient.start.y) * uy) / squared }
      (red, green, blue, alpha) = stopColor(gradient.stops, at: t.isFinite ? min(1, max(0, t)) : 1)
    case .radialGradient(let gradient):
      // A map that flattens the plane paints the last stop.
      var t = 1.0
      if let unit = gradient.unitToUser.inverted?.apply(point) { t = (unit.x * unit.x + unit.y * unit.y).squareRoot() }
      (red, green, blue, alpha) = stopColor(gradient.stops, at: t.isFinite ? min(1, max(0, t)) : 1)
    }
    alpha *= opacity
    func channel(_ value: Double) -> UInt8 { clampedByte(value * alpha + 255 * (1 - alpha)) }
    return RGB(red: channel(red), green: channel(green), blue: channel(blue))
  }

  /// Stops interpolated in sRGB on un-premultiplied values, as the raster does.
  private static func stopColor(_ stops: [GradientStopIR], at t: Double) -> (Double, Double, Double, Double) {
    func parts(_ color: IRColor) -> (Double, Double, Double, Double) {
      (Double(color.red), Double(color.green), Double(color.blue), color.alpha)
    }
    guard let first = stops.first, let last = stops.last else { return (0, 0, 0, 0) }
    if t <= first.offset { return parts(first.color) }
    for (low, high) in zip(stops, stops.dropFirst()) where t <= high.offset {
      let span = high.offset - low.offset
      let f = span > 0 ? (t - low.offset) / span : 1
      let (a, b) = (parts(low.color), parts(high.color))
      return (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f, a.2 + (b.2 - a.2) * f, a.3 + (b.3 - a.3) * f)
    }
    return parts(last.color)
  }
}
