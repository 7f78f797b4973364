/// Reads back the PNG files our encoder writes (8-bit RGB or RGBA, one or
/// more IDAT chunks) with the test's own inflater and its own un-filtering,
/// checking every chunk's CRC.
enum PNGDecoding {
  struct Failure: Error {}

  struct Image {
    var width = 0
    var height = 0
    var colorType = 0
    var pixels: [UInt8] = []
  }

  static func decode(_ png: [UInt8]) throws -> Image {
    guard png.count > 8, Array(png[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { throw Failure() }
    var image = Image()
    var compressed: [UInt8] = []
    var position = 8
    var ended = false
    while position + 12 <= png.count && !ended {
      let length = bigEndian(png, position)
      let end = position + 8 + length
      guard end + 4 <= png.count else { throw Failure() }
      let type = String(decoding: png[(position + 4)..<(position + 8)], as: UTF8.self)
      let data = Array(png[(position + 8)..<end])
      guard UInt32(bigEndian(png, end)) == crc(Array(png[(position + 4)..<end])) else { throw Failure() }
      switch type {
      case "IHDR":
        image.width = bigEndian(data, 0)
        image.height = bigEndian(data, 4)
        image.colorType = Int(data[9])
        guard data[8] == 8, [2, 6].contains(image.colorType), data[10] == 0, data[11] == 0, data[12] == 0 else {
          throw Failure()
        }
      case "IDAT": compressed += data
      case "IEND": ended = true
      default: break
      }
      position = end + 4
    }
    guard ended else { throw Failure() }
    let bpp = image.colorType == 6 ? 4 : 3
    let rows = try Inflate.zlib(compressed)
    let rowBytes = image.width * bpp
    guard rows.count == image.height * (rowBytes + 1) else { throw Failure() }
    var previous = [UInt8](repeating: 0, count: rowBytes)
    for y in 0..<image.height {
      let start = y * (rowBytes + 1)
      let filter = rows[start]
      var row = Array(rows[(start + 1)...(start + rowBytes)])
      for index in 0..<rowBytes {
        let left = index >= bpp ? Int(row[index - bpp]) : 0
        let up = Int(previous[index])
        let upLeft = index >= bpp ? Int(previous[index - bpp]) : 0
        let predictor: Int
        switch filter {
        case 0: predictor = 0
        case 1: predictor = left
        case 2: predictor = up
        case 3: predictor = (left + up) / 2
        case 4:
          let estimate = left + up - upLeft
          let (toLeft, toUp, toUpLeft) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
          predictor = toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft
        default: throw Failure()
        }
        row[index] = UInt8(truncatingIfNeeded: Int(row[index]) + predictor)
      }
      image.pixels += row
      previous = row
    }
    return image
  }

  private static func bigEndian(_ bytes: [UInt8], _ at: Int) -> Int {
    Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
  }

  private static func crc(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return ~crc
  }
}
