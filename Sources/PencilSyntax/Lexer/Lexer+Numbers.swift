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
    let negative = peek() == UInt8(ascii: "-")
    if negative { index += 1 }
    let digitsStart = index
    while isDigit(peek()) { index += 1 }
    let integerEnd = index
    var fractionEnd = index
    if peek() == UInt8(ascii: "."), isDigit(peek(1)) {
      index += 1
      while isDigit(peek()) { index += 1 }
      fractionEnd = index
    }
    guard integerEnd > digitsStart || fractionEnd > integerEnd else {
      index = start
      return nil
    }
    let fractionStart = fractionEnd > integerEnd ? integerEnd + 1 : integerEnd
    let value = decimalValue(
      integer: digitsStart..<integerEnd, fraction: fractionStart..<fractionEnd)
    return negative ? -value : value
  }

  /// The value of the digits in `integer` and `fraction`. Up to 15
  /// significant digits and 22 decimals the mantissa and the power of ten
  /// are both exact doubles, so one division rounds correctly (Clinger's
  /// fast path); anything longer goes to the C library's correctly rounded
  /// `strtod`, with the digits trimmed to what can affect the result.
  // Inlined: outlined, it is handed a copy of the whole lexer per number.
  @inline(__always)
  private func decimalValue(integer: Range<Int>, fraction: Range<Int>) -> Double {
    var mantissa = 0.0
    var significant = 0
    // A local function, not a loop over [integer, fraction], which would
    // allocate an array for every number.
    func accumulate(_ digits: Range<Int>) {
      for position in digits {
        let digit = bytes[position]
        if significant > 0 || digit != UInt8(ascii: "0") { significant += 1 }
        mantissa = mantissa * 10 + Double(digit - 48)
      }
    }
    accumulate(integer)
    accumulate(fraction)
    if significant <= 15, fraction.count <= 22 {
      return fraction.isEmpty ? mantissa : mantissa / exactPowerOfTen(fraction.count)
    }
    return slowDecimalValue(integer: integer, fraction: fraction)
  }

  /// `strtod` on `DIGITSe-EXPONENT` (no decimal point, so no locale).
  /// Digits beyond the 800th significant one cannot change the rounding
  /// of a double except through being non-zero, so they become one
  /// sticky `1`; the buffer is therefore bounded whatever the input.
  private func slowDecimalValue(integer: Range<Int>, fraction: Range<Int>) -> Double {
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

  mutating func lexNumber() {
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
          "invalid size '\(text(start))'; write it as WIDTHxHEIGHT, like 100x400")
        emit(.invalid, from: start)
        return
      }
      if !isIdentifierPart(afterX) {
        index += 1
        report(
          LexerCodes.incompleteSize, start, index, "incomplete size '\(text(start))'; add the height, like 100x400")
        emit(.invalid, from: start)
        return
      }
    }
    let rangeFollows = peek() == UInt8(ascii: ".") && peek(1) == UInt8(ascii: ".")
    if isIdentifierPart(peek()) || (peek() == UInt8(ascii: ".") && !rangeFollows) {
      skipWord()
      let word = text(start)
      let unit = String(decoding: bytes[digitsEnd..<index], as: UTF8.self)
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

  private enum RangeProblem {
    case tooLarge, tooSmall
  }

  private static func rangeProblem(_ value: Double) -> RangeProblem? {
    let magnitude = abs(value)
    if magnitude > largestNumber { return .tooLarge }
    if magnitude != 0, magnitude < smallestNumber { return .tooSmall }
    return nil
  }

  /// `what` is "number" or "size" (whose width or height is out of range).
  private mutating func reportOutOfRange(_ start: Int, _ problem: RangeProblem, in what: String) {
    // Quote at most a few dozen bytes of a number that may be megabytes long.
    let written = index - start > 40 ? text(start, count: 32) + "…" : text(start)
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

  private func text(_ start: Int, count: Int) -> String {
    String(decoding: bytes[start..<min(index, start + count)], as: UTF8.self)
  }
}

/// 10^exponent for 0…22, every one of which is an exact double.
private func exactPowerOfTen(_ exponent: Int) -> Double {
  var result = 1.0
  for _ in 0..<exponent { result *= 10 }
  return result
}
