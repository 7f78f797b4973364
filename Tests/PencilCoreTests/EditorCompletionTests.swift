import PencilDiagnostics
import XCTest

@testable import PencilCore
@testable import PencilQueries
@testable import PencilSema

/// Completion of component parameters and their values, colour sets
/// (the file's and its imports'), import paths; hover's frames of an
/// element in a component's body, and the explanation of a code.
final class EditorCompletionTests: XCTestCase {
  /// The source with `|` removed, and the offset where it was.
  private func cursor(_ text: String, name: String = "/w/t.pencil") -> (SourceFile, Int) {
    let bytes = Array(text.utf8)
    let offset = bytes.firstIndex(of: UInt8(ascii: "|")) ?? bytes.count
    return (SourceFile(name: name, bytes: bytes.filter { $0 != UInt8(ascii: "|") }), offset)
  }

  private func complete(
    _ text: String, files: [String: String] = [:], folders: [String: [FolderEntry]] = [:]
  ) -> Completions.Result {
    let (source, offset) = cursor(text)
    return Completions.at(
      offset, in: source, importer: MemoryImportLoader(files: files), list: { folders[$0] })
  }

  private func labels(_ text: String, files: [String: String] = [:]) -> [String] {
    complete(text, files: files).candidates.map(\.label)
  }

  let badge =
    "component badge(tint: Color = .red, glow: Gradient? = none, round: Bool = true, size: Number = 4) {\n  rect\n}\n"

  func testComponentParametersAreOfferedAsNameEqualsLessThoseGiven() throws {
    let result = complete(badge + "badge tint=.blue |")
    let names = result.candidates.map(\.label)
    XCTAssertEqual(Array(names.prefix(3)), ["glow", "round", "size"])
    XCTAssertFalse(names.contains("tint"))
    let glow = try XCTUnwrap(result.candidates.first)
    XCTAssertEqual(glow.insertText, "glow=")
    XCTAssertEqual(glow.detail, "Gradient? = none")
    // A built-in attribute keeps being written as its name alone.
    XCTAssertNil(complete("rect |").candidates.first { $0.label == "fill" }?.insertText)
    // The prelude's components too.
    let pencil = complete("pencil |").candidates
    XCTAssertEqual(pencil.first { $0.label == "color" }?.insertText, "color=")
  }

  func testContentIsOfferedOnlyInAComponentsBody() {
    XCTAssertTrue(labels("component card {\n  vstack {\n    |\n  }\n}").contains("content"))
    XCTAssertTrue(labels("component card {\n  |\n}").contains("content"))
    XCTAssertFalse(labels("vstack {\n  |\n}").contains("content"))
    XCTAssertFalse(labels("|").contains("content"))
  }

  func testParameterValuesFollowTheDeclaredType() {
    let gradients = "gradient sky rgb top to bottom { stop red; stop blue }\n" + badge
    XCTAssertEqual(labels(gradients + "badge glow=|"), ["sky", "none"])
    XCTAssertEqual(labels(badge + "badge round=|"), ["true", "false"])
    let tint = labels("color brand light=#112233 dark=#445566\n" + badge + "badge tint=|")
    XCTAssertEqual(tint.first, "brand")
    XCTAssertTrue(tint.contains("salmon") && tint.contains(".blue"))
    XCTAssertFalse(tint.contains("none"))
    let number = labels("let gap = 3\n" + badge + "badge size=|")
    XCTAssertEqual(number, ["gap"])
  }

  func testColourSetsOfTheFileAndItsImportsWhereverAColourGoes() throws {
    let files = [
      "palette.pencil": "import \"deep.pencil\"\ncolor ink light=#102030 dark=#405060\n",
      "deep.pencil": "color paper = #fafafa\nimport \"palette.pencil\"\n",
    ]
    let header = "import \"palette.pencil\"\ncolor brand light=salmon dark=#000000\n"
    for place in ["rect fill=|", "text \"a\" color=|", "let c = mix(|", "rect fill=mix(brand, |"] {
      let result = complete(header + place, files: files)
      for name in ["brand", "ink", "paper"] {
        XCTAssertTrue(result.candidates.contains { $0.label == name }, "\(name) at \(place)")
      }
    }
    let result = complete(header + "rect fill=|", files: files)
    let ink = try XCTUnwrap(result.candidates.first { $0.label == "ink" })
    XCTAssertEqual(ink.kind, .colorSet)
    XCTAssertEqual(ink.documentation, "#102030")
    XCTAssertTrue(ink.detail.contains("#405060"), ink.detail)
    XCTAssertEqual(result.candidates.first { $0.label == "brand" }?.documentation, "#fa8072")
    // An imported file's components start statements too, with their signature.
    let component = labels(
      "import \"lib.pencil\"\n|", files: ["lib.pencil": "component chip(x: Number = 1) { rect }\n"])
    XCTAssertTrue(component.contains("chip"))
    XCTAssertEqual(
      labels("import \"lib.pencil\"\nchip |", files: ["lib.pencil": "component chip(x: Number = 1) { rect }\n"]).first,
      "x")
  }

