import PencilSupport

/// The `CFF ` table's parts that outlines need (Adobe's Technical Note
/// #5176): the charstrings, the global subroutines, and the local ones of
/// the font's Private DICT, or, for a CID-keyed font (the CJK fonts), of
/// the Font DICT each glyph's FDSelect entry names.
struct CFFTable: Sendable {
  let charStrings: CFFIndex
  let globalSubrs: CFFIndex
  /// Local subroutines: one set, or one for each Font DICT.
  let localSubrs: [CFFIndex]
  /// For a CID-keyed font: where FDSelect is, and its format.
  let fdSelect: (table: FontReader, format: UInt8)?

  init(_ cff: FontReader) throws(FontError) {
    let headerSize = Int(try cff.u8(2))
    let names = try CFFIndex(cff, at: headerSize)
    let topDicts = try CFFIndex(cff, at: names.end)
    let strings = try CFFIndex(cff, at: topDicts.end)
    globalSubrs = try CFFIndex(cff, at: strings.end)
    guard topDicts.count >= 1 else { throw cff.error("no Top DICT") }
    let top = try CFFDict(try topDicts.item(0))
    guard let charStringsOffset = top.int(17) else { throw cff.error("no CharStrings") }
    if let type = top.int(12 << 8 | 6), type != 2 { throw cff.error("charstring type \(type)") }
    charStrings = try CFFIndex(cff, at: charStringsOffset)
    if let fdArrayOffset = top.int(12 << 8 | 36), let fdSelectOffset = top.int(12 << 8 | 37) {
      let fonts = try CFFIndex(cff, at: fdArrayOffset)
      var subrs: [CFFIndex] = []
      for index in 0..<fonts.count {
        subrs.append(try CFFTable.localSubrs(of: try CFFDict(try fonts.item(index)), in: cff))
      }
      localSubrs = subrs
      let select = try cff.window(fdSelectOffset)
      fdSelect = (select, try select.u8(0))
    } else {
      localSubrs = [try CFFTable.localSubrs(of: top, in: cff)]
      fdSelect = nil
    }
  }

  /// A (Font or Top) DICT's Private DICT's Subrs, whose offset is from
  /// the Private DICT; empty without them.
  private static func localSubrs(of dict: CFFDict, in cff: FontReader) throws(FontError) -> CFFIndex {
    guard let values = dict.values[18], values.count == 2 else { return .empty }
    // A DICT's operands may be reals of any size.
    guard let size = CFFDict.whole(values[0]), let offset = CFFDict.whole(values[1]), size >= 0, offset >= 0 else {
      throw cff.error("a Private DICT of size \(values[0]) at \(values[1])")
    }
    let privateDict = try CFFDict(try cff.window(offset, size))
    guard let subrs = privateDict.int(19) else { return .empty }
    return try CFFIndex(cff, at: offset + subrs)
  }

  /// The local subroutines of a glyph.
  func localSubrs(for glyph: Int) throws(FontError) -> CFFIndex {
    guard let (table, format) = fdSelect else { return localSubrs.first ?? .empty }
    var font = 0
    switch format {
    case 0:
      font = Int(try table.u8(1 + glyph))
    case 3:
      let ranges = Int(try table.u16(1))
      var (low, high) = (0, ranges)
      // The last range starting at or before the glyph.
      while low < high {
        let middle = (low + high) / 2
        if Int(try table.u16(3 + 3 * middle)) <= glyph { low = middle + 1 } else { high = middle }
      }
      guard low > 0 else { throw table.error("glyph \(glyph) is before FDSelect's first range") }
      font = Int(try table.u8(3 + 3 * (low - 1) + 2))
    default:
      throw table.error("FDSelect format \(format)")
    }
    guard font < localSubrs.count else { throw table.error("glyph \(glyph) selects Font DICT \(font)") }
    return localSubrs[font]
  }
}

/// A CFF INDEX: `count` items, each a run of bytes found by its offsets.
struct CFFIndex: Sendable {
  let table: FontReader?
  let count: Int
  /// Where the offsets and the data start, the offsets' size, and where
  /// the INDEX ends.
  private let offsets: Int
  private let offSize: Int
  private let data: Int
  let end: Int

  static let empty = CFFIndex()

