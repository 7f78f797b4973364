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

  /// Straight-alpha rows, each prefixed with its filter type.
  private static func filteredRows(_ canvas: PixelCanvas) -> [UInt8] {
    let rowBytes = canvas.width * 4
    var straight = [UInt8](repeating: 0, count: rowBytes)
    var previous = [UInt8](repeating: 0, count: rowBytes)
    var candidate = [UInt8](repeating: 0, count: rowBytes)
    var best = [UInt8](repeating: 0, count: rowBytes)
    var out: [UInt8] = []
    out.reserveCapacity((rowBytes + 1) * canvas.height)
    canvas.withPixels { pixels in
      for y in 0..<canvas.height {
        for x in 0..<canvas.width {
          let (r, g, b, alpha) = PixelCanvas.channels(pixels[y * canvas.width + x])
          // Undo the premultiplication, rounding to nearest.
          func straightValue(_ value: UInt8) -> UInt8 {
            alpha == 0 ? 0 : UInt8(min(255, (Int(value) * 255 + Int(alpha) / 2) / Int(alpha)))
          }
          straight[4 * x] = straightValue(r)
          straight[4 * x + 1] = straightValue(g)
          straight[4 * x + 2] = straightValue(b)
          straight[4 * x + 3] = alpha
        }
        var bestFilter: UInt8 = 0
        var bestScore = Int.max
        for filter: UInt8 in 0...4 {
          apply(filter, straight, previous, into: &candidate)
          let score = candidate.reduce(0) { $0 + Int(Int8(bitPattern: $1).magnitude) }
          if score < bestScore {
            bestScore = score
            bestFilter = filter
            swap(&best, &candidate)
          }
        }
        out.append(bestFilter)
        out.append(contentsOf: best)
        swap(&previous, &straight)
      }
    }
    return out
  }

  private static func apply(_ filter: UInt8, _ row: [UInt8], _ above: [UInt8], into out: inout [UInt8]) {
    let count = row.count
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
