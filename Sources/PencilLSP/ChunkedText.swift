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
      // Every edit counts its chunk again: one tight pass over the bytes.
      var (breaks, utf16, utf8) = (0, 0, 0)
      bytes.withUnsafeBufferPointer { buffer in
        var previous: UInt8 = 0
        for byte in buffer {
          breaks &+= ChunkedText.breakWeight(byte, after: previous)
          utf16 &+= ChunkedText.columns(byte, .utf16)
          utf8 &+= ChunkedText.columns(byte, .utf8)
          previous = byte
        }
      }
      (self.breaks, self.utf16, self.utf8) = (breaks, utf16, utf8)
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
    guard let (start, end) = lineBounds(position.line) else { return count }
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
    for index in chunks.indices {
      let size = chunks[index].bytes.count
      if offset < base + size || index == chunks.count - 1 { return (index, min(offset - base, size)) }
      base += size
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

  /// Where line `line` starts and ends (before its `\n` or lone `\r`, as
  /// `LineIndex` has it), in one pass over the chunks' counts; nil past
  /// the last line. (Chunks are read in place: a copy of each would cost
  /// a retain and a release.)
  private func lineBounds(_ line: Int) -> (start: Int, end: Int)? {
    var start: Int? = line == 0 ? 0 : nil
    var breaks = 0
    var base = 0
    var previous: UInt8 = 0
    for index in chunks.indices {
      let size = chunks[index].bytes.count
      let joinsPair = previous == 13 && chunks[index].bytes.first == 10
      let own = chunks[index].breaks - (joinsPair ? 1 : 0)
      if breaks + own >= (start == nil ? line : line + 1) {
        var before = previous
        for offset in 0..<size {
          let byte = chunks[index].bytes[offset]
          breaks += ChunkedText.breakWeight(byte, after: before)
          before = byte
          guard breaks >= (start == nil ? line : line + 1) else { continue }
          // After the `\r` of a `\r\n`, the next line starts after its `\n`.
          let next =
            offset + 1 < size ? chunks[index].bytes[offset + 1] : chunks.dropFirst(index + 1).first?.bytes.first
          let lineStart = base + offset + (byte == 13 && next == 10 ? 2 : 1)
          guard let start else {
            start = lineStart
            continue
          }
          return (start, lineStart - 1)
        }
      } else {
        breaks += own
      }
      base += size
      previous = chunks[index].bytes.last ?? previous
    }
    return start.map { ($0, count) }
  }

  /// The offset `character` columns after `start`, at most `end`; a column
  /// inside a character (half of a surrogate pair) is its start.
  private func offset(ofColumn character: Int, from start: Int, to end: Int, encoding: PositionEncoding) -> Int {
    var columns = 0
    var base = 0
    for index in chunks.indices {
      let chunkEnd = base + chunks[index].bytes.count
      defer { base = chunkEnd }
      if chunkEnd <= start { continue }
      if base >= end { break }
      let whole = chunks[index].columns(encoding)
      if base >= start, chunkEnd <= end, columns + whole <= character {
        columns += whole
        continue
      }
      for offset in (max(start, base) - base)..<(min(end, chunkEnd) - base) {
        columns += ChunkedText.columns(chunks[index].bytes[offset], encoding)
        if columns > character { return base + offset }
      }
    }
    return end
  }
}
