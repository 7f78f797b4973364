// Checkers for the pictures: PNG structure and checksums, PPM layout, and
// the text picture of the ASCII backend. Each returns nil when the bytes
// pass, or what is wrong.
//
// Shared like FuzzChecks.swift (symbolic link in Tests/PencilCoreTests).

#if !PENCIL_FUZZER
  @testable import PencilASCII
#endif

extension FuzzChecks {
  // MARK: - PNG

  static let crcTable: [UInt32] = (0..<256).map { (n: UInt32) -> UInt32 in
    var c = n
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
    return c ^ 0xFFFF_FFFF
  }

  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return b << 16 | a
  }

  static func bigEndian(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// Signature, IHDR (size, 8-bit RGB or RGBA, no interlace), chunk CRCs,
  /// IEND last; with `inflateLimit`, also the zlib stream when it inflates
  /// to at most that many bytes: its Adler-32, its length and the filter
  /// types.
  static func png(_ bytes: [UInt8], width: Int, height: Int, inflateLimit: Int) -> String? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return "PNG: bad signature" }
    var index = 8
    var chunks: [String] = []
    var idat: [UInt8] = []
    var channels = 4
    while index < bytes.count {
      guard index + 12 <= bytes.count else { return "PNG: truncated chunk header at \(index)" }
      let length = Int(bigEndian(bytes, index))
      guard length <= bytes.count - index - 12 else { return "PNG: chunk length \(length) runs past the end" }
      let type = String(decoding: bytes[index + 4..<index + 8], as: UTF8.self)
      let data = Array(bytes[index + 8..<index + 8 + length])
      let stored = bigEndian(bytes, index + 8 + length)
      let computed = crc32(bytes[index + 4..<index + 8 + length])
      guard stored == computed else { return "PNG: \(type) CRC \(stored) should be \(computed)" }
      if chunks.isEmpty {
        guard type == "IHDR", length == 13 else { return "PNG: the first chunk is \(type), not IHDR" }
        let (w, h) = (Int(bigEndian(data, 0)), Int(bigEndian(data, 4)))
        guard w == width, h == height else { return "PNG: IHDR says \(w)x\(h), the picture is \(width)x\(height)" }
        guard data[8] == 8, [2, 6].contains(data[9]), Array(data[10..<13]) == [0, 0, 0] else {
          return "PNG: IHDR is not 8-bit RGB or RGBA: \(data[8..<13])"
        }
        channels = data[9] == 2 ? 3 : 4
      }
      if type == "IDAT" { idat += data }
      chunks.append(type)
      index += 12 + length
      if type == "IEND" { break }
    }
    guard chunks.last == "IEND", index == bytes.count else { return "PNG: no IEND at the end (chunks \(chunks))" }
    guard !idat.isEmpty else { return "PNG: no IDAT" }
    let expected = height * (1 + channels * width)
    guard expected <= inflateLimit else { return nil }
    guard idat.count >= 6, (UInt16(idat[0]) << 8 | UInt16(idat[1])) % 31 == 0 else { return "PNG: bad zlib header" }
    guard let raw = try? Inflate.zlib(idat) else { return "PNG: the IDAT stream does not inflate" }
    guard raw.count == expected else { return "PNG: inflated to \(raw.count) bytes, expected \(expected)" }
    guard bigEndian(idat, idat.count - 4) == adler32(raw) else { return "PNG: Adler-32 mismatch" }
    for row in 0..<height where raw[row * (1 + channels * width)] > 4 {
      return "PNG: row \(row) has filter type \(raw[row * (1 + channels * width)])"
    }
    return nil
  }

  // MARK: - PPM

  /// `P6`/`P3`, optional comments, width, height, 255, then exactly the
  /// pixels (binary) or 3 × width × height samples of at most 255 (plain).
  static func ppm(_ bytes: [UInt8], width: Int, height: Int, plain: Bool) -> String? {
    var index = 0
    func skipSpaceAndComments() {
      while index < bytes.count {
        if bytes[index] == UInt8(ascii: "#") {
          while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        } else if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
          index += 1
        } else {
          return
        }
      }
    }
    func integer() -> Int? {
      skipSpaceAndComments()
      let start = index
      var value = 0
      while index < bytes.count, (0x30...0x39).contains(bytes[index]), index - start < 9 {
        value = value * 10 + Int(bytes[index] - 0x30)
        index += 1
      }
      return index > start ? value : nil
    }
    let magic = plain ? "P3" : "P6"
    guard bytes.count >= 2, String(decoding: bytes[0..<2], as: UTF8.self) == magic else { return "PPM: not \(magic)" }
    index = 2
    guard let w = integer(), let h = integer(), let maximum = integer() else { return "PPM: bad header" }
    guard w == width, h == height else { return "PPM: header says \(w)x\(h), the picture is \(width)x\(height)" }
    guard maximum == 255 else { return "PPM: maxval \(maximum)" }
    let samples = 3 * width * height
    if !plain {
      guard index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) else {
        return "PPM: no space after maxval"
      }
      let body = bytes.count - index - 1
      return body == samples ? nil : "PPM: \(body) bytes of pixels, expected \(samples)"
    }
    var count = 0
    while true {
      skipSpaceAndComments()
      if index == bytes.count { break }
      guard let value = integer() else { return "PPM: unexpected byte \(bytes[index]) at \(index)" }
      guard value <= 255 else { return "PPM: sample \(value) above 255" }
      count += 1
    }
    return count == samples ? nil : "PPM: \(count) samples, expected \(samples)"
  }

  // MARK: - ASCII

  /// Combining marks, zero-width and bidirectional formatting characters,
  /// line and paragraph separators, the byte-order mark.
  static let notOneColumn: [ClosedRange<UInt32>] = [
    0x0300...0x036F, 0x00AD...0x00AD, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFEFF...0xFEFF,
  ]

  /// Valid UTF-8, `rows` lines each ending in a newline, no trailing
  /// spaces, nothing beyond 7 bits with the ascii charset, and every
  /// character one column wide (CellGrid's promise for blocks): no control
  /// characters but the newline (and ESC with colour), no line or paragraph
  /// separators, no zero-width or bidirectional formatting characters, no
  /// combining marks.
  static func ascii(_ bytes: [UInt8], rows: Int, charset: ASCIICharset, color: Bool) -> String? {
    guard let scalars = scalars(bytes) else { return "ASCII: not valid UTF-8" }
    guard bytes.last == 0x0A else { return "ASCII: the last line does not end with a newline" }
    let lines = scalars.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    guard lines == rows else { return "ASCII: \(lines) lines, expected \(rows)" }
    for (index, scalar) in scalars.enumerated() {
      if scalar == 0x0A {
        if index > 0, scalars[index - 1] == 0x20 { return "ASCII: a line ends with a space" }
        continue
      }
      if scalar == 0x1B && color { continue }
      if scalar < 0x20 || (0x7F...0x9F).contains(scalar) {
        return "ASCII: control character U+\(String(scalar, radix: 16, uppercase: true)) at scalar \(index)"
      }
      if notOneColumn.contains(where: { $0.contains(scalar) }) {
        return "ASCII: U+\(String(scalar, radix: 16, uppercase: true)) at scalar \(index) is not one column wide"
      }
      if charset == .ascii && scalar >= 0x80 {
        return "ASCII: U+\(String(scalar, radix: 16, uppercase: true)) with --charset ascii"
      }
    }
    return nil
  }
}
