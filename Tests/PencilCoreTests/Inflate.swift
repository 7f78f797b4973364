/// A small inflater for the fixed-Huffman DEFLATE streams our encoder
/// writes, so tests can round-trip the PNG compressor without a library.
/// It keeps its own copy of RFC 1951's tables on purpose: sharing the
/// encoder's would let a wrong table pass its own test.
enum Inflate {
  struct Failure: Error {}

  static func zlib(_ data: [UInt8]) throws -> [UInt8] {
    guard data.count >= 6, data[0] == 0x78 else { throw Failure() }
    var reader = BitReader(bytes: data, position: 2)
    var out: [UInt8] = []
    var final = 0
    repeat {
      final = try reader.bits(1)
      guard try reader.bits(2) == 1 else { throw Failure() }  // only fixed Huffman
      while true {
        let symbol = try literal(&reader)
        if symbol < 256 {
          out.append(UInt8(symbol))
        } else if symbol == 256 {
          break
        } else {
          let lengthIndex = symbol - 257
          let length = lengthBases[lengthIndex] + (try reader.bits(lengthExtra[lengthIndex]))
          let distanceIndex = try reader.reversed(5)
          let distance = distanceBases[distanceIndex] + (try reader.bits(distanceExtra[distanceIndex]))
          guard distance <= out.count else { throw Failure() }
          for _ in 0..<length { out.append(out[out.count - distance]) }
        }
      }
    } while final == 0
    return out
  }

  private static func literal(_ reader: inout BitReader) throws -> Int {
    var code = try reader.reversed(7)
    if code <= 0b0010111 { return code + 256 }
    code = code << 1 | (try reader.bits(1))
    if code >= 0b0011_0000 && code <= 0b1011_1111 { return code - 0b0011_0000 }
    if code >= 0b1100_0000 && code <= 0b1100_0111 { return code - 0b1100_0000 + 280 }
    code = code << 1 | (try reader.bits(1))
    return code - 0b1_1001_0000 + 144
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

    /// A Huffman code, sent most significant bit first.
    mutating func reversed(_ count: Int) throws -> Int {
      var value = 0
      for _ in 0..<count { value = value << 1 | (try bits(1)) }
      return value
    }
  }
}
