/// The header of a dynamic block (RFC 1951, 3.2.7): the literal/length
/// and distance code lengths, run-length coded with symbols 16 (repeat
/// the previous length 3–6 times), 17 (3–10 zeros) and 18 (11–138 zeros),
/// themselves Huffman-coded with the code-length code, whose lengths
/// (3 bits each, at most 7) come first.
struct DynamicHeader {
  let literalCount: Int
  let distanceCount: Int
  /// Run-length symbols, each with its extra bits' value above bit 8.
  private var items: [UInt16] = []
  private var codeLengthLengths = [UInt8](repeating: 0, count: 19)
  private var codeLengthCodes = [UInt16](repeating: 0, count: 19)
  private var codeLengthCount = 4
  /// The header's size, not counting the 3 bits of the block header.
  private(set) var bits = 0

  init(literalLengths: [UInt8], distanceLengths: [UInt8]) {
    var literalCount = 257
    for symbol in 257..<literalLengths.count where literalLengths[symbol] > 0 { literalCount = symbol + 1 }
    var distanceCount = 1
    for code in distanceLengths.indices where distanceLengths[code] > 0 { distanceCount = code + 1 }
    self.literalCount = literalCount
    self.distanceCount = distanceCount
    let lengths = Array(literalLengths[0..<literalCount]) + Array(distanceLengths[0..<distanceCount])
    items.reserveCapacity(lengths.count)
    var frequencies = [UInt32](repeating: 0, count: 19)
    var index = 0
    while index < lengths.count {
      let length = lengths[index]
      var run = 1
      while index + run < lengths.count && lengths[index + run] == length { run += 1 }
      index += run
      if length == 0 {
        while run >= 11 {
          let part = min(run, 138)
          items.append(18 | UInt16(part - 11) << 8)
          run -= part
        }
        if run >= 3 {
          items.append(17 | UInt16(run - 3) << 8)
          run = 0
        }
      } else {
        items.append(UInt16(length))
        run -= 1
        while run >= 3 {
          let part = min(run, 6)
          items.append(16 | UInt16(part - 3) << 8)
          run -= part
        }
      }
      for _ in 0..<run { items.append(UInt16(length)) }
    }
    for item in items { frequencies[Int(item & 0xFF)] += 1 }
    codeLengthLengths = frequencies.withUnsafeBufferPointer { DeflateCompressor.codeLengths($0, maxLength: 7) }
    Huffman.codes(codeLengthLengths, into: &codeLengthCodes)
    codeLengthCount = 4
    for (position, symbol) in DeflateTables.codeLengthOrder.enumerated() where codeLengthLengths[symbol] > 0 {
      codeLengthCount = max(codeLengthCount, position + 1)
    }
    bits = 5 + 5 + 4 + 3 * codeLengthCount
    for item in items {
      let symbol = Int(item & 0xFF)
      bits += Int(codeLengthLengths[symbol]) + DynamicHeader.extraBits(symbol)
    }
  }

  private static func extraBits(_ symbol: Int) -> Int {
    switch symbol {
    case 16: 2
    case 17: 3
    case 18: 7
    default: 0
    }
  }

  func write(to sink: BitSink) {
    sink.write(UInt32(literalCount - 257), bits: 5)
    sink.write(UInt32(distanceCount - 1), bits: 5)
    sink.write(UInt32(codeLengthCount - 4), bits: 4)
    for position in 0..<codeLengthCount {
      sink.write(UInt32(codeLengthLengths[DeflateTables.codeLengthOrder[position]]), bits: 3)
    }
    for item in items {
      let symbol = Int(item & 0xFF)
      sink.write(UInt32(codeLengthCodes[symbol]), bits: Int(codeLengthLengths[symbol]))
      let extra = DynamicHeader.extraBits(symbol)
      if extra > 0 { sink.write(UInt32(item >> 8), bits: extra) }
    }
  }
}
