// A value-aware mutator for libFuzzer. Byte-level mutation rarely turns
// `size 10x40` into `size 1x0.0000000000000000000000000000000000000000001`,
// yet such values are what drive the arithmetic of layout, flattening and
// the raster and ASCII backends to their limits. With some probability
// this mutator edits the input as pencil text instead:
//
// - replaces one to three number tokens with extreme values (the edges of
//   every documented range, 1e9 and just above, hundreds of decimals) or a
//   random magnitude (mostly 1e-9 to 1e16, sometimes down to 1e-330),
//   written as plain decimals;
// - sets one option on the `//!` line the harness reads (FuzzHarness);
// - inserts an element with extreme geometry;
// - inserts an awkward Unicode scalar into a string literal (noncharacters,
//   controls, line separators, bidi overrides, astral characters).
//
// Otherwise it falls back to libFuzzer's own mutations (LLVMFuzzerMutate),
// which also use the -dict entries.

@_silgen_name("LLVMFuzzerMutate")
func libFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

@_cdecl("LLVMFuzzerCustomMutator")
public func pencilFuzzerCustomMutator(
  _ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32
) -> Int {
  var random = SplitMix(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1)
  if random.below(100) < 35 {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    if let output = FuzzMutator.mutate(input, &random), !output.isEmpty, output.count <= maxSize, output != input {
      output.withUnsafeBufferPointer { buffer in
        if let base = buffer.baseAddress { data.update(from: base, count: output.count) }
      }
      return output.count
    }
  }
  return libFuzzerMutate(data, size, maxSize)
}

extension SplitMix {
  /// A whole number in 0..<bound (bound > 0).
  mutating func below(_ bound: Int) -> Int { Int(truncatingIfNeeded: next() % UInt64(max(1, bound))) }

  /// One element of a non-empty array.
  mutating func pick<Element>(_ choices: [Element]) -> Element { choices[below(choices.count)] }
}

enum FuzzMutator {
  static func mutate(_ input: [UInt8], _ random: inout SplitMix) -> [UInt8]? {
    switch random.below(10) {
    case 0..<5: return replaceNumbers(input, &random)
    case 5, 6: return setOption(input, &random)
    case 7, 8: return insertIntoString(input, &random)
    default: return insertElement(input, &random)
    }
  }

  // MARK: - Numbers

  static func zeros(_ count: Int) -> String { String(repeating: "0", count: count) }

  /// Values at the edges of what the language and the options accept.
  static let extremes: [String] = [
    "0", "-0", "0.0", "1", "-1", "2", "0.5", ".5", "0.25", "0.2499", "8", "8.0001", "64", "64.0001", "0.0001",
    "0.00010001", "0.00009999", "0.00015", "-0.0001", "0.000000001", "0.0000001", "1000000000", "-1000000000",
    "999999999.9999", "1000000000.0000001",
    "1000000001", "100000", "100001", "99999.5", "10000", "10001", "65535", "65536", "46341", "3125000",
    "100000000", "2147483648", "4294967296", "9223372036854775808", "0.1", "0.7", "1.5", "0.999999",
    "0." + zeros(40) + "1", "0." + zeros(300) + "1", "0." + zeros(330) + "1", "1." + zeros(200),
    "1" + zeros(399), "9" + zeros(20), "-0." + zeros(300) + "1", "00000000001", "0.00000000000000000001",
  ]

  /// A plain decimal for mantissa × 10^exponent.
  static func decimal(_ mantissa: String, exponent: Int) -> String {
    if exponent >= 0 { return mantissa + zeros(exponent) }
    let shift = -exponent
    if shift < mantissa.count {
      let split = mantissa.index(mantissa.endIndex, offsetBy: -shift)
      return String(mantissa[..<split]) + "." + String(mantissa[split...])
    }
    return "0." + zeros(shift - mantissa.count) + mantissa
  }

