import PencilDiagnostics
import XCTest

@testable import PencilCore
@testable import PencilSema

/// Each limit on expansion has its own code, reported once at the loop, use
/// or import that crossed it; expansion then stops, so the compile ends
/// soon whatever the input asks for. (These tests only check that the
/// compile finishes with the code; they measure no time.)
final class LimitsTests: XCTestCase {
  private func text(_ range: SourceRange?, in source: String) -> String? {
    range.map { String(decoding: Array(source.utf8)[$0.start..<$0.end], as: UTF8.self) }
  }

  /// A component of 1,000 rects used 1,000 times: the loop's iterations
  /// stay few, and with the uses themselves (1,001 elements each) the
  /// elements cross 1,000,000 at the last use.
  func testTooManyElements() throws {
    let source = """
      component block() { for i in 0..<1000 { rect at i, 0 size 1x1 fill=red } }
      for i in 0..<1001 { block at 0, i size 1000x1 }
      rect at 0,0 size 1x1 fill=5
      """
    let diagnostics = compile(source).diagnostics
    XCTAssertEqual(diagnostics.map(\.code), [LanguageCodes.tooManyElements])
    let diagnostic = try XCTUnwrap(diagnostics.first)
    XCTAssertEqual(text(diagnostic.range, in: source), "block at 0, i size 1000x1")
    XCTAssertTrue(diagnostic.message.contains("past 1000000 elements"), diagnostic.message)
    XCTAssertEqual(diagnostic.notes.last?.message, "reported once; first found when 'i' is item 999 (counting from 0)")
  }

  /// Iterations are counted before a loop runs: two million fail at once.
  func testTooManyIterations() throws {
    let source = "for i in 0..<2000000 { }\nrect at 0,0 size 1x1 fill=red"
    let diagnostics = compile(source).diagnostics
    XCTAssertEqual(diagnostics.map(\.code), [LanguageCodes.tooManyIterations])
    XCTAssertEqual(text(diagnostics.first?.range, in: source), "0..<2000000")
    XCTAssertTrue(diagnostics.first?.message.contains("(it runs 2000000 times)") == true)
    // Nested loops count every inner iteration: the first inner loop crosses.
    let nested = "for i in 0..<10 { for j in 0..<999999 { rect at i, j size 1x1 fill=red } }"
    let inner = compile(nested).diagnostics
    XCTAssertEqual(inner.map(\.code), [LanguageCodes.tooManyIterations])
    XCTAssertEqual(text(inner.first?.range, in: nested), "0..<999999")
    XCTAssertEqual(inner.first?.notes.last?.message, "reported once; first found when 'i' is item 0 (counting from 0)")
    // A whole sequence of limits is reported once: the first crossing stops everything.
    let many = "for i in 0..<2000000 { }\nfor j in 0..<3000000 { }\nfor k in 5..<4000000 { }"
    XCTAssertEqual(compile(many).diagnostics.map(\.code), [LanguageCodes.tooManyIterations])
    // Exactly 1,000,000 iterations in all is allowed.
    let exact = compile("for i in 0..<1000 { for j in 0..<999 { } }\nrect at 0,0 size 1x1 fill=red")
    XCTAssertEqual(exact.diagnostics.map(\.code), [])
    XCTAssertNotNil(exact.scene)
  }

  func testComponentsNestedTooDeeply() throws {
    let endless = "component loop() { loop }\nloop at 0,0 size 10x10"
    let diagnostics = compile(endless).diagnostics
    XCTAssertEqual(diagnostics.map(\.code), [LanguageCodes.componentsTooDeep])
    XCTAssertEqual(diagnostics.first?.range, SourceRange(19, 23))
    XCTAssertEqual(diagnostics.first?.notes.last?.message, "reported once; first found in this use of 'loop'")
    // Mutual recursion is caught the same way, at the use that goes too deep.
    let mutual = "component ping() { pong }\ncomponent pong() { ping }\nping at 0,0 size 1x1"
    XCTAssertEqual(compile(mutual).diagnostics.map(\.code), [LanguageCodes.componentsTooDeep])
    // A recursion that stops within 64 levels is fine; one level more is not.
    let countdown = { (n: Int) in
      "component down(n: Number) {\n  rect size 1x1 fill=red\n  if n > 0 { down n=n - 1 }\n}\ndown n=\(n) at 0,0 size 10x10"
    }
    let deepest = compile(countdown(63))
    XCTAssertEqual(deepest.diagnostics.map(\.code), [])
    XCTAssertEqual(deepest.scene?.items.count, 64)
    XCTAssertEqual(compile(countdown(64)).diagnostics.map(\.code), [LanguageCodes.componentsTooDeep])
  }

