/// `cmap`: characters to glyphs, from the best Unicode subtable the font
/// has — format 12 (all of Unicode) before format 4 (the Basic
/// Multilingual Plane), Windows and Unicode platforms, or a symbol font's
/// (3, 0), whose characters sit at U+F000 and up.
struct CharacterMap: Sendable {
  private enum Table: Sendable {
    case none
    /// Format 4: segments of `start...end` (by end), their delta and range
    /// offset, read from the table as asked.
    case segments(FontReader, count: Int)
    /// Format 12: groups `start...end` → `glyph + (c − start)`, by start.
    case groups(FontReader, count: Int)
  }

  private let table: Table
  /// A symbol font's characters are found at U+F000 + c too.
  private let symbol: Bool

  init(_ cmap: FontReader) throws(FontError) {
    let count = Int(try cmap.u16(2))
    // Lower is better: (platform, encoding, format).
    func rank(_ platform: UInt16, _ encoding: UInt16, _ format: UInt16) -> Int? {
      switch (platform, encoding, format) {
      case (3, 10, 12): 0
      case (0, 4, 12), (0, 6, 12): 1
      case (3, 1, 4): 2
      case (0, 3, 4), (0, 2, 4), (0, 1, 4), (0, 0, 4): 3
      case (3, 0, 4): 4
      default: nil
      }
    }
    var best: (rank: Int, offset: Int, symbol: Bool)?
    for index in 0..<count {
      let record = 4 + 8 * index
      let platform = try cmap.u16(record)
      let encoding = try cmap.u16(record + 2)
      let offset = Int(try cmap.u32(record + 4))
      let format = try cmap.u16(offset)
      guard let rank = rank(platform, encoding, format), rank < (best?.rank ?? .max) else { continue }
      best = (rank, offset, platform == 3 && encoding == 0)
    }
    guard let best else {
      (table, symbol) = (.none, false)
      return
    }
    symbol = best.symbol
    if try cmap.u16(best.offset) == 12 {
      let length = Int(try cmap.u32(best.offset + 4))
      let subtable = try cmap.window(best.offset, length)
      let groups = Int(try subtable.u32(12))
      guard groups <= (subtable.count - 16) / 12 else { throw cmap.error("\(groups) groups in \(length) bytes") }
      table = .groups(subtable, count: groups)
    } else {
      let length = Int(try cmap.u16(best.offset + 2))
      // Some fonts understate a format 4 subtable's length (it is 16-bit):
      // take the rest of the table when that is more.
      let subtable = try cmap.window(best.offset, max(length, cmap.count - best.offset))
      let segments = Int(try subtable.u16(6)) / 2
      guard 16 + 8 * segments <= subtable.count else { throw cmap.error("\(segments) segments past the subtable") }
      table = .segments(subtable, count: segments)
    }
  }

  func glyph(for character: UInt32) -> UInt16 {
    let glyph = (try? lookUp(character)) ?? 0
    if glyph == 0, symbol, character < 0x100 { return (try? lookUp(0xF000 + character)) ?? 0 }
    return glyph
  }

  private func lookUp(_ c: UInt32) throws(FontError) -> UInt16 {
    switch table {
    case .none: return 0
    case .groups(let groups, let count):
      // The last group starting at or before c.
      var (low, high) = (0, count)
      while low < high {
        let middle = (low + high) / 2
        if try groups.u32(16 + 12 * middle) <= c { low = middle + 1 } else { high = middle }
      }
      guard low > 0 else { return 0 }
      let group = 16 + 12 * (low - 1)
      let start = try groups.u32(group)
      guard c <= (try groups.u32(group + 4)) else { return 0 }
      let glyph = UInt64(try groups.u32(group + 8)) + UInt64(c - start)
      return glyph <= 0xFFFF ? UInt16(glyph) : 0
    case .segments(let table, let count):
      guard c <= 0xFFFF else { return 0 }
      let ends = 14
      let starts = ends + 2 * count + 2
      let deltas = starts + 2 * count
      let ranges = deltas + 2 * count
      // The first segment ending at or after c.
      var (low, high) = (0, count)
      while low < high {
        let middle = (low + high) / 2
        if UInt32(try table.u16(ends + 2 * middle)) < c { low = middle + 1 } else { high = middle }
      }
      guard low < count else { return 0 }
      let start = UInt32(try table.u16(starts + 2 * low))
      guard start <= c else { return 0 }
      let delta = try table.u16(deltas + 2 * low)
      let rangeOffset = Int(try table.u16(ranges + 2 * low))
      guard rangeOffset != 0 else { return UInt16(truncatingIfNeeded: c) &+ delta }
      let glyph = try table.u16(ranges + 2 * low + rangeOffset + 2 * Int(c - start))
      return glyph == 0 ? 0 : glyph &+ delta
    }
  }
}
