/// The numbers and sizes a scene is made of (`36`, `0.07`, `36x300`), read
/// in one pass over the bytes with no bounds test per byte. Anything else
/// (a sign, a leading `.`, more than 15 digits, a unit, a range, a value
/// out of range, a malformed size) is left to `lexNumberInGeneral`, which
/// makes the same token from the same bytes and says what is wrong.
extension Lexer {
  /// Lexes a plain number or size at `index` and says so; otherwise
  /// consumes nothing and returns false.
  @inline(__always)
  mutating func lexPlainNumber() -> Bool {
    let start = index
    let limit = limit
    let classes = classes
    let read: (end: Int, width: Double, height: Double?)? = bytes.withUnsafeBufferPointer { buffer in
      guard let (width, widthEnd) = Lexer.plainDecimal(in: buffer, from: start, limit: limit) else { return nil }
      var end = widthEnd
      var height: Double? = nil
      if end < limit, buffer[end] | 0x20 == UInt8(ascii: "x") {
        // `WxH`; a height that is not plain digits is the general path's.
        guard let (value, heightEnd) = Lexer.plainDecimal(in: buffer, from: end + 1, limit: limit) else { return nil }
        height = value
        end = heightEnd
      }
      // The token must end here: a name's byte or a `.` after it makes a
      // unit, a malformed number or a range, all the general path's.
      if end < limit {
        let next = buffer[end]
        if next == UInt8(ascii: ".") || ByteClasses.isNamePart(classes[Int(next)]) { return nil }
      }
      return (end, width, height)
    }
    guard let read, Lexer.rangeProblem(read.width) == nil else { return false }
    index = read.end
    if let height = read.height {
      guard Lexer.rangeProblem(height) == nil else {
        index = start
        return false
      }
      emit(.dimension, from: start, read.width, height)
    } else {
      emit(.number, from: start, read.width)
    }
    return true
  }

  /// Digits with an optional fraction (`12`, `0.5`), at most 15 of them
  /// in all, from `start`: the value and where its digits end, or nil. Up
  /// to 15 digits the integer they spell and the power of ten are exact
  /// doubles, so the value is `decimal(in:from:limit:)`'s, bit for bit.
  @inline(__always)
  static func plainDecimal(in buffer: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> (Double, Int)? {
    var index = start
    var mantissa: UInt64 = 0
    while index < limit {
      let digit = buffer[index] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      mantissa = mantissa &* 10 &+ UInt64(digit)
      index += 1
    }
    let integerDigits = index - start
    guard integerDigits > 0 else { return nil }
    var fractionDigits = 0
    if index + 1 < limit, buffer[index] == UInt8(ascii: "."), buffer[index + 1] &- UInt8(ascii: "0") < 10 {
      index += 1
      let fractionStart = index
      while index < limit {
        let digit = buffer[index] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        index += 1
      }
      fractionDigits = index - fractionStart
    }
    guard integerDigits + fractionDigits <= 15 else { return nil }
    // Below 10^15: a signed conversion, one instruction, and exact.
    var value = Double(Int64(truncatingIfNeeded: mantissa))
    if fractionDigits > 0 { value /= exactPowerOfTen(fractionDigits) }
    return (value, index)
  }
}
