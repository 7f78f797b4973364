import PencilDiagnostics
import PencilIR
import PencilRaster
import PencilSupport

/// What the PPM backend is asked for.
public struct PPMOptions: Sendable {
  public var raster = RasterOptions()
  /// `--ppm-plain`: plain text (P3) instead of binary (P6).
  public var plain = false

  public init() {}
}

/// Netpbm PPM: binary P6 (or plain P3 with `PPMOptions.plain`), maxval 255.
/// PPM has no alpha, so the picture is composited onto white.
public struct PPMBackend: Backend {
  public let name = "ppm"
  public let fileExtensions = ["ppm"]
  public var options: PPMOptions

  public init(options: PPMOptions = PPMOptions()) {
    self.options = options
  }

  public var writesBinary: Bool { !options.plain }

  public func render(_ scene: Scene, diagnostics: inout [Diagnostic]) -> [UInt8]? {
    guard let canvas = RasterRenderer.render(scene, options: options.raster, diagnostics: &diagnostics) else {
      return nil
    }
    var pixels = canvas
    return options.plain
      ? PPMBackend.plain(canvas)
      : PPMBackend.binary(&pixels, threads: options.raster.threads ?? ThreadPool.processorCount)
  }

  /// Pixels a piece when a large picture is converted on several cores.
  static let pieceSize = 1 << 18

  /// Converted in place in the canvas's own buffer: pixel i (bytes 4i…)
  /// becomes bytes header + 3i…, which never runs ahead of the reading
  /// once i reaches the header's length; the first few pixels are set
  /// aside before the header overwrites them. This saves a second buffer
  /// as large as the picture, and the page faults that come with it.
  ///
  /// A large picture is converted in pieces on every core, each packed to
  /// the start of its own pixels, and the pieces then moved down in order
  /// (each lands below the next one's pixels, so none is overwritten
  /// before it moves).
  static func binary(_ canvas: inout PixelCanvas, threads: Int = 1) -> [UInt8] {
    let header = Array("P6\n# pencilc\n\(canvas.width) \(canvas.height)\n255\n".utf8)
    let count = canvas.width * canvas.height
    var bytes = canvas.takeStorage()
    if threads > 1, count >= 2 * pieceSize {
      return inPieces(&bytes, header: header, count: count, threads: threads)
    }
    let size = header.count + 3 * count
    // A picture smaller than its header needs room beyond its pixels.
    if bytes.count < size { bytes.append(contentsOf: repeatElement(0, count: size - bytes.count)) }
    bytes.withUnsafeMutableBytes { raw in
      let early = min(count, header.count)
      let saved = (0..<early).map { PixelCanvas.onWhite(raw.load(fromByteOffset: 4 * $0, as: UInt32.self)) }
      PPMBackend.pack(raw, pixels: early..<count, to: header.count + 3 * early)
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

  private static func inPieces(_ bytes: inout [UInt8], header: [UInt8], count: Int, threads: Int) -> [UInt8] {
    let pieces = (count + pieceSize - 1) / pieceSize
    bytes.withUnsafeMutableBytes { raw in
      ThreadPool.run(tasks: pieces, threads: threads) { _, piece in
        let first = piece * pieceSize
        PPMBackend.pack(raw, pixels: first..<min(count, first + pieceSize), to: 4 * first)
      }
      guard let base = raw.baseAddress else { return }
      for piece in 0..<pieces {
        let first = piece * pieceSize
        let length = 3 * (min(count, first + pieceSize) - first)
        // Piece k ends at header + 3·(k+1)·pieceSize, below piece k+1's start, 4·(k+1)·pieceSize.
        (base + header.count + 3 * first).copyMemory(from: base + 4 * first, byteCount: length)
      }
      for (index, byte) in header.enumerated() { raw[index] = byte }
    }
    bytes.removeLast(bytes.count - header.count - 3 * count)
    return bytes
  }

  /// Writes `pixels` onto white, three bytes each from byte `start`, which
  /// is at most 4 × the first pixel's number, so no write passes a pixel
  /// not yet read. Each pixel but the last is stored as four bytes (the
  /// fourth overwritten by the next), one store instead of three; the
  /// channels are added byte by byte, wrapping, as `onWhite` adds them.
  @inline(__always) private static func pack(_ raw: UnsafeMutableRawBufferPointer, pixels: Range<Int>, to start: Int) {
    guard let base = raw.baseAddress, !pixels.isEmpty else { return }
    var target = start
    for index in pixels.lowerBound..<(pixels.upperBound - 1) {
      let pixel = base.load(fromByteOffset: 4 * index, as: UInt32.self)
      let background = (255 - pixel >> 24) &* 0x0001_0101
      let sum = ((pixel & 0x007F_7F7F) &+ (background & 0x007F_7F7F)) ^ ((pixel ^ background) & 0x0080_8080)
      base.storeBytes(of: sum.littleEndian, toByteOffset: target, as: UInt32.self)
      target += 3
    }
    let (r, g, b) = PixelCanvas.onWhite(base.load(fromByteOffset: 4 * (pixels.upperBound - 1), as: UInt32.self))
    raw[target] = r
    raw[target + 1] = g
    raw[target + 2] = b
  }

  /// P3: one row of pixels per line, wrapped to stay under 70 characters.
  static func plain(_ canvas: PixelCanvas) -> [UInt8] {
    var writer = ByteWriter(expectedSize: canvas.width * canvas.height * 12 + 64)
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
