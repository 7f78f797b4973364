import XCTest

@testable import PencilSema

/// W0008 ("never used") is for a `let` no expression names. A name
/// written in an expression that fails, or that a failure or a
/// short-circuit leaves unevaluated, is used: the error is the only
/// diagnostic, not a false warning beside it.
final class UnusedLetTests: XCTestCase {
  private func codes(_ source: String) -> [String] {
    compile(source).diagnostics.map(\.code.id)
  }

  func testANameInACallWithTheWrongArgumentCountIsUsed() {
    XCTAssertEqual(codes("let v = 4\nrect size sqrt(v, 2) x 10"), [SemaCodes.wrongArgumentCount.id])
    XCTAssertEqual(codes("let v = 4\nrect at 0,0 size 10x10 rotation=atan2(v)"), [SemaCodes.wrongArgumentCount.id])
  }

  func testANameInAnArgumentOfAnUnknownFunctionIsUsed() {
    XCTAssertEqual(codes("let v = 4\nrect at 0,0 size 10x10 rotation=sqroot(v)"), [SemaCodes.unknownFunction.id])
  }

  func testANameAfterAFailingArgumentIsUsed() {
    // min stops at its first bad argument; `v` after it is still read.
    XCTAssertEqual(codes("let v = 4\nrect at min(true, v), 0 size 1x1"), [SemaCodes.wrongValueKind.id])
    XCTAssertEqual(codes("let v = 4\nrect at 1 / 0 + v, 0 size 1x1"), [SemaCodes.divisionByZero.id])
  }

  func testANameInTheValueOfAnUnknownOrRepeatedAttributeIsUsed() {
    XCTAssertEqual(codes("let v = 4\nrect at 0,0 size 10x10 wieght=v"), [SemaCodes.unknownAttribute.id])
    XCTAssertEqual(
      codes("let v = 4\nrect at 0,0 size 10x10 rotation=1 rotation=v"), [SemaCodes.repeatedAttribute.id])
  }

  func testANameInAnUnknownElementIsUsed() {
    XCTAssertEqual(codes("let v = 4\nrecct at v,0 size 10x10"), [SemaCodes.unknownElement.id])
    // Children of an element that takes none are not checked, but read.
    XCTAssertEqual(
      codes("let v = 4\nrect at 0,0 size 10x10 { ellipse at v,0 size 1x1 }"), [SemaCodes.unexpectedChildren.id])
  }

  func testANameAShortCircuitSkipsIsUsed() {
    XCTAssertEqual(codes("let v = 4\nif false && v > 2 { rect at 0,0 size 1x1 }\nrect at 0,0 size 1x1"), [])
    XCTAssertEqual(codes("let v = 4\nif true || v > 2 { rect at 0,0 size 1x1 }"), [])
  }

  /// A `let` nothing names still warns, next to an error elsewhere.
  func testAnUnnamedLetStillWarns() {
    XCTAssertEqual(
      codes("let v = 4\nrect size sqrt(2, 2) x 10"), [SemaCodes.unusedLet.id, SemaCodes.wrongArgumentCount.id])
  }
}
