import PencilDiagnostics
import PencilOutput
import XCTest

@testable import PencilCore
@testable import PencilGeometry
@testable import PencilLayout
@testable import PencilPNG
@testable import PencilRaster
@testable import PencilSema

final class RasterTests: XCTestCase {
  private func render(_ source: String, _ format: String, _ configure: (inout RenderFlags) -> Void = { _ in })
    throws -> [UInt8]
  {
    let scene = try XCTUnwrap(Pencil.compile(SourceFile(name: "t", text: source)).scene)
    var options = RenderFlags()
    configure(&options)
    var diagnostics: [Diagnostic] = []
    return try XCTUnwrap(
      Pencil.render(scene, with: try XCTUnwrap(options.backend(format)), diagnostics: &diagnostics))
  }

  /// The binary writer converts in place; the plain writer does not. They
  /// must agree for pictures smaller and larger than the header.
  func testBinaryPPMAgreesWithPlainPPM() throws {
    for width in [1, 2, 3, 5, 7, 11, 19, 23, 40] {
      let source = """
        canvas \(width)x3 background=#102030
        gradient g rgb leading to trailing { stop red; stop blue.opacity(0.5) }
        ellipse at 0,0 size \(width)x3 gradient=g
        """
      let binary = try render(source, "ppm")
      let plain = String(decoding: try render(source, "ppm") { $0.plainPPM = true }, as: UTF8.self)
      let numbers = plain.split(whereSeparator: { $0 == " " || $0 == "\n" }).dropFirst(6).compactMap { UInt8($0) }
      let header = "P6\n# pencilc\n\(width) 3\n255\n"
      XCTAssertEqual(Array(binary.prefix(header.utf8.count)), Array(header.utf8))
      XCTAssertEqual(Array(binary.dropFirst(header.utf8.count)), numbers, "width \(width)")
    }
  }

  /// A half-covered pixel gets half the colour: exact area, not sampling
  /// (255 · (1 − 128/255) = 127 with coverage in 256 levels).
  func testCoverageIsExactArea() throws {
    let plain = String(
      decoding: try render("canvas 4x1\nrect at 0,0 size 1.5x1 fill=black\n", "ppm") { $0.plainPPM = true },
      as: UTF8.self)
    XCTAssertEqual(plain, "P3\n# pencilc\n4 1\n255\n0 0 0 127 127 127 255 255 255 255 255 255\n")
    // A diagonal: the triangle covers exactly half of each pixel it crosses.
    let diagonal = String(
      decoding: try render(
        "canvas 2x2\nshape t { move 0,0; line 1,1; line 0,1; close }\nt at 0,0 size 2x2 fill=black\n", "ppm"
      ) {
        $0.plainPPM = true
      }, as: UTF8.self)
    XCTAssertEqual(diagonal, "P3\n# pencilc\n2 2\n255\n127 127 127 255 255 255\n0 0 0 127 127 127\n")
  }

  /// SVG 1.1: a gradient whose ends coincide paints its last stop. (resvg
  /// agrees; librsvg does not, so this is pinned here rather than in a
  /// scene the conformance script compares with it.)
  func testGradientWithCoincidentEndsPaintsItsLastStop() throws {
    let source = """
      canvas 2x1
      gradient g rgb center to center { stop red; stop blue }
      rect at 0,0 size 2x1 gradient=g
      """
    let plain = String(decoding: try render(source, "ppm") { $0.plainPPM = true }, as: UTF8.self)
    XCTAssertEqual(plain, "P3\n# pencilc\n2 1\n255\n0 0 255 0 0 255\n")
  }

