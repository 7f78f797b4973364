import XCTest

@testable import PencilLSP

/// `JSONValue.integers`: written, compared and read as the `.array` of the
/// same numbers is.
final class JSONIntegerArrayTests: XCTestCase {
  func testAnIntegerArrayIsTheArrayOfItsNumbers() {
    let numbers: [Int32] = [0, 7, -3, 10, 2_147_483_647, -2_147_483_648]
    let array = JSONValue.array(numbers.map { .int(Int($0)) })
    XCTAssertEqual(JSONValue.integers(numbers).text, array.text)
    XCTAssertEqual(JSONValue.integers(numbers), array)
    XCTAssertEqual(array, JSONValue.integers(numbers))
    XCTAssertNotEqual(JSONValue.integers([1]), .array([.int(2)]))
    XCTAssertEqual(JSONValue.integers([]).text, "[]")
    XCTAssertEqual(JSONValue.integers(numbers).array?.compactMap(\.integer), numbers.map(Int.init))
    XCTAssertEqual(JSONValue.object(["data": .integers([1, 2])]).text, #"{"data":[1,2]}"#)
  }
}
