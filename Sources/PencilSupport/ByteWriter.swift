/// A byte sink for the text backends. Bytes are stored through a pointer
/// into a small scratch buffer that stays in cache, after one capacity
/// check per item, and flushed in large blocks either into the output
/// array or, when streaming, to `sink` (a file), so that a large picture
/// never sits in memory whole.
///
/// A noncopyable struct with `@inlinable` fast paths because its writers
/// live in other modules (the SVG, PPM and ASCII backends, the preview):
/// a class's calls are not inlined across a module boundary, and inlined,
/// its stored properties would need a run-time exclusivity check on every
/// write. A struct owned by its writer and passed `inout` is checked when
/// compiled, and its count and pointer can stay in registers. The type
/// itself is `@usableFromInline`: without it the compiler accepts the
/// `@inlinable` members of a `package` type but never inlines them into
/// another module.
@usableFromInline package struct ByteWriter: ~Copyable {
  @usableFromInline var scratchCapacity = 1 << 16
  @usableFromInline var storage: UnsafeMutablePointer<UInt8>
  /// Bytes in the scratch buffer.
  @usableFromInline var count = 0
  private var output: [UInt8] = []
  private let sink: ((UnsafeBufferPointer<UInt8>) -> Void)?

  /// `expectedSize` is a hint for the output's capacity.
  package init(expectedSize: Int = 0) {
    storage = .allocate(capacity: scratchCapacity)
    output.reserveCapacity(expectedSize)
    sink = nil
  }

  /// Hands the bytes to `sink` in blocks of up to 64 KiB; `bytes` stays empty.
  package init(sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
    storage = .allocate(capacity: scratchCapacity)
    self.sink = sink
  }

  deinit { storage.deallocate() }

  /// Everything written, after a flush (empty when streaming).
  package var bytes: [UInt8] {
    mutating get {
      flush()
      return output
    }
  }

  /// Passes on what is buffered.
  package mutating func flush() {
    guard count > 0 else { return }
    let buffered = UnsafeBufferPointer(start: storage, count: count)
    if let sink { sink(buffered) } else { output.append(contentsOf: buffered) }
    count = 0
  }

  /// Makes room for `extra` more bytes, so that the `unchecked` writes
  /// that follow, up to that many bytes, need no check of their own.
  @inlinable @inline(__always) package mutating func reserve(_ extra: Int) {
    if count + extra > scratchCapacity { makeRoom(extra) }
  }

  @usableFromInline mutating func makeRoom(_ extra: Int) {
    flush()
    guard extra > scratchCapacity else { return }
    storage.deallocate()
    scratchCapacity = extra
    storage = .allocate(capacity: extra)
  }

  @inlinable package mutating func write(_ text: StaticString) {
    let length = text.utf8CodeUnitCount
    guard length < 1024 else { return writeLong(text) }
    reserve(length)
    uncheckedWrite(text)
  }

  @usableFromInline mutating func writeLong(_ text: StaticString) {
    for byte in UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount) { write(byte: byte) }
  }

  /// After `reserve`.
  @inlinable mutating func uncheckedWrite(_ text: StaticString) {
    let length = text.utf8CodeUnitCount
    // Literals are short: a plain loop beats a call to memmove.
    let source = text.utf8Start
    for index in 0..<length { storage[count + index] = source[index] }
    count += length
  }

  /// Named apart from `write(_: StaticString)` so that literals, which
  /// would otherwise pick the `String` overload, take the fast path.
  package mutating func writeString(_ text: String) {
    for byte in text.utf8 { write(byte: byte) }
  }

  @inlinable @inline(__always) package mutating func write(byte: UInt8) {
    reserve(1)
    storage[count] = byte
    count += 1
  }

  /// After `reserve`.
  @inlinable @inline(__always) package mutating func uncheckedWrite(byte: UInt8) {
    storage[count] = byte
    count += 1
  }

  @inlinable package mutating func write(_ number: Int) {
    reserve(21)
    if number < 0 { unsafeAppend(UInt8(ascii: "-")) }
    unsafeAppendInteger(UInt64(number.magnitude))
  }

  /// Rounded to at most four decimals, in the shortest form, never `-0`
  /// and never an exponent. Only constant divisors, which compile to
  /// multiplications: this is the SVG backend's hot path.
  @inlinable package mutating func write(_ value: Double) {
    reserve(ByteWriter.maximumNumberLength)
    uncheckedWrite(value)
  }

  /// Rounded to at most eight decimals, for a transform's matrix: a
  /// rotation's cosine to four decimals moves a point 20,000 points from
  /// the origin by a pixel. Beyond ±9e7 as `write(_:)`.
  package mutating func writePrecise(_ value: Double) {
    let scaled = value.magnitude * 100_000_000 + 0.5
    guard value.isFinite, scaled < 9.0e15 else { return write(value) }
    reserve(ByteWriter.maximumNumberLength)
    let units = UInt64(scaled)
    guard units > 0 else { return unsafeAppend(UInt8(ascii: "0")) }
    if value < 0 { unsafeAppend(UInt8(ascii: "-")) }
    unsafeAppendInteger(units / 100_000_000)
    var fraction = units % 100_000_000
    guard fraction > 0 else { return }
    var digits = 8
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    unsafeAppend(UInt8(ascii: "."))
    var divisor: UInt64 = 1
    for _ in 1..<digits { divisor *= 10 }
    while divisor > 0 {
      unsafeAppend(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / divisor % 10))
      divisor /= 10
    }
  }

  /// The most bytes `write(_: Double)` produces.
  @inlinable package static var maximumNumberLength: Int { 48 }

  /// After `reserve(maximumNumberLength)`.
  @inlinable package mutating func uncheckedWrite(_ value: Double) {
    guard value.isFinite else { return unsafeAppend(UInt8(ascii: "0")) }
    // Ten-thousandths as an integer, rounded half up (truncating x + 0.5
    // is one instruction, unlike a call to round); beyond 2^53 the integer
    // part alone matters.
    let scaled = value.magnitude * 10_000 + 0.5
    guard scaled < 9.0e15 else {
      if value < 0 { unsafeAppend(UInt8(ascii: "-")) }
      return unsafeAppendInteger(UInt64(clampedInt(value.magnitude.rounded(), 0, Int.max)))
    }
    // Finite and in 0.5..<9e15 here, so the conversion cannot trap.
    let units = UInt64(scaled)
    guard units > 0 else { return unsafeAppend(UInt8(ascii: "0")) }
    if value < 0 { unsafeAppend(UInt8(ascii: "-")) }
    unsafeAppendInteger(units / 10_000)
    let fraction = units % 10_000
    guard fraction > 0 else { return }
    let digits = (fraction / 1000, fraction / 100 % 10, fraction / 10 % 10, fraction % 10)
    unsafeAppend(UInt8(ascii: "."))
    unsafeAppend(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digits.0))
    guard digits.1 != 0 || digits.2 != 0 || digits.3 != 0 else { return }
    unsafeAppend(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digits.1))
    guard digits.2 != 0 || digits.3 != 0 else { return }
    unsafeAppend(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digits.2))
    guard digits.3 != 0 else { return }
    unsafeAppend(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digits.3))
  }

  @inlinable @inline(__always) mutating func unsafeAppend(_ byte: UInt8) {
    storage[count] = byte
    count += 1
  }

  /// Digits are written from the right into their final place; numbers
  /// below 10,000 (most coordinates) take a branch-light path.
  @inlinable mutating func unsafeAppendInteger(_ value: UInt64) {
    if value < 10_000 {
      let zero = UInt8(ascii: "0")
      if value >= 1000 { unsafeAppend(zero &+ UInt8(truncatingIfNeeded: value / 1000)) }
      if value >= 100 { unsafeAppend(zero &+ UInt8(truncatingIfNeeded: value / 100 % 10)) }
      if value >= 10 { unsafeAppend(zero &+ UInt8(truncatingIfNeeded: value / 10 % 10)) }
      unsafeAppend(zero &+ UInt8(truncatingIfNeeded: value % 10))
      return
    }
    var length = 1
    var limit: UInt64 = 10
    while length < 19, value >= limit {
      limit &*= 10
      length += 1
    }
    var remaining = value
    var index = count + length
    while index > count {
      index -= 1
      storage[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
      remaining /= 10
    }
    count += length
  }

  /// `#rrggbb`.
  @inlinable package mutating func writeHex(red: UInt8, green: UInt8, blue: UInt8) {
    reserve(7)
    unsafeAppend(UInt8(ascii: "#"))
    unsafeAppend(ByteWriter.hexDigit(red >> 4))
    unsafeAppend(ByteWriter.hexDigit(red & 0xF))
    unsafeAppend(ByteWriter.hexDigit(green >> 4))
    unsafeAppend(ByteWriter.hexDigit(green & 0xF))
    unsafeAppend(ByteWriter.hexDigit(blue >> 4))
    unsafeAppend(ByteWriter.hexDigit(blue & 0xF))
  }

  @inlinable @inline(__always) static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "a") &+ (value &- 10)
  }

  /// Text escaped for XML character data and attribute values. Characters
  /// XML 1.0 forbids (C0 controls other than tab, U+FFFE, U+FFFF) become
  /// U+FFFD, so the document stays well-formed and the loss stays visible.
  package mutating func writeEscaped(_ text: String) {
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x26: write("&amp;")
      case 0x3C: write("&lt;")
      case 0x3E: write("&gt;")
      case 0x22: write("&quot;")
      case 0x27: write("&apos;")
      case 0x09: write("&#9;")
      case 0..<0x20, 0xFFFE, 0xFFFF: write("\u{FFFD}")
      default:
        UTF8.encode(scalar) { write(byte: $0) }
      }
    }
  }
}
