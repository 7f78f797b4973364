/// Pair kerning: `GPOS` lookups of type 2 (pair adjustment, formats 1 and
/// 2, directly or through type 9 extensions) named by the `kern` feature,
/// their first value record's x advance; else the old `kern` table's
/// format 0 pairs. Subtables are read from the font as pairs are asked
/// for (binary searches), so a font's kerning costs nothing until used.
struct Kerning: Sendable {
  static let maximumSubtables = 4096

  /// A pair-adjustment subtable: where it is, and where in its first
  /// value record the x advance is (nil when the record has none).
  private struct PairSubtable: Sendable {
    let table: FontReader
    let format: UInt16
    let coverage: Coverage
    let firstSize: Int
    let secondSize: Int
    let advanceOffset: Int?
  }

  /// GPOS's subtables, each lookup's in order, the lookups in order.
  private let lookups: [[PairSubtable]]
  /// The `kern` table's sorted pairs: (left << 16 | right, value).
  private let pairs: FontReader?
  private let pairCount: Int

  init(gpos: FontReader?, kern: FontReader?) throws(FontError) {
    var lookups: [[PairSubtable]] = []
    if let gpos { lookups = try Kerning.pairLookups(gpos) }
    self.lookups = lookups
    if lookups.isEmpty, let kern {
      (pairs, pairCount) = try Kerning.kernPairs(kern)
    } else {
      (pairs, pairCount) = (nil, 0)
    }
  }

  func value(_ left: UInt16, _ right: UInt16) -> Int {
    if !lookups.isEmpty {
      var total = 0
      for lookup in lookups {
        for subtable in lookup {
          if let value = try? Kerning.apply(subtable, left, right) {
            total += value
            break
          }
        }
      }
      return total
    }
    guard let pairs else { return 0 }
    let key = UInt32(left) << 16 | UInt32(right)
    var (low, high) = (0, pairCount)
    while low < high {
      let middle = (low + high) / 2
      guard let found = try? pairs.u32(6 * middle) else { return 0 }
      if found == key { return Int((try? pairs.i16(6 * middle + 4)) ?? 0) }
      if found < key { low = middle + 1 } else { high = middle }
    }
    return 0
  }

  /// The subtable's x advance for the pair; nil when it does not apply
  /// (the next subtable of the lookup is tried).
  private static func apply(_ subtable: PairSubtable, _ left: UInt16, _ right: UInt16) throws(FontError) -> Int? {
    guard let index = try subtable.coverage.index(of: left) else { return nil }
    let table = subtable.table
    let recordSize = subtable.firstSize + subtable.secondSize
    if subtable.format == 1 {
      let set = Int(try table.u16(10 + 2 * index))
      let count = Int(try table.u16(set))
      var (low, high) = (0, count)
      while low < high {
        let middle = (low + high) / 2
        let record = set + 2 + middle * (2 + recordSize)
        let second = try table.u16(record)
        if second == right {
          return try subtable.advanceOffset.map { offset throws(FontError) in Int(try table.i16(record + 2 + offset)) }
            ?? 0
        }
        if second < right { low = middle + 1 } else { high = middle }
      }
      return nil
    }
    let class1 = try ClassDefinition(table, at: Int(try table.u16(8))).class(of: left)
    let class2 = try ClassDefinition(table, at: Int(try table.u16(10))).class(of: right)
    let class1Count = Int(try table.u16(12))
    let class2Count = Int(try table.u16(14))
    guard class1 < class1Count, class2 < class2Count else { return nil }
    let record = 16 + (class1 * class2Count + class2) * recordSize
    return try subtable.advanceOffset.map { offset throws(FontError) in Int(try table.i16(record + offset)) } ?? 0
  }

