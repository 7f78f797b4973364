import XCTest

@testable import PencilCore
@testable import PencilIR

/// Points written one after another: a sign after a space starts the next
/// point; inside a point's coordinates it is an error with a fix.
final class PointListSyntaxTests: XCTestCase {
  private func codes(_ compilation: Compilation) -> [String] { compilation.diagnostics.map(\.code.id) }

  func testPointListSignAfterASpaceStartsAPoint() throws {
    let compilation = compile(
      "shape s { move 0,0; curve 1,1 control 0.5,0.2 -0.3,0.6; close }\ns at 0,0 size 10x10")
    let ir = IRPrinter.print(try XCTUnwrap(compilation.scene, "\(compilation.diagnostics)"))
    XCTAssertTrue(ir.contains("C 5 2 -3 6 10 10"), ir)
    let sign = compile("rect at 3 -2, 0 size 1x1")
    XCTAssertEqual(codes(sign), ["E0102"])
    XCTAssertEqual(sign.diagnostics.first?.fixes.first?.edits.first?.newText, " ")
  }
}
