/// Writing a block: its size is counted exactly under dynamic codes, the
/// fixed codes and as stored bytes, and the smallest is written.
extension DeflateCompressor {
  /// Writes `tokens[0..<tokenCount]`, which stand for `base[from..<to]`, as
  /// one block (or several stored ones), and clears the frequencies.
  func writeBlock(_ base: UnsafePointer<UInt8>, from: Int, to: Int, tokenCount: Int, final: Bool) {
    literalFrequencies[256] = 1  // end of block
    let literals = UnsafeBufferPointer(start: literalFrequencies, count: DeflateTables.literalSymbols)
    let distances = UnsafeBufferPointer(start: distanceFrequencies, count: DeflateTables.distanceSymbols)
    let literalLengths = DeflateCompressor.codeLengths(literals, maxLength: 15)
    let distanceLengths = DeflateCompressor.codeLengths(distances, maxLength: 15)
    let header = DynamicHeader(literalLengths: literalLengths, distanceLengths: distanceLengths)

    var dynamicBits = 3 + header.bits
    var fixedBits = 3
    for symbol in 0..<DeflateTables.literalSymbols where literals[symbol] > 0 {
      let frequency = Int(literals[symbol])
      let extra = symbol > 256 ? DeflateTables.lengthExtra[symbol - 257] : 0
      dynamicBits += frequency * (Int(literalLengths[symbol]) + extra)
      fixedBits += frequency * (Int(DeflateTables.fixedLiteralLengths[symbol]) + extra)
    }
    for code in 0..<DeflateTables.distanceSymbols where distances[code] > 0 {
      let frequency = Int(distances[code])
      dynamicBits += frequency * (Int(distanceLengths[code]) + DeflateTables.distanceExtra[code])
      fixedBits += frequency * (5 + DeflateTables.distanceExtra[code])
    }
    let storedBits = DeflateCompressor.storedBits(to - from, bitPosition: sink.bitPosition)

    if storedBits < min(dynamicBits, fixedBits) {
      writeStored(base, from: from, to: to, final: final)
    } else if dynamicBits < fixedBits {
      sink.reserve(dynamicBits / 8 + 8)
      sink.write(final ? 1 : 0, bits: 1)
      sink.write(2, bits: 2)
      header.write(to: sink)
      writeTokens(tokenCount, literalLengths: literalLengths, distanceLengths: distanceLengths)
    } else {
      sink.reserve(fixedBits / 8 + 8)
      sink.write(final ? 1 : 0, bits: 1)
      sink.write(1, bits: 2)
      writeTokens(
        tokenCount, literalLengths: DeflateTables.fixedLiteralLengths,
        distanceLengths: [UInt8](repeating: 5, count: DeflateTables.distanceSymbols))
    }
    literalFrequencies.update(repeating: 0, count: DeflateTables.literalSymbols)
    distanceFrequencies.update(repeating: 0, count: DeflateTables.distanceSymbols)
  }

  /// Code lengths for a tree, with at least two codes of non-zero length
  /// even when fewer symbols are used: some inflaters reject a tree with
  /// none or one, and zlib's own encoder never writes one (the unused
  /// codes cost nothing but their lengths in the header).
  static func codeLengths(_ frequencies: UnsafeBufferPointer<UInt32>, maxLength: Int) -> [UInt8] {
    var lengths = [UInt8](repeating: 0, count: frequencies.count)
    var used = 0
    for frequency in frequencies where frequency > 0 { used += 1 }
    if used >= 2 {
      Huffman.lengths(frequencies, maxLength: maxLength, into: &lengths)
    } else {
      var padded = Array(frequencies)
      for index in 0..<2 where padded[index] == 0 { padded[index] = 1 }
      padded.withUnsafeBufferPointer { Huffman.lengths($0, maxLength: maxLength, into: &lengths) }
    }
    return lengths
  }

  /// Stored blocks of at most 65535 bytes each: 3 header bits, padding
  /// to a byte, LEN and NLEN, then the bytes.
  static func storedBits(_ count: Int, bitPosition: Int) -> Int {
    var bits = 3 + (8 - (bitPosition + 3) % 8) % 8 + 32 + 8 * min(count, 65535)
    var rest = count - min(count, 65535)
    while rest > 0 {
      bits += 8 + 32 + 8 * min(rest, 65535)
      rest -= min(rest, 65535)
    }
    return bits
  }

  private func writeStored(_ base: UnsafePointer<UInt8>, from: Int, to: Int, final: Bool) {
    var position = from
    repeat {
      let count = min(65535, to - position)
      sink.reserve(count + 8)
      sink.write(final && position + count == to ? 1 : 0, bits: 1)
      sink.write(0, bits: 2)
      sink.alignToByte()
      for byte in [count & 0xFF, count >> 8, ~count & 0xFF, ~count >> 8 & 0xFF] {
        sink.appendByte(UInt8(truncatingIfNeeded: byte))
      }
      sink.append(base + position, count: count)
      position += count
    } while position < to
  }

  /// The block's tokens under the given codes, each length or distance
  /// code sent with its extra bits in one write.
  private func writeTokens(_ tokenCount: Int, literalLengths: [UInt8], distanceLengths: [UInt8]) {
    var literalCodes = [UInt16](repeating: 0, count: literalLengths.count)
    var distanceCodes = [UInt16](repeating: 0, count: distanceLengths.count)
    Huffman.codes(literalLengths, into: &literalCodes)
    Huffman.codes(distanceLengths, into: &distanceCodes)
    // Code and length in one word per symbol, in the compressor's own
    // buffers, so the loop reads plain pointers.
    for symbol in literalLengths.indices {
      literalCode[symbol] = UInt32(literalCodes[symbol]) | UInt32(literalLengths[symbol]) << 16
    }
    for code in distanceLengths.indices {
      distanceCode[code] = UInt32(distanceCodes[code]) | UInt32(distanceLengths[code]) << 16
    }
    let sink = sink
    let tables = tables
    for index in 0..<tokenCount {
      let token = Int(tokens[index])
      if token < 256 {
        let entry = literalCode[token]
        sink.write(entry & 0xFFFF, bits: Int(entry >> 16))
        continue
      }
      let length = token >> 16
      let distance = token & 0xFFFF
      let lengthIndex = Int(tables.lengthCode[length])
      let entry = literalCode[257 &+ lengthIndex]
      let codeBits = entry >> 16
      let lengthExtra = UInt32(length &- Int(tables.lengthBase[lengthIndex]))
      sink.write(
        entry & 0xFFFF | lengthExtra << codeBits, bits: Int(codeBits) &+ Int(tables.lengthExtraBits[lengthIndex]))
      let code = tables.code(forDistance: distance)
      let distanceEntry = distanceCode[code]
      let distanceBits = distanceEntry >> 16
      let distanceExtra = UInt32(distance &- Int(tables.distanceBase[code]))
      sink.write(
        distanceEntry & 0xFFFF | distanceExtra << distanceBits,
        bits: Int(distanceBits) &+ Int(tables.distanceExtraBits[code]))
    }
    let end = literalCode[256]
    sink.write(end & 0xFFFF, bits: Int(end >> 16))
  }
}