  /// The pair-adjustment subtables of the lookups the `kern` features
  /// name (every script's: a font's kern lookups are shared).
  private static func pairLookups(_ gpos: FontReader) throws(FontError) -> [[PairSubtable]] {
    let features = try gpos.window(Int(try gpos.u16(6)))
    let lookupList = try gpos.window(Int(try gpos.u16(8)))
    var indices: Set<Int> = []
    // Each feature table once, however many records name it.
    var visited: Set<Int> = []
    for index in 0..<Int(try features.u16(0)) {
      guard try features.u32(2 + 6 * index) == tableTag("kern") else { continue }
      let feature = Int(try features.u16(2 + 6 * index + 4))
      guard visited.insert(feature).inserted else { continue }
      for lookup in 0..<Int(try features.u16(feature + 2)) {
        indices.insert(Int(try features.u16(feature + 4 + 2 * lookup)))
      }
    }
    // Every pair asked walks the subtables: a font may have this many in all
    // (fonts have tens; a hostile one pointing 65,535 lookups of 65,535
    // subtables at the same bytes would hold billions).
    var total = 0
    var lookups: [[PairSubtable]] = []
    for index in indices.sorted() where index < Int(try lookupList.u16(0)) {
      let lookup = try lookupList.window(Int(try lookupList.u16(2 + 2 * index)))
      let type = try lookup.u16(0)
      var subtables: [PairSubtable] = []
      for subtable in 0..<Int(try lookup.u16(4)) {
        total += 1
        guard total <= Kerning.maximumSubtables else {
          throw gpos.error("more than \(Kerning.maximumSubtables) pair-adjustment subtables")
        }
        var table = try lookup.window(Int(try lookup.u16(6 + 2 * subtable)))
        var kind = type
        if kind == 9 {
          kind = try table.u16(2)
          table = try table.window(Int(try table.u32(4)))
        }
        guard kind == 2 else { continue }
        let format = try table.u16(0)
        guard format == 1 || format == 2 else { continue }
        let first = try table.u16(4)
        let second = try table.u16(6)
        // The x advance (bit 2) follows the x and y placements if present.
        let advance: Int? = first & 0x4 == 0 ? nil : 2 * (first & 0x3).nonzeroBitCount
        subtables.append(
          PairSubtable(
            table: table, format: format, coverage: try Coverage(table, at: Int(try table.u16(2))),
            firstSize: 2 * (first & 0xFF).nonzeroBitCount, secondSize: 2 * (second & 0xFF).nonzeroBitCount,
            advanceOffset: advance))
      }
      if !subtables.isEmpty { lookups.append(subtables) }
    }
    return lookups
  }

  /// The first horizontal format 0 subtable of a (Microsoft) `kern` table.
  private static func kernPairs(_ kern: FontReader) throws(FontError) -> (FontReader?, Int) {
    guard try kern.u16(0) == 0 else { return (nil, 0) }
    var offset = 4
    for _ in 0..<Int(try kern.u16(2)) {
      let length = Int(try kern.u16(offset + 2))
      let coverage = try kern.u16(offset + 4)
      // Format 0 (high byte), horizontal (bit 0), not cross-stream (bit 2).
      if coverage >> 8 == 0, coverage & 0x1 != 0, coverage & 0x4 == 0 {
        let count = Int(try kern.u16(offset + 6))
        return (try kern.window(offset + 14, 6 * count), count)
      }
      offset += max(6, length)
    }
    return (nil, 0)
  }
}

/// An OpenType coverage table: the glyphs a subtable applies to, by index.
struct Coverage: Sendable {
  let table: FontReader
  let format: UInt16
  let count: Int

  init(_ parent: FontReader, at offset: Int) throws(FontError) {
    table = try parent.window(offset)
    format = try table.u16(0)
    count = Int(try table.u16(2))
    guard format == 1 || format == 2 else { throw table.error("coverage format \(format)") }
  }

  /// The glyph's coverage index; nil when it is not covered.
  func index(of glyph: UInt16) throws(FontError) -> Int? {
    var (low, high) = (0, count)
    if format == 1 {
      while low < high {
        let middle = (low + high) / 2
        let found = try table.u16(4 + 2 * middle)
        if found == glyph { return middle }
        if found < glyph { low = middle + 1 } else { high = middle }
      }
      return nil
    }
    // Ranges: start, end, start coverage index.
    guard let record = try table.rangeRecord(of: glyph, count: count) else { return nil }
    return Int(try table.u16(record + 4)) + Int(glyph - (try table.u16(record)))
  }
}

extension FontReader {
  /// The offset of the record (start glyph, end glyph, value; from byte 4,
  /// six bytes each, sorted) whose range holds `glyph`: coverage format 2
  /// and class definition format 2 alike.
  func rangeRecord(of glyph: UInt16, count: Int) throws(FontError) -> Int? {
    var (low, high) = (0, count)
    while low < high {
      let middle = (low + high) / 2
      let record = 4 + 6 * middle
      if try u16(record + 2) < glyph {
        low = middle + 1
      } else if try u16(record) > glyph {
        high = middle
      } else {
        return record
      }
    }
    return nil
  }
}

/// An OpenType class definition: glyphs to classes, 0 for the rest.
struct ClassDefinition {
  let table: FontReader

  init(_ parent: FontReader, at offset: Int) throws(FontError) { table = try parent.window(offset) }

  func `class`(of glyph: UInt16) throws(FontError) -> Int {
    switch try table.u16(0) {
    case 1:
      let start = try table.u16(2)
      let count = Int(try table.u16(4))
      guard glyph >= start, Int(glyph - start) < count else { return 0 }
      return Int(try table.u16(6 + 2 * Int(glyph - start)))
    case 2:
      guard let record = try table.rangeRecord(of: glyph, count: Int(try table.u16(2))) else { return 0 }
      return Int(try table.u16(record + 4))
    default: return 0
    }
  }
}
