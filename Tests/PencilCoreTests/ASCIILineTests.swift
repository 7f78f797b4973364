import PencilDiagnostics
import XCTest

@testable import PencilASCII
@testable import PencilCore

/// Strokes, lines and arrows in the ASCII backend: thin lines as `- | / \ _`,
/// corners and junctions as `+`, arrowheads as `> < ^ v`. The pictures are
/// pinned in `Golden/ascii/lines/`; `PENCIL_RECORD=1 swift test` rewrites them.
final class ASCIILineTests: XCTestCase {
  /// Boxes 80 points apart with cells 8 × 16 points at 40 columns, so
  /// every side lies on a border between cells (the hardest case: each
  /// line must be drawn once, not in both cells).
  static let scenes: [(name: String, source: String)] = [
    (
      "arrows-horizontal",
      """
      canvas 320x112 background=white
      rect at 16,16 size 80x80 fill=.clear stroke=black
      rect at 224,16 size 80x80 fill=.clear stroke=black
      arrow from 96,40 to 224,40
      arrow from 224,72 to 96,72
      """
    ),
    (
      "arrows-vertical",
      """
      canvas 160x240 background=white
      rect at 16,16 size 128x48 fill=.clear stroke=black
      rect at 16,176 size 128x48 fill=.clear stroke=black
      arrow from 48,64 to 48,176
      arrow from 112,176 to 112,64
      """
    ),
    (
      "arrowheads-both",
      """
      canvas 320x160 background=white
      rect at 16,16 size 80x48 fill=.clear stroke=black
      rect at 224,16 size 80x48 fill=.clear stroke=black
      arrow from 96,40 to 224,40 arrowheads=both
      arrow from 56,64 to 56,144 arrowheads=both
      arrow from 120,100 to 200,140
      """
    ),
    (
      "dashed-lines",
      """
      canvas 320x96 background=white
      line from 16,24 to 304,24 dash=[16, 8]
      line from 16,56 to 304,56 dash=[4, 2]
      arrow from 16,80 to 304,80 dash=[12, 6] lineWidth=2
      """
    ),
    (
      "stroked-outlines",
      """
      canvas 320x128 background=white
      rect at 16,16 size 96x64 fill=.clear stroke=black lineWidth=1
      rect at 144,16 size 64x96 fill=.yellow stroke=.blue lineWidth=2
      ellipse at 232,16 size 72x96 fill=.clear stroke=black
      """
    ),
  ]

  func testLinesAndArrowsMatchTheirGoldenFiles() throws {
    for (name, source) in Self.scenes {
      for columns in [40, 80] {
        let text = try ascii(source, columns: columns)
        assertGolden(text, Repository.golden.appendingPathComponent("ascii/lines/\(name).\(columns).txt"))
      }
    }
    // The golden scene of lines, arrows and paths, with grey outlines on
    // pale fills, labels and a curve.
    let url = Repository.fixtures.appendingPathComponent("golden/connectors.pencil")
    let source = try String(contentsOf: url, encoding: .utf8)
    for columns in [40, 80] {
      assertGolden(
        try ascii(source, columns: columns),
        Repository.golden.appendingPathComponent("ascii/lines/connectors.\(columns).txt"))
    }
  }

  /// The arrow from one box's trailing side to the next one's leading side
  /// reads `---->|`: the head sits before the side it points at, and the
  /// side stays drawn; the way back reads `|<----`.
  func testAHorizontalArrowEndsAtTheBoxItPointsAt() throws {
    let lines = try ascii(Self.scenes[0].source, columns: 40).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    XCTAssertTrue(lines[2].contains("+-------------->|"), lines.joined(separator: "\n"))
    XCTAssertTrue(lines[4].contains("|<--------------+"), lines.joined(separator: "\n"))
    XCTAssertEqual(lines[1], "  +---------+               +---------+")
    XCTAssertEqual(lines[6], "  +---------+               +---------+")
  }

  /// A downward arrow ends in `v` just above the box's top, an upward one
  /// in `^` just below the box's bottom; the sides they point at stay.
  func testAVerticalArrowEndsInVOrCaret() throws {
    let lines = try ascii(Self.scenes[1].source, columns: 40).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    func character(_ column: Int, _ row: Int) -> Character? {
      let line = Array(lines[row])
      return column < line.count ? line[column] : nil
    }
    // x = 48 and 112 are columns 12 and 28; the boxes' edges are rows 8 and 22.
    XCTAssertEqual(character(12, 21), "v", lines.joined(separator: "\n"))
    XCTAssertEqual(character(12, 22), "-")
    XCTAssertEqual(character(28, 9), "^")
    XCTAssertEqual(character(28, 8), "-")
    XCTAssertEqual((10...20).map { character(12, $0) }, Array(repeating: "|", count: 11))
  }