  /// Paths that cross the canvas's left and right edges are split and
  /// clamped; the visible pixels must equal those of the same scene drawn
  /// on a wider canvas, where nothing is clipped.
  func testClippingAtTheCanvasEdgesMatchesAWiderCanvas() throws {
    let shapes = """
      ellipse at X1,1 size 14x8 fill=#336699
      shape zig { move 0,0; line 1,0.3; line 0,0.6; line 1,1; line 0,1; close }
      zig at X2,0 size 30x10 fill=red.opacity(0.7)
      """
    func pixels(_ source: String) throws -> [[UInt8]] {
      let text = String(decoding: try render(source, "ppm") { $0.plainPPM = true }, as: UTF8.self)
      let numbers = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).dropFirst(6).compactMap { UInt8($0) }
      return stride(from: 0, to: numbers.count, by: 3).map { Array(numbers[$0..<$0 + 3]) }
    }
    let clipped = try pixels(
      "canvas 10x10 background=white\n"
        + shapes.replacingOccurrences(of: "X1", with: "-6.3")
        .replacingOccurrences(of: "X2", with: "-9.5"))
    let wide = try pixels(
      "canvas 50x10 background=white\n"
        + shapes.replacingOccurrences(of: "X1", with: "13.7")
        .replacingOccurrences(of: "X2", with: "10.5"))
    var compared = 0
    for y in 0..<10 {
      for x in 0..<10 {
        for channel in 0..<3 {
          let a = Int(clipped[y * 10 + x][channel])
          let b = Int(wide[y * 50 + x + 20][channel])
          XCTAssertLessThanOrEqual(abs(a - b), 1, "pixel \(x),\(y)")
          compared += 1
        }
      }
    }
    XCTAssertEqual(compared, 300)
    XCTAssertTrue(clipped.contains { $0 != [255, 255, 255] }, "the shapes reach the canvas")
  }

  func testFillRules() throws {
    let ring = """
      canvas 4x4
      shape ring { move 0,0; line 1,0; line 1,1; line 0,1; close; move 0.25,0.25; line 0.75,0.25; line 0.75,0.75; line 0.25,0.75; close }
      ring at 0,0 size 4x4 fill=black fillrule=RULE
      """
    let evenOdd = String(
      decoding: try render(ring.replacingOccurrences(of: "RULE", with: "evenodd"), "ppm") { $0.plainPPM = true },
      as: UTF8.self)
    let nonZero = String(
      decoding: try render(ring.replacingOccurrences(of: "RULE", with: "nonzero"), "ppm") { $0.plainPPM = true },
      as: UTF8.self)
    XCTAssertTrue(evenOdd.hasSuffix("0 0 0 255 255 255 255 255 255 0 0 0\n0 0 0 0 0 0 0 0 0 0 0 0\n"), evenOdd)
    XCTAssertFalse(
      nonZero.dropFirst("P3\n# pencilc\n4 4\n255\n".count).contains("255"),
      "both subpaths wind the same way: all filled")
  }

  func testFlatteningMeetsItsTolerance() {
    // A quarter circle of radius 1000 px: every chord stays within 0.2 px.
    let k = ShapeOutline.kappa * 1000
    let p0 = Point(1000, 0)
    let p1 = Point(1000, k)
    let p2 = Point(k, 1000)
    let p3 = Point(0, 1000)
    var lines: [(Point, Point)] = []
    let identity = { (p: Point) in p }
    Flattener.flatten([.move(p0), .cubic(control1: p1, control2: p2, to: p3)], transform: identity) {
      lines.append(($0, $1))
    }
    // The last line closes the subpath; the others follow the curve.
    var worst = 0.0
    for (a, b) in lines.dropLast() {
      let middle = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
      worst = max(worst, 1000 - (middle.x * middle.x + middle.y * middle.y).squareRoot())
    }
    XCTAssertLessThanOrEqual(worst, Flattener.tolerance + 0.3, "chord sagitta, plus the cubic's own 0.27 px error")
    XCTAssertGreaterThan(Flattener.pieceCount(p0, p1, p2, p3), 20)
  }

  func testPNGChecksums() {
    XCTAssertEqual(Checksums.crc32(Array("IEND".utf8)), 0xAE42_6082)
    let bytes = Array("Wikipedia".utf8)
    XCTAssertEqual(bytes.withUnsafeBufferPointer { Checksums.adler32($0) }, 0x11E6_0398)
  }

  func testDeflateRoundTripsThroughZlib() throws {
    // Decoded by an independent inflater: the one in this test.
    var input: [UInt8] = []
    for index in 0..<5000 { input.append(UInt8(truncatingIfNeeded: index % 251 < 120 ? index % 7 : index * 31)) }
    let compressed = Deflate.zlib(input)
    XCTAssertLessThan(compressed.count, input.count)
    XCTAssertEqual(try Inflate.zlib(compressed), input)
  }
}
