import PencilSupport

/// A shadow's blurred alpha over the region it was made in, in the forms
/// its shadows need: coverage in 0…1 (what a clip multiplies), and the
/// same as the 256 levels `PixelCanvas.bytes` would make of it, 0 where
/// the coverage is too small to show, each level in both 16-bit halves of
/// a `UInt32` (what an unclipped shadow blends: `PixelCanvas.scale(_:spread:)`
/// takes them as they are, with no conversion). Made once and shared by
/// every shadow of the same picture.
struct BlurredAlpha {
  struct Forms: OptionSet, Hashable {
    let rawValue: Int
    static let coverage = Forms(rawValue: 1)
    static let levels = Forms(rawValue: 2)
  }

  let width: Int
  let height: Int
  /// Empty unless `.coverage` was asked for.
  let values: [Float]
  /// Empty unless `.levels` was asked for.
  let levels: [UInt32]

  init(width: Int, values: [Float], forms: Forms) {
    self.width = width
    height = width > 0 ? values.count / width : 0
    self.values = forms.contains(.coverage) ? values : []
    guard forms.contains(.levels) else {
      levels = []
      return
    }
    // `clampedByte(c * 255)`, eight at a time as the canvas's blending
    // makes its bytes (`PixelCanvas.bytes`, the same rounding and clamping).
    levels = [UInt32](unsafeUninitializedCapacity: values.count) { levels, count in
      values.withUnsafeBufferPointer { values in
        guard let source = values.baseAddress, let target = levels.baseAddress else { return }
        let invisible = SIMD8<Float>(repeating: PixelCanvas.invisible)
        var index = 0
        while index + 8 <= values.count {
          let chunk = UnsafeRawPointer(source + index).loadUnaligned(as: SIMD8<Float>.self)
          var bytes = PixelCanvas.bytes(chunk)
          bytes.replace(with: 0, where: .!(chunk .> invisible))
          UnsafeMutableRawPointer(target + index).storeBytes(of: bytes | bytes &<< 16, as: SIMD8<UInt32>.self)
          index += 8
        }
        while index < values.count {
          let c = values[index]
          let level = c > PixelCanvas.invisible ? UInt32(clampedByte(c * 255)) : 0
          levels[index] = level | level << 16
          index += 1
        }
      }
      count = values.count
    }
  }

  /// What it holds, in values of four bytes (for the memory a part of the
  /// items may hold).
  var size: Int { values.count + levels.count }
}

/// The part of a `BlurredAlpha` one shadow shows on the canvas: a window
/// on the shared pixels, not a copy of them.
struct ShadowMask {
  /// The window's place and size on the canvas.
  let x0: Int
  let y0: Int
  let width: Int
  let height: Int
  let alpha: BlurredAlpha
  /// Where the window's first row starts in `alpha`.
  let offset: Int
  /// Whether `alpha` is this shadow's alone (it then counts against the
  /// memory a part of the items may hold; a shared one is held anyway).
  let owned: Bool

  /// Row `y` of the canvas (within the window), from `x0`.
  func rowStart(_ y: Int) -> Int { offset + (y - y0) * alpha.width }
}

extension PixelCanvas {
  /// Coverage at or below this shows nothing: it rounds to no level of a
  /// colour's 255 (half a level and below; see `blend`).
  static let invisible: Float = 0.5 / 255

  /// A solid colour through a row of coverage levels (as `BlurredAlpha`
  /// makes them), eight pixels at a time: the same bytes as `blend` on the
  /// coverage the levels were made from. Level 0 leaves the pixel as it is
  /// (the colour scaled by 0 over it), and 255 gives the colour (scaled by
  /// 255), so neither needs a case.
  static func blendLevels(
    _ pixels: UnsafeMutableBufferPointer<UInt32>, width: Int, row y: Int, from x0: Int,
    levels: UnsafeBufferPointer<UInt32>, source: UInt32
  ) {
    guard let base = levels.baseAddress, let target = pixels.baseAddress.map({ $0 + y * width + x0 }) else { return }
    let count = levels.count
    let colour = SIMD8<UInt32>(repeating: source)
    let none = SIMD8<UInt32>(repeating: 0)
    var index = 0
    while index + 8 <= count {
      let factors = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD8<UInt32>.self)
      if any(factors .!= none) {
        let place = UnsafeMutableRawPointer(target + index)
        let destination = place.loadUnaligned(as: SIMD8<UInt32>.self)
        let src = scale(colour, spread: factors)
        place.storeBytes(of: src &+ scale(destination, 255 &- (src &>> 24)), as: SIMD8<UInt32>.self)
      }
      index += 8
    }
    while index < count {
      let level = levels[index] & 0xFF
      if level > 0 {
        let src = scale(source, level)
        target[index] = src &+ scale(target[index], 255 - src >> 24)
      }
      index += 1
    }
  }
}
