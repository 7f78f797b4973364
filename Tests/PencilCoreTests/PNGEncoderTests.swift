import XCTest

@testable import PencilPNG
@testable import PencilRaster

/// The PNG encoder: checksums against their definitions, Huffman code
/// lengths against Kraft's inequality and the limit, DEFLATE through the
/// independent inflater (`Inflate.swift`) for every block type, and the
/// same bytes for every thread count.
final class PNGEncoderTests: XCTestCase {
  /// Deterministic bytes: a linear congruential generator's high bits.
  private func noise(_ count: Int, seed: UInt32 = 1) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 1_664_525 &+ 1_013_904_223
      return UInt8(truncatingIfNeeded: state >> 24)
    }
  }

  /// Text-like bytes: words from a small vocabulary, so there are matches
  /// of every length and distance, and a skewed literal alphabet.
  private func prose(_ count: Int) -> [UInt8] {
    let words = ["pencil", "scene", "gradient", "shine", "the", "a", "raster", "deflate", "of", "huffman", "window"]
    var bytes: [UInt8] = []
    var index = 0
    while bytes.count < count {
      bytes += Array(words[(index * 7 + index / 3) % words.count].utf8) + [index % 13 == 0 ? 10 : 32]
      index += 1
    }
    return Array(bytes.prefix(count))
  }

  private func bitwiseCRC(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return ~crc
  }

  func testCRC32MatchesTheBitwiseDefinition() {
    let bytes = noise(1000)
    for length in [0, 1, 7, 8, 9, 15, 16, 17, 63, 1000] {
      let prefix = Array(bytes.prefix(length))
      XCTAssertEqual(Checksums.crc32(prefix), bitwiseCRC(prefix), "length \(length)")
    }
    XCTAssertEqual(Checksums.crc32(Array("IEND".utf8)), 0xAE42_6082)
  }

  func testAdler32MatchesTheDefinitionAndCombines() {
    let bytes = noise(100_000, seed: 7)
    for length in [0, 1, 15, 16, 17, 5551, 5552, 5553, 11_104, 100_000] {
      let prefix = Array(bytes.prefix(length))
      XCTAssertEqual(
        prefix.withUnsafeBufferPointer { Checksums.adler32($0) }, Inflate.adler32(prefix), "length \(length)")
    }
    // All 0xFF: the largest sums the lanes can hold.
    let ones = [UInt8](repeating: 0xFF, count: 70_000)
    XCTAssertEqual(ones.withUnsafeBufferPointer { Checksums.adler32($0) }, Inflate.adler32(ones))
    for split in [0, 1, 5552, 65_521, 65_522, 99_999, 100_000] {
      let first = Inflate.adler32(Array(bytes[..<split]))
      let second = Inflate.adler32(Array(bytes[split...]))
      XCTAssertEqual(
        Checksums.adler32Combine(first, second, secondLength: bytes.count - split), Inflate.adler32(bytes),
        "split \(split)")
    }
  }

  private func kraftSum(_ lengths: [UInt8]) -> Double {
    lengths.filter { $0 > 0 }.reduce(0) { $0 + 1 / Double(1 << Int($1)) }
  }

  private func cost(_ lengths: [UInt8], _ frequencies: [UInt32]) -> Int {
    zip(lengths, frequencies).reduce(0) { $0 + Int($1.0) * Int($1.1) }
  }

  func testHuffmanLengthsAreCompleteAndLimited() {
    // Fibonacci weights make Huffman's own tree 29 levels deep.
    var fibonacci: [UInt32] = [1, 1]
    while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
    var lengths = [UInt8](repeating: 0, count: 30)
    fibonacci.withUnsafeBufferPointer { Huffman.lengths($0, maxLength: 15, into: &lengths) }
    XCTAssertEqual(lengths.max(), 15)
    XCTAssertEqual(kraftSum(lengths), 1)
    var unlimited = [UInt8](repeating: 0, count: 30)
    fibonacci.withUnsafeBufferPointer { Huffman.lengths($0, maxLength: 40, into: &unlimited) }
    XCTAssertEqual(unlimited.max(), 29)
    XCTAssertGreaterThan(cost(lengths, fibonacci), cost(unlimited, fibonacci))
    // The code-length code's limit, 7, on 19 symbols.
    var short = [UInt8](repeating: 0, count: 19)
    Array(fibonacci.prefix(19)).withUnsafeBufferPointer { Huffman.lengths($0, maxLength: 7, into: &short) }
    XCTAssertEqual(short.max(), 7)
    XCTAssertEqual(kraftSum(short), 1)
    // Package-merge finds the same cost as Huffman where the limit does not bind.
    for seed in 1...20 {
      let frequencies = noise(40, seed: UInt32(seed)).map { UInt32($0 % 50) }
      var huffman = [UInt8](repeating: 0, count: 40)
      frequencies.withUnsafeBufferPointer { Huffman.lengths($0, maxLength: 15, into: &huffman) }
      var merged = [UInt8](repeating: 0, count: 40)
      let keys = frequencies.enumerated().filter { $0.element > 0 }.map { UInt64($0.element) << 16 | UInt64($0.offset) }
        .sorted()
      Huffman.packageMerge(keys, maxLength: 15, into: &merged)
      XCTAssertEqual(cost(huffman, frequencies), cost(merged, frequencies), "seed \(seed)")
      XCTAssertEqual(kraftSum(merged), 1, "seed \(seed)")
    }
    // One used symbol still gets a one-bit code.
    var single = [UInt8](repeating: 0, count: 5)
    [UInt32](arrayLiteral: 0, 0, 9, 0, 0).withUnsafeBufferPointer { Huffman.lengths($0, maxLength: 15, into: &single) }
    XCTAssertEqual(single, [0, 0, 1, 0, 0])
  }

  func testDeflateRoundTripsEveryBlockType() throws {
    let cases: [(String, [UInt8], Int)] = [
      ("empty", [], 1),
      ("one byte", [42], 1),
      ("prose", prose(200_000), 2),
      ("noise", noise(70_000), 0),
      ("zeros", [UInt8](repeating: 0, count: 100_000), 2),
    ]
    for (name, input, expectedType) in cases {
      let compressed = Deflate.zlib(input)
      var trace = Inflate.Trace()
      XCTAssertEqual(try Inflate.zlib(compressed, trace: &trace), input, name)
      XCTAssertTrue(trace.blockTypes.contains(expectedType), "\(name): blocks \(trace.blockTypes)")
    }
    // Prose compresses well under dynamic codes; noise is stored, barely larger.
    XCTAssertLessThan(Deflate.zlib(prose(200_000)).count, 200_000 / 4)
    XCTAssertLessThan(Deflate.zlib(noise(70_000)).count, 70_000 + 100)
  }

  func testDeflateIsTheSameForEveryThreadCount() throws {
    // Prose, a run, noise and prose again, in pieces of 16 KiB: matches
    // reach back into the previous piece, and pieces differ in kind.
    let input = prose(60_000) + [UInt8](repeating: 7, count: 30_000) + noise(40_000) + prose(50_000)
    let one = Deflate.zlib(input, threads: 1, pieceSize: 16_384)
    XCTAssertEqual(try Inflate.zlib(one), input)
    for threads in [2, 3, 8] {
      XCTAssertEqual(Deflate.zlib(input, threads: threads, pieceSize: 16_384), one, "\(threads) threads")
    }
    // One piece and many pieces are both valid, and close in size.
    let whole = Deflate.zlib(input, threads: 1, pieceSize: 1 << 20)
    XCTAssertEqual(try Inflate.zlib(whole), input)
    XCTAssertLessThan(Double(one.count), Double(whole.count) * 1.05)
  }

  /// A canvas with a gradient, a repeated band, flat colour and, when
  /// `transparent`, pixels of every alpha.
  private func canvas(width: Int, height: Int, transparent: Bool) -> PixelCanvas {
    var canvas = PixelCanvas(width: width, height: height, background: nil)
    canvas.withMutablePixels { pixels in
      for y in 0..<height {
        for x in 0..<width {
          var alpha = UInt32(255)
          if transparent && x < 40 { alpha = UInt32((x * 7 + y) % 256) }
          let red = UInt32((x * 3) % 256) * alpha / 255
          let green = UInt32(y % 17 < 8 ? 200 : (x + y) % 256) * alpha / 255
          let blue = UInt32(x > width / 2 ? 90 : 10) * alpha / 255
          pixels[y * width + x] = red | green << 8 | blue << 16 | alpha << 24
        }
      }
    }
    return canvas
  }

  func testPNGIsTheSameForEveryThreadCountAndDecodesToThePixels() throws {
    for transparent in [false, true] {
      let picture = canvas(width: 97, height: 61, transparent: transparent)
      let one = PNGEncoder.encode(picture, threads: 1, pieceSize: 2_000)
      for threads in [2, 5] {
        XCTAssertEqual(PNGEncoder.encode(picture, threads: threads, pieceSize: 2_000), one, "\(threads) threads")
      }
      let decoded = try PNGDecoding.decode(one)
      XCTAssertEqual(decoded.width, 97)
      XCTAssertEqual(decoded.height, 61)
      XCTAssertEqual(decoded.colorType, transparent ? 6 : 2)
      let channels = transparent ? 4 : 3
      var expected: [UInt8] = []
      picture.withPixels { pixels in
        for pixel in pixels {
          let (r, g, b, a) = PixelCanvas.channels(pixel)
          let straight = { (value: UInt8) -> UInt8 in
            a == 0 ? 0 : UInt8(min(255, (Int(value) * 255 + Int(a) / 2) / Int(a)))
          }
          expected += channels == 4 ? [straight(r), straight(g), straight(b), a] : [r, g, b]
        }
      }
      XCTAssertEqual(decoded.pixels, expected, transparent ? "RGBA" : "RGB")
      // The same picture in one piece decodes to the same pixels.
      XCTAssertEqual(try PNGDecoding.decode(PNGEncoder.encode(picture, threads: 1)).pixels, expected)
    }
  }
}
