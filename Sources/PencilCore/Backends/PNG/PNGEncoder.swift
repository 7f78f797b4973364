#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a PixelCanvas as an 8-bit RGBA PNG: rows filtered with the
/// filter that minimises the sum of absolute differences (the usual
/// heuristic), then zlib-compressed.
enum PNGEncoder {
  static func encode(_ canvas: PixelCanvas) -> [UInt8] {
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header: [UInt8] = []
    appendBigEndian(UInt32(canvas.width), to: &header)
    appendBigEndian(UInt32(canvas.height), to: &header)
    header += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, adaptive filtering, no interlace
    appendChunk("IHDR", header, to: &png)
    appendChunk("IDAT", Deflate.zlib(filteredRows(canvas)), to: &png)
    appendChunk("IEND", [], to: &png)
    return png
  }

  /// Straight-alpha rows, each prefixed with its filter type. All five
  /// filters are scored in one pass over the row; only the winner is
  /// written.
  private static func filteredRows(_ canvas: PixelCanvas) -> [UInt8] {
    let rowBytes = canvas.width * 4
    var rows = [UInt8](repeating: 0, count: rowBytes * 2)
    let size = (rowBytes + 1) * canvas.height
    return [UInt8](unsafeUninitializedCapacity: size) { out, initialized in
      initialized = 0
      rows.withUnsafeMutableBufferPointer { rows in
        // Both are non-empty: a canvas is at least one pixel.
        guard let rowsBase = rows.baseAddress, let outBase = out.baseAddress else { return }
        canvas.withPixels { pixels in
          var current = 0
          for y in 0..<canvas.height {
            let row = rowsBase + current * rowBytes
            let above = rowsBase + (1 - current) * rowBytes
            straighten(pixels, from: y * canvas.width, count: canvas.width, into: row)
            if y == 0 { above.update(repeating: 0, count: rowBytes) }
            let filter = bestFilter(row, above, rowBytes)
            let target = outBase + y * (rowBytes + 1)
            target[0] = filter
            apply(filter, row, above, rowBytes, into: target + 1)
            current = 1 - current
          }
        }
        initialized = size
      }
    }
  }

  /// Undoes the premultiplication, rounding to nearest.
  private static func straighten(
    _ pixels: UnsafeBufferPointer<UInt32>, from start: Int, count: Int, into row: UnsafeMutablePointer<UInt8>
  ) {
    for x in 0..<count {
      let (r, g, b, alpha) = PixelCanvas.channels(pixels[start + x])
      if alpha == 255 {
        row[4 * x] = r
        row[4 * x + 1] = g
        row[4 * x + 2] = b
      } else {
        let a = Int(alpha)
        func straight(_ value: UInt8) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (Int(value) * 255 + a / 2) / a)) }
        row[4 * x] = straight(r)
        row[4 * x + 1] = straight(g)
        row[4 * x + 2] = straight(b)
      }
      row[4 * x + 3] = alpha
    }
  }

  /// The filter with the smallest sum of absolute (signed) residuals.
  private static func bestFilter(_ row: UnsafeMutablePointer<UInt8>, _ above: UnsafeMutablePointer<UInt8>, _ count: Int)
    -> UInt8
  {
    // A row equal to the one above is all zeros under Up, the best there is.
    if memcmp(row, above, count) == 0 { return 2 }
    var scores = (0, 0, 0, 0, 0)
    for index in 0..<count {
      let value = row[index]
      let left = index >= 4 ? row[index - 4] : 0
      let up = above[index]
      let upLeft = index >= 4 ? above[index - 4] : 0
      @inline(__always) func cost(_ residual: UInt8) -> Int { Int(Int8(bitPattern: residual).magnitude) }
      scores.0 += cost(value)
      scores.1 += cost(value &- left)
      scores.2 += cost(value &- up)
      scores.3 += cost(value &- UInt8((Int(left) + Int(up)) / 2))
      scores.4 += cost(value &- paeth(left, up, upLeft))
    }
    var best: (filter: UInt8, score: Int) = (0, scores.0)
    for (filter, score) in [(UInt8(1), scores.1), (2, scores.2), (3, scores.3), (4, scores.4)] where score < best.score
    {
      best = (filter, score)
    }
    return best.filter
  }

  private static func apply(
    _ filter: UInt8, _ row: UnsafeMutablePointer<UInt8>, _ above: UnsafeMutablePointer<UInt8>, _ count: Int,
    into out: UnsafeMutablePointer<UInt8>
  ) {
    for index in 0..<count {
      let left = index >= 4 ? row[index - 4] : 0
      let up = above[index]
      let upLeft = index >= 4 ? above[index - 4] : 0
      let predictor: UInt8
      switch filter {
      case 1: predictor = left
      case 2: predictor = up
      case 3: predictor = UInt8((Int(left) + Int(up)) / 2)
      case 4: predictor = paeth(left, up, upLeft)
      default: predictor = 0
      }
      out[index] = row[index] &- predictor
    }
  }

  private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
    let p = Int(a) + Int(b) - Int(c)
    let pa = abs(p - Int(a))
    let pb = abs(p - Int(b))
    let pc = abs(p - Int(c))
    if pa <= pb && pa <= pc { return a }
    return pb <= pc ? b : c
  }

  private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
    for shift in [24, 16, 8, 0] { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
  }

  private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
    appendBigEndian(UInt32(data.count), to: &png)
    let typeBytes = Array(type.utf8)
    png += typeBytes
    png += data
    let crc = Checksums.crc32(data, initial: Checksums.crc32(typeBytes))
    appendBigEndian(crc, to: &png)
  }
}
