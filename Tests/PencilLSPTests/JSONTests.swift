import XCTest

@testable import PencilLSP

final class JSONTests: XCTestCase {
  private func parse(_ text: String) -> JSONValue? {
    try? JSONParser.parse(text).get()
  }

  func testParsesEveryKindOfValue() {
    let value = parse(#" { "a": [1, -2.5e3, true, false, null], "b": {"c": "d"} } "#)
    XCTAssertEqual(
      value,
      .object([
        "a": .array([.number(1), .number(-2500), .bool(true), .bool(false), .null]),
        "b": .object(["c": .string("d")]),
      ]))
  }

  func testWritesWholeNumbersAsStringWritesThem() {
    for value in [0, -0.0, 7, -7, 10, 1_000_000, -999_999_999_999_999, 123_456_789_012_345] {
      XCTAssertEqual(JSONValue.number(value).text, String(Int(value)))
    }
    XCTAssertEqual(JSONValue.number(1.5).text, "1.5")
    XCTAssertEqual(JSONValue.number(1e15).text, "\(1e15)")
    XCTAssertEqual(JSONValue.number(.infinity).text, "null")
  }

  func testDecodesEscapesAndSurrogatePairs() {
    XCTAssertEqual(parse(#""a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00""#), .string("a\"\\/\u{8}\u{C}\n\r\té😀"))
    // A lone surrogate becomes U+FFFD instead of failing the message.
    XCTAssertEqual(parse(#""\ud800x""#), .string("\u{FFFD}x"))
  }

  func testRejectsWhatRFC8259Rejects() {
    for text in ["", "[1,]", "{\"a\" 1}", "01", "1.", "-", "\"a", "\"\u{1}\"", "tru", "[1] 2", "{'a': 1}", "\"\\x\""] {
      guard case .failure = JSONParser.parse(text) else {
        XCTFail("accepted \(text.debugDescription)")
        continue
      }
    }
  }

  func testNestingIsLimited() {
    let deep =
      String(repeating: "[", count: JSONParser.maximumDepth + 1)
      + String(repeating: "]", count: JSONParser.maximumDepth + 1)
    guard case .failure(let error) = JSONParser.parse(deep) else { return XCTFail("accepted") }
    XCTAssertTrue(error.message.contains("nested"))
    let allowed =
      String(repeating: "[", count: JSONParser.maximumDepth)
      + String(repeating: "]", count: JSONParser.maximumDepth)
    XCTAssertNotNil(parse(allowed))
  }

  func testSerializesDeterministicallyAndRoundTrips() {
    let value = JSONValue.object([
      "z": .int(3), "a": .string("line\n\"quoted\" \u{1} é😀"), "m": .array([.number(0.5), .null, .bool(true)]),
      "n": .number(.infinity),
    ])
    XCTAssertEqual(value.text, #"{"a":"line\n\"quoted\" \u0001 é😀","m":[0.5,null,true],"n":null,"z":3}"#)
    var expected = value
    if case .object(var members) = expected {
      members["n"] = .null
      expected = .object(members)
    }
    XCTAssertEqual(parse(value.text), expected)
  }

  func testIntegersAreWholeNumbersOnly() {
    XCTAssertEqual(JSONValue.number(3).integer, 3)
    XCTAssertNil(JSONValue.number(1.5).integer)
    XCTAssertNil(JSONValue.number(1e300).integer)
    XCTAssertNil(JSONValue.string("3").integer)
  }
}
