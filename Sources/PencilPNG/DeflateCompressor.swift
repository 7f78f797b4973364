/// One worker's DEFLATE compressor (RFC 1951): LZ77 over a 32 KiB window
/// with hash chains and one step of lazy matching, then per block the
/// cheapest of dynamic Huffman codes, the fixed codes and stored bytes
/// (`DeflateCompressor+Blocks.swift`). Its tables are allocated once and
/// reused for every chunk the worker compresses; nothing is allocated per
/// byte.
final class DeflateCompressor {
  /// How hard the match finder looks, as zlib's levels set it.
  struct Effort {
    /// Candidates tried per position.
    var chain: Int
    /// A match at least this long is taken without looking one byte on.
    var lazy: Int
    /// A match at least this long ends the search.
    var nice: Int
    /// After a match at least this long, a quarter of the chain is tried.
    var good: Int

    /// Measured on the 400-pencil grid and a page of text: longer chains
    /// find longer matches farther back, whose distance codes cost more
    /// than they save (24 candidates: 2.4% larger files than 12).
    static let standard = Effort(chain: 12, lazy: 32, nice: 128, good: 16)
  }

  static let windowSize = 1 << 15
  static let hashBits = 15
  /// DEFLATE's shortest match. The hash chains key on four bytes (fewer
  /// collisions, shorter chains); three-byte matches, which pay on
  /// pictures (one pixel of RGB), come from a table of its own that keeps
  /// the latest position of each three bytes.
  static let minMatch = 3
  static let hashedLength = 4
  static let shortHashBits = 15
  static let maxMatch = 258
  /// Tokens per block: a new block adapts its codes to the data; each
  /// costs a header of some 60–100 bytes.
  static let blockTokens = 1 << 15
  /// Bytes of input per block at most: a picture changes its statistics
  /// from band to band (a run of equal rows, then the pencils' tips), and
  /// blocks of 128 KiB follow them (2% smaller than blocks of 1 MiB).
  static let blockBytes = 1 << 17

  let head: UnsafeMutablePointer<Int32>
  let shortHead: UnsafeMutablePointer<Int32>
  let previous: UnsafeMutablePointer<Int32>
  let tokens: UnsafeMutablePointer<UInt32>
  let literalFrequencies: UnsafeMutablePointer<UInt32>
  let distanceFrequencies: UnsafeMutablePointer<UInt32>
  /// The current block's codes: bit-reversed code | length << 16.
  let literalCode: UnsafeMutablePointer<UInt32>
  let distanceCode: UnsafeMutablePointer<UInt32>
  let tables = DeflateTables()
  let sink = BitSink()
  let effort: Effort

  init(effort: Effort = .standard) {
    self.effort = effort
    head = .allocate(capacity: 1 << DeflateCompressor.hashBits)
    shortHead = .allocate(capacity: 1 << DeflateCompressor.shortHashBits)
    previous = .allocate(capacity: DeflateCompressor.windowSize)
    previous.initialize(repeating: -1, count: DeflateCompressor.windowSize)
    tokens = .allocate(capacity: DeflateCompressor.blockTokens)
    literalFrequencies = .allocate(capacity: DeflateTables.literalSymbols)
    literalFrequencies.initialize(repeating: 0, count: DeflateTables.literalSymbols)
    distanceFrequencies = .allocate(capacity: DeflateTables.distanceSymbols)
    distanceFrequencies.initialize(repeating: 0, count: DeflateTables.distanceSymbols)
    literalCode = .allocate(capacity: 288)
    literalCode.initialize(repeating: 0, count: 288)
    distanceCode = .allocate(capacity: DeflateTables.distanceSymbols)
    distanceCode.initialize(repeating: 0, count: DeflateTables.distanceSymbols)
  }

  deinit {
    head.deallocate()
    shortHead.deallocate()
    previous.deallocate()
    tokens.deallocate()
    literalFrequencies.deallocate()
    distanceFrequencies.deallocate()
    literalCode.deallocate()
    distanceCode.deallocate()
    tables.deallocate()
  }

