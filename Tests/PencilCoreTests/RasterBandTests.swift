import PencilDiagnostics
import XCTest

@testable import PencilCore
@testable import PencilPNG
@testable import PencilRaster

/// The raster is drawn in bands of rows on several threads; the pixels
/// must not depend on how many of either (issue 11).
final class RasterBandTests: XCTestCase {
  /// Gradients (linear and radial), strokes with dashes and joins,
  /// transforms, nested clips, text, and shapes that cross many band edges.
  private let busyScene = """
    canvas 230x170 background=#F8F4EC
    gradient sky rgb top to bottom { stop .blue; stop .teal; stop .white.opacity(0.4) }
    gradient sun radial center=0.4,0.35 radius=0.8 { stop .yellow; stop .orange; stop .red.opacity(0.7) }
    ellipse at -20,-15 size 180x150 gradient=sky stroke=.indigo lineWidth=5
    roundrect at 60,40 size 150x110 radius=30 gradient=sun stroke=black lineWidth=2 dash=[7, 3] rotation=17
    rect at 10,90 size 200x33 fill=.green.opacity(0.5) stroke=.purple lineWidth=3 lineJoin=round rotation=-8
    zstack at 30,20 size 120x120 clip=ellipse rotation=30 {
      zstack size 80x80 clip=rect { rect fill=.red; ellipse size 60x60 gradient=sun }
      rect size 70x20 fill=.blue.opacity(0.6) offset=20,30
    }
    text "Bands of rows, on every core — ÀÉÎ" at 8,140 font=15 color=.black
    text "sideways" at 180,30 font=12 color=.brown rotation=90
    path stroke=.pink lineWidth=4 lineCap=round { move 5,5; curve 225,165 control 200,-40 -60,190; line 220,10 }
    """

  private func pixels(
    _ source: String, scale: Double = 1, threads: Int, bandHeight: Int, line: UInt = #line
  ) throws -> [UInt32] {
    let scene = try XCTUnwrap(Pencil.compile(SourceFile(name: "t", text: source)).scene, line: line)
    guard case .size(let width, let height) = RasterRenderer.pixelSize(of: scene, scale: scale) else {
      XCTFail("no size", line: line)
      return []
    }
    var diagnostics: [Diagnostic] = []
    let canvas = RasterRenderer.render(
      scene, width: width, height: height, scaleX: scale, scaleY: scale, diagnostics: &diagnostics,
      threads: threads, bandHeight: bandHeight)
    return canvas.withPixels { Array($0) }
  }

  func testAnyThreadCountAndBandHeightGiveTheSamePixels() throws {
    for scale in [1, 1.37] {
      // One band over the whole canvas on one thread: a single pass.
      let reference = try pixels(busyScene, scale: scale, threads: 1, bandHeight: 100_000)
      XCTAssertTrue(Set(reference).count > 1000, "a busy picture")
      for threads in [1, 2, 3, 7] {
        for bandHeight in [1, 5, 16, 64] {
          let banded = try pixels(busyScene, scale: scale, threads: threads, bandHeight: bandHeight)
          XCTAssertTrue(banded == reference, "scale \(scale), \(threads) threads, bands of \(bandHeight)")
        }
      }
    }
  }

  /// Shapes whose edges fall exactly on band boundaries, and a tall line
  /// crossing many bands (its running x resumes at each).
  func testBandBoundaryAtAnItemEdge() throws {
    let source = """
      canvas 40x48 background=white
      rect at 2,16 size 20x16 fill=black
      rect at 24,8 size 10x8 fill=.blue.opacity(0.5)
      shape wedge { move 0,0; line 1,1; line 0,1; close }
      wedge at 0,0 size 7x48 fill=.red
      """
    let reference = try pixels(source, threads: 1, bandHeight: 1000)
    for bandHeight in [1, 2, 8, 16, 32] {
      for threads in [1, 2, 3] {
        XCTAssertTrue(
          try pixels(source, threads: threads, bandHeight: bandHeight) == reference, "bands of \(bandHeight)")
      }
    }
    let black: UInt32 = 0xFF00_0000
    let white: UInt32 = 0xFFFF_FFFF
    XCTAssertEqual(reference[15 * 40 + 10], white)
    XCTAssertEqual(reference[16 * 40 + 10], black)
    XCTAssertEqual(reference[31 * 40 + 10], black)
    XCTAssertEqual(reference[32 * 40 + 10], white)
  }

  func testOneRowAndOnePixelCanvases() throws {
    let oneRow = """
      canvas 9x1 background=#102030
      gradient g rgb leading to trailing { stop red; stop blue.opacity(0.5) }
      ellipse at -1,-2 size 11x5 gradient=g stroke=white lineWidth=0.5
      text "x" at 0,0 font=4
      """
    let onePixel = """
      canvas 1x1
      rect at 0.25,0.25 size 0.5x0.5 fill=.green.opacity(0.8)
      """
    for source in [oneRow, onePixel] {
      let reference = try pixels(source, threads: 1, bandHeight: 64)
      for threads in [2, 3, 7] {
        for bandHeight in [1, 2, 64] {
          XCTAssertEqual(try pixels(source, threads: threads, bandHeight: bandHeight), reference)
        }
      }
    }
    // A quarter of the pixel, 80 % opaque green: 0.2 of full green over
    // nothing, premultiplied.
    let pixel = try pixels(onePixel, threads: 7, bandHeight: 1)
    XCTAssertEqual(pixel.count, 1)
    XCTAssertEqual(PixelCanvas.channels(pixel[0]).a, 51)
  }

  /// Large pictures are converted to PPM in pieces on several cores.
  func testBinaryPPMInPiecesMatchesOneThread() throws {
    let source = """
      canvas 800x700 background=white
      gradient g rgb leading to trailing { stop red; stop blue.opacity(0.5) }
      ellipse at 10,10 size 780x680 gradient=g
      """
    let scene = try XCTUnwrap(Pencil.compile(SourceFile(name: "t", text: source)).scene)
    var diagnostics: [Diagnostic] = []
    let canvas = RasterRenderer.render(
      scene, width: 800, height: 700, scaleX: 1, scaleY: 1, diagnostics: &diagnostics, threads: 2)
    var one = canvas
    var several = canvas
    XCTAssertGreaterThanOrEqual(800 * 700, 2 * PPMBackend.pieceSize)
    XCTAssertEqual(PPMBackend.binary(&one, threads: 1), PPMBackend.binary(&several, threads: 3))
  }
}
