import PencilDiagnostics
import PencilGeometry
import XCTest

@testable import PencilCore
@testable import PencilIR
@testable import PencilSema

/// Components with content (`content` in a body, `card { … }` at a use):
/// placed where the body says, checked in the caller's scope, named from
/// outside, passed on through another component, and counted by the
/// limits every expansion is.
final class ComponentContentTests: XCTestCase {
  private let card = """
    canvas 400x300
    component card(title: String) {
      vstack alignment=leading spacing=4 padding=8 {
        text title
        content
      }
    }

    """

  private func scene(_ text: String, files: [String: String] = [:]) throws -> Scene {
    let compilation = Pencil.compile(
      SourceFile(name: "main.pencil", text: text), importer: MemoryImportLoader(files: files))
    XCTAssertEqual(compilation.diagnostics.map(\.code.id), [], "\(compilation.diagnostics.map(\.message))")
    return try XCTUnwrap(compilation.scene)
  }

  private func paths(_ scene: Scene) -> [PathItem] { scene.pathItems }
  private func texts(_ scene: Scene) -> [TextItem] { scene.textItems }

  private func codes(_ text: String) -> [String] { compile(text).diagnostics.map(\.code.id) }

  func testContentGoesWhereThePlaceholderStands() throws {
    let found = try scene(card + "card title=\"Wi-Fi\" at 10,10 { rect size 40x20 fill=.green }")
    let title = try XCTUnwrap(texts(found).first)
    let box = try XCTUnwrap(paths(found).first?.userSpaceBounds)
    // Below the title, at the stack's leading edge inside its padding.
    XCTAssertEqual(box.x, 18, accuracy: 1e-9)
    XCTAssertGreaterThan(box.y, title.position.y)
    XCTAssertEqual(box.width, 40, accuracy: 1e-9)
  }

  func testEachContentElementIsAChildOfTheStackAroundThePlaceholder() throws {
    let row = "component row { hstack spacing=10 { content } }\n"
    let found = try scene(row + "row at 0,0 { rect size 10x10 fill=.red; rect size 10x10 fill=.blue }")
    let boxes = paths(found).compactMap(\.userSpaceBounds)
    XCTAssertEqual(boxes.map(\.x), [0, 20])
    XCTAssertEqual(boxes.map(\.y), [0, 0])
  }

  func testContentIsCheckedInTheCallersScope() throws {
    // The caller's let is visible; the body's parameter is not.
    let found = try scene(card + "let label = \"Off\"\ncard title=\"A\" at 0,0 { text label }")
    XCTAssertEqual(texts(found).map(\.text), ["A", "Off"])
    XCTAssertEqual(codes(card + "card title=\"A\" at 0,0 { text title }"), ["E0225"])
  }

  func testNamedContentIsReachedFromOutside() throws {
    let found = try scene(
      card
        + """
        card title="A" at 10,10 { a: rect size 40x20 fill=.red }
        card title="B" at 200,10 { b: rect size 40x20 fill=.blue }
        arrow from a.trailing to b.leading
        """)
    // The rects, then the arrow's line and head.
    let boxes = paths(found).compactMap(\.userSpaceBounds)
    XCTAssertEqual(boxes.count, 4)
    let (a, b, line, head) = (boxes[0], boxes[1], boxes[2], boxes[3])
    XCTAssertEqual(line.x, a.maxX, accuracy: 1e-9)
    XCTAssertEqual(head.maxX, b.x, accuracy: 1e-9)
  }

  func testContentReachesTheCallersElementsPlacedLater() throws {
    let found = try scene(
      card
        + """
        card title="A" at 10,10 {
          arrow from a.trailing to later.leading
          a: rect size 40x20 fill=.red
        }
        later: rect at 300,200 size 40x40 fill=.blue
        """)
    // The arrow waits for 'later' and is drawn where it stood: first.
    let boxes = paths(found).compactMap(\.userSpaceBounds)
    XCTAssertEqual(boxes.count, 4)
    let (head, a, later) = (boxes[1], boxes[2], boxes[3])
    XCTAssertEqual(later, Rect(x: 300, y: 200, width: 40, height: 40))
    XCTAssertEqual(head.maxX, later.x, accuracy: 1e-9)
    XCTAssertEqual(boxes[0].x, a.maxX, accuracy: 1e-9)
  }

  func testContentPassesThroughAnotherComponent() throws {
    let panel = "component panel { card title=\"P\" { text \"inner\"; content } }\n"
    let found = try scene(card + panel + "panel at 0,0 { x: rect size 10x10 }\narrow from x.bottom to 100,100")
    XCTAssertEqual(texts(found).map(\.text), ["P", "inner"])
    XCTAssertEqual(paths(found).first?.userSpaceBounds?.width, 10)
  }

  func testUsesWithOneArgumentSetButOtherContentDrawTheirOwn() throws {
    let found = try scene(
      card + "card title=\"A\" at 0,0 { text \"one\" }\ncard title=\"A\" at 0,100 { text \"two\" }")
    XCTAssertEqual(texts(found).map(\.text), ["A", "one", "A", "two"])
  }

  func testAUseWithoutContentPlacesNothing() throws {
    XCTAssertEqual(texts(try scene(card + "card title=\"A\" at 0,0")).map(\.text), ["A"])
  }