  /// Compresses `input[start..<end]` as one piece of a DEFLATE stream.
  /// Matches may reach back into `input[dictionaryStart..<start]` (at most
  /// 32 KiB: the end of the previous piece), which is not written. The
  /// piece ends with the final block when `final`, else with a sync flush
  /// (an empty stored block), so pieces compressed apart join by plain
  /// concatenation. The result depends on these bytes and bounds only.
  func compress(_ input: UnsafePointer<UInt8>, dictionaryStart: Int, start: Int, end: Int, final: Bool) -> [UInt8] {
    sink.reset()
    sink.reserve((end - start) / 8)
    head.update(repeating: -1, count: 1 << DeflateCompressor.hashBits)
    shortHead.update(repeating: -1, count: 1 << DeflateCompressor.shortHashBits)
    // Positions are counted from the dictionary's start so they fit in 32 bits.
    let base = input + dictionaryStart
    let end = end - dictionaryStart
    var position = start - dictionaryStart
    let hashable = end - 3
    var index = 0
    while index < min(position, hashable) {
      insert(base, index)
      index += 1
    }
    var blockStart = position
    var covered = position
    var count = 0
    var previousLength = 0
    var previousDistance = 0
    var pending = false
    let mask = DeflateCompressor.windowSize - 1
    while position < end {
      var length = 0
      var distance = 0
      if position < hashable {
        let slot = hash(base, position)
        let candidate = Int(head[slot])
        previous[position & mask] = Int32(truncatingIfNeeded: candidate)
        head[slot] = Int32(truncatingIfNeeded: position)
        let shortSlot = shortHash(base, position)
        let shortCandidate = Int(shortHead[shortSlot])
        shortHead[shortSlot] = Int32(truncatingIfNeeded: position)
        if previousLength < effort.lazy && candidate >= 0 {
          let chain = previousLength >= effort.good ? effort.chain >> 2 : effort.chain
          (length, distance) = longestMatch(
            base, at: position, candidate: candidate, beating: previousLength,
            limit: min(DeflateCompressor.maxMatch, end - position),
            chain: chain)
        }
        if length == 0 && previousLength < DeflateCompressor.minMatch && shortCandidate >= 0
          && position - shortCandidate <= DeflateCompressor.windowSize
          && threeBytes(base, shortCandidate) == threeBytes(base, position)
        {
          length = DeflateCompressor.minMatch
          distance = position - shortCandidate
        }
      }
      if previousLength >= DeflateCompressor.minMatch && length <= previousLength {
        // The match found one byte back is at least as long: take it.
        tokens[count] = UInt32(truncatingIfNeeded: previousLength << 16 | previousDistance)
        count &+= 1
        literalFrequencies[257 &+ Int(tables.lengthCode[previousLength])] &+= 1
        distanceFrequencies[tables.code(forDistance: previousDistance)] &+= 1
        let matchEnd = position - 1 + previousLength
        // A match of `nice` bytes or more copies bytes whose positions are
        // in the chains already, at the copy's source: only its last 16
        // go in, for what follows it. A grid of 400 equal soft shadows
        // (scripts/shadow-bench.py) compresses in a third of the time and
        // 8% smaller; the 64 golden pictures are 0.1% larger in all (at
        // most 0.75% one).
        let first = previousLength >= effort.nice ? max(position + 1, matchEnd - 16) : position + 1
        insertMatched(base, from: first, to: min(matchEnd, hashable), end: end)
        position = matchEnd
        covered = matchEnd
        pending = false
        previousLength = 0
      } else {
        if pending {
          let byte = base[position - 1]
          tokens[count] = UInt32(byte)
          count &+= 1
          literalFrequencies[Int(byte)] &+= 1
          covered = position
        }
        pending = true
        previousLength = length
        previousDistance = distance
        position += 1
      }
      if count == DeflateCompressor.blockTokens || covered - blockStart >= DeflateCompressor.blockBytes {
        writeBlock(base, from: blockStart, to: covered, tokenCount: count, final: false)
        blockStart = covered
        count = 0
      }
    }
    if pending {
      let byte = base[position - 1]
      tokens[count] = UInt32(byte)
      count &+= 1
      literalFrequencies[Int(byte)] &+= 1
      covered = position
    }
    writeBlock(base, from: blockStart, to: covered, tokenCount: count, final: final)
    if !final {
      // Sync flush: an empty stored block brings the stream to a byte
      // boundary, where the next piece's first block can begin.
      sink.reserve(8)
      sink.write(0, bits: 3)
      sink.alignToByte()
      for byte: UInt8 in [0, 0, 0xFF, 0xFF] { sink.appendByte(byte) }
    }
    sink.alignToByte()
    return sink.bytes()
  }

