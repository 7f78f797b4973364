import PencilIR

/// A path's stroke as SVG presentation attributes. SVG's default miter
/// limit is 4, pencil's (Core Graphics') 10, so the limit is always
/// written with a miter join.
extension SVGWriter {
  mutating func strokeAttributes(_ stroke: StrokeIR, opacity: Double, gradientID: Int?) {
    switch stroke.paint {
    case .solid(let color):
      colorAttributes(color, opacity: opacity, " stroke=\"", " stroke-opacity=\"")
    case .linearGradient, .radialGradient:
      out.write(" stroke=\"url(#g")
      out.write(gradientID ?? 0)
      out.write(")\"")
      if opacity < 1 {
        out.write(" stroke-opacity=\"")
        out.write(opacity)
        out.write("\"")
      }
    }
    let style = stroke.style
    out.write(" stroke-width=\"")
    out.write(style.width)
    out.write("\"")
    if style.cap != .butt {
      out.write(" stroke-linecap=\"")
      out.write(style.cap == .round ? "round" : "square")
      out.write("\"")
    }
    switch style.join {
    case .miter:
      out.write(" stroke-miterlimit=\"")
      out.write(style.miterLimit)
      out.write("\"")
    case .round: out.write(" stroke-linejoin=\"round\"")
    case .bevel: out.write(" stroke-linejoin=\"bevel\"")
    }
    let dash = style.effectiveDash
    if !dash.isEmpty {
      out.write(" stroke-dasharray=\"")
      for (index, length) in dash.enumerated() {
        if index > 0 { out.write(byte: UInt8(ascii: " ")) }
        out.write(length)
      }
      out.write("\"")
      if style.dashPhase != 0 {
        out.write(" stroke-dashoffset=\"")
        out.write(style.dashPhase)
        out.write("\"")
      }
    }
  }
}
