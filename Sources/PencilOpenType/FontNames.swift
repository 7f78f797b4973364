/// A face's names from its `name` table: the family and style it is
/// matched by, and the names shown to people.
public struct FontNames: Sendable, Equatable {
  /// The typographic family (name 16) when there is one, else the family
  /// (name 1): "Inter", not "Inter Light".
  public var family = ""
  /// The typographic subfamily (17) or the subfamily (2): "Light Italic".
  public var subfamily = ""
  public var fullName = ""
  public var postScriptName = ""

  init(_ table: FontReader?) throws(FontError) {
    guard let table else { return }
    let count = Int(try table.u16(2))
    let strings = Int(try table.u16(4))
    // The best record of each name: Windows English (US), then any
    // Windows, then Unicode, then Mac Roman.
    var best: [Int: (rank: Int, offset: Int, length: Int, utf16: Bool)] = [:]
    for index in 0..<count {
      let record = 6 + 12 * index
      let platform = try table.u16(record)
      let encoding = try table.u16(record + 2)
      let language = try table.u16(record + 4)
      let name = Int(try table.u16(record + 6))
      guard [1, 2, 4, 6, 16, 17].contains(name) else { continue }
      let rank: Int
      switch (platform, encoding) {
      case (3, 1), (3, 10), (3, 0): rank = language == 0x409 ? 0 : 1
      case (0, _): rank = 2
      case (1, 0): rank = language == 0 ? 3 : 4
      default: continue
      }
      if let known = best[name], known.rank <= rank { continue }
      best[name] = (rank, strings + Int(try table.u16(record + 10)), Int(try table.u16(record + 8)), platform != 1)
    }
    func text(_ name: Int) throws(FontError) -> String? {
      guard let record = best[name] else { return nil }
      let bytes = try table.bytes(record.offset, record.length)
      guard record.utf16 else {
        return String(decoding: bytes.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
      }
      var units: [UInt16] = []
      var index = bytes.startIndex
      while index + 1 < bytes.endIndex {
        units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
        index += 2
      }
      return String(decoding: units, as: UTF16.self)
    }
    let names = (try text(16), try text(17), try text(1), try text(2), try text(4), try text(6))
    family = names.0 ?? names.2 ?? ""
    subfamily = names.1 ?? names.3 ?? ""
    fullName = names.4 ?? ""
    postScriptName = names.5 ?? ""
  }
}

/// How a face is matched (CSS's font-matching terms): its weight 1–1000,
/// its width class 1–9 (5 normal), italic, and monospaced.
public struct FontStyle: Sendable, Equatable {
  public var weight = 400
  public var width = 5
  public var italic = false
  public var monospaced = false

  public init(weight: Int = 400, width: Int = 5, italic: Bool = false, monospaced: Bool = false) {
    (self.weight, self.width, self.italic, self.monospaced) = (weight, width, italic, monospaced)
  }

  init(os2: FontReader?, head: FontReader, post: FontReader?) throws(FontError) {
    if let os2 {
      weight = min(1000, max(1, Int(try os2.u16(4))))
      width = min(9, max(1, Int(try os2.u16(6))))
      // fsSelection: ITALIC (bit 0) or OBLIQUE (bit 9).
      let selection = try os2.u16(62)
      italic = selection & 0x0201 != 0
    } else {
      // head's macStyle: bold (bit 0), italic (bit 1).
      let macStyle = try head.u16(44)
      weight = macStyle & 1 != 0 ? 700 : 400
      italic = macStyle & 2 != 0
    }
    if let post { monospaced = try post.u32(12) != 0 }
  }
}