  @inline(__always) private func hash(_ base: UnsafePointer<UInt8>, _ position: Int) -> Int {
    let word = UInt32(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt32.self))
    return Int((word &* 0x9E37_79B1) >> UInt32(32 - DeflateCompressor.hashBits))
  }

  /// Puts the positions inside a match into the hash chains, so later
  /// matches can start anywhere in it (in a picture: at any offset of an
  /// edge seen before; inserting only a match's last positions, as fast
  /// compressors do, made the 400-pencil grid 8% larger). Positions
  /// inside a run of one byte value with at least 16 more of it ahead are
  /// skipped, the run measured eight bytes at a time: they all hash alike,
  /// a later run is found through the run's last positions, and a later
  /// "run, then an edge" through the 16 before the edge. So the zero rows
  /// of the Up filter cost a few steps per match, not one a byte.
  @inline(__always) private func insertMatched(_ base: UnsafePointer<UInt8>, from start: Int, to limit: Int, end: Int) {
    var position = start
    let fastEnd = limit - 3
    let scanLimit = min(limit + 16, end - 8)
    while position < limit {
      if position < fastEnd && base[position] == base[position - 1] {
        // Find how far the run goes (past the match, if it does), eight
        // bytes at a time; positions with 16 run bytes ahead are skipped.
        let run = UInt64(base[position]) &* 0x0101_0101_0101_0101
        var scan = position
        while scan < scanLimit && UnsafeRawPointer(base + scan).loadUnaligned(as: UInt64.self) == run { scan &+= 8 }
        if scan - 16 >= position {
          position = min(scan &- 15, fastEnd)
          continue
        }
      }
      insert(base, position)
      position &+= 1
    }
  }

  @inline(__always) private func threeBytes(_ base: UnsafePointer<UInt8>, _ position: Int) -> UInt32 {
    UInt32(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt32.self)) & 0xFF_FFFF
  }

  @inline(__always) private func shortHash(_ base: UnsafePointer<UInt8>, _ position: Int) -> Int {
    Int((threeBytes(base, position) &* 0x9E37_79B1) >> UInt32(32 - DeflateCompressor.shortHashBits))
  }

  @inline(__always) private func insert(_ base: UnsafePointer<UInt8>, _ position: Int) {
    shortHead[shortHash(base, position)] = Int32(truncatingIfNeeded: position)
    let slot = hash(base, position)
    previous[position & (DeflateCompressor.windowSize - 1)] = head[slot]
    head[slot] = Int32(truncatingIfNeeded: position)
  }

  /// The longest match for `position` along the hash chain from
  /// `candidate` that is longer than `beating`, or (0, 0). Bytes are
  /// compared eight at a time; a candidate is first checked at the byte
  /// that would make it longer than the best so far, where most fail.
  @inline(__always) private func longestMatch(
    _ base: UnsafePointer<UInt8>, at position: Int, candidate: Int, beating: Int, limit: Int, chain: Int
  ) -> (Int, Int) {
    var best = max(beating, DeflateCompressor.hashedLength - 1)
    if best >= limit { return (0, 0) }
    var bestDistance = 0
    var candidate = candidate
    var chain = chain
    let scan = UnsafeRawPointer(base + position)
    let first = scan.loadUnaligned(as: UInt32.self)
    let windowLow = max(0, position - DeflateCompressor.windowSize)
    let mask = DeflateCompressor.windowSize - 1
    while candidate >= windowLow && chain > 0 {
      let match = UnsafeRawPointer(base + candidate)
      if match.load(fromByteOffset: best, as: UInt8.self) == scan.load(fromByteOffset: best, as: UInt8.self)
        && match.loadUnaligned(as: UInt32.self) == first
      {
        var length = 4
        var differs = false
        while length + 8 <= limit {
          let difference =
            UInt64(littleEndian: match.loadUnaligned(fromByteOffset: length, as: UInt64.self))
            ^ UInt64(littleEndian: scan.loadUnaligned(fromByteOffset: length, as: UInt64.self))
          if difference != 0 {
            length += difference.trailingZeroBitCount >> 3
            differs = true
            break
          }
          length += 8
        }
        if !differs {
          while length < limit
            && match.load(fromByteOffset: length, as: UInt8.self) == scan.load(fromByteOffset: length, as: UInt8.self)
          {
            length += 1
          }
        }
        if length > best {
          best = length
          bestDistance = position - candidate
          if length >= effort.nice || length >= limit { break }
        }
      }
      let next = Int(previous[candidate & mask])
      if next >= candidate { break }
      candidate = next
      chain -= 1
    }
    return bestDistance > 0 ? (best, bestDistance) : (0, 0)
  }
}
