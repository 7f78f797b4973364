/// Netpbm PPM: binary P6 (or plain P3 with `plainPPM`), maxval 255. PPM has
/// no alpha, so the picture is composited onto white.
struct PPMBackend: Backend {
  let name = "ppm"
  let fileExtensions = ["ppm"]

  func render(_ scene: Scene, options: RenderOptions, diagnostics: inout [Diagnostic]) -> [UInt8]? {
    guard let canvas = RasterRenderer.render(scene, options: options, diagnostics: &diagnostics) else { return nil }
    return options.plainPPM ? PPMBackend.plain(canvas) : PPMBackend.binary(canvas)
  }

  /// Premultiplied colour over white: C + (255 − α).
  @inline(__always) static func onWhite(_ pixels: UnsafeBufferPointer<UInt8>, _ offset: Int) -> (UInt8, UInt8, UInt8) {
    let background = 255 - pixels[offset + 3]
    return (pixels[offset] &+ background, pixels[offset + 1] &+ background, pixels[offset + 2] &+ background)
  }

  static func binary(_ canvas: PixelCanvas) -> [UInt8] {
    var out = Array("P6\n# pencilc\n\(canvas.width) \(canvas.height)\n255\n".utf8)
    let header = out.count
    out.append(contentsOf: repeatElement(0, count: canvas.width * canvas.height * 3))
    canvas.pixels.withUnsafeBufferPointer { pixels in
      out.withUnsafeMutableBufferPointer { out in
        var target = header
        for offset in stride(from: 0, to: pixels.count, by: 4) {
          let (r, g, b) = onWhite(pixels, offset)
          out[target] = r
          out[target + 1] = g
          out[target + 2] = b
          target += 3
        }
      }
    }
    return out
  }

  /// P3: one row of pixels per line, wrapped to stay under 70 characters.
  static func plain(_ canvas: PixelCanvas) -> [UInt8] {
    let writer = ByteWriter(expectedSize: canvas.width * canvas.height * 12 + 64)
    writer.write("P3\n# pencilc\n")
    writer.write(canvas.width)
    writer.write(byte: UInt8(ascii: " "))
    writer.write(canvas.height)
    writer.write("\n255\n")
    canvas.pixels.withUnsafeBufferPointer { pixels in
      for y in 0..<canvas.height {
        var lineLength = 0
        for x in 0..<canvas.width {
          let (r, g, b) = onWhite(pixels, (y * canvas.width + x) * 4)
          for value in [r, g, b] {
            if lineLength > 0 {
              if lineLength >= 66 {
                writer.write(byte: UInt8(ascii: "\n"))
                lineLength = 0
              } else {
                writer.write(byte: UInt8(ascii: " "))
                lineLength += 1
              }
            }
            writer.write(Int(value))
            lineLength += value >= 100 ? 3 : value >= 10 ? 2 : 1
          }
        }
        writer.write(byte: UInt8(ascii: "\n"))
      }
    }
    return writer.bytes
  }
}
