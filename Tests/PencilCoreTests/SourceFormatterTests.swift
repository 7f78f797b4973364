import PencilDiagnostics
import PencilSyntax
import XCTest

/// `SourceFormatter` on small inputs, one construct at a time: each case is
/// the input and the canonical layout expected from it.
final class SourceFormatterTests: XCTestCase {
  private func format(_ text: String) -> String? {
    guard case .formatted(let bytes) = SourceFormatter.format(SourceFile(name: "t.pencil", text: text)) else {
      return nil
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private func check(_ input: String, _ expected: String, line: UInt = #line) {
    guard let once = format(input) else { return XCTFail("refused:\n\(input)", line: line) }
    XCTAssertEqual(once, expected, line: line)
    XCTAssertEqual(format(once), once, "not idempotent", line: line)
  }

  func testCanvasAndAttributes() {
    check("canvas   400x360   background = white\n", "canvas 400x360 background=white\n")
    check(
      "pencil color = .blue gradient=shine at 20 , 20 size 36x300",
      "pencil color=.blue gradient=shine at 20,20 size 36x300\n")
    check("vstack padding.top=2 padding.horizontal = 15 {\n}\n", "vstack padding.top=2 padding.horizontal=15 {\n}\n")
  }

  func testElementsWithChildrenAndStacks() {
    check(
      "hstack at 0,60 size 400x300 spacing=8 {\n    pencil color=.red\n\t\tvstack {\n pencil\n      }\n}\n",
      "hstack at 0,60 size 400x300 spacing=8 {\n  pencil color=.red\n  vstack {\n    pencil\n  }\n}\n")
    // A block that spans lines opens and closes its own lines.
    check("hstack { pencil\n  pencil }\n", "hstack {\n  pencil\n  pencil\n}\n")
    check("hstack {   }\n", "hstack {}\n")
  }

  func testTextStringsAndInterpolation() {
    check(
      #"text "a \"b\" \\ \n\t\(x+1)"   at 1,2"# + "\n", #"text "a \"b\" \\ \n\t\(x+1)" at 1,2"# + "\n")
    check(#"text ("a" + b) font=caption"#, #"text ("a" + b) font=caption"# + "\n")
    check("text -5 at 1,1\n", "text -5 at 1,1\n")
  }

  func testLetAndOperators() {
    check("let x=1+2*3-4/5%6\n", "let x = 1 + 2 * 3 - 4 / 5 % 6\n")
    check("let ok = a<b&&c>=d||!e&&f!=g\n", "let ok = a < b && c >= d || !e && f != g\n")
    check("let r = 1 ..< n\nlet s = 3 ... 7\n", "let r = 1..<n\nlet s = 3...7\n")
    check("let r = 1x2 ... 3\n", "let r = 1x2 ... 3\n")
    check("let l = [ .red , hsb( 0.5, 1, 1 ) , list [ 0 ] ]\n", "let l = [.red, hsb(0.5, 1, 1), list [0]]\n")
    check("let p = -x * - 3\n", "let p = -x * -3\n")
  }

  func testContinuationLines() {
    check("let long = 1 +\n2 +\n      3\n", "let long = 1 +\n  2 +\n  3\n")
    check("let names = [\n\"a\",\n   \"b\",\n]\n", "let names = [\n  \"a\",\n  \"b\",\n]\n")
    check("let x =\n[1, 2]\n", "let x =\n  [1, 2]\n")
  }

  func testSignsStaySigns() {
    // Three points: the '-' with a space before and none after is a sign.
    check(
      "shape s {\n  curve 1,1 control 0.5,0.2 -0.3,0.6\n}\n", "shape s {\n  curve 1,1 control 0.5,0.2 -0.3,0.6\n}\n")
    check("let d = a-b\nlet e = a - b\nlet f = a- b\n", "let d = a - b\nlet e = a - b\nlet f = a - b\n")
  }

  func testForIfElse() {
    check(
      "for c,i in names {\nif i%2==0 { rect } else if i == 1 { ellipse }\nelse { rect }\n}\n",
      "for c, i in names {\n  if i % 2 == 0 { rect } else if i == 1 { ellipse }\n  else { rect }\n}\n")
    check(
      "shape s {\n  for i in 1..<points*2 { line 0.5+i,0.5-i }\n}\n",
      "shape s {\n  for i in 1..<points * 2 { line 0.5 + i, 0.5 - i }\n}\n")
  }

  func testComponentsAndParameters() {
    check(
      "component crayon( color : Color = .blue , tags:[String]? = none ,label: String=\"\" ) {\n  pencil color=color\n}\n",
      "component crayon(color: Color = .blue, tags: [String]? = none, label: String = \"\") {\n  pencil color=color\n}\n"
    )
    check(
      "component c(\n  a: Number,\n  b: Number = 2\n) {\n  rect\n}\n",
      "component c(\n  a: Number,\n  b: Number = 2\n) {\n  rect\n}\n")
    check("crayon color=.red label=\"x\" at 0,0 size 56x224\n", "crayon color=.red label=\"x\" at 0,0 size 56x224\n")
  }

  func testGradients() {
    check(
      "gradient shine hsb leading to trailing {\nstop s=1.0 b=0.4\n  stop s = 1.0 b = 0.8\n}\n",
      "gradient shine hsb leading to trailing {\n  stop s=1.0 b=0.4\n  stop s=1.0 b=0.8\n}\n")
    check(
      "gradient g radial center = 0.35 , 0.3 radius=0.6 { stop .red ; stop .blue }\n",
      "gradient g radial center=0.35,0.3 radius=0.6 { stop .red; stop .blue }\n")
  }

  func testShapesAndPaths() {
    check(
      "shape diamond { move 0.5, 0; line 1, 0.5; close }\n", "shape diamond { move 0.5,0; line 1,0.5; close }\n")
    check(
      "shape star(points: Number = 5) {\n  move 0.5, 0\n  quad 1,1 control 0.5 , 0.5\n  close\n}\n",
      "shape star(points: Number = 5) {\n  move 0.5,0\n  quad 1,1 control 0.5,0.5\n  close\n}\n")
    check("path fill=red {\n move 0,0 ; line 10,10\n}\n", "path fill=red {\n  move 0,0\n  line 10,10\n}\n")
  }

  func testColorSetsAndImports() {
    check("color brand light = #fff  dark=#000\n", "color brand light=#fff dark=#000\n")
    check("color solid=#123\n", "color solid = #123\n")
    check("import   \"lib/palette.pencil\"\n", "import \"lib/palette.pencil\"\n")
  }

  func testNamesAnchorsAndConnectors() {
    check("box : rect at 0,0 size 10x10\n", "box: rect at 0,0 size 10x10\n")
    check("arrow from a.trailing to b.leading\n", "arrow from a.trailing to b.leading\n")
    check("arrow from box.trailing to 100 ,  100\n", "arrow from box.trailing to 100,100\n")
  }

  func testPositionCommas() {
    check("rect at 20 + i * 70,20 size 5x5\n", "rect at 20 + i * 70, 20 size 5x5\n")
    check("rect at x,y*2 size 5x5\n", "rect at x, y * 2 size 5x5\n")
    check("rect at p.x , p.y size 5x5\n", "rect at p.x,p.y size 5x5\n")
    check("rect at f(a, b),3 size w x h * 2\n", "rect at f(a, b),3 size w x h * 2\n")
    check("rect at 0,0 size 3x3 offset = 10 , 0\n", "rect at 0,0 size 3x3 offset=10,0\n")
  }

  func testComments() {
    // An end-of-line comment stays on its line: one space after the code,
    // or at its column when the author aligned it.
    check("rect\t// one\nrect        // aligned\n", "rect // one\nrect        // aligned\n")
    check("    rect        // aligned\n  rect // close\n", "rect            // aligned\nrect // close\n")
    check(
      "hstack {\n  rect at 0,0 size 10x10 // a longer line than the column\n      }  // end\n",
      "hstack {\n  rect at 0,0 size 10x10 // a longer line than the column\n}        // end\n")
    // An own-line comment keeps its line, indented as the code after it.
    check(
      "hstack {\n      // first\n  rect\n        // last\n}\n", "hstack {\n  // first\n  rect\n  // last\n}\n")
    check("rect /* inline */ at 1,1\n", "rect /* inline */ at 1,1\n")
    check(
      "hstack {\n    /* a block\n       comment */\n    rect\n}\n",
      "hstack {\n  /* a block\n     comment */\n  rect\n}\n")
    check("gradient g hsb a to b { // derived\n  stop s=1\n}\n", "gradient g hsb a to b { // derived\n  stop s=1\n}\n")
    check("// only a comment", "// only a comment\n")
    check("rect; // after\n", "rect // after\n")
  }

  func testBlankLines() {
    check("\n\ncanvas 10x10\n\n\n\nrect\n\n\n", "canvas 10x10\n\nrect\n")
    check("hstack {\n\n  rect\n\n  rect\n\n}\n", "hstack {\n  rect\n\n  rect\n}\n")
  }

  func testSemicolons() {
    check("canvas 10x10; rect;rect", "canvas 10x10\nrect\nrect\n")
    check("hstack { rect ; rect; }\n", "hstack { rect; rect }\n")
    check("hstack {\n  rect; rect\n}\n", "hstack {\n  rect\n  rect\n}\n")
    check(";;rect;;\n", "rect\n")
  }

  /// In a block kept on one line every `;` that separates statements stays:
  /// after a `}` (without it the next statement would continue the block's,
  /// E0106) and in a run of them (one is kept); one that separates nothing
  /// goes.
  func testSemicolonsInABlockOnOneLineKeepStatementsApart() {
    check(
      "zstack { zstack { rect size 1x1 }; rect size 2x2 }\n", "zstack { zstack { rect size 1x1 }; rect size 2x2 }\n")
    check("zstack { rect;; rect }\n", "zstack { rect; rect }\n")
    check("zstack { rect ;/* c */; rect }\n", "zstack { rect /* c */; rect }\n")
    check("zstack { ; rect; ; }\n", "zstack { rect }\n")
    check("zstack { a {}; b {} ;c }\n", "zstack { a {}; b {}; c }\n")
    // Where the block spans lines, the `;` after `}` becomes a line break.
    check("zstack {\n  zstack { rect }; rect\n}\n", "zstack {\n  zstack { rect }\n  rect\n}\n")
  }

  func testWhitespaceLineEndingsAndFinalNewline() {
    check("rect\t \r\nrect  \r\n", "rect\nrect\n")
    check("hstack {\r\n\trect // c \r\n}", "hstack {\n  rect // c\n}\n")
    // A CR alone ends a line too: the comment ends there, and LF replaces it.
    check("// c\rrect\r\rrect // d\r", "// c\nrect\n\nrect // d\n")
    check("hstack {\r  rect /* a\r   b\r\n */\r}\r", "hstack {\n  rect /* a\n   b\n */\n}\n")
    check("rect", "rect\n")
    check("", "")
    check("  \n\n ", "")
  }

  func testAlreadyFormattedIsUnchanged() {
    let text = "canvas 220x470 background=white\n\ntext \"Blue\" at 110,41 font=largeTitle\n"
    check(text, text)
  }

  func testSyntaxErrorsAreRefused() {
    for text in ["rect at 1 2\n", "hstack {\n", "let = 3\n", "text \"open\n", "rect /* open"] {
      guard case .refused(let diagnostics) = SourceFormatter.format(SourceFile(name: "t.pencil", text: text)) else {
        XCTFail("formatted: \(text)")
        continue
      }
      XCTAssertTrue(diagnostics.contains { $0.severity == .error }, text)
    }
  }

  func testSemanticErrorsAreFormatted() {
    // Only syntax errors stop fmt: an unknown attribute is the checker's business.
    check("rect fil=red\n", "rect fil=red\n")
  }

  func testNestingBeyondTheParserLimitIsRefused() {
    let depth = Parser.maximumDepth + 1
    let text = String(repeating: "vstack {\n", count: depth) + String(repeating: "}\n", count: depth)
    guard case .refused(let diagnostics) = SourceFormatter.format(SourceFile(name: "t.pencil", text: text)) else {
      return XCTFail("formatted \(depth) nested blocks")
    }
    XCTAssertTrue(diagnostics.contains { $0.code == ParserCodes.nestedTooDeeply })
    let within = String(repeating: "vstack {\n", count: depth - 1) + String(repeating: "}\n", count: depth - 1)
    XCTAssertNotNil(format(within))
  }

  func testInputOverTheSizeLimitIsRefused() {
    let bytes = [UInt8](repeating: UInt8(ascii: " "), count: SourceFile.maximumSize + 1)
    guard case .refused(let diagnostics) = SourceFormatter.format(SourceFile(name: "big.pencil", bytes: bytes)) else {
      return XCTFail("formatted an input over the limit")
    }
    XCTAssertEqual(diagnostics.map(\.code), [DriverCodes.inputTooLarge])
  }
}
