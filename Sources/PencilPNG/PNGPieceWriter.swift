#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One worker's share of the PNG encoder: filters a band of rows into a
/// buffer of its own and deflates it. The rows just above the band are
/// filtered again first, so that the 32 KiB before the band (the previous
/// piece's end) are there for the match finder to refer back to, and the
/// piece comes out as if the whole image had been filtered into one
/// buffer, without a buffer as large as the image and its page faults.
final class PNGPieceWriter {
  let width: Int
  let channels: Int
  private let rowBytes: Int
  private let stride: Int
  private let compressor = DeflateCompressor()
  /// Two straightened rows, each with `RowFilter.margin` bytes around it.
  private let scratch: UnsafeMutablePointer<UInt8>
  /// The row under each predicting filter, to be scored.
  private let residuals: UnsafeMutablePointer<UInt8>
  private var buffer: UnsafeMutablePointer<UInt8>
  private var capacity = 0

  init(width: Int, channels: Int) {
    self.width = width
    self.channels = channels
    rowBytes = width * channels
    stride = 1 + rowBytes
    let scratchSize = 2 * (rowBytes + 2 * RowFilter.margin)
    scratch = .allocate(capacity: scratchSize)
    scratch.initialize(repeating: 0, count: scratchSize)
    residuals = .allocate(capacity: 4 * rowBytes)
    buffer = .allocate(capacity: 1)
  }

  deinit {
    scratch.deallocate()
    residuals.deallocate()
    buffer.deallocate()
  }

  /// The deflated piece for `rows` (ending the stream if `final`) and the
  /// Adler-32 of its filtered bytes.
  func write(rows: Range<Int>, of pixels: UnsafeBufferPointer<UInt32>, final: Bool) -> ([UInt8], UInt32) {
    let window = DeflateCompressor.windowSize
    let dictionaryRows = min(rows.lowerBound, (window + stride - 1) / stride)
    let first = rows.lowerBound - dictionaryRows
    let size = (rows.upperBound - first) * stride
    reserve(size)
    filter(first..<rows.upperBound, of: pixels)
    let start = dictionaryRows * stride
    let dictionaryStart = start - min(window, rows.lowerBound * stride)
    let bytes = compressor.compress(buffer, dictionaryStart: dictionaryStart, start: start, end: size, final: final)
    return (bytes, Checksums.adler32(UnsafeRawPointer(buffer + start), count: size - start))
  }

  private func reserve(_ size: Int) {
    guard size > capacity else { return }
    buffer.deallocate()
    buffer = .allocate(capacity: size)
    capacity = size
  }

  /// Filters `rows` into the buffer, row by row. A row whose pixels equal
  /// the row above's (most of a picture of vertical bands) is Up with all
  /// zero residuals, found by one `memcmp` with nothing to straighten.
  private func filter(_ rows: Range<Int>, of pixels: UnsafeBufferPointer<UInt32>) {
    guard let base = pixels.baseAddress else { return }
    let rowSpan = rowBytes + 2 * RowFilter.margin
    var current = scratch + RowFilter.margin
    var above = scratch + rowSpan + RowFilter.margin
    if rows.lowerBound > 0 {
      straighten(base + (rows.lowerBound - 1) * width, into: above)
    } else {
      above.update(repeating: 0, count: rowBytes)
    }
    var out = buffer
    for y in rows {
      let source = base + y * width
      if y > 0 && memcmp(source, source - width, width * 4) == 0 {
        out[0] = 2
        (out + 1).update(repeating: 0, count: rowBytes)
      } else {
        straighten(source, into: current)
        RowFilter.filter(current, above, count: rowBytes, bpp: channels, scratch: residuals, into: out)
        swap(&current, &above)
      }
      out += stride
    }
  }

  /// One row of premultiplied pixels as straight-alpha bytes: RGB, the
  /// fourth byte of each four-byte store overwritten by the next pixel
  /// (and the last one landing in the margin), or RGBA.
  private func straighten(_ source: UnsafePointer<UInt32>, into row: UnsafeMutablePointer<UInt8>) {
    let raw = UnsafeMutableRawPointer(row)
    if channels == 3 {
      for x in 0..<width {
        raw.storeBytes(of: source[x].littleEndian, toByteOffset: 3 &* x, as: UInt32.self)
      }
      return
    }
    PNGPieceWriter.straightTable.withUnsafeBufferPointer { table in
      for x in 0..<width {
        let pixel = source[x]
        let alpha = pixel >> 24
        var straight = pixel
        if alpha != 255 {
          let row = Int(alpha) << 8
          straight =
            UInt32(table[row | Int(pixel & 0xFF)]) | UInt32(table[row | Int(pixel >> 8 & 0xFF)]) << 8
            | UInt32(table[row | Int(pixel >> 16 & 0xFF)]) << 16 | alpha << 24
        }
        raw.storeBytes(of: straight.littleEndian, toByteOffset: 4 &* x, as: UInt32.self)
      }
    }
  }

  /// value · 255 / alpha rounded to nearest and at most 255, at
  /// alpha << 8 | value; 0 where alpha is 0. A table, not a division per
  /// channel.
  private static let straightTable: [UInt8] = (0..<65536).map { index in
    let alpha = index >> 8
    let value = index & 0xFF
    return alpha == 0 ? 0 : UInt8(min(255, (value * 255 + alpha / 2) / alpha))
  }
}