  /// A head at a slant points along the larger part of its direction.
  func testASlantingHeadPointsByItsDominantAxis() throws {
    func head(_ from: String, _ to: String) throws -> Set<Character> {
      let text = try ascii("canvas 200x200 background=white\narrow from \(from) to \(to)\n", columns: 40)
      return Set(text).intersection(["<", ">", "^", "v"])
    }
    XCTAssertEqual(try head("20,20", "180,100"), [">"])
    XCTAssertEqual(try head("180,100", "20,20"), ["<"])
    XCTAssertEqual(try head("20,20", "100,180"), ["v"])
    XCTAssertEqual(try head("100,180", "20,20"), ["^"])
  }

  /// Only a triangle at the end of a stroked line, pointing on along it,
  /// is a head: a triangle of the user's stays a triangle, and a
  /// hand-made arrow of a line and a triangle reads as an arrow.
  func testOnlyATriangleAtTheEndOfALineIsAHead() throws {
    let triangles = """
      canvas 200x100 background=white
      shape tri { move 1,0.5; line 0,0; line 0,1; close }
      tri at 20,20 size 6x5 fill=black
      path fill=black { move 100,50; line 94,47.6; line 94,52.4; close }
      line from 20,80 to 100,80
      path fill=black { move 150,80; line 144,77.6; line 144,82.4; close }
      """
    let plain = try ascii(triangles, columns: 40)
    XCTAssertFalse(plain.contains(">"), plain)
    let handMade = """
      canvas 200x100 background=white
      line from 20,50 to 174,50
      path fill=black { move 180,50; line 174,47.6; line 174,52.4; close }
      """
    XCTAssertTrue(try ascii(handMade, columns: 40).contains("------>"))
  }

  /// A head goes where its arrow's transform puts it, and is not written
  /// where a clip cuts its tip away.
  func testHeadsFollowTransformsAndClips() throws {
    let turned = """
      canvas 200x200 background=white
      zstack at 50,50 size 100x100 rotation=90 { arrow from 0,50 to 100,50 }
      """
    XCTAssertEqual(Set(try ascii(turned, columns: 40)).intersection(["<", ">", "^", "v"]), ["v"])
    let clipped = """
      canvas 200x100 background=white
      zstack at 0,0 size 100x100 clip=rect { arrow from 20,50 to 180,50 }
      """
    let text = try ascii(clipped, columns: 40)
    XCTAssertFalse(text.contains(">"), text)
    XCTAssertTrue(text.contains("-----"), text)
  }

  func testHeadsInColourAndInBlocks() throws {
    let red = "canvas 200x60 background=white\narrow from 20,30 to 180,30 stroke=#ff0000\n"
    XCTAssertTrue(try ascii(red, columns: 40) { $0.color = true }.contains("\u{1B}[38;2;255;0;0m>"))
    let blocks = try ascii(red, columns: 40) { $0.charset = .blocks }
    XCTAssertTrue(blocks.contains(">"), blocks)
  }

  /// Fills never read as lines: only visible strokes do, so the samples
  /// without strokes draw as before, and so does a filled shape's thin
  /// part.
  func testFillsAreNotLines() throws {
    let thin = "canvas 200x60 background=white\nrect at 20,24.5 size 160x1 fill=black\n"
    XCTAssertFalse(try ascii(thin, columns: 40).contains("-"))
    let stroked = "canvas 200x60 background=white\nline from 20,25 to 180,25\n"
    XCTAssertTrue(try ascii(stroked, columns: 40).contains(String(repeating: "-", count: 20)))
    // An unseen stroke draws no line either.
    let clear = "canvas 200x60 background=white\nline from 20,25 to 180,25 stroke=.clear\n"
    XCTAssertEqual(try ascii(clear, columns: 40).filter { $0 != "\n" }, "")
  }

  private func ascii(_ source: String, columns: Int, configure: (inout ASCIIOptions) -> Void = { _ in }) throws
    -> String
  {
    let compilation = compile(source)
    XCTAssertEqual(compilation.diagnostics.filter { $0.severity == .error }.map(\.message), [])
    let scene = try XCTUnwrap(compilation.scene)
    var options = ASCIIOptions()
    options.columns = columns
    configure(&options)
    var diagnostics: [Diagnostic] = []
    let bytes = try XCTUnwrap(Pencil.render(scene, with: ASCIIBackend(options: options), diagnostics: &diagnostics))
    XCTAssertEqual(diagnostics.map(\.message), [])
    return String(decoding: bytes, as: UTF8.self)
  }
}