  private init() { (table, count, offsets, offSize, data, end) = (nil, 0, 0, 0, 0, 0) }

  init(_ table: FontReader, at start: Int) throws(FontError) {
    self.table = table
    count = Int(try table.u16(start))
    guard count > 0 else {
      (offsets, offSize, data, end) = (0, 0, 0, start + 2)
      return
    }
    offSize = Int(try table.u8(start + 2))
    guard (1...4).contains(offSize) else { throw table.error("an INDEX with \(offSize)-byte offsets") }
    offsets = start + 3
    data = offsets + (count + 1) * offSize - 1
    end = data + (try CFFIndex.offset(table, at: offsets + count * offSize, size: offSize))
    guard end <= table.count else { throw table.error("an INDEX runs past the table") }
  }

  private static func offset(_ table: FontReader, at position: Int, size: Int) throws(FontError) -> Int {
    var value = 0
    for index in 0..<size { value = value << 8 | Int(try table.u8(position + index)) }
    return value
  }

  /// Item `index`'s bytes, as a reader.
  func item(_ index: Int) throws(FontError) -> FontReader {
    guard let table, index >= 0, index < count else {
      throw FontError(table: "CFF ", message: "no item \(index) in an INDEX of \(count)")
    }
    let start = data + (try CFFIndex.offset(table, at: offsets + index * offSize, size: offSize))
    let stop = data + (try CFFIndex.offset(table, at: offsets + (index + 1) * offSize, size: offSize))
    guard start <= stop else { throw table.error("an INDEX item ends before it starts") }
    return try table.window(start, stop - start)
  }
}

/// A CFF DICT: each operator (12 x as 12 << 8 | x) and its operands.
struct CFFDict {
  var values: [Int: [Double]] = [:]

  init(_ dict: FontReader) throws(FontError) {
    var operands: [Double] = []
    var offset = 0
    while offset < dict.count {
      let b0 = Int(try dict.u8(offset))
      switch b0 {
      case 0...21:
        var op = b0
        offset += 1
        if b0 == 12 {
          op = 12 << 8 | Int(try dict.u8(offset))
          offset += 1
        }
        values[op] = operands
        operands = []
      case 28:
        operands.append(Double(try dict.i16(offset + 1)))
        offset += 3
      case 29:
        operands.append(Double(try dict.i32(offset + 1)))
        offset += 5
      case 30:
        offset += 1
        operands.append(try CFFDict.real(dict, &offset))
      case 32...246:
        operands.append(Double(b0 - 139))
        offset += 1
      case 247...250:
        operands.append(Double((b0 - 247) * 256 + Int(try dict.u8(offset + 1)) + 108))
        offset += 2
      case 251...254:
        operands.append(Double(-(b0 - 251) * 256 - Int(try dict.u8(offset + 1)) - 108))
        offset += 2
      default:
        throw dict.error("a DICT byte \(b0)")
      }
      guard operands.count <= 48 else { throw dict.error("more than 48 operands in a DICT") }
    }
  }

  /// A real number's nibbles: digits, '.', 'E', 'E-', '-', ending at 0xF.
  private static func real(_ dict: FontReader, _ offset: inout Int) throws(FontError) -> Double {
    var text = ""
    while true {
      let byte = try dict.u8(offset)
      offset += 1
      for nibble in [byte >> 4, byte & 0xF] {
        switch nibble {
        case 0...9: text.append(Character(Unicode.Scalar(UInt8(ascii: "0") + nibble)))
        case 0xA: text.append(".")
        case 0xB: text.append("E")
        case 0xC: text.append("E-")
        case 0xE: text.append("-")
        case 0xF: return Double(text) ?? 0
        default: break
        }
      }
      guard text.count < 64 else { throw dict.error("a real number of more than 64 nibbles") }
    }
  }

  /// The first operand of `op` as a whole number.
  func int(_ op: Int) -> Int? { values[op]?.first.flatMap(CFFDict.whole) }

  /// A DICT's or a charstring's number as a whole number (truncated),
  /// through the checked conversion; nil past a billion or not finite.
  static func whole(_ value: Double) -> Int? {
    guard value.isFinite, abs(value) < 1e9 else { return nil }
    return clampedInt(value, -1_000_000_000, 1_000_000_000)
  }
}
