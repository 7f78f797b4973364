/// The checksums PNG needs: CRC-32 for chunks, Adler-32 for zlib.
enum Checksums {
  /// Slicing-by-8 tables: table k maps a byte to its CRC contribution k
  /// bytes further on, so eight bytes are folded in per step instead of
  /// one (the IDAT of a text-heavy picture is megabytes long).
  private static let crcTables: [UInt32] = {
    var tables = [UInt32](repeating: 0, count: 8 * 256)
    for index in 0..<256 {
      var value = UInt32(index)
      for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
      tables[index] = value
    }
    for index in 0..<256 {
      var value = tables[index]
      for slice in 1..<8 {
        value = tables[Int(value & 0xFF)] ^ (value >> 8)
        tables[slice * 256 + index] = value
      }
    }
    return tables
  }()

  static func crc32<C: Collection>(_ bytes: C, initial: UInt32 = 0) -> UInt32 where C.Element == UInt8 {
    if let result = bytes.withContiguousStorageIfAvailable({ crc32($0, initial: initial) }) { return result }
    return crc32(Array(bytes), initial: initial)
  }

  static func crc32(_ bytes: UnsafeBufferPointer<UInt8>, initial: UInt32 = 0) -> UInt32 {
    guard let base = bytes.baseAddress else { return initial }
    var crc = ~initial
    crcTables.withUnsafeBufferPointer { table in
      var index = 0
      let raw = UnsafeRawPointer(base)
      while index + 8 <= bytes.count {
        let low = crc ^ UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt32.self))
        let high = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self))
        crc =
          table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int(low >> 8 & 0xFF)]
          ^ table[5 * 256 + Int(low >> 16 & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
          ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int(high >> 8 & 0xFF)]
          ^ table[256 + Int(high >> 16 & 0xFF)] ^ table[Int(high >> 24)]
        index += 8
      }
      while index < bytes.count {
        crc = table[Int((crc ^ UInt32(base[index])) & 0xFF)] ^ (crc >> 8)
        index += 1
      }
    }
    return ~crc
  }

  private static let adlerBase: UInt32 = 65521
  /// The most bytes whose sums cannot overflow 32 bits before the modulo.
  private static let adlerBlock = 5552

  static func adler32(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    guard let base = bytes.baseAddress else { return 1 }
    return adler32(UnsafeRawPointer(base), count: bytes.count)
  }

  /// Sixteen lanes at a time: lane i sums its bytes (a) and, before each
  /// step, adds its running a into b, so b weighs earlier bytes more; the
  /// lanes are folded back at the end of each block. LLVM turns the
  /// `SIMD16` arithmetic into vector instructions.
  static func adler32(_ base: UnsafeRawPointer, count: Int, initial: UInt32 = 1) -> UInt32 {
    var a = initial & 0xFFFF
    var b = initial >> 16
    var index = 0
    let weights = SIMD16<UInt32>(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
    while index < count {
      let end = min(index + adlerBlock, count)
      let vectorEnd = index + (end - index) / 16 * 16
      if vectorEnd > index {
        let steps = UInt32((vectorEnd - index) / 16)
        var laneA = SIMD16<UInt32>(repeating: 0)
        var laneB = SIMD16<UInt32>(repeating: 0)
        while index < vectorEnd {
          laneB &+= laneA
          laneA &+= SIMD16<UInt32>(
            truncatingIfNeeded: base.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self))
          index += 16
        }
        // b gains 16·steps·a for the a it started with, plus each byte
        // weighted by how many positions of the block follow it. In 64
        // bits: the lane sums reach 2^32 on a full block.
        let base64 = UInt64(adlerBase)
        var wideB = UInt64(b) + UInt64(16 * steps) * UInt64(a)
        wideB += 16 * UInt64(laneB.wrappedSum()) + UInt64((laneA &* weights).wrappedSum())
        b = UInt32(wideB % base64)
        a = UInt32((UInt64(a) + UInt64(laneA.wrappedSum())) % base64)
      }
      while index < end {
        a &+= UInt32(base.load(fromByteOffset: index, as: UInt8.self))
        b &+= a
        index += 1
      }
      a %= adlerBase
      b %= adlerBase
    }
    return b << 16 | a
  }

  /// The Adler-32 of two pieces joined, from each piece's checksum and the
  /// second one's length (zlib's `adler32_combine`): chunks compressed on
  /// different threads check as one stream.
  static func adler32Combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
    let base = adlerBase
    let remainder = UInt32(secondLength % Int(base))
    var sum1 = first & 0xFFFF
    var sum2 = UInt32((UInt64(remainder) * UInt64(sum1)) % UInt64(base))
    sum1 = sum1 + (second & 0xFFFF) + base - 1
    sum2 = sum2 + (first >> 16) + (second >> 16) + base - remainder
    if sum1 >= base { sum1 -= base }
    if sum1 >= base { sum1 -= base }
    if sum2 >= base << 1 { sum2 -= base << 1 }
    if sum2 >= base { sum2 -= base }
    return sum2 << 16 | sum1
  }
}