  static func randomNumber(_ random: inout SplitMix) -> String {
    if random.below(2) == 0 { return random.pick(extremes) }
    let digits = 1 + random.below(6)
    var mantissa = String(1 + random.below(9))
    for _ in 1..<digits { mantissa += String(random.below(10)) }
    // Mostly within what the checker accepts (non-zero magnitudes 0.0001
    // to 1e9), sometimes far below it.
    let exponent = random.below(6) == 0 ? -330 + random.below(326) : -9 + random.below(20)
    return (random.below(5) == 0 ? "-" : "") + decimal(mantissa, exponent: exponent)
  }

  static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
  static func isLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F
  }

  /// The byte ranges of number tokens (each side of a size counts), outside
  /// strings, hex colours and names; the `//!` line's values included.
  static func numberRanges(_ bytes: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var index = 0
    func at(_ i: Int) -> UInt8 { i < bytes.count ? bytes[i] : 0 }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x22 {  // a string, to its end or the end of the line
        index += 1
        while index < bytes.count, bytes[index] != 0x22, bytes[index] != 0x0A {
          index += bytes[index] == 0x5C ? 2 : 1
        }
        index += 1
      } else if isLetter(byte) || byte == 0x23 {  // a name or a hex colour
        index += 1
        while isLetter(at(index)) || isDigit(at(index)) { index += 1 }
      } else if isDigit(byte) || ((byte == 0x2D || byte == 0x2E) && (isDigit(at(index + 1)) || at(index + 1) == 0x2E)) {
        let start = index
        if byte == 0x2D { index += 1 }
        while isDigit(at(index)) { index += 1 }
        if at(index) == 0x2E {
          index += 1
          while isDigit(at(index)) { index += 1 }
        }
        if index > start { ranges.append(start..<index) }
        // The height of a size: `x` right after the width.
        if at(index) == 0x78 || at(index) == 0x58,
          isDigit(at(index + 1)) || at(index + 1) == 0x2E || at(index + 1) == 0x2D
        {
          index += 1
        }
        if index == start { index += 1 }
      } else {
        index += 1
      }
    }
    return ranges
  }

  static func replaceNumbers(_ input: [UInt8], _ random: inout SplitMix) -> [UInt8]? {
    let ranges = numberRanges(input)
    guard !ranges.isEmpty else { return insertElement(input, &random) }
    var chosen = Set<Int>()
    for _ in 0..<(1 + random.below(3)) { chosen.insert(random.below(ranges.count)) }
    var output = input
    // From the last, so earlier ranges stay valid.
    for index in chosen.sorted(by: >) {
      output.replaceSubrange(ranges[index], with: Array(randomNumber(&random).utf8))
    }
    return output
  }

  // MARK: - Options

  static func optionWord(_ random: inout SplitMix) -> String {
    switch random.below(9) {
    case 0: return "scale=" + random.pick(["64", "0.0000001", "0.01", "0.3", "1", "2", "3.7", randomNumber(&random)])
    case 1:
      return "columns="
        + random.pick([
          "1", "2", "3", "7", "80", "200", "10000", String(1 + random.below(10_000)), randomNumber(&random),
        ])
    case 2: return "aspect=" + random.pick(["0.25", "0.4", "1", "2", "8", "7.9999", randomNumber(&random)])
    case 3: return "charset=" + random.pick(["ascii", "blocks"])
    case 4: return random.pick(["color", "color=0"])
    case 5: return random.pick(["invert", "invert=0"])
    case 6: return random.pick(["plain", "plain=0"])
    case 7: return random.pick(["paths", "paths=0"])
    default: return random.pick(["big", "big=0"])
    }
  }

  static func setOption(_ input: [UInt8], _ random: inout SplitMix, word chosen: String? = nil) -> [UInt8]? {
    let word = chosen ?? optionWord(&random)
    let key = word.split(separator: "=").first.map(String.init) ?? word
    let marker = Array("//!".utf8)
    guard input.starts(with: marker) else { return Array("//! \(word)\n".utf8) + input }
    let end = input.firstIndex(of: 0x0A) ?? input.count
    var words = String(decoding: input[marker.count..<end], as: UTF8.self).split(separator: " ").map(String.init)
    words.removeAll { $0 == key || $0.hasPrefix(key + "=") }
    words.append(word)
    return Array(("//! " + words.joined(separator: " ")).utf8) + input[end...]
  }

  // MARK: - Strings and elements

  static let awkwardScalars: [UInt32] = [
    0xFFFE, 0xFFFF, 0xFFFD, 0xFEFF, 0x0, 0x1, 0x8, 0x9, 0xB, 0xC, 0xD, 0x1B, 0x7F, 0x80, 0x85, 0x9B, 0x9F, 0xA0,
    0xAD, 0x2028, 0x2029, 0x202E, 0x2066, 0x200B, 0x300, 0x301, 0x36F, 0x1100, 0x3000, 0xD7FF, 0xE000, 0xFDD0,
    0xFE0F, 0x1F1E6, 0x1FFFE, 0x10FFFF, 0x1F600, 0x10000,
  ]

  static func insertIntoString(_ input: [UInt8], _ random: inout SplitMix) -> [UInt8]? {
    let scalar = Unicode.Scalar(random.pick(awkwardScalars)) ?? "?"
    let bytes = Array(String(Character(scalar)).utf8)
    // Just after an opening quote or just before a closing one.
    var places: [Int] = []
    var inString = false
    var index = 0
    while index < input.count {
      let byte = input[index]
      if byte == 0x0A {
        inString = false
      } else if inString && byte == 0x5C {
        index += 1
      } else if byte == 0x22 {
        places.append(inString ? index : index + 1)
        inString.toggle()
      }
      index += 1
    }
    guard !places.isEmpty else { return Array("text \"a".utf8) + bytes + Array("b\" at 0,20\n".utf8) + input }
    var output = input
    output.insert(contentsOf: bytes, at: random.pick(places))
    // What a character becomes depends on the charset of the text picture.
    if random.below(2) == 0,
      let charset = setOption(output, &random, word: random.pick(["charset=blocks", "charset=ascii"]))
    {
      return charset
    }
    return output
  }

  static func insertElement(_ input: [UInt8], _ random: inout SplitMix) -> [UInt8]? {
    func number() -> String { randomNumber(&random) }
    let statement: String
    switch random.below(6) {
    case 0: statement = "canvas \(number())x\(number())"
    case 1:
      statement =
        "\(random.pick(["rect", "ellipse", "roundrect", "pencil", "tip", "timber", "body"])) at \(number()),\(number()) size \(number())x\(number())"
    case 2:
      statement =
        "text \"\(random.pick(["hi", "W", "a\\nb", "\u{FFFE}", "é"]))\" at \(number()),\(number()) font=\(random.pick(["body", number()]))"
    case 3: statement = "roundrect size \(number())x\(number()) radius=\(number())"
    case 4:
      statement =
        "\(random.pick(["hstack", "vstack", "zstack"])) at \(number()),\(number()) size \(number())x\(number()) spacing=\(number()) { rect size \(number())x\(number()); ellipse }"
    default:
      statement =
        "shape s { move \(number()),\(number()); curve \(number()),\(number()) control \(number()),\(number()) \(number()),\(number()); close }\ns size \(number())x\(number())"
    }
    // At the start of a line, so it is a statement of its own, and never
    // before the `//!` line.
    let header = input.starts(with: Array("//!".utf8))
    let starts = ([input.count] + input.indices.filter { input[$0] == 0x0A }.map { $0 + 1 }) + (header ? [] : [0])
    let position = random.pick(starts)
    var output = input
    let prefix = position > 0 && input[position - 1] != 0x0A ? "\n" : ""
    output.insert(contentsOf: Array((prefix + statement + "\n").utf8), at: position)
    return output
  }
}
