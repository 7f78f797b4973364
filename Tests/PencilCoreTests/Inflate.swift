/// A small inflater (after Mark Adler's puff.c) for the streams our
/// encoder writes: stored, fixed-Huffman and dynamic-Huffman blocks, so
/// tests can round-trip the PNG compressor without a library. It keeps its
/// own copy of RFC 1951's tables on purpose: sharing the encoder's would
/// let a wrong table pass its own test. It checks what a strict decoder
/// checks: block types, LEN against NLEN, over-subscribed or incomplete
/// codes, distances before the start, and the zlib header and Adler-32.
enum Inflate {
  struct Failure: Error {}

  /// What the stream held, block by block, for tests that want to see
  /// which block types the encoder chose.
  struct Trace {
    var blockTypes: [Int] = []
  }

  static func zlib(_ data: [UInt8]) throws -> [UInt8] {
    var trace = Trace()
    return try zlib(data, trace: &trace)
  }

  static func zlib(_ data: [UInt8], trace: inout Trace) throws -> [UInt8] {
    guard data.count >= 6, data[0] & 0x0F == 8, (Int(data[0]) << 8 | Int(data[1])) % 31 == 0, data[1] & 0x20 == 0
    else { throw Failure() }
    var reader = BitReader(bytes: data, position: 2)
    var out: [UInt8] = []
    var final = 0
    repeat {
      final = try reader.bits(1)
      let type = try reader.bits(2)
      trace.blockTypes.append(type)
      switch type {
      case 0: try stored(&reader, into: &out)
      case 1: try codes(&reader, fixedLiterals, fixedDistances, into: &out)
      case 2:
        let (literals, distances) = try dynamicTables(&reader)
        try codes(&reader, literals, distances, into: &out)
      default: throw Failure()
      }
    } while final == 0
    reader.alignToByte()
    var adler: UInt32 = 0
    for _ in 0..<4 { adler = adler << 8 | UInt32(try reader.byte()) }
    guard adler == adler32(out) else { throw Failure() }
    return out
  }

  /// Adler-32 the slow, obvious way.
  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return b << 16 | a
  }

  private static func stored(_ reader: inout BitReader, into out: inout [UInt8]) throws {
    reader.alignToByte()
    let length = try Int(reader.byte()) | Int(reader.byte()) << 8
    let complement = try Int(reader.byte()) | Int(reader.byte()) << 8
    guard length == ~complement & 0xFFFF else { throw Failure() }
    for _ in 0..<length { out.append(try reader.byte()) }
  }

  /// A canonical code as counts per length and symbols in code order.
  private struct Code {
    var counts = [Int](repeating: 0, count: 16)
    var symbols: [Int] = []
    /// False for an over-subscribed code, and for an incomplete one unless
    /// it is a single code of one bit (which RFC 1951 allows).
    var isValid = true

    init(_ lengths: [Int]) {
      for length in lengths { counts[length] += 1 }
      var left = 1
      for length in 1..<16 {
        left = left * 2 - counts[length]
        if left < 0 { isValid = false }
      }
      let used = lengths.count - counts[0]
      if left > 0 && !(used == 1 && counts[1] == 1) { isValid = false }
      var offsets = [Int](repeating: 0, count: 16)
      for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
      symbols = [Int](repeating: 0, count: used)
      for (symbol, length) in lengths.enumerated() where length > 0 && isValid {
        symbols[offsets[length]] = symbol
        offsets[length] += 1
      }
    }

    static func checked(_ lengths: [Int]) throws -> Code {
      let code = Code(lengths)
      guard code.isValid else { throw Failure() }
      return code
    }

    func decode(_ reader: inout BitReader) throws -> Int {
      var code = 0
      var first = 0
      var index = 0
      for length in 1..<16 {
        code |= try reader.bits(1)
        let count = counts[length]
        if code - count < first { return symbols[index + (code - first)] }
        index += count
        first = (first + count) << 1
        code <<= 1
      }
      throw Failure()
    }
  }

  private static let fixedLiterals = Code((0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
  private static let fixedDistances = Code([Int](repeating: 5, count: 32))

  private static func dynamicTables(_ reader: inout BitReader) throws -> (Code, Code) {
    let literalCount = try reader.bits(5) + 257
    let distanceCount = try reader.bits(5) + 1
    let codeLengthCount = try reader.bits(4) + 4
    guard literalCount <= 286, distanceCount <= 30 else { throw Failure() }
    let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    var codeLengthLengths = [Int](repeating: 0, count: 19)
    for index in 0..<codeLengthCount { codeLengthLengths[order[index]] = try reader.bits(3) }
    let codeLengthCode = try Code.checked(codeLengthLengths)
    var lengths: [Int] = []
    while lengths.count < literalCount + distanceCount {
      let symbol = try codeLengthCode.decode(&reader)
      switch symbol {
      case 0...15: lengths.append(symbol)
      case 16:
        guard let last = lengths.last else { throw Failure() }
        for _ in 0..<(3 + (try reader.bits(2))) { lengths.append(last) }
      case 17: for _ in 0..<(3 + (try reader.bits(3))) { lengths.append(0) }
      default: for _ in 0..<(11 + (try reader.bits(7))) { lengths.append(0) }
      }
    }
    guard lengths.count == literalCount + distanceCount, lengths[256] > 0 else { throw Failure() }
    return (try Code.checked(Array(lengths[0..<literalCount])), try Code.checked(Array(lengths[literalCount...])))
  }

  private static func codes(_ reader: inout BitReader, _ literals: Code, _ distances: Code, into out: inout [UInt8])
    throws
  {
    while true {
      let symbol = try literals.decode(&reader)
      if symbol < 256 {
        out.append(UInt8(symbol))
      } else if symbol == 256 {
        return
      } else {
        let lengthIndex = symbol - 257
        guard lengthIndex < 29 else { throw Failure() }
        let length = lengthBases[lengthIndex] + (try reader.bits(lengthExtra[lengthIndex]))
        let distanceIndex = try distances.decode(&reader)
        guard distanceIndex < 30 else { throw Failure() }
        let distance = distanceBases[distanceIndex] + (try reader.bits(distanceExtra[distanceIndex]))
        guard distance <= out.count else { throw Failure() }
        for _ in 0..<length { out.append(out[out.count - distance]) }
      }
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

  private struct BitReader {
    let bytes: [UInt8]
    var position: Int
    var bit = 0

    mutating func bits(_ count: Int) throws -> Int {
      var value = 0
      for index in 0..<count {
        guard position < bytes.count else { throw Failure() }
        value |= Int(bytes[position] >> UInt8(bit) & 1) << index
        bit += 1
        if bit == 8 {
          bit = 0
          position += 1
        }
      }
      return value
    }

    mutating func alignToByte() {
      if bit > 0 {
        bit = 0
        position += 1
      }
    }

    mutating func byte() throws -> UInt8 {
      guard position < bytes.count else { throw Failure() }
      defer { position += 1 }
      return bytes[position]
    }
  }
}
