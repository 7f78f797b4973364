import PencilGeometry
import PencilIR
import PencilSupport

/// A colour with straight (not premultiplied) components in 0…1.
struct LinearRGBA: Equatable {
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

  /// Premultiplied and packed as a canvas pixel.
  var packed: UInt32 {
    PixelCanvas.pack(r * a, g * a, b * a, a)
  }
}

/// Evaluates a paint at pixel centres, as packed premultiplied pixels.
/// Gradients are sampled from a table of 1024 colours interpolated in sRGB
/// on straight (un-premultiplied) values and padded beyond the ends, as
/// SVG, resvg and Cairo do; at 1024 steps the table is finer than 8-bit
/// output can show.
struct PaintSampler {
  static let tableSize = 1024

  let solid: UInt32?
  private let table: [UInt32]
  /// For the centre of pixel (x, y): t = base + (x + ½)·stepX + (y + ½)·stepY,
  /// the gradient axis taken through the device transform.
  private let base: Double
  private let stepX: Double
  private let stepY: Double
  /// Set for a radial gradient, whose t is a distance, not a projection.
  let radial: RadialSteps?

  init(solid color: LinearRGBA) {
    self.init(solid: color.packed, table: [], base: 0, stepX: 0, stepY: 0)
  }

  init(solid packed: UInt32) {
    self.init(solid: packed, table: [], base: 0, stepX: 0, stepY: 0)
  }

  private init(
    solid: UInt32?, table: [UInt32], base: Double, stepX: Double, stepY: Double, radial: RadialSteps? = nil
  ) {
    self.solid = solid
    self.table = table
    self.base = base
    self.stepX = stepX
    self.stepY = stepY
    self.radial = radial
  }

  /// `table` comes from `PaintSampler.table(for:opacity:)`, which callers
  /// cache. The gradient is evaluated in user space, t = (p − start)·(end − start)/|end − start|²,
  /// with p = device / scale + origin, so it stays right under unequal scales.
  /// With `transform` (the item's, from its own space to user space) the
  /// gradient is evaluated in the item's space: t stays linear in the
  /// device position, through the inverse map.
  init(
    _ gradient: LinearGradientIR, table: [UInt32], opacity: Double, scaleX: Double, scaleY: Double, origin: Point,
    transform: Affine? = nil
  ) {
    let dx = gradient.end.x - gradient.start.x
    let dy = gradient.end.y - gradient.start.y
    let lengthSquared = dx * dx + dy * dy
    // SVG: a gradient whose ends coincide paints its last stop's colour.
    guard lengthSquared > 0, gradient.stops.count > 1, table.count == PaintSampler.tableSize else {
      let color = gradient.stops.last.map { LinearRGBA($0.color, opacity: opacity) }
      self.init(solid: color ?? LinearRGBA(r: 0, g: 0, b: 0, a: 0))
      return
    }
    let (ax, ay) = (dx / lengthSquared, dy / lengthSquared)
    if let transform {
      guard let inverse = transform.inverted else {
        self.init(solid: gradient.stops.last.map { LinearRGBA($0.color, opacity: opacity) }?.packed ?? 0)
        return
      }
      // t(p) = a·(inverse(p) − start), written as a'·p + c in user space.
      let bx = ax * inverse.a + ay * inverse.b
      let by = ax * inverse.c + ay * inverse.d
      let c = ax * (inverse.e - gradient.start.x) + ay * (inverse.f - gradient.start.y)
      self.init(
        solid: nil, table: table, base: bx * origin.x + by * origin.y + c, stepX: bx / scaleX, stepY: by / scaleY)
      return
    }
    self.init(
      solid: nil, table: table, base: (origin.x - gradient.start.x) * ax + (origin.y - gradient.start.y) * ay,
      stepX: ax / scaleX, stepY: ay / scaleY)
  }

  /// A radial gradient: the pixel centre p in device space is taken to
  /// user space (p / scale + origin), then into the unit circle by the
  /// inverse of `unitToUser`; t = |u|. Both maps are affine, so u changes
  /// by a constant step along a row, and the blend adds it instead of
  /// mapping each pixel.
  /// With `transform` (the item's, from its own space to user space) the
  /// unit circle is carried by the item's transform after its own map.
  init(
    _ gradient: RadialGradientIR, table: [UInt32], opacity: Double, scaleX: Double, scaleY: Double, origin: Point,
    transform: Affine? = nil
  ) {
    let unitToUser = transform.map { $0.concatenating(after: gradient.unitToUser) } ?? gradient.unitToUser
    guard let inverse = unitToUser.inverted, gradient.stops.count > 1, table.count == PaintSampler.tableSize else {
      // SVG: a radius of 0 paints the last stop's colour; so does a map
      // that flattens the plane (an empty frame, a scale of 0).
      let color = gradient.stops.last.map { LinearRGBA($0.color, opacity: opacity) }
      self.init(solid: color ?? LinearRGBA(r: 0, g: 0, b: 0, a: 0))
      return
    }
    let steps = RadialSteps(
      base: inverse.apply(origin), stepX: Point(inverse.a / scaleX, inverse.b / scaleX),
      stepY: Point(inverse.c / scaleY, inverse.d / scaleY))
    self.init(solid: nil, table: table, base: 0, stepX: 0, stepY: 0, radial: steps)
  }

  /// The gradient position of the centre of pixel (x, y) and its change per pixel to the right.
  func position(x: Int, y: Int) -> (t: Double, step: Double) {
    (base + (Double(x) + 0.5) * stepX + (Double(y) + 0.5) * stepY, stepX)
  }

  @inline(__always) func color(at t: Double) -> UInt32 {
    let index = clampedInt(t * Double(PaintSampler.tableSize - 1) + 0.5, 0, PaintSampler.tableSize - 1)
    return table.withUnsafeBufferPointer { $0[index] }
  }

  static func table(for stops: [GradientStopIR], opacity: Double) -> [UInt32] {
    let offsets = stops.map { Float($0.offset) }
    let colors = stops.map { LinearRGBA($0.color, opacity: opacity) }
    return (0..<tableSize).map { index in
      interpolate(Float(index) / Float(tableSize - 1), offsets, colors).packed
    }
  }

  private static func interpolate(_ t: Float, _ offsets: [Float], _ colors: [LinearRGBA]) -> LinearRGBA {
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
    return LinearRGBA(
      r: a.r + (b.r - a.r) * f, g: a.g + (b.g - a.g) * f, b: a.b + (b.b - a.b) * f, a: a.a + (b.a - a.a) * f)
  }
}

/// Where pixel centres fall in a radial gradient's unit circle: for the
/// centre of pixel (x, y), u = base + (x + ½)·stepX + (y + ½)·stepY.
struct RadialSteps {
  let base: Point
  let stepX: Point
  let stepY: Point

  /// The unit-circle point of the centre of pixel (x, y); t there is its length.
  func position(x: Int, y: Int) -> Point {
    let (fx, fy) = (Double(x) + 0.5, Double(y) + 0.5)
    return Point(base.x + fx * stepX.x + fy * stepY.x, base.y + fx * stepX.y + fy * stepY.y)
  }
}
