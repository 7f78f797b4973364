import PencilRaster
import PencilSupport

/// Writes a PixelCanvas as an 8-bit PNG: RGB (colour type 2) when every
/// pixel is opaque, RGBA with straight alpha (type 6) otherwise. The rows
/// are split into pieces of about a megabyte; each piece is filtered and
/// deflated by whichever worker thread takes it (`PNGPieceWriter`), and
/// the pieces join into one zlib stream in one IDAT chunk. The file is the
/// same byte for byte whatever the thread count.
enum PNGEncoder {
  /// `pieceSize` (bytes of filtered rows a piece) is a parameter for tests,
  /// which make many pieces from a small picture.
  static func encode(
    _ canvas: PixelCanvas, threads: Int = ThreadPool.processorCount, pieceSize: Int = Deflate.pieceSize
  ) -> [UInt8] {
    let opaque = isOpaque(canvas, threads: threads)
    let channels = opaque ? 3 : 4
    let stride = 1 + canvas.width * channels
    let rowsPerPiece = max(1, pieceSize / stride)
    let count = (canvas.height + rowsPerPiece - 1) / rowsPerPiece
    var pieces = [[UInt8]](repeating: [], count: count)
    var checksums = [UInt32](repeating: 1, count: count)
    let writers = (0..<ThreadPool.workers(threads, count)).map { _ in
      PNGPieceWriter(width: canvas.width, channels: channels)
    }
    canvas.withPixels { pixels in
      pieces.withUnsafeMutableBufferPointer { pieces in
        checksums.withUnsafeMutableBufferPointer { checksums in
          ThreadPool.run(tasks: count, threads: threads) { worker, piece in
            let rows = piece * rowsPerPiece..<min(canvas.height, (piece + 1) * rowsPerPiece)
            (pieces[piece], checksums[piece]) = writers[worker].write(
              rows: rows, of: pixels, final: rows.upperBound == canvas.height)
          }
        }
      }
    }
    let lengths = (0..<count).map { piece in
      (min(canvas.height, (piece + 1) * rowsPerPiece) - piece * rowsPerPiece) * stride
    }
    let idatLength = Deflate.header.count + pieces.reduce(0) { $0 + $1.count } + 4
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png.reserveCapacity(8 + 25 + 12 + idatLength + 12)
    var header: [UInt8] = []
    Deflate.appendBigEndian(UInt32(canvas.width), to: &header)
    Deflate.appendBigEndian(UInt32(canvas.height), to: &header)
    // 8 bits a channel, RGB or RGBA, deflate, adaptive filtering, no interlace.
    header += [8, opaque ? 2 : 6, 0, 0, 0]
    appendChunk("IHDR", header, to: &png)
    // IDAT is written in place: its data are the joined pieces.
    Deflate.appendBigEndian(UInt32(idatLength), to: &png)
    let typeStart = png.count
    png += Array("IDAT".utf8)
    png += Deflate.header
    for piece in pieces { png += piece }
    Deflate.appendBigEndian(Deflate.combine(checksums, lengths: lengths), to: &png)
    let crc = png.withUnsafeBufferPointer { Checksums.crc32(UnsafeBufferPointer(rebasing: $0[typeStart...])) }
    Deflate.appendBigEndian(crc, to: &png)
    appendChunk("IEND", [], to: &png)
    return png
  }

  /// Whether every pixel has alpha 255; bands of rows are checked in
  /// parallel when the picture is large enough to pay for a thread.
  static func isOpaque(_ canvas: PixelCanvas, threads: Int) -> Bool {
    let bands = canvas.width * canvas.height < 1 << 20 ? 1 : min(canvas.height, 16)
    let rowsPerBand = (canvas.height + bands - 1) / bands
    var opaque = [Bool](repeating: true, count: bands)
    canvas.withPixels { pixels in
      opaque.withUnsafeMutableBufferPointer { opaque in
        ThreadPool.run(tasks: bands, threads: threads) { _, band in
          let start = min(pixels.count, band * rowsPerBand * canvas.width)
          let end = min(pixels.count, (band + 1) * rowsPerBand * canvas.width)
          opaque[band] = allOpaque(UnsafeBufferPointer(rebasing: pixels[start..<end]))
        }
      }
    }
    return !opaque.contains(false)
  }

  /// ANDs the pixels together, a block at a time so that a transparent
  /// picture is known as such early; alpha is the top byte.
  private static func allOpaque(_ pixels: UnsafeBufferPointer<UInt32>) -> Bool {
    var index = 0
    while index < pixels.count {
      let end = min(pixels.count, index + 4096)
      var all: UInt32 = 0xFFFF_FFFF
      while index < end {
        all &= pixels[index]
        index &+= 1
      }
      if all >> 24 != 0xFF { return false }
    }
    return true
  }

  private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
    Deflate.appendBigEndian(UInt32(data.count), to: &png)
    let typeBytes = Array(type.utf8)
    png += typeBytes
    png += data
    Deflate.appendBigEndian(Checksums.crc32(data, initial: Checksums.crc32(typeBytes)), to: &png)
  }
}
