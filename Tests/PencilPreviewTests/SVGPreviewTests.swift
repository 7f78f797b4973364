import Foundation
import PencilDiagnostics
import XCTest

@testable import PencilCore
@testable import PencilGeometry
@testable import PencilPreview
@testable import PencilQueries
@testable import PencilSVG
@testable import PencilSema

/// The preview's annotations on the SVG (`PreviewAnnotator`, `pencilc
/// preview`'s picture): each drawn element says where it came from, the
/// appearance can be forced by an ancestor's class, and normal output has
/// none of it.
final class SVGPreviewTests: XCTestCase {
  /// Files held in memory for `import`: a name, its text.
  private struct FilesInMemory: ImportLoader {
    var files: [String: String]

    func load(_ path: String, from importer: SourceFile) -> Result<SourceFile, ImportFailure> {
      guard let text = files[path] else { return .failure(ImportFailure("no such file in memory")) }
      return .success(SourceFile(name: path, text: text))
    }
  }

  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  private let scene = """
    canvas 200x120 background=.systemBackground
    rect at 10,20 size 30x40 fill=.red
    vstack at 100,0 spacing=10 {
      ellipse size 20x20 fill=#00ff00
      box: rect size 40x10 fill=.blue
    }
    component badge(tint: Color) {
      rect size 10x10 fill=tint
    }
    badge tint=.green at 5,80 size 10x10
    """

  private func svg(
    _ text: String, name: String = "main.pencil", files: [String: String] = [:], preview: Bool = true,
    textAsPaths: Bool = false
  ) throws -> String {
    let compilation = Pencil.compile(
      SourceFile(name: name, text: text), importer: FilesInMemory(files: files), appearance: nil)
    let scene = try XCTUnwrap(compilation.scene, "\(compilation.diagnostics)")
    var options = preview ? PreviewAnnotator.svgOptions : SVGOptions()
    options.textAsPaths = textAsPaths
    var diagnostics: [Diagnostic] = []
    let bytes = try XCTUnwrap(Pencil.render(scene, with: SVGBackend(options: options), diagnostics: &diagnostics))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The attributes of each element that has `data-src`, in order.
  private func annotated(_ svg: String) -> [[String: String]] {
    svg.split(separator: "\n").filter { $0.contains("data-src=") }.map { line in
      var attributes: [String: String] = [:]
      var rest = line[...]
      while let equals = rest.range(of: "=\"") {
        let name = rest[..<equals.lowerBound].split(separator: " ").last.map(String.init) ?? ""
        let valueStart = equals.upperBound
        guard let close = rest[valueStart...].firstIndex(of: "\"") else { break }
        attributes[name] = String(rest[valueStart..<close])
        rest = rest[rest.index(after: close)...]
      }
      return attributes
    }
  }

  private func offsets(of needle: String, in text: String) throws -> String {
    let start = try XCTUnwrap(text.range(of: needle), needle)
    return "\(text.utf8.distance(from: text.startIndex, to: start.lowerBound))-"
      + "\(text.utf8.distance(from: text.startIndex, to: start.upperBound))"
  }

  func testATopLevelElementSaysItsSourceKindAndFrame() throws {
    let items = annotated(try svg(scene))
    XCTAssertEqual(items.count, 4)
    let rect = items[0]
    XCTAssertEqual(
      rect["data-src"], "main.pencil:" + (try offsets(of: "rect at 10,20 size 30x40 fill=.red", in: scene)))
    XCTAssertEqual(rect["data-line"], "2:1")
    XCTAssertEqual(rect["data-kind"], "rect")
    XCTAssertEqual(rect["data-frame"], "10,20,30,40")
    XCTAssertNil(rect["data-use"])
  }

  /// A CR alone ends a line, as in the editor: the lines are those of
  /// the same scene with LF.
  func testLinesEndAtACarriageReturnAlone() throws {
    let lines = annotated(try svg(scene)).map { $0["data-line"] }
    XCTAssertEqual(lines.first, "2:1")
    for ending in ["\r", "\r\n"] {
      let text = scene.replacingOccurrences(of: "\n", with: ending)
      XCTAssertEqual(annotated(try svg(text)).map { $0["data-line"] }, lines, ending.debugDescription)
    }
  }

  func testAStackChildHasItsLaidOutFrameAndItsKindAfterALabel() throws {
    let items = annotated(try svg(scene))
    XCTAssertEqual(items[1]["data-kind"], "ellipse")
    XCTAssertEqual(items[1]["data-line"], "4:3")
    XCTAssertEqual(items[1]["data-frame"], "110,0,20,20")
    XCTAssertEqual(
      items[2]["data-src"], "main.pencil:" + (try offsets(of: "box: rect size 40x10 fill=.blue", in: scene)))
    XCTAssertEqual(items[2]["data-kind"], "rect")
    XCTAssertEqual(items[2]["data-line"], "5:3")
    XCTAssertEqual(items[2]["data-frame"], "100,30,40,10")
  }

  func testAComponentsItemNamesItsBodyElementAndTheUse() throws {
    let badge = annotated(try svg(scene))[3]
    XCTAssertEqual(badge["data-src"], "main.pencil:" + (try offsets(of: "rect size 10x10 fill=tint", in: scene)))
    XCTAssertEqual(badge["data-line"], "8:3")
    XCTAssertEqual(
      badge["data-use"], "main.pencil:" + (try offsets(of: "badge tint=.green at 5,80 size 10x10", in: scene)))
    XCTAssertEqual(badge["data-frame"], "5,80,10,10")
    let useLine = try XCTUnwrap(
      scene.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("badge tint=.green") })
    XCTAssertEqual(badge["data-use-line"], "\(useLine + 1):1")
  }

