import PencilRaster
import PencilSupport

/// zlib streams (RFC 1950) compressed in independent pieces, as pigz does:
/// each piece is deflated on whichever thread takes it, with the 32 KiB
/// before it as its dictionary, and ends with a sync flush, so the pieces
/// join into one valid stream by concatenation; their Adler-32s are
/// combined. Piece boundaries depend on the data's length only, so the
/// stream is the same byte for byte whatever the thread count.
enum Deflate {
  /// CMF: deflate with a 32 KiB window; FLG: the default level, no
  /// dictionary, check bits making the pair a multiple of 31.
  static let header: [UInt8] = [0x78, 0x9C]
  /// Bytes of input per piece: large enough that a piece's extra block
  /// header and flush (some 100 bytes) are lost in its output, small
  /// enough that two cores get a dozen pieces each from a large picture.
  static let pieceSize = 1 << 20

  /// The zlib stream of `data`.
  static func zlib(_ data: [UInt8], threads: Int = 1, pieceSize: Int = Deflate.pieceSize) -> [UInt8] {
    let size = max(1, pieceSize)
    let count = max(1, (data.count + size - 1) / size)
    var pieces = [[UInt8]](repeating: [], count: count)
    var checksums = [UInt32](repeating: 1, count: count)
    let padded = data.isEmpty ? [0] : data
    padded.withUnsafeBufferPointer { input in
      guard let base = input.baseAddress else { return }
      let compressors = (0..<ThreadPool.workers(threads, count)).map { _ in DeflateCompressor() }
      pieces.withUnsafeMutableBufferPointer { pieces in
        checksums.withUnsafeMutableBufferPointer { checksums in
          ThreadPool.run(tasks: count, threads: threads) { worker, piece in
            let start = piece * size
            let end = min(data.count, start + size)
            pieces[piece] = compressors[worker].compress(
              base, dictionaryStart: max(0, start - DeflateCompressor.windowSize), start: start, end: end,
              final: piece == count - 1)
            checksums[piece] = Checksums.adler32(UnsafeRawPointer(base + start), count: end - start)
          }
        }
      }
    }
    var stream = header
    stream.reserveCapacity(2 + pieces.reduce(0) { $0 + $1.count } + 4)
    for piece in pieces { stream += piece }
    appendBigEndian(
      combine(checksums, lengths: (0..<count).map { min(data.count, ($0 + 1) * size) - $0 * size }), to: &stream)
    return stream
  }

  /// The Adler-32 of the pieces joined, from theirs and their lengths.
  static func combine(_ checksums: [UInt32], lengths: [Int]) -> UInt32 {
    var combined: UInt32 = 1
    for (checksum, length) in zip(checksums, lengths) {
      combined = Checksums.adler32Combine(combined, checksum, secondLength: length)
    }
    return combined
  }

  static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
    for shift: UInt32 in [24, 16, 8, 0] { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
  }
}
