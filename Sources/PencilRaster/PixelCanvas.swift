import PencilGeometry
import PencilSupport

/// An RGBA image, one packed premultiplied pixel per `UInt32`
/// (red in the low byte, then green, blue and alpha), composited
/// source-over in 8-bit integer arithmetic with coverage in 256 levels.
/// The pixels live in a byte array so an encoder can take the buffer over
/// and write its output in place (see `PPMBackend`).
package struct PixelCanvas {
  package let width: Int
  package let height: Int
  /// Four bytes a pixel, read and written as native `UInt32`s.
  private(set) var storage: [UInt8]

  package init(width: Int, height: Int, background: IRColor?) {
    self.width = width
    self.height = height
    let fill = background.map { LinearRGBA($0).packed } ?? 0
    storage = [UInt8](repeating: 0, count: width * height * 4)
    if fill != 0 { withMutablePixels { $0.update(repeating: fill) } }
  }

  /// A canvas whose pixels the caller must all write before reading any:
  /// the raster renderer's bands each paint their rows' background, so the
  /// pages are first touched on every core at once, not here on one.
  init(unwrittenWidth width: Int, height: Int) {
    self.width = width
    self.height = height
    storage = [UInt8](unsafeUninitializedCapacity: width * height * 4) { _, count in count = width * height * 4 }
  }

  package func withPixels<R>(_ body: (UnsafeBufferPointer<UInt32>) -> R) -> R {
    storage.withUnsafeBufferPointer { $0.withMemoryRebound(to: UInt32.self, body) }
  }

  mutating func withMutablePixels<R>(_ body: (UnsafeMutableBufferPointer<UInt32>) -> R) -> R {
    storage.withUnsafeMutableBufferPointer { $0.withMemoryRebound(to: UInt32.self, body) }
  }

  /// Hands the byte buffer over, leaving the canvas empty.
  package mutating func takeStorage() -> [UInt8] {
    var taken: [UInt8] = []
    swap(&taken, &storage)
    return taken
  }

  @inline(__always) static func pack(_ r: Float, _ g: Float, _ b: Float, _ a: Float) -> UInt32 {
    func byte(_ value: Float) -> UInt32 { UInt32(clampedByte(value * 255)) }
    return byte(r) | byte(g) << 8 | byte(b) << 16 | byte(a) << 24
  }

  @inlinable @inline(__always)
  package static func channels(_ pixel: UInt32) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    (
      UInt8(truncatingIfNeeded: pixel), UInt8(truncatingIfNeeded: pixel >> 8), UInt8(truncatingIfNeeded: pixel >> 16),
      UInt8(truncatingIfNeeded: pixel >> 24)
    )
  }

  /// The pixel composited onto white: with premultiplied channels that is
  /// C + (255 − α). PPM and the ASCII backend's darkness both use it.
  @inlinable @inline(__always) package static func onWhite(_ pixel: UInt32) -> (UInt8, UInt8, UInt8) {
    let (r, g, b, a) = channels(pixel)
    let background = 255 - a
    return (r &+ background, g &+ background, b &+ background)
  }

  /// Every channel of a packed pixel times `factor`/255, rounded; two
  /// channels at a time.
  @inline(__always) static func scale(_ pixel: UInt32, _ factor: UInt32) -> UInt32 {
    var redBlue = (pixel & 0x00FF_00FF) &* factor &+ 0x0080_0080
    redBlue = ((redBlue &+ ((redBlue >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var greenAlpha = ((pixel >> 8) & 0x00FF_00FF) &* factor &+ 0x0080_0080
    greenAlpha = (greenAlpha &+ ((greenAlpha >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return redBlue | greenAlpha
  }

  /// `clampedByte(c * 255)` of eight coverages: rounded half up and
  /// clamped to 0…255. Lane by lane in floats (`SIMD8<UInt32>(_:rounding:)`
  /// is not vectorized): adding 2²³ rounds to the nearest integer, one less
  /// where that went above, which is the truncation `clampedByte` takes.
  @inline(__always) static func bytes(_ coverage: SIMD8<Float>) -> SIMD8<UInt32> {
    var value = coverage * 255 + 0.5
    value.replace(with: 0, where: value .< 0)
    value.replace(with: 255, where: value .> 255)
    let magic = SIMD8<Float>(repeating: 8_388_608)
    var whole = (value + magic) - magic
    whole.replace(with: whole - 1, where: whole .> value)
    return unsafeBitCast(whole + magic, to: SIMD8<UInt32>.self) & SIMD8<UInt32>(repeating: 0x007F_FFFF)
  }

  /// `scale` on eight pixels, each by its own factor, in 16-bit lanes (a
  /// channel times a factor fits in 16 bits, and SSE2 multiplies eight
  /// 16-bit lanes in one instruction but has no 32-bit one).
  @inline(__always) static func scale(_ pixel: SIMD8<UInt32>, _ factor: SIMD8<UInt32>) -> SIMD8<UInt32> {
    scale(pixel, spread: factor | factor &<< 16)
  }

  /// The same with each factor already in both 16-bit halves of its lane.
  @inline(__always) static func scale(_ pixel: SIMD8<UInt32>, spread factor: SIMD8<UInt32>) -> SIMD8<UInt32> {
    let pixels = unsafeBitCast(pixel, to: SIMD16<UInt16>.self)
    let factors = unsafeBitCast(factor, to: SIMD16<UInt16>.self)
    let half = SIMD16<UInt16>(repeating: 0x0080)
    var redBlue = (pixels & SIMD16<UInt16>(repeating: 0x00FF)) &* factors &+ half
    redBlue = (redBlue &+ (redBlue &>> 8)) &>> 8
    var greenAlpha = (pixels &>> 8) &* factors &+ half
    greenAlpha = (greenAlpha &+ (greenAlpha &>> 8)) & SIMD16<UInt16>(repeating: 0xFF00)
    return unsafeBitCast(redBlue | greenAlpha, to: SIMD8<UInt32>.self)
  }

  /// dst = src·c + dst·(1 − srcα·c), on premultiplied values.
  @inline(__always) static func over(_ source: UInt32, _ coverage: Float, _ destination: UInt32) -> UInt32 {
    let c = UInt32(clampedByte(coverage * 255))
    let src = c >= 255 ? source : scale(source, c)
    return src &+ scale(destination, 255 - src >> 24)
  }

  /// Composites one row span of a canvas `width` pixels wide: pixel
  /// `x0 + i` of row `y` gets coverage `coverage[i]` of the paint. Static,
  /// on the pixels, so the threads drawing different bands share a canvas.
  static func blend(
    _ pixels: UnsafeMutableBufferPointer<UInt32>, width: Int, row y: Int, from x0: Int,
    coverage: UnsafeBufferPointer<Float>, paint: PaintSampler
  ) {
    let start = y * width + x0
    if let source = paint.solid {
      blendSolid(pixels, start, coverage, source)
      return
    }
    if let radial = paint.radial {
      blendRadial(pixels, start, coverage, paint, radial.position(x: x0, y: y), radial.stepX)
      return
    }
    var (t, step) = paint.position(x: x0, y: y)
    for index in 0..<coverage.count {
      let c = coverage[index]
      if c > 0.5 / 255 {
        let source = paint.color(at: t)
        pixels[start + index] =
          source >> 24 == 255 && c >= 1 ? source : PixelCanvas.over(source, c, pixels[start + index])
      }
      t += step
    }
  }

  /// A solid paint's span. Eight pixels at a time, runs that are fully
  /// covered by an opaque colour are filled and runs that are uncovered
  /// skipped in bulk: the same pixels the one-by-one loop writes.
  @inline(__always) private static func blendSolid(
    _ pixels: UnsafeMutableBufferPointer<UInt32>, _ start: Int, _ coverage: UnsafeBufferPointer<Float>,
    _ source: UInt32
  ) {
    let opaque = source >> 24 == 255
    let count = coverage.count
    let invisible = SIMD8<Float>(repeating: PixelCanvas.invisible)
    var index = 0
    while index < count {
      if index + 8 <= count, let base = coverage.baseAddress {
        let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD8<Float>.self)
        if all(chunk .<= invisible) {
          index += 8
          continue
        }
        if opaque, all(chunk .>= 1) {
          UnsafeMutableBufferPointer(rebasing: pixels[(start + index)..<(start + index + 8)]).update(repeating: source)
          index += 8
          continue
        }
        // Eight pixels at once, in the same integer arithmetic as `over`
        // (so the same bytes): a shadow's mask is all partial coverage.
        if let target = pixels.baseAddress.map({ UnsafeMutableRawPointer($0 + start + index) }) {
          let destination = target.loadUnaligned(as: SIMD8<UInt32>.self)
          let bytes = PixelCanvas.bytes(chunk)
          // No case for full coverage: `scale` by 255 is the pixel itself,
          // and SIMD's unsigned `>=` is compiled lane by lane through memory.
          let src = scale(SIMD8<UInt32>(repeating: source), bytes)
          var result = src &+ scale(destination, 255 &- (src &>> 24))
          result.replace(with: destination, where: chunk .<= invisible)
          target.storeBytes(of: result, as: SIMD8<UInt32>.self)
          index += 8
          continue
        }
      }
      let end = min(index + 8, count)
      while index < end {
        let c = coverage[index]
        if c > 0.5 / 255 {
          pixels[start + index] = opaque && c >= 1 ? source : PixelCanvas.over(source, c, pixels[start + index])
        }
        index += 1
      }
    }
  }

  /// A radial gradient's row: one square root per covered pixel, the
  /// unit-circle point advanced by a constant step.
  @inline(__always) private static func blendRadial(
    _ pixels: UnsafeMutableBufferPointer<UInt32>, _ start: Int, _ coverage: UnsafeBufferPointer<Float>,
    _ paint: PaintSampler, _ first: Point, _ step: Point
  ) {
    var (ux, uy) = (first.x, first.y)
    for index in 0..<coverage.count {
      let c = coverage[index]
      if c > 0.5 / 255 {
        let source = paint.color(at: (ux * ux + uy * uy).squareRoot())
        pixels[start + index] =
          source >> 24 == 255 && c >= 1 ? source : PixelCanvas.over(source, c, pixels[start + index])
      }
      ux += step.x
      uy += step.y
    }
  }
}