  func testAnImportedFilesItemNamesThatFileAndItsLine() throws {
    let library = "// a library\ncomponent card(c: Color) {\n  ellipse fill=c\n  text \"hi\" at 0,10\n}\n"
    let main = "import \"lib/cards.pencil\"\nvstack at 0,0 {\n  card c=.red size 20x20\n}\n"
    let items = annotated(try svg(main, files: ["lib/cards.pencil": library]))
    XCTAssertEqual(items.count, 2)
    XCTAssertEqual(items[0]["data-src"], "lib/cards.pencil:" + (try offsets(of: "ellipse fill=c", in: library)))
    XCTAssertEqual(items[0]["data-line"], "3:3")
    XCTAssertEqual(items[0]["data-kind"], "ellipse")
    XCTAssertEqual(items[0]["data-use"], "main.pencil:" + (try offsets(of: "card c=.red size 20x20", in: main)))
    XCTAssertEqual(items[0]["data-use-line"], "3:3")
    XCTAssertEqual(items[1]["data-kind"], "text")
    XCTAssertEqual(items[1]["data-line"], "4:3")
  }

  /// A pencil's three parts are one drawing, with one frame (the bounds of
  /// the three, as the hover gives); each pencil of a loop has its own.
  func testEachDrawingOfAnElementHasItsOwnFrame() throws {
    let items = annotated(try svg("for i in 0..<2 {\n  pencil color=.blue at 10 + i * 50, 0 size 40x160\n}"))
    XCTAssertEqual(items.count, 6)
    for (index, item) in items.enumerated() {
      XCTAssertEqual(item["data-kind"], "pencil")
      XCTAssertEqual(item["data-line"], "2:3")
      XCTAssertEqual(item["data-frame"], index < 3 ? "10.8,3.2,38.4,146.8" : "60.8,3.2,38.4,146.8")
    }
  }

  /// The language server's hover gives the same frames for elements
  /// drawn once (the union over a loop's or a stack's items aside).
  func testFramesAgreeWithTheHover() throws {
    for text in [scene, "pencil color=.blue at 10,0 size 40x160", "text \"hi\" at 5,30 rotation=10"] {
      let compilation = Pencil.compile(SourceFile(name: "main.pencil", text: text), appearance: nil)
      let picture = try XCTUnwrap(compilation.scene)
      for item in annotated(try svg(text)) where item["data-use"] == nil {
        let range = try XCTUnwrap(item["data-src"]?.split(separator: ":").last?.split(separator: "-"))
        let frames = HoverFacts.frames(of: SourceRange(Int(range[0]) ?? 0, Int(range[1]) ?? 0), in: picture)
        XCTAssertEqual(frames.count, 1, text)
        let hover = try XCTUnwrap(frames.first?.frame)
        XCTAssertEqual(
          item["data-frame"],
          [hover.x, hover.y, hover.width, hover.height].map(formatNumber).joined(separator: ","), text)
      }
    }
  }