  func testASizeReadingComponentLaidOutByAStackTakesContent() throws {
    let framed = "component framed { zstack { rect size width x height fill=.yellow; content } }\n"
    let found = try scene(framed + "hstack at 0,0 width=100 height=50 { framed { text \"in\" } }")
    XCTAssertEqual(texts(found).map(\.text), ["in"])
  }

  func testContentOfAnImportedComponentIsTheCallersCode() throws {
    let library = "component card { vstack { text \"title\"; content } }"
    let compilation = Pencil.compile(
      SourceFile(name: "main.pencil", text: "import \"lib.pencil\"\ncanvas 200x200\ncard at 0,0 { text \"mine\" }"),
      importer: MemoryImportLoader(files: ["lib.pencil": library]))
    XCTAssertEqual(compilation.diagnostics.map(\.code.id), [])
    let items = texts(try XCTUnwrap(compilation.scene))
    XCTAssertEqual(items.map(\.text), ["title", "mine"])
    XCTAssertNotEqual(items[0].sourceFile, .main)
    XCTAssertEqual(items[1].sourceFile, .main)
    XCTAssertTrue(items[1].callSites.isEmpty)
  }

  func testContentGivenToAComponentThatTakesNoneNotesItsDefinitionInItsFile() throws {
    let library = "// a library\ncomponent badge { text \"b\" }"
    let compilation = Pencil.compile(
      SourceFile(name: "main.pencil", text: "import \"lib.pencil\"\ncanvas 200x200\nbadge at 0,0 { text \"mine\" }"),
      importer: MemoryImportLoader(files: ["lib.pencil": library]))
    let diagnostic = try XCTUnwrap(compilation.diagnostics.first)
    XCTAssertEqual(diagnostic.code.id, "E0222")
    let note = try XCTUnwrap(diagnostic.notes.first)
    let file = try XCTUnwrap(note.file)
    XCTAssertEqual(compilation.files[file].name, "lib.pencil")
    XCTAssertEqual(note.range, SourceRange(23, 28))
  }

  func testContentGivenToThePreludesPencilHasNoNoteOutsideTheFile() throws {
    // The prelude's text is no file of the user's: a note there pointed
    // past the end of the input (a fuzz finding).
    let source = "canvas 100x100\npencil at 0,0 size 50x10 { stop s=1 }"
    let diagnostics = compile(source).diagnostics
    XCTAssertEqual(diagnostics.map(\.code.id), ["E0222"])
    XCTAssertEqual(diagnostics.first?.notes, [])
    XCTAssertEqual(diagnostics.first?.range, SourceRange(40, 52))
  }

  func testAProblemInContentUsedInALoopIsReportedOnce() {
    XCTAssertEqual(codes(card + "for i in 0..<5 { card title=\"A\" at 0,i * 10 { text nosuch } }"), ["E0225"])
  }

  func testAComponentThatWrapsItselfStopsAtTheNestingLimit() {
    XCTAssertEqual(codes("component box { box { content } }\nbox at 0,0 { rect size 1x1 }"), ["E0232"])
  }

  func testContentCountsAgainstTheElementLimit() {
    // Each use of `row` is 1 element, its vstack 1, its content `many` 1
    // and many's 997 rects: 1,000 a use. `many`'s uses share one expansion, so the loops
    // stay far below their limit.
    let row = "component row { vstack { content } }\ncomponent many { for i in 0..<997 { rect size 1x1 } }\n"
    let atTheLimit = codes(row + "for k in 0..<1000 { row at 0,0 { many } }\nrect size 1x1 fill=5")
    XCTAssertEqual(atTheLimit, ["E0207"])
    XCTAssertEqual(codes(row + "for k in 0..<1001 { row at 0,0 { many } }"), ["E0230"])
  }

  func testContentPassedOnInTwoBranchesAtEveryLevelIsWorkedOutOnce() {
    // Each component places its content in both branches of an `if`, each
    // a use of the one before: worked out naively, 2^40 paths.
    var source = "canvas 100x100\ncomponent c0 { vstack { content } }\n"
    for level in 1...40 {
      source +=
        "component c\(level)(b: Bool = true) { if b { c\(level - 1) { content } } else { c\(level - 1) { content } } }\n"
    }
    source += "c40 at 0,0 { rect size 10x10 }"
    XCTAssertEqual(compile(source).diagnostics.map(\.code.id), [])
  }

  func testASizeReadingUseInContentTakesTheFrameItIsPlacedIn() throws {
    // Not the caller's frame (outer's 200x200): box's 50x50, as at the top level.
    let found = try scene(
      "canvas 300x300\ncomponent gauge { rect fill=.red size width x height }\ncomponent box { content }\n"
        + "component outer { box at 10,10 size 50x50 { gauge } }\nouter at 0,0 size 200x200")
    XCTAssertEqual(paths(found).first?.userSpaceBounds, Rect(x: 10, y: 10, width: 50, height: 50))
  }

  func testAFileWithAComponentNamedContentKeepsIt() throws {
    let found = try scene("canvas 100x100\ncomponent content { rect size 5x5 fill=.red }\ncontent at 0,0")
    XCTAssertEqual(paths(found).count, 1)
  }
}
