/// An RGBA image with premultiplied 8-bit channels, composited source-over.
struct PixelCanvas {
  let width: Int
  let height: Int
  /// Row-major, 4 bytes a pixel, premultiplied alpha.
  private(set) var pixels: [UInt8]

  init(width: Int, height: Int, background: IRColor?) {
    self.width = width
    self.height = height
    guard let background else {
      pixels = [UInt8](repeating: 0, count: width * height * 4)
      return
    }
    let color = LinearRGBA(background)
    let quad: [UInt8] = [
      PixelCanvas.quantize(color.r * color.a), PixelCanvas.quantize(color.g * color.a),
      PixelCanvas.quantize(color.b * color.a), PixelCanvas.quantize(color.a),
    ]
    pixels = [UInt8](repeating: 0, count: width * height * 4)
    pixels.withUnsafeMutableBufferPointer { buffer in
      for index in stride(from: 0, to: buffer.count, by: 4) {
        buffer[index] = quad[0]
        buffer[index + 1] = quad[1]
        buffer[index + 2] = quad[2]
        buffer[index + 3] = quad[3]
      }
    }
  }

  @inline(__always) static func quantize(_ value: Float) -> UInt8 {
    UInt8(min(max(value * 255 + 0.5, 0), 255))
  }

  /// Composites one row span: pixel `x0 + i` of row `y` gets coverage
  /// `coverage[i]` of the paint.
  mutating func blend(row y: Int, from x0: Int, coverage: UnsafeBufferPointer<Float>, paint: PaintSampler) {
    let width = self.width
    pixels.withUnsafeMutableBufferPointer { pixels in
      var offset = (y * width + x0) * 4
      if paint.isSolid {
        let color = paint.solidColor
        for index in 0..<coverage.count {
          let c = coverage[index]
          if c > 0 { PixelCanvas.over(color, c, &pixels, offset) }
          offset += 4
        }
        return
      }
      var (t, step) = paint.position(x: x0, y: y)
      for index in 0..<coverage.count {
        let c = coverage[index]
        if c > 0 { PixelCanvas.over(paint.color(at: t), c, &pixels, offset) }
        t += step
        offset += 4
      }
    }
  }

  /// dst = src·coverage + dst·(1 − srcα·coverage), on premultiplied values.
  @inline(__always) private static func over(
    _ color: LinearRGBA, _ coverage: Float, _ pixels: inout UnsafeMutableBufferPointer<UInt8>, _ offset: Int
  ) {
    let alpha = color.a * coverage
    guard alpha > 0 else { return }
    let keep = 1 - alpha
    let r = color.r * alpha + Float(pixels[offset]) / 255 * keep
    let g = color.g * alpha + Float(pixels[offset + 1]) / 255 * keep
    let b = color.b * alpha + Float(pixels[offset + 2]) / 255 * keep
    let a = alpha + Float(pixels[offset + 3]) / 255 * keep
    pixels[offset] = quantize(r)
    pixels[offset + 1] = quantize(g)
    pixels[offset + 2] = quantize(b)
    pixels[offset + 3] = quantize(a)
  }
}