  func testTransformedAndOutlinedTextIsAnnotatedOnce() throws {
    let text = "text \"a & b\" at 10,20 rotation=30"
    for textAsPaths in [false, true] {
      let output = try svg(text, name: "q\"<&.pencil", textAsPaths: textAsPaths)
      let items = annotated(output)
      XCTAssertEqual(items.count, 1, output)
      XCTAssertTrue(output.contains("data-src=\"q&quot;&lt;&amp;.pencil:0-"), output)
    }
  }

  func testNormalOutputHasNoAnnotationsAndIsUnchanged() throws {
    for textAsPaths in [false, true] {
      let normal = try svg(scene, preview: false, textAsPaths: textAsPaths)
      XCTAssertFalse(normal.contains("data-"))
      XCTAssertFalse(normal.contains("pencil-dark"))
      // Preview adds attributes and rules only: without them it is the normal output.
      var stripped = try svg(scene, textAsPaths: textAsPaths)
      while let start = stripped.range(of: " data-") {
        guard let valueStart = stripped[start.upperBound...].range(of: "=\""),
          let close = stripped[valueStart.upperBound...].firstIndex(of: "\"")
        else { break }
        stripped.removeSubrange(start.lowerBound...close)
      }
      stripped = stripped.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.hasPrefix(".pencil-") }.joined(separator: "\n")
      XCTAssertEqual(stripped, normal)
    }
  }

  func testForcedAppearanceRulesFollowTheMediaQuery() throws {
    let output = try svg(scene)
    // The background and the three adaptive fills, each forced either way.
    for (id, light, dark) in [
      (1, "#ffffff", "#000000"), (2, "#ff3b30", "#ff453a"), (3, "#007aff", "#0a84ff"), (4, "#34c759", "#30d158"),
    ] {
      XCTAssertTrue(output.contains("\n.a\(id){fill:\(light)}\n"), output)
      XCTAssertTrue(output.contains("\n.pencil-light .a\(id){fill:\(light)}\n"), output)
      XCTAssertTrue(output.contains("\n.pencil-dark .a\(id){fill:\(dark)}\n"), output)
    }
    // After the media query, so a reader sees them as the overrides they are.
    let media = try XCTUnwrap(output.range(of: "@media (prefers-color-scheme: dark){"))
    let forced = try XCTUnwrap(output.range(of: ".pencil-light "))
    XCTAssertLessThan(media.lowerBound, forced.lowerBound)
    XCTAssertTrue(output.contains("<rect x=\"0\" y=\"0\" width=\"200\" height=\"120\" fill=\"#ffffff\" class=\"a1\"/>"))
    // Translucent colours carry their opacity in the forced rules too.
    let translucent = try svg("rect size 10x10 fill=.secondaryLabel")
    XCTAssertTrue(translucent.contains(".pencil-dark .a1{fill:#ebebf5;fill-opacity:0.6}"), translucent)
  }

  func testAFixedSceneHasNoForcedRules() throws {
    let output = try svg("rect size 10x10 fill=#ff0000")
    XCTAssertFalse(output.contains("<style>"))
    XCTAssertEqual(annotated(output).count, 1)
  }

  func testThePreviewSVGIsWellFormed() throws {
    let python = "/usr/bin/python3"
    guard FileManager.default.isExecutableFile(atPath: python) else { throw XCTSkip("no python3") }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("svg-preview-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("preview.svg")
    try Data(try svg(scene, name: "a \"quoted\" <name>.pencil").utf8).write(to: file)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [Self.root.appendingPathComponent("scripts/check-svg.py").path, file.path]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
  }
}
