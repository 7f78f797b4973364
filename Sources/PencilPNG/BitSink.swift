/// A growable byte buffer with a bit writer in front of it, filled least
/// significant bit first as DEFLATE packs its bits. Bits gather in a
/// 64-bit register and leave it four bytes at a time. The caller reserves
/// room before writing a block (it knows the block's exact size), so the
/// hot path has no capacity check.
final class BitSink {
  private(set) var storage: UnsafeMutablePointer<UInt8>
  private(set) var capacity: Int
  private(set) var count = 0
  private var buffer: UInt64 = 0
  private var filled = 0

  init(capacity: Int = 1 << 16) {
    self.capacity = max(capacity, 64)
    storage = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
  }

  deinit { storage.deallocate() }

  /// Empties the sink for a new stream, keeping its memory.
  func reset() {
    count = 0
    buffer = 0
    filled = 0
  }

  /// Makes room for at least `bytes` more bytes beyond what is pending.
  func reserve(_ bytes: Int) {
    let needed = count + bytes + 16
    guard needed > capacity else { return }
    let grown = max(needed, capacity * 2)
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
    larger.update(from: storage, count: count)
    storage.deallocate()
    storage = larger
    capacity = grown
  }

  /// Appends the low `bits` bits of `value` (at most 32).
  @inline(__always) func write(_ value: UInt32, bits: Int) {
    buffer |= UInt64(value) << UInt64(filled)
    filled &+= bits
    if filled >= 32 {
      UnsafeMutableRawPointer(storage + count).storeBytes(
        of: UInt32(truncatingIfNeeded: buffer).littleEndian, as: UInt32.self)
      count &+= 4
      buffer >>= 32
      filled &-= 32
    }
  }

  /// Pads with zero bits to the next byte boundary and writes out all that
  /// is pending, as a stored block's header and a flush need.
  func alignToByte() {
    while filled > 0 {
      storage[count] = UInt8(truncatingIfNeeded: buffer)
      count += 1
      buffer >>= 8
      filled = max(0, filled - 8)
    }
    buffer = 0
  }

  /// Bits already written in the current, incomplete byte.
  var bitPosition: Int { filled & 7 }

  /// Appends whole bytes; the sink must be byte-aligned.
  func append(_ bytes: UnsafePointer<UInt8>, count length: Int) {
    (storage + count).update(from: bytes, count: length)
    count += length
  }

  func appendByte(_ byte: UInt8) {
    storage[count] = byte
    count += 1
  }

  /// A copy of what has been written (after `alignToByte`).
  func bytes() -> [UInt8] {
    [UInt8](UnsafeBufferPointer(start: storage, count: count))
  }
}
