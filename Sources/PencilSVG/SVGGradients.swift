import PencilGeometry
import PencilIR

/// Gradient definitions: each is written just before the first path that
/// uses it, in user space, and reused while it is among the last few
/// written (a pencil's tip and body share one).
extension SVGWriter {
  /// The id of the gradient `paint` is, defined first unless it was just
  /// written; nil for a solid colour. `dark` is the same item's paint in
  /// the dark appearance: its stops become classes when they differ.
  mutating func gradient(_ paint: Paint, dark: Paint?) -> Int? {
    var darkVariant: Paint? = nil
    switch (paint, dark) {
    case (.solid, _): return nil
    case (.linearGradient, .linearGradient?), (.radialGradient, .radialGradient?):
      if dark != paint { darkVariant = dark }
    default: break
    }
    return define(paint, dark: darkVariant)
  }

  /// Writes the gradient unless an identical one was just written; with
  /// `dark`, its stops in the dark appearance, the pair must match.
  private mutating func define(_ paint: Paint, dark: Paint?) -> Int {
    if let known = recentGradients.first(where: { $0.gradient == paint && $0.dark == dark }) { return known.id }
    gradientCount += 1
    recentGradients.append((paint, dark, gradientCount))
    if recentGradients.count > 4 { recentGradients.removeFirst() }
    switch paint {
    case .solid: break
    case .linearGradient(let gradient):
      out.write("<linearGradient id=\"g")
      out.write(gradientCount)
      out.write("\" gradientUnits=\"userSpaceOnUse\" x1=\"")
      out.write(gradient.start.x)
      out.write("\" y1=\"")
      out.write(gradient.start.y)
      out.write("\" x2=\"")
      out.write(gradient.end.x)
      out.write("\" y2=\"")
      out.write(gradient.end.y)
      out.write("\">")
      stops(gradient.stops, dark: SVGWriter.stops(of: dark))
      out.write("</linearGradient>\n")
    case .radialGradient(let gradient):
      out.write("<radialGradient id=\"g")
      out.write(gradientCount)
      out.write("\" gradientUnits=\"userSpaceOnUse\" cx=\"0\" cy=\"0\" r=\"1\"")
      // The unit circle, carried to the element by the transform.
      let map = gradient.unitToUser
      func written(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
      let writtenMap = Affine(a: written(map.a), b: written(map.b), c: written(map.c), d: written(map.d), e: 0, f: 0)
      if writtenMap.inverted != nil {
        out.write(" gradientTransform=\"matrix(")
        for (index, value) in [map.a, map.b, map.c, map.d, map.e, map.f].enumerated() {
          if index > 0 { out.write(byte: UInt8(ascii: " ")) }
          out.write(value)
        }
        out.write(")\">")
        stops(gradient.stops, dark: SVGWriter.stops(of: dark))
      } else {
        // A map that flattens the plane, as written (four decimals), has
        // no inverse for a renderer to use. The raster backends paint the
        // last stop there, as SVG says for r="0"; but rsvg-convert paints
        // nothing for r="0", so the last stop is written at both ends.
        out.write(">")
        stops(
          gradient.stops.suffix(1).flatMap { [$0, $0] }, dark: SVGWriter.stops(of: dark).suffix(1).flatMap { [$0, $0] })
      }
      out.write("</radialGradient>\n")
    }
    return gradientCount
  }

  private static func stops(of paint: Paint?) -> [GradientStopIR] {
    switch paint {
    case .linearGradient(let gradient)?: gradient.stops
    case .radialGradient(let gradient)?: gradient.stops
    default: []
    }
  }

  /// The `<stop>`s; each whose colour differs in `dark` gets its class.
  private mutating func stops(_ stops: [GradientStopIR], dark darkStops: [GradientStopIR]) {
    for (index, stop) in stops.enumerated() {
      out.write("<stop offset=\"")
      out.write(stop.offset)
      out.write("\" stop-color=\"")
      color(stop.color)
      out.write("\"")
      if stop.color.alpha < 1 {
        out.write(" stop-opacity=\"")
        out.write(stop.color.alpha)
        out.write("\"")
      }
      if index < darkStops.count { appearanceClass(.stop, stop.color, darkStops[index].color) }
      out.write("/>")
    }
  }
}