  func testElementsNestedTooDeeplyThroughStacksAndComponents() throws {
    // Each level is a use and four stacks: the use at level k is 1 + 5k
    // deep, its rect 2 + 5k.
    let nested = { (n: Int) in
      "component deep(n: Number) {\n  rect size 1x1 fill=red\n  if n > 0 { zstack { zstack { zstack { zstack { deep n=n - 1 } } } } }\n}\ndeep n=\(n)"
    }
    let deepest = compile(nested(50))
    XCTAssertEqual(deepest.diagnostics.map(\.code), [])
    XCTAssertEqual(deepest.scene?.items.count, 51)
    let tooDeep = compile(nested(51)).diagnostics
    XCTAssertEqual(tooDeep.map(\.code), [LanguageCodes.elementsTooDeep])
    XCTAssertEqual(tooDeep.first?.range, SourceRange(30, 34))
    // 61 uses with 60 stacks each overflowed the checker's stack before
    // this limit; each part is within its own limit.
    let stacks = String(repeating: "zstack { ", count: 60) + "wide n=n - 1" + String(repeating: " }", count: 60)
    let wide = "component wide(n: Number) {\n  if n > 0 { \(stacks) }\n}\nwide n=61"
    XCTAssertEqual(compile(wide).diagnostics.map(\.code), [LanguageCodes.elementsTooDeep])
  }

  func testImportsNestedTooDeeply() throws {
    var files: [String: String] = [:]
    for level in 1...70 { files["level\(level).pencil"] = "import \"level\(level + 1).pencil\"\nlet x\(level) = 1" }
    files["level71.pencil"] = "let bottom = 1"
    let compilation = Pencil.compile(
      SourceFile(name: "main.pencil", text: "import \"level1.pencil\"\nrect at 0,0 size 1x1 fill=red"),
      importer: MemoryImportLoader(files: files))
    XCTAssertEqual(compilation.diagnostics.map(\.code), [LanguageCodes.importsTooDeep])
    let diagnostic = try XCTUnwrap(compilation.diagnostics.first)
    // Counting the compiled file, the chain holds 65 files when level65 imports again.
    XCTAssertEqual(compilation.files[diagnostic.file].name, "level64.pencil")
    XCTAssertEqual(text(diagnostic.range, in: files["level64.pencil"]!), "\"level65.pencil\"")
    XCTAssertEqual(diagnostic.notes.last?.message, "'level1.pencil' is imported here")
    // 64 levels below the compiled file are fine.
    files["level64.pencil"] = "let bottom = 1"
    let fine = Pencil.compile(
      SourceFile(name: "main.pencil", text: "import \"level1.pencil\"\nrect at 0,0 size 1x1 fill=red"),
      importer: MemoryImportLoader(files: files))
    XCTAssertEqual(fine.diagnostics.map(\.code), [])
  }

  func testTooManyPathCommands() throws {
    let shape = { (n: Int) in
      "shape fine(n: Number = \(n)) {\n  move 0,0\n  for i in 0..<n { line i / n, 1 }\n}\n"
    }
    // The limit is per use: that use stops, the rest of the file is checked.
    let source = shape(20000) + "fine at 0,0 size 10x10 fill=red\nrect at 0,0 size 1x1 fill=5"
    let diagnostics = compile(source).diagnostics
    XCTAssertEqual(diagnostics.map(\.code), [LanguageCodes.tooManyPathCommands, SemaCodes.wrongValueKind])
    XCTAssertEqual(text(diagnostics.first?.range, in: source), "fine at 0,0 size 10x10 fill=red")
    XCTAssertEqual(diagnostics.first?.message, "this shape generates more than 10000 path commands")
    // A move and 9,999 lines are 10,000 commands: allowed, and per use.
    let most = compile(shape(9999) + "fine at 0,0 size 10x10 fill=red\nfine n=5000 at 0,20 size 10x10 fill=red")
    XCTAssertEqual(most.diagnostics.map(\.code), [])
    guard case .path(let path)? = most.scene?.items.first else { return XCTFail("no path") }
    XCTAssertEqual(path.userSpaceSegments.count, 10000)
    // One more, a close, crosses the limit.
    let closed = shape(9999).replacingOccurrences(of: "1 }\n}", with: "1 }\n  close\n}")
    XCTAssertEqual(
      compile(closed + "fine at 0,0 size 1x1").diagnostics.map(\.code), [LanguageCodes.tooManyPathCommands])
  }
}