  func testImportPathsListTheFolderOfTheDocument() throws {
    let folders: [String: [FolderEntry]] = [
      "/w": [
        .init(name: "t.pencil", isFolder: false), .init(name: "palette.pencil", isFolder: false),
        .init(name: "lib", isFolder: true), .init(name: ".hidden.pencil", isFolder: false),
        .init(name: "notes.txt", isFolder: false), .init(name: "Pads.pencil", isFolder: false),
      ],
      "/w/lib": [.init(name: "shapes.pencil", isFolder: false), .init(name: "parts", isFolder: true)],
    ]
    let top = complete("import \"|\"", folders: folders)
    XCTAssertEqual(top.candidates.map(\.label), ["Pads.pencil", "lib/", "palette.pencil"])
    XCTAssertEqual(top.candidates.map(\.kind), [.file, .folder, .file])
    XCTAssertEqual(top.replacing, SourceRange(8, 8))
    // The part after the last slash is replaced, in the folder before it.
    let nested = complete("import \"lib/pa|", folders: folders)
    XCTAssertEqual(nested.candidates.map(\.label), ["parts/"])
    XCTAssertEqual(nested.replacing, SourceRange(12, 14))
    XCTAssertEqual(
      complete("import \"p|\"", folders: folders).candidates.map(\.label), ["Pads.pencil", "palette.pencil"])
    // Not in another string, nor after the closing quote.
    XCTAssertEqual(complete("text \"|\"", folders: folders).candidates, [])
    XCTAssertFalse(complete("import \"lib/\" |", folders: folders).candidates.contains { $0.kind == .file })
    // A folder that cannot be read offers nothing.
    XCTAssertEqual(complete("import \"nowhere/|", folders: folders).candidates, [])
  }

  func testImportPathsAreBounded() {
    let many = (0..<500).map { FolderEntry(name: "f\($0).pencil", isFolder: false) }
    let result = complete("import \"|", folders: ["/w": many])
    XCTAssertEqual(result.candidates.count, Completions.maximumPathEntries)
    XCTAssertTrue(result.isIncomplete)
    XCTAssertFalse(complete("import \"f49|", folders: ["/w": many]).isIncomplete)
  }

  func testHoverInAComponentBodyGivesTheFrameAtEachUse() throws {
    let text =
      "canvas 200x200\ncomponent chip() {\n  re|ct size 10x10 fill=red\n}\nvstack at 0,0 spacing=0 {\n  chip\n  chip\n}\n"
    let (source, offset) = cursor(text)
    let scene = Pencil.compile(source).scene
    let markdown = try XCTUnwrap(HoverFacts.at(offset, in: source, scene: scene)?.markdown)
    XCTAssertTrue(markdown.contains("each of its 2 uses"), markdown)
    XCTAssertTrue(markdown.contains("- line 6: x 0, y 0, 10 × 10"), markdown)
    XCTAssertTrue(markdown.contains("- line 7: x 0, y 10, 10 × 10"), markdown)
    // Many uses are listed up to a bound.
    let uses = (0..<12).map { "chip at \($0),0\n" }.joined()
    let (many, at) = cursor("canvas 200x200\ncomponent chip() {\n  re|ct size 1x1 fill=red\n}\n" + uses)
    let listed = try XCTUnwrap(HoverFacts.at(at, in: many, scene: Pencil.compile(many).scene)?.markdown)
    XCTAssertTrue(listed.contains("each of its 12 uses"), listed)
    XCTAssertTrue(listed.contains("- and \(12 - HoverFacts.maximumUses) more"), listed)
    // A use in a loop is one use: the union of its iterations' frames.
    let loop = "canvas 200x200\ncomponent chip() {\n  re|ct size 1x1 fill=red\n}\nfor i in 0..<20 {\n  chip at i,0\n}\n"
    let (looped, loopAt) = cursor(loop)
    let union = try XCTUnwrap(HoverFacts.at(loopAt, in: looped, scene: Pencil.compile(looped).scene)?.markdown)
    XCTAssertTrue(union.hasSuffix("frame after layout: x 0, y 0, 20 × 1"), union)
  }

  func testTheExplanationOfACode() throws {
    let code = try XCTUnwrap(DiagnosticCode.find("E0201"))
    let markdown = HoverFacts.explanation(of: code)
    XCTAssertTrue(markdown.hasPrefix("**E0201** unknown colour (error)"), markdown)
    XCTAssertTrue(markdown.contains("```text\nrect at 0,0 size 10x10 fill=salmn"), markdown)
  }

  func testEveryOffsetOfImportsAndParametersIsSafe() {
    let text =
      "import \"a/\\(x)\"\nimport \"lib/日本\ncomponent c(t: Color? = none, g: [Gradient]) { rect }\nc t= g=\"\nimport"
    let source = SourceFile(name: "/w/t.pencil", text: text)
    let loader = MemoryImportLoader(files: ["lib/日本": "import \"lib/日本\"\ncolor k = red\n"])
    for offset in -2...(source.bytes.count + 2) {
      _ = Completions.at(offset, in: source, importer: loader) { _ in [FolderEntry(name: "日本.pencil", isFolder: false)]
      }
    }
    // An escape in the path: not a file name as typed, nothing offered.
    XCTAssertEqual(
      complete("import \"a\\n|\"", folders: ["/w": [.init(name: "a\\n.pencil", isFolder: false)]]).candidates, [])
  }
}
