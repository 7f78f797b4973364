import PencilDiagnostics
import XCTest

@testable import PencilCore

final class ParserTests: XCTestCase {
  private func dump(_ text: String) -> (String, [String]) {
    let compilation = Pencil.compile(SourceFile(name: "test.pencil", text: text), dumpSyntax: true)
    return (compilation.astDump ?? "", compilation.diagnostics.filter { $0.code.id.hasPrefix("E01") }.map(\.code.id))
  }

  func testStatements() {
    let table: [(String, String)] = [
      (
        "pencil color=#f00 at 0,0 size 100x400",
        """
        pencil @0..37
          color = #ff0000ff
          at = 0,0
          size = 100x400

        """
      ),
      (
        "canvas 400x360 background=white",
        """
        canvas @0..31
          size = 400x360
          background = white

        """
      ),
      (
        "text \"Hi\" at 2,3 font=title",
        """
        text @0..27
          label "Hi"
          at = 2,3
          font = title

        """
      ),
      (
        "timber fill=.orange.opacity(0.3)",
        """
        timber @0..32
          fill = .orange.opacity(0.3)

        """
      ),
      (
        "vstack at 0,0 size 50x100 { rect fill=#fff; rect fill=hsb(0.5, 1, 1) }",
        """
        vstack @0..70
          at = 0,0
          size = 50x100
          rect @28..42
            fill = #ffffffff
          rect @44..68
            fill = hsb(0.5, 1, 1)

        """
      ),
      (
        "gradient g rgb top to bottom {\n stop #87ceeb\n stop white offset=0.8\n}",
        """
        gradient g rgb top to bottom @0..69
          stop @32..44
            color #87ceebff
          stop @46..67
            color white
            offset = 0.8

        """
      ),
      (
        "shape s { move 0,0; quad 1,1 control 1,0; curve 0,1 control 0.5,1 0,0.5; close }",
        """
        shape s @0..80
          move 0,0 @10..18
          quad 1,1 1,0 @20..40
          curve 0,1 0.5,1 0,0.5 @42..71
          close @73..78

        """
      ),
    ]
    for (input, expected) in table {
      let (ast, errors) = dump(input)
      XCTAssertEqual(ast, expected, input)
      XCTAssertEqual(errors, [], input)
    }
  }

  func testRecoveryKeepsGoodStatements() {
    let (ast, errors) = dump("pencil at 0 0 size 10x40\nrect at 1,1 size 2x2 fill=red\n}\nellipse size 3x3 = 4\n")
    XCTAssertEqual(errors, ["E0102", "E0105", "E0102"])
    XCTAssertTrue(ast.contains("rect @25..54\n"), ast)
    XCTAssertTrue(ast.contains("pencil @0..11 recovered"), ast)
  }

  func testUnclosedBlockBeforeDefinition() {
    let (_, errors) = dump("hstack at 0,0 size 10x10 {\n rect\ngradient g rgb top to bottom { stop red }\n")
    XCTAssertEqual(errors, ["E0104"])
  }

  func testMissingValue() {
    let compilation = compile("rect at 0,0 size 1x1 fill=\n")
    XCTAssertEqual(compilation.diagnostics.map(\.code.id), ["E0103"])
  }

  func testMissingEqualsGetsFix() {
    let compilation = compile("rect at 0,0 size 1x1 fill red\n")
    XCTAssertEqual(compilation.diagnostics.map(\.code.id), ["E0102"])
    XCTAssertEqual(
      compilation.diagnostics.first?.fixes.first?.edits, [TextEdit(range: SourceRange(25, 26), newText: "=")])
  }
}
