/// A DEFLATE (RFC 1951) compressor: LZ77 over a 32 KiB window with hash
/// chains, coded with the fixed Huffman tables, wrapped as zlib (RFC 1950).
enum Deflate {
  private static let windowSize = 1 << 15
  private static let hashBits = 15
  private static let maxChain = 24
  private static let minMatch = 3
  private static let maxMatch = 258

  static func zlib(_ data: [UInt8]) -> [UInt8] {
    var writer = BitWriter()
    writer.bytes.reserveCapacity(data.count / 3 + 64)
    // CMF: deflate, 32 KiB window; FLG: no dictionary, check bits.
    writer.bytes.append(0x78)
    writer.bytes.append(0x01)
    data.withUnsafeBufferPointer { input in
      compress(input, into: &writer)
      writer.flush()
      let adler = Checksums.adler32(input)
      for shift in [24, 16, 8, 0] { writer.bytes.append(UInt8(truncatingIfNeeded: adler >> UInt32(shift))) }
    }
    return writer.bytes
  }

  private static func compress(_ input: UnsafeBufferPointer<UInt8>, into writer: inout BitWriter) {
    writer.write(1, bits: 1)  // BFINAL
    writer.write(1, bits: 2)  // BTYPE 01: fixed Huffman
    var head = [Int32](repeating: -1, count: 1 << hashBits)
    var previous = [Int32](repeating: -1, count: windowSize)
    let count = input.count
    var position = 0
    func hash(_ at: Int) -> Int {
      let value = UInt32(input[at]) << 16 | UInt32(input[at + 1]) << 8 | UInt32(input[at + 2])
      return Int((value &* 2_654_435_761) >> UInt32(32 - hashBits))
    }
    func insert(_ at: Int) {
      let h = hash(at)
      previous[at & (windowSize - 1)] = head[h]
      head[h] = Int32(at)
    }
    while position < count {
      var bestLength = 0
      var bestDistance = 0
      if position + minMatch <= count {
        var candidate = Int(head[hash(position)])
        var chain = maxChain
        let limit = min(maxMatch, count - position)
        while candidate >= 0, position - candidate <= windowSize, chain > 0 {
          if input[candidate + bestLength] == input[position + bestLength] {
            var length = 0
            while length < limit, input[candidate + length] == input[position + length] { length += 1 }
            if length > bestLength {
              bestLength = length
              bestDistance = position - candidate
              if length == limit { break }
            }
          }
          let next = Int(previous[candidate & (windowSize - 1)])
          if next >= candidate { break }
          candidate = next
          chain -= 1
        }
      }
      if bestLength >= minMatch {
        writer.writeLength(bestLength)
        writer.writeDistance(bestDistance)
        let end = position + bestLength
        while position < end {
          if position + minMatch <= count { insert(position) }
          position += 1
        }
      } else {
        writer.writeLiteral(Int(input[position]))
        if position + minMatch <= count { insert(position) }
        position += 1
      }
    }
    writer.writeLiteral(256)  // end of block
  }
}

/// Writes bits least significant first, as DEFLATE packs them, and the
/// fixed Huffman codes (which are sent most significant bit first).
private struct BitWriter {
  var bytes: [UInt8] = []
  private var buffer: UInt64 = 0
  private var filled = 0

  mutating func write(_ value: Int, bits: Int) {
    buffer |= UInt64(value) << UInt64(filled)
    filled += bits
    while filled >= 8 {
      bytes.append(UInt8(truncatingIfNeeded: buffer))
      buffer >>= 8
      filled -= 8
    }
  }

  mutating func flush() {
    if filled > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
    buffer = 0
    filled = 0
  }

  private mutating func writeCode(_ code: Int, length: Int) {
    var reversed = 0
    var value = code
    for _ in 0..<length {
      reversed = reversed << 1 | value & 1
      value >>= 1
    }
    write(reversed, bits: length)
  }

  /// A literal byte or the end-of-block symbol 256, or a length symbol.
  mutating func writeLiteral(_ symbol: Int) {
    switch symbol {
    case 0...143: writeCode(0x30 + symbol, length: 8)
    case 144...255: writeCode(0x190 + symbol - 144, length: 9)
    case 256...279: writeCode(symbol - 256, length: 7)
    default: writeCode(0xC0 + symbol - 280, length: 8)
    }
  }

  private static let lengthBases = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
  ]
  private static let lengthExtra = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  private static let distanceBases = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
    6145, 8193, 12289, 16385, 24577,
  ]
  private static let distanceExtra = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
  ]

  mutating func writeLength(_ length: Int) {
    var index = BitWriter.lengthBases.count - 1
    while BitWriter.lengthBases[index] > length { index -= 1 }
    writeLiteral(257 + index)
    let extra = BitWriter.lengthExtra[index]
    if extra > 0 { write(length - BitWriter.lengthBases[index], bits: extra) }
  }

  mutating func writeDistance(_ distance: Int) {
    var index = BitWriter.distanceBases.count - 1
    while BitWriter.distanceBases[index] > distance { index -= 1 }
    writeCode(index, length: 5)
    let extra = BitWriter.distanceExtra[index]
    if extra > 0 { write(distance - BitWriter.distanceBases[index], bits: extra) }
  }
}
