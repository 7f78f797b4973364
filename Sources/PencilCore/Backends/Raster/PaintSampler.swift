/// A colour with straight (not premultiplied) components in 0…1.
struct LinearRGBA {
  var r: Float
  var g: Float
  var b: Float
  var a: Float

  init(_ color: IRColor, opacity: Double = 1) {
    r = Float(color.red) / 255
    g = Float(color.green) / 255
    b = Float(color.blue) / 255
    a = Float(color.alpha * opacity)
  }

  init(r: Float, g: Float, b: Float, a: Float) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }
}

/// Evaluates a paint at pixel centres. Gradient stops are interpolated in
/// sRGB on straight (un-premultiplied) values and padded beyond the ends,
/// as SVG, resvg and Cairo do.
struct PaintSampler {
  private let solid: LinearRGBA?
  private let offsets: [Float]
  private let colors: [LinearRGBA]
  /// t = (p - start) · axis, with the axis pre-divided by its squared length.
  private let startX: Double
  private let startY: Double
  private let axisX: Double
  private let axisY: Double

  /// `transform` maps user space to device space (scale and translation).
  init(_ paint: Paint, opacity: Double, scale: Double, origin: Point) {
    switch paint {
    case .solid(let color):
      solid = LinearRGBA(color, opacity: opacity)
      offsets = []
      colors = []
      (startX, startY, axisX, axisY) = (0, 0, 0, 0)
    case .linearGradient(let gradient):
      let start = Point((gradient.start.x - origin.x) * scale, (gradient.start.y - origin.y) * scale)
      let end = Point((gradient.end.x - origin.x) * scale, (gradient.end.y - origin.y) * scale)
      let dx = end.x - start.x
      let dy = end.y - start.y
      let lengthSquared = dx * dx + dy * dy
      // SVG: a gradient whose ends coincide paints its last stop's colour.
      if lengthSquared == 0 || gradient.stops.count == 1, let last = gradient.stops.last {
        solid = LinearRGBA(last.color, opacity: opacity)
        offsets = []
        colors = []
        (startX, startY, axisX, axisY) = (0, 0, 0, 0)
        return
      }
      solid = nil
      offsets = gradient.stops.map { Float($0.offset) }
      colors = gradient.stops.map { LinearRGBA($0.color, opacity: opacity) }
      (startX, startY) = (start.x, start.y)
      (axisX, axisY) = (dx / lengthSquared, dy / lengthSquared)
    }
  }

  var isSolid: Bool { solid != nil }
  var solidColor: LinearRGBA { solid ?? LinearRGBA(r: 0, g: 0, b: 0, a: 0) }

  /// The gradient position of the centre of pixel (x, y) and its change per pixel to the right.
  func position(x: Int, y: Int) -> (t: Double, step: Double) {
    let t = (Double(x) + 0.5 - startX) * axisX + (Double(y) + 0.5 - startY) * axisY
    return (t, axisX)
  }

  func color(at t: Double) -> LinearRGBA {
    let t = Float(t)
    let last = offsets.count - 1
    if t <= offsets[0] { return colors[0] }
    if t >= offsets[last] { return colors[last] }
    var index = 1
    while offsets[index] < t { index += 1 }
    let low = offsets[index - 1]
    let span = offsets[index] - low
    // Coincident offsets make a hard edge: take the later stop.
    guard span > 0 else { return colors[index] }
    let f = (t - low) / span
    let a = colors[index - 1]
    let b = colors[index]
    return LinearRGBA(r: a.r + (b.r - a.r) * f, g: a.g + (b.g - a.g) * f, b: a.b + (b.b - a.b) * f, a: a.a + (b.a - a.a) * f)
  }
}
