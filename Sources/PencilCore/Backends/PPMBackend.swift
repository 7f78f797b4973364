/// Netpbm PPM: binary P6 (or plain P3 with `plainPPM`), maxval 255. PPM has
/// no alpha, so the picture is composited onto white.
struct PPMBackend: Backend {
  let name = "ppm"
  let fileExtensions = ["ppm"]

  func writesBinary(_ options: RenderOptions) -> Bool { !options.plainPPM }

  func render(_ scene: Scene, options: RenderOptions, diagnostics: inout [Diagnostic]) -> [UInt8]? {
    guard let canvas = RasterRenderer.render(scene, options: options, diagnostics: &diagnostics) else { return nil }
    var pixels = canvas
    return options.plainPPM ? PPMBackend.plain(canvas) : PPMBackend.binary(&pixels)
  }

  /// Converted in place in the canvas's own buffer: pixel i (bytes 4i…)
  /// becomes bytes header + 3i…, which never runs ahead of the reading
  /// once i reaches the header's length; the first few pixels are set
  /// aside before the header overwrites them. This saves a second buffer
  /// as large as the picture, and the page faults that come with it.
  static func binary(_ canvas: inout PixelCanvas) -> [UInt8] {
    let header = Array("P6\n# pencilc\n\(canvas.width) \(canvas.height)\n255\n".utf8)
    let count = canvas.width * canvas.height
    var bytes = canvas.takeStorage()
    let size = header.count + 3 * count
    // A picture smaller than its header needs room beyond its pixels.
    if bytes.count < size { bytes.append(contentsOf: repeatElement(0, count: size - bytes.count)) }
    bytes.withUnsafeMutableBytes { raw in
      let early = min(count, header.count)
      let saved = (0..<early).map { PixelCanvas.onWhite(raw.load(fromByteOffset: 4 * $0, as: UInt32.self)) }
      var target = header.count + 3 * early
      for index in early..<count {
        let (r, g, b) = PixelCanvas.onWhite(raw.load(fromByteOffset: 4 * index, as: UInt32.self))
        raw[target] = r
        raw[target + 1] = g
        raw[target + 2] = b
        target += 3
      }
      for (index, byte) in header.enumerated() { raw[index] = byte }
      for (index, (r, g, b)) in saved.enumerated() {
        raw[header.count + 3 * index] = r
        raw[header.count + 3 * index + 1] = g
        raw[header.count + 3 * index + 2] = b
      }
    }
    bytes.removeLast(bytes.count - size)
    return bytes
  }

  /// P3: one row of pixels per line, wrapped to stay under 70 characters.
  static func plain(_ canvas: PixelCanvas) -> [UInt8] {
    let writer = ByteWriter(expectedSize: canvas.width * canvas.height * 12 + 64)
    writer.write("P3\n# pencilc\n")
    writer.write(canvas.width)
    writer.write(byte: UInt8(ascii: " "))
    writer.write(canvas.height)
    writer.write("\n255\n")
    canvas.withPixels { pixels in
      for y in 0..<canvas.height {
        var lineLength = 0
        for x in 0..<canvas.width {
          let (r, g, b) = PixelCanvas.onWhite(pixels[y * canvas.width + x])
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
