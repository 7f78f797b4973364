#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Numbers and sizes (`12`, `-0.5`, `.5`, `100x400`).
extension Lexer {
  /// Larger magnitudes are certainly mistakes, and keeping below this
  /// keeps every coordinate exactly printable.
  package static let largestNumber = 1e9
  /// The smallest non-zero magnitude a literal may have: every output
  /// prints numbers to four decimals, so anything finer cannot be seen,
  /// and it keeps sizes and the scale factors derived from them finite.
  static let smallestNumber = 0.0001

  /// Reads an optional '-', digits and one optional fraction; returns nil
  /// (consuming nothing) when there are no digits at all. The value is the
  /// correctly rounded double whatever the number of digits.
  mutating func scanDecimal() -> Double? {
    let start = index
    let limit = limit
    guard let (value, end) = bytes.withUnsafeBufferPointer({ Lexer.decimal(in: $0, from: start, limit: limit) })
    else { return nil }
    index = end
    return value
  }

  /// `scanDecimal` over the bytes `start..<limit`: the value and where its
  /// digits end. The digits are read once, into an integer: up to 15
  /// significant digits and 22 decimals the integer and the power of ten
  /// are both exact doubles, so one division rounds correctly (Clinger's
  /// fast path); anything longer goes to the C library's correctly rounded
  /// `strtod`, with the digits trimmed to what can affect the result.
  static func decimal(in buffer: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> (Double, Int)? {
    var index = start
    let negative = index < limit && buffer[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    // Wrapping arithmetic: past 15 significant digits the integer is not
    // used, and a long number must not trap.
    var mantissa: UInt64 = 0
    var significant = 0
    let digitsStart = index
    while index < limit, isDigit(buffer[index]) {
      let digit = buffer[index] &- UInt8(ascii: "0")
      if significant > 0 || digit != 0 { significant += 1 }
      mantissa = mantissa &* 10 &+ UInt64(digit)
      index += 1
    }
    let integerEnd = index
    var fractionStart = index
    if index + 1 < limit, buffer[index] == UInt8(ascii: "."), isDigit(buffer[index + 1]) {
      index += 1
      fractionStart = index
      while index < limit, isDigit(buffer[index]) {
        let digit = buffer[index] &- UInt8(ascii: "0")
        if significant > 0 || digit != 0 { significant += 1 }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        index += 1
      }
    }
    let fractionDigits = index - fractionStart
    guard integerEnd > digitsStart || fractionDigits > 0 else { return nil }
    var value: Double
    if significant <= 15, fractionDigits <= 22 {
      value = Double(mantissa)
      if fractionDigits > 0 { value /= exactPowerOfTen(fractionDigits) }
    } else {
      value = slowDecimalValue(buffer, integer: digitsStart..<integerEnd, fraction: fractionStart..<index)
    }
    return (negative ? -value : value, index)
  }

  /// `strtod` on `DIGITSe-EXPONENT` (no decimal point, so no locale).
  /// Digits beyond the 800th significant one cannot change the rounding
  /// of a double except through being non-zero, so they become one
  /// sticky `1`; the buffer is therefore bounded whatever the input.
  private static func slowDecimalValue(
    _ bytes: UnsafeBufferPointer<UInt8>, integer: Range<Int>, fraction: Range<Int>
  ) -> Double {
    let limit = 800
    var text: [CChar] = []
    text.reserveCapacity(limit + 32)
    var exponent = -fraction.count
    var sticky = false
    for part in [integer, fraction] {
      for position in part {
        let digit = bytes[position]
        if text.isEmpty, digit == UInt8(ascii: "0") { continue }
        if text.count < limit {
          text.append(CChar(bitPattern: digit))
        } else {
          // Each dropped digit is a factor of ten the exponent must keep.
          exponent += 1
          if digit != UInt8(ascii: "0") { sticky = true }
        }
      }
    }
    guard !text.isEmpty else { return 0 }
    if sticky {
      text.append(CChar(bitPattern: UInt8(ascii: "1")))
      exponent -= 1
    }
    text.append(CChar(bitPattern: UInt8(ascii: "e")))
    text.append(contentsOf: String(exponent).utf8.map { CChar(bitPattern: $0) })
    text.append(0)
    return text.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { strtod($0, nil) } ?? 0 }
  }

  /// A number or size: the plain ones (`Lexer+PlainNumbers.swift`) in
  /// one pass, anything else by `lexNumberInGeneral`.
  mutating func lexNumber() {
    if lexPlainNumber() { return }
    lexNumberInGeneral()
  }

  /// Every number and size, with every message about a malformed one.
  @inline(never)
  mutating func lexNumberInGeneral() {
    let start = index
    let width = scanDecimal() ?? 0
    let digitsEnd = index
    if peek() == UInt8(ascii: "x") || peek() == UInt8(ascii: "X") {
      let afterX = peek(1)
      if isDigit(afterX) || afterX == UInt8(ascii: ".") || afterX == UInt8(ascii: "-") {
        index += 1
        let xEnd = index
        if let height = scanDecimal(), !isIdentifierPart(peek()), peek() != UInt8(ascii: ".") {
          if let problem = Lexer.rangeProblem(width) ?? Lexer.rangeProblem(height) {
            reportOutOfRange(start, problem, in: "size")
            return
          }
          emit(.dimension, from: start, width, height)
          return
        }
        index = xEnd
        skipWord()
        report(
          LexerCodes.invalidNumber, start, index,
          "invalid size '\(quoted(start))'; write it as WIDTHxHEIGHT, like 100x400")
        emit(.invalid, from: start)
        return
      }
      if !isIdentifierPart(afterX) {
        index += 1
        report(
          LexerCodes.incompleteSize, start, index, "incomplete size '\(quoted(start))'; add the height, like 100x400")
        emit(.invalid, from: start)
        return
      }
    }
    let rangeFollows = peek() == UInt8(ascii: ".") && peek(1) == UInt8(ascii: ".")
    if isIdentifierPart(peek()) || (peek() == UInt8(ascii: ".") && !rangeFollows) {
      skipWord()
      let word = quoted(start)
      // A unit is a few letters; a longer word is not looked up (nor hashed).
      let unit = index - digitsEnd <= 8 ? String(decoding: bytes[digitsEnd..<index], as: UTF8.self) : ""
      if digitsEnd > start, let hint = PeerSpellings.numberUnits[unit] {
        // `30deg`, `10px`: CSS's units; the number alone is pencil's.
        let digits = String(decoding: bytes[start..<digitsEnd], as: UTF8.self)
        report(
          Diagnostic(LexerCodes.invalidNumber, SourceRange(start, index), "invalid number '\(word)'; \(hint)")
            .withFix("write \(digits)", replacing: SourceRange(start, index), with: digits))
        tokenIsFlawed = true
        emit(.invalid, from: start)
        return
      }
      report(LexerCodes.invalidNumber, start, index, "invalid number '\(word)'")
      emit(.invalid, from: start)
      return
    }
    if let problem = Lexer.rangeProblem(width) {
      reportOutOfRange(start, problem, in: "number")
      return
    }
    emit(.number, from: start, width)
  }

  enum RangeProblem {
    case tooLarge, tooSmall
  }

  static func rangeProblem(_ value: Double) -> RangeProblem? {
    let magnitude = abs(value)
    if magnitude > largestNumber { return .tooLarge }
    if magnitude != 0, magnitude < smallestNumber { return .tooSmall }
    return nil
  }

  /// `what` is "number" or "size" (whose width or height is out of range).
  private mutating func reportOutOfRange(_ start: Int, _ problem: RangeProblem, in what: String) {
    // Quote at most a few dozen bytes of a number that may be megabytes long.
    let written = quoted(start)
    switch problem {
    case .tooLarge:
      report(
        LexerCodes.invalidNumber, start, index,
        "\(what) '\(written)' is too large; numbers are at most 1000000000")
    case .tooSmall:
      report(
        LexerCodes.invalidNumber, start, index,
        "\(what) '\(written)' is too small to be seen; non-zero numbers are at least 0.0001, the finest step any output shows"
      )
    }
    emit(.invalid, from: start)
  }
}

/// 10^exponent for 0…22, every one of which is an exact double: a
/// constant from a switch, not a loop of products (both number paths
/// divide by it once per number with a fraction). Outside 0…22, 10^22.
@inline(__always)
func exactPowerOfTen(_ exponent: Int) -> Double {
  switch exponent {
  case ...0: 1
  case 1: 1e1
  case 2: 1e2
  case 3: 1e3
  case 4: 1e4
  case 5: 1e5
  case 6: 1e6
  case 7: 1e7
  case 8: 1e8
  case 9: 1e9
  case 10: 1e10
  case 11: 1e11
  case 12: 1e12
  case 13: 1e13
  case 14: 1e14
  case 15: 1e15
  case 16: 1e16
  case 17: 1e17
  case 18: 1e18
  case 19: 1e19
  case 20: 1e20
  case 21: 1e21
  default: 1e22
  }
}
