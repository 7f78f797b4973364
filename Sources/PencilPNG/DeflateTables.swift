/// RFC 1951's tables, and lookups built from them once per compressor so
/// that the match loop reads plain pointers.
struct DeflateTables {
  static let lengthBases: [Int] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
  ]
  static let lengthExtra: [Int] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  static let distanceBases: [Int] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
    6145, 8193, 12289, 16385, 24577,
  ]
  static let distanceExtra: [Int] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
  ]
  /// The order in which a dynamic header sends the code-length code's lengths.
  static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

  static let literalSymbols = 286
  static let distanceSymbols = 30

  /// The fixed literal/length code's lengths (RFC 1951, 3.2.6).
  static let fixedLiteralLengths: [UInt8] = (0..<288).map { symbol in
    switch symbol {
    case 0...143: 8
    case 144...255: 9
    case 256...279: 7
    default: 8
    }
  }

  /// Length 3…258 → index of its length code (symbol − 257).
  let lengthCode: UnsafeMutablePointer<UInt8>
  /// Distance − 1 below 256 → its code; above, (distance − 1) >> 7 at 256 + that.
  let distanceCode: UnsafeMutablePointer<UInt8>
  /// The tables above as pointers, for the loop that writes tokens.
  let lengthBase: UnsafeMutablePointer<UInt16>
  let lengthExtraBits: UnsafeMutablePointer<UInt8>
  let distanceBase: UnsafeMutablePointer<UInt16>
  let distanceExtraBits: UnsafeMutablePointer<UInt8>

  init() {
    lengthBase = .allocate(capacity: 29)
    lengthExtraBits = .allocate(capacity: 29)
    for index in 0..<29 {
      (lengthBase + index).initialize(to: UInt16(DeflateTables.lengthBases[index]))
      (lengthExtraBits + index).initialize(to: UInt8(DeflateTables.lengthExtra[index]))
    }
    distanceBase = .allocate(capacity: 30)
    distanceExtraBits = .allocate(capacity: 30)
    for index in 0..<30 {
      (distanceBase + index).initialize(to: UInt16(DeflateTables.distanceBases[index]))
      (distanceExtraBits + index).initialize(to: UInt8(DeflateTables.distanceExtra[index]))
    }
    lengthCode = .allocate(capacity: 259)
    lengthCode.initialize(repeating: 0, count: 259)
    for index in 0..<29 {
      let end = index == 28 ? 259 : DeflateTables.lengthBases[index + 1]
      for length in DeflateTables.lengthBases[index]..<end { lengthCode[length] = UInt8(index) }
    }
    distanceCode = .allocate(capacity: 512)
    distanceCode.initialize(repeating: 0, count: 512)
    for code in 0..<30 {
      let start = DeflateTables.distanceBases[code] - 1
      let end = code == 29 ? 32768 : DeflateTables.distanceBases[code + 1] - 1
      for value in start..<end {
        if value < 256 { distanceCode[value] = UInt8(code) } else { distanceCode[256 + value >> 7] = UInt8(code) }
      }
    }
  }

  func deallocate() {
    lengthCode.deallocate()
    distanceCode.deallocate()
    lengthBase.deallocate()
    lengthExtraBits.deallocate()
    distanceBase.deallocate()
    distanceExtraBits.deallocate()
  }

  @inline(__always) func code(forDistance distance: Int) -> Int {
    let value = distance &- 1
    return Int(value < 256 ? distanceCode[value] : distanceCode[256 &+ value >> 7])
  }
}
