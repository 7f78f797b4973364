/// A text under a batch of ranged edits (one `didChange` with many content
/// changes, each against the text the one before left): its bytes cut
/// into chunks of at most `chunkLimit` bytes, each with its count of line
/// breaks and of columns, so finding a position reads the chunks' counts
/// rather than the text, and an edit rewrites one or two chunks. Applying
/// each edit to one array costs the whole text per edit; here k edits of
/// n bytes cost O(n + k·(n/C + C) + inserted bytes) in any order, with
/// C about √n — and no edit order is special, so none is slow.
struct ChunkedText {
  private struct Chunk {
    var bytes: [UInt8]
    /// Its `\n` and `\r` bytes, less one per `\r\n` inside it: a pair cut
    /// across two chunks is taken off while counting.
    var breaks = 0
    var utf16 = 0
    var utf8 = 0

    init(_ bytes: [UInt8]) {
      self.bytes = bytes
      var previous: UInt8 = 0
      for byte in bytes {
        breaks += ChunkedText.breakWeight(byte, after: previous)
        utf16 += ChunkedText.columns(byte, .utf16)
        utf8 += ChunkedText.columns(byte, .utf8)
        previous = byte
      }
    }

    func columns(_ encoding: PositionEncoding) -> Int { encoding == .utf8 ? utf8 : utf16 }
  }

  private var chunks: [Chunk] = []
  private let chunkLimit: Int
  private(set) var count: Int

  init(_ bytes: [UInt8]) {
    var root = 1
    while root * root < bytes.count { root *= 2 }
    chunkLimit = max(4_096, 2 * root)
    count = bytes.count
    chunks = cut(bytes[...])
  }

  var bytes: [UInt8] {
    var joined: [UInt8] = []
    joined.reserveCapacity(count)
    for chunk in chunks { joined += chunk.bytes }
    return joined
  }

  /// A line break ends after `\n` and after a `\r` not followed by `\n`
  /// (as `LineIndex` has it): counting both and taking one off for the
  /// `\n` of a pair, the count first reaches line L just after its
  /// break's first byte.
  static func breakWeight(_ byte: UInt8, after previous: UInt8) -> Int {
    byte == 13 || (byte == 10 && previous != 13) ? 1 : 0
  }

  /// The columns a byte adds, all on a character's first byte (the text
  /// came from JSON strings, so it is valid UTF-8).
  static func columns(_ byte: UInt8, _ encoding: PositionEncoding) -> Int {
    switch byte {
    case 0x80..<0xC0: 0
    case 0xF0...0xF7: encoding == .utf8 ? 4 : 2
    case 0xE0...0xEF: encoding == .utf8 ? 3 : 1
    case 0xC0...0xDF: encoding == .utf8 ? 2 : 1
    default: 1
    }
  }

  /// The byte offset of `position`, as `LineIndex.offset(of:)` gives it
  /// for the same bytes.
  func offset(of position: Position, encoding: PositionEncoding) -> Int {
    guard position.line >= 0 else { return 0 }
    guard let start = lineStart(position.line) else { return count }
    let end = lineStart(position.line + 1).map { $0 - 1 } ?? count
    return offset(ofColumn: position.character, from: start, to: end, encoding: encoding)
  }

  /// Replaces the bytes `from..<to` by `text`; both are character
  /// boundaries (offsets from `offset(of:)`).
  mutating func replace(_ from: Int, _ to: Int, with text: [UInt8]) {
    guard !chunks.isEmpty else {
      chunks = cut(text[...])
      count = text.count
      return
    }
    let (first, head) = locate(from)
    let (last, tail) = locate(to)
    let joined = chunks[first].bytes[..<head] + text + chunks[last].bytes[tail...]
    let pieces = cut(joined[...])
    chunks.replaceSubrange(first...last, with: pieces)
    count += text.count - (to - from)
    mergeSmallNeighbours(from: first - 1, through: first + pieces.count)
  }

  /// The chunk holding byte `offset` and the offset in it (the end of the
  /// last chunk for the end of the text).
  private func locate(_ offset: Int) -> (chunk: Int, offset: Int) {
    var base = 0
    for (index, chunk) in chunks.enumerated() {
      if offset < base + chunk.bytes.count || index == chunks.count - 1 {
        return (index, min(offset - base, chunk.bytes.count))
      }
      base += chunk.bytes.count
    }
    return (0, 0)
  }

  /// Chunks of at most `chunkLimit` bytes, cut between characters.
  private func cut(_ bytes: ArraySlice<UInt8>) -> [Chunk] {
    var pieces: [Chunk] = []
    var start = bytes.startIndex
    while start < bytes.endIndex {
      var end = min(start + chunkLimit, bytes.endIndex)
      while end < bytes.endIndex, end > start + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
      pieces.append(Chunk(Array(bytes[start..<end])))
      start = end
    }
    return pieces
  }

  /// Keeps every two neighbours over `chunkLimit` bytes together, so
  /// there are at most 2n/C + 1 chunks however many edits shrank them.
  private mutating func mergeSmallNeighbours(from low: Int, through high: Int) {
    var index = max(0, low)
    var end = min(high, chunks.count - 1)
    while index < end {
      if chunks[index].bytes.count + chunks[index + 1].bytes.count <= chunkLimit {
        chunks[index] = Chunk(chunks[index].bytes + chunks[index + 1].bytes)
        chunks.remove(at: index + 1)
        end -= 1
      } else {
        index += 1
      }
    }
  }

  /// Where line `line` starts; nil past the last line.
  private func lineStart(_ line: Int) -> Int? {
    guard line > 0 else { return 0 }
    var breaks = 0
    var base = 0
    var previous: UInt8 = 0
    for (index, chunk) in chunks.enumerated() {
      let joinsPair = previous == 13 && chunk.bytes.first == 10
      if breaks + chunk.breaks - (joinsPair ? 1 : 0) >= line {
        var before = previous
        for (offset, byte) in chunk.bytes.enumerated() {
          breaks += ChunkedText.breakWeight(byte, after: before)
          before = byte
          guard breaks < line else {
            // After the `\r` of a `\r\n`, the line starts after its `\n`.
            let next =
              offset + 1 < chunk.bytes.count ? chunk.bytes[offset + 1] : chunks.dropFirst(index + 1).first?.bytes.first
            return base + offset + (byte == 13 && next == 10 ? 2 : 1)
          }
        }
      }
      breaks += chunk.breaks - (joinsPair ? 1 : 0)
      base += chunk.bytes.count
      previous = chunk.bytes.last ?? previous
    }
    return nil
  }

  /// The offset `character` columns after `start`, at most `end`; a column
  /// inside a character (half of a surrogate pair) is its start.
  private func offset(ofColumn character: Int, from start: Int, to end: Int, encoding: PositionEncoding) -> Int {
    var columns = 0
    var base = 0
    for chunk in chunks {
      let chunkEnd = base + chunk.bytes.count
      defer { base = chunkEnd }
      if chunkEnd <= start { continue }
      if base >= end { break }
      if base >= start, chunkEnd <= end, columns + chunk.columns(encoding) <= character {
        columns += chunk.columns(encoding)
        continue
      }
      for offset in (max(start, base) - base)..<(min(end, chunkEnd) - base) {
        columns += ChunkedText.columns(chunk.bytes[offset], encoding)
        if columns > character { return base + offset }
      }
    }
    return end
  }
}
