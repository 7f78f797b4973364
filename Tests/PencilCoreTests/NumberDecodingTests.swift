import XCTest

@testable import PencilSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lexer reads a number's digits into an integer; its values must be
/// the doubles it made when it accumulated them in a `Double`.
final class NumberDecodingTests: XCTestCase {
  /// The decoding before the integer mantissa: digits accumulated in a
  /// double (Clinger's fast path) up to 15 significant digits and 22
  /// decimals, otherwise the C library's correctly rounded `strtod`.
  private func valueBefore(_ text: String) -> Double? {
    var bytes = Array(text.utf8)[...]
    let negative = bytes.first == UInt8(ascii: "-")
    if negative { bytes = bytes.dropFirst() }
    let integer = bytes.prefix { isDigit($0) }
    var fraction: ArraySlice<UInt8> = []
    let rest = bytes.dropFirst(integer.count)
    if rest.count >= 2, rest.first == UInt8(ascii: "."), isDigit(rest[rest.startIndex + 1]) {
      fraction = rest.dropFirst().prefix { isDigit($0) }
    }
    guard !integer.isEmpty || !fraction.isEmpty else { return nil }
    var mantissa = 0.0
    var significant = 0
    for digit in integer + fraction {
      if significant > 0 || digit != UInt8(ascii: "0") { significant += 1 }
      mantissa = mantissa * 10 + Double(digit - 48)
    }
    let value: Double
    if significant <= 15, fraction.count <= 22 {
      var power = 1.0
      for _ in 0..<fraction.count { power *= 10 }
      value = fraction.isEmpty ? mantissa : mantissa / power
    } else {
      let digits = String(decoding: integer, as: UTF8.self) + "." + String(decoding: fraction, as: UTF8.self)
      value = strtod(digits, nil)
    }
    return negative ? -value : value
  }

  private func valueNow(_ text: String) -> (value: Double, end: Int)? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { Lexer.decimal(in: $0, from: 0, limit: bytes.count) }
  }

  private func assertSameValue(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
    let before = valueBefore(text)
    let now = valueNow(text)
    XCTAssertEqual(now == nil, before == nil, "\(text) decodes or not alike", file: file, line: line)
    guard let before, let now else { return }
    XCTAssertEqual(
      now.value.bitPattern, before.bitPattern, "\(text): \(now.value) against \(before)", file: file, line: line)
  }

  func testEdgeCasesDecodeAsBefore() {
    let cases = [
      "0", "-0", "00", "0.0", "-0.0", ".5", "-.5", "5.", "5..", "5.x", "1x2", "12", "0.470", "0.035", "12.5",
      "999999999999999", "9999999999999999", "99999999999999999999", "123456789012345.5", "0.1234567890123456789012",
      "0.12345678901234567890123", "0.0000000000000000000001", "0.00000000000000000000001", "1000000000",
      "1000000001", "0.0001", "0.00009999", "18446744073709551615", "18446744073709551616",
      "184467440737095516150000", String(repeating: "9", count: 400), "0." + String(repeating: "0", count: 30) + "1",
      String(repeating: "0", count: 40) + "1.25", "3.14159265358979323846264338327950288", "-", "-x", ".", "x", "",
      "1.7976931348623157", "4.9406564584124654", "2.2250738585072014", "0.1", "0.2", "0.3", "-123.456",
    ]
    for text in cases { assertSameValue(text) }
  }

  func testRandomNumbersDecodeAsBefore() {
    var random = SplitMix(seed: 22)
    for _ in 0..<20_000 {
      var text = random.next() % 4 == 0 ? "-" : ""
      let integerDigits = Int(random.next() % 24)
      let leadingZeros = random.next() % 5 == 0 ? Int(random.next() % 6) : 0
      text += String(repeating: "0", count: leadingZeros)
      for _ in 0..<integerDigits { text += String(random.next() % 10) }
      if random.next() % 3 != 0 {
        text += "."
        let fractionDigits = Int(random.next() % 28)
        for _ in 0..<fractionDigits { text += String(random.next() % 10) }
      }
      if random.next() % 5 == 0 { text += ["x3", ".", "..<", "px", " "][Int(random.next() % 5)] }
      assertSameValue(text)
    }
  }

  func testTheNumberEndsWhereItsDigitsDo() {
    XCTAssertEqual(valueNow("12.5x3")?.end, 4)
    XCTAssertEqual(valueNow("-7..<9")?.end, 2)
    XCTAssertEqual(valueNow("3.")?.end, 1)
    XCTAssertEqual(valueNow(".25 ")?.end, 3)
    XCTAssertNil(valueNow("-.x"))
  }
}
