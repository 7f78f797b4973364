import PencilDiagnostics
import PencilSyntax
import XCTest

@testable import PencilSema

/// A newcomer writes what Pikchr, SVG, CSS or SwiftUI call a thing; the
/// error offers pencil's spelling as a fix, and the fix compiles.
final class PeerSpellingTests: XCTestCase {
  /// The source's single error, its fix applied, and the result compiles
  /// with no error; returns the fixed text.
  @discardableResult
  private func assertFixCompiles(
    _ source: String, code: DiagnosticCode, file: StaticString = #filePath, line: UInt = #line
  ) throws -> String {
    let errors = compile(source).diagnostics.filter { $0.severity == .error }
    XCTAssertEqual(errors.map(\.code), [code], source, file: file, line: line)
    let diagnostic = try XCTUnwrap(errors.first, file: file, line: line)
    let fix = try XCTUnwrap(diagnostic.fixes.first, "no fix for \(source)", file: file, line: line)
    var bytes = Array(source.utf8)
    for edit in fix.edits.sorted(by: { $0.range.start > $1.range.start }) {
      bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.newText.utf8))
    }
    let fixed = String(decoding: bytes, as: UTF8.self)
    let remaining = compile(fixed).diagnostics.filter { $0.severity == .error }
    XCTAssertEqual(remaining.map(\.message), [], fixed, file: file, line: line)
    return fixed
  }

  func testRotationSpelledAsOtherToolsDo() throws {
    for word in ["rotate", "angle", "rotationEffect"] {
      let fixed = try assertFixCompiles("rect at 0,0 size 10x10 \(word)=30", code: SemaCodes.unknownAttribute)
      XCTAssertEqual(fixed, "rect at 0,0 size 10x10 rotation=30")
    }
  }

  /// The message itself names pencil's word (the short format shows only
  /// the message), instead of listing every attribute the element takes.
  func testTheMessageNamesPencilsWord() {
    let messages = compile("rect at 0,0 size 10x10 rotate=30\nbox size 4x4").diagnostics.map(\.message)
    XCTAssertEqual(
      messages,
      ["'rect' has no attribute 'rotate'; pencil calls it 'rotation'", "unknown element 'box'; pencil calls it 'rect'"])
  }

  func testStrokeSpelledAsSVGAndCSSDo() throws {
    XCTAssertEqual(
      try assertFixCompiles("rect at 0,0 size 10x10 strokeWidth=2", code: SemaCodes.unknownAttribute),
      "rect at 0,0 size 10x10 lineWidth=2")
    XCTAssertEqual(
      try assertFixCompiles("rect at 0,0 size 10x10 border=red", code: SemaCodes.unknownAttribute),
      "rect at 0,0 size 10x10 stroke=red")
  }

  func testBoxIsARect() throws {
    XCTAssertEqual(
      try assertFixCompiles("box at 0,0 size 10x10", code: SemaCodes.unknownElement), "rect at 0,0 size 10x10")
    XCTAssertEqual(
      try assertFixCompiles("Circle at 0,0 size 10x10", code: SemaCodes.unknownElement), "circle at 0,0 size 10x10")
    XCTAssertEqual(
      try assertFixCompiles("oval at 0,0 size 10x10", code: SemaCodes.unknownElement), "ellipse at 0,0 size 10x10")
  }

  /// A stack's `alignment`, a text's `align`, each the other's guess.
  func testAlignOnAStackIsAlignment() throws {
    XCTAssertEqual(
      try assertFixCompiles("vstack align=leading { rect size 10x10 }", code: SemaCodes.unknownAttribute),
      "vstack alignment=leading { rect size 10x10 }")
    XCTAssertEqual(
      try assertFixCompiles("text \"hi\" at 0,20 alignment=center", code: SemaCodes.unknownAttribute),
      "text \"hi\" at 0,20 align=center")
  }

  /// Bold text is the headline style; `weight` is not "did you mean height".
  func testBoldWeightIsTheHeadlineStyle() throws {
    XCTAssertEqual(
      try assertFixCompiles("text \"hi\" at 0,20 weight=bold", code: SemaCodes.unknownAttribute),
      "text \"hi\" at 0,20 font=headline")
    // With a style given, the weight is removed.
    XCTAssertEqual(
      try assertFixCompiles("text \"hi\" at 0,20 font=title weight=bold", code: SemaCodes.unknownAttribute),
      "text \"hi\" at 0,20 font=title")
    // An element without a font gets no false lead.
    let rect = compile("rect at 0,0 size 10x10 weight=2").diagnostics
    XCTAssertEqual(rect.map(\.code), [SemaCodes.unknownAttribute])
    XCTAssertEqual(rect.first?.fixes, [])
  }

  func testSwiftUIFontModifiers() throws {
    XCTAssertEqual(
      try assertFixCompiles("text \"hi\" at 0,20 font=body.bold", code: SemaCodes.unknownFont),
      "text \"hi\" at 0,20 font=headline")
    XCTAssertEqual(
      try assertFixCompiles("text \"hi\" at 0,20 font=.body.bold()", code: SemaCodes.unknownFont),
      "text \"hi\" at 0,20 font=headline")
    XCTAssertEqual(
      try assertFixCompiles("text \"hi\" at 0,20 font=title.bold", code: SemaCodes.unknownFont),
      "text \"hi\" at 0,20 font=title")
    // SwiftUI's `.caption` is a text style as a value since language v3.
    XCTAssertEqual(compile("canvas 100x100\ntext \"hi\" at 10,20 font=.caption").diagnostics.map(\.code.id), [])
  }

  /// Pikchr's `box.x` and a coordinate of an anchor: pencil's anchors are
  /// points, so the fix is the point.
  func testCoordinatesOfAnAnchor() throws {
    XCTAssertEqual(
      try assertFixCompiles("b: rect at 0,0 size 10x10\nline from b.x to 20,20", code: GraphicsCodes.unknownAnchor),
      "b: rect at 0,0 size 10x10\nline from b.center to 20,20")
    XCTAssertEqual(
      try assertFixCompiles(
        "b: rect at 0,0 size 10x10\nline from b.trailing.x to 20,20", code: SemaCodes.wrongValueKind),
      "b: rect at 0,0 size 10x10\nline from b.trailing to 20,20")
  }

  /// CSS's units: angles are degrees and lengths points, bare numbers.
  func testUnitsAfterANumber() throws {
    XCTAssertEqual(
      try assertFixCompiles("rect at 0,0 size 10x10 rotation=30deg", code: LexerCodes.invalidNumber),
      "rect at 0,0 size 10x10 rotation=30")
    XCTAssertEqual(
      try assertFixCompiles("rect at 0,0 size 10x10 lineWidth=2px", code: LexerCodes.invalidNumber),
      "rect at 0,0 size 10x10 lineWidth=2")
  }

  /// E0216 lists only the functions the reference teaches.
  func testUnknownFunctionListsOnlyDocumentedFunctions() throws {
    let diagnostic = try XCTUnwrap(compile("rect at 0,0 size 10x10 fill=foo(1)").diagnostics.first)
    XCTAssertEqual(diagnostic.code, SemaCodes.unknownFunction)
    XCTAssertFalse(diagnostic.message.contains("point"), diagnostic.message)
    XCTAssertFalse(diagnostic.message.contains("size"), diagnostic.message)
    let reference = try String(
      contentsOf: Repository.root.appendingPathComponent("docs/reference/functions.md"), encoding: .utf8)
    for name in Evaluator.functionNames {
      XCTAssertTrue(reference.contains("`\(name)("), "the functions page documents \(name)")
    }
  }
}
