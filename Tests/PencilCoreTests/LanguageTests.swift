import PencilDiagnostics
import PencilSyntax
import XCTest

@testable import PencilIR
@testable import PencilSema

/// Language v2: values, `let`, `for`, `if`, components and parametric
/// shapes, through the whole compiler. Values are read back through a
/// text's interpolation (which prints every kind) or a rect's opacity
/// (which keeps the exact double).
final class LanguageTests: XCTestCase {
  /// What `"\(expression)"` prints, or the diagnostics' codes.
  private func shown(_ expression: String) -> String {
    let compilation = compile("text \"\\(\(expression))\" at 0,0")
    guard let scene = compilation.scene, case .text(let text)? = scene.items.first else {
      return compilation.diagnostics.map(\.code.id).joined(separator: ",")
    }
    return text.text
  }

  private func opacity(_ expression: String) throws -> Double {
    let compilation = compile("rect size 10x10 fill=red opacity=\(expression)")
    let scene = try XCTUnwrap(compilation.scene, "\(expression): \(compilation.diagnostics)")
    guard case .path(let path)? = scene.items.first else { throw XCTSkip("no path") }
    return path.opacity
  }

  /// The IR of a source that must compile without any diagnostic.
  private func ir(_ source: String, line: UInt = #line) -> String {
    let compilation = compile(source)
    XCTAssertEqual(compilation.diagnostics.map(\.message), [], line: line)
    return compilation.scene.map(IRPrinter.print) ?? ""
  }

  /// IR with each item's `source=` (and `calls=`) left out.
  private func withoutSources(_ ir: String) -> String {
    ir.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      guard let cut = line.range(of: " source=") else { return String(line) }
      return String(line[..<cut.lowerBound])
    }.joined(separator: "\n")
  }

  private func text(_ range: SourceRange, in source: String) -> String {
    String(decoding: Array(source.utf8)[range.start..<range.end], as: UTF8.self)
  }

  /// `start..end` of the first occurrence of `part`, as the IR prints it.
  private func span(_ part: String, in source: String) -> String {
    guard let found = source.range(of: part) else { return "?" }
    let start = source.utf8.distance(from: source.startIndex, to: found.lowerBound)
    return "\(start)..\(start + part.utf8.count)"
  }

  func testValuesPrecedenceFunctionsAndMembers() {
    let table: [(String, String)] = [
      // Precedence: * / % over + -, over ranges, over comparisons, over && over ||.
      ("1 + 2 * 3", "7"), ("(1 + 2) * 3", "9"), ("10 - 4 - 3", "3"), ("2 * 3 % 4", "2"), ("-7 % 3", "-1"),
      ("1 + 2 * 3 < 8", "true"), ("2 * 3 >= 6", "true"), ("1 + 1 == 2", "true"), ("3 != 3", "false"),
      ("1 < 2 && 3 > 4", "false"), ("true || false && false", "true"), ("(true || false) && false", "false"),
      ("!true || true", "true"), ("!(1 <= 0)", "true"), ("1 == 1.0", "true"), ("(1..<4).count", "3"),
      ("(1 + 1...2 * 3).count", "5"), ("(3..<3).count", "0"), ("(3..<10)[2]", "5"), ("(1...3)[2]", "3"),
      // Strings and lists.
      ("\"a\" + \"b\" + \"c\"", "abc"), ("\"a\" == \"a\"", "true"), ("\"a\" != \"b\"", "true"),
      ("([1, 2] + [3]).count", "3"), ("([1, 2] + [3])[2]", "3"), ("[10, 20, 30][1]", "20"), ("count([])", "0"),
      ("count(0..<5)", "5"), ("[[1, 2], [3]][0][1]", "2"), ("\"x\\(\"y\")z\"", "xyz"),
      // Numbers print with at most four decimals, and no "-0".
      ("1 / 3", "0.3333"), ("2 / 3", "0.6667"), ("-1 / 3", "-0.3333"), ("1000000 / 3", "333333.3333"),
      ("0.1 + 0.2", "0.3"), ("1 / 30000", "0"), ("-1 / 30000", "0"), ("0 * -1", "0"), ("1000000000", "1000000000"),
      // Functions, in degrees.
      ("sin(90)", "1"), ("sin(30)", "0.5"), ("sin(-90)", "-1"), ("sin(450)", "1"), ("cos(180)", "-1"),
      ("cos(90)", "0"), ("cos(-270)", "0"), ("atan2(1, 1)", "45"), ("atan2(0, -1)", "180"), ("sqrt(16)", "4"),
      ("sqrt(2)", "1.4142"), ("min(3, 1, 2)", "1"), ("max(3, 1, 2)", "3"), ("abs(-2.5)", "2.5"), ("round(2.5)", "3"),
      ("round(-2.5)", "-3"), ("floor(-1.5)", "-2"), ("ceil(1.2)", "2"), ("pi", "3.1416"),
      // Colours print as #rrggbb.
      ("salmon", "#fa8072"), ("#fa8072", "#fa8072"), (".blue", "#007aff"), ("hsb(0, 1, 1)", "#ff0000"),
      ("rgb(0, 128, 255)", "#0080ff"), ("red.mix(blue, 0.5)", "#800080"), ("mix(#000000, #ffffff, 0.25)", "#404040"),
      ("mix(red, blue, 0)", "#ff0000"), ("red.hue", "0"), ("salmon.brightness", "0.9804"),
      ("red.opacity(0.25).alpha", "0.25"), ("rgb(1, 2, 3, 0.5).alpha", "0.5"), ("hsb(0.5, 1, 1).hue", "0.5"),
    ]
    for (expression, expected) in table {
      XCTAssertEqual(shown(expression), expected, expression)
    }
  }

  func testExactDoubles() throws {
    XCTAssertEqual(try opacity("sin(90)"), 1)
    XCTAssertEqual(try opacity("-cos(180)"), 1)
    XCTAssertEqual(try opacity("cos(90) + 0.25"), 0.25)
    XCTAssertEqual(try opacity("atan2(1, 1) / 90"), 0.5)
    XCTAssertEqual(try opacity("[0.25, 0.5][1]"), 0.5)
    XCTAssertEqual(try opacity("count([1, 2, 3, 4]) / 8"), 0.5)
    XCTAssertEqual(try opacity("sin(30)"), 0.5, accuracy: 1e-15)
  }

  func testComparisonsAndRangesDoNotChain() {
    for (source, second) in [("1 < 2 < 3", "<"), ("1 == 2 != 3", "!="), ("1 < 2 == true", "=="), ("0..<3..<5", "..<")] {
      let full = "text \"\\(\(source))\" at 0,0"
      let diagnostics = compile(full).diagnostics
      XCTAssertEqual(diagnostics.map(\.code), [ParserCodes.expectedToken], source)
      XCTAssertEqual(diagnostics.first.map { text($0.range, in: full) }, second, source)
    }
  }

  func testLogicShortCircuits() {
    XCTAssertEqual(shown("false && 1 / 0 == 1"), "false")
    XCTAssertEqual(shown("true || [1][5] == 1"), "true")
    XCTAssertEqual(shown("true && 1 / 0 == 1"), "E0224")
    XCTAssertEqual(shown("false || [1][5] == 1"), "E0227")
  }

  func testErrorsPointAtTheirRange() {
    let cases: [(String, DiagnosticCode, String)] = [
      ("rect size 1x1 fill=red opacity=[1, 2][2]", SemaCodes.indexOutOfRange, "2"),
      ("rect size 1x1 fill=red opacity=[1, 2][0.5]", SemaCodes.indexOutOfRange, "0.5"),
      ("rect size 1x1 fill=red opacity=(0..<2.5).count", SemaCodes.invalidRange, "2.5"),
      ("rect size 1x1 fill=red opacity=(5..<3).count", SemaCodes.invalidRange, "5..<3"),
      ("rect size 1x1 fill=red opacity=1 % (1 - 1)", SemaCodes.divisionByZero, "1 - 1"),
      ("rect size 1x1 fill=red opacity=\"a\" < \"b\"", SemaCodes.wrongValueKind, "\"a\""),
      ("rect size 1x1 fill=red opacity=1 + \"a\"", SemaCodes.wrongValueKind, "\"a\""),
      ("rect size 1x1 fill=red opacity=!1", SemaCodes.wrongValueKind, "1"),
      ("rect size 1x1 fill=red opacity=count(1)", SemaCodes.wrongValueKind, "1"),
      ("rect size 1x1 fill=red opacity=sqrt(-1)", SemaCodes.valueOutOfRange, "-1"),
      ("rect size 1x1 fill=red opacity=min(1)", SemaCodes.wrongArgumentCount, "min(1)"),
      ("rect size 1x1 fill=red.opacity(2)", SemaCodes.valueOutOfRange, "2"),
      ("rect size 1x1 fill=mix(red, blue, 2)", SemaCodes.valueOutOfRange, "2"),
      ("rect size 1x1 fill=red.count", SemaCodes.unknownFunction, "count"),
      ("rect size 1x1 fill=red opacity=foo(1)", SemaCodes.unknownFunction, "foo"),
      ("rect size 1x1 fill=\"red\"", SemaCodes.wrongValueKind, "\"red\""),
      ("rect size 1x1 fill=red opacity=nothing", SemaCodes.unknownName, "nothing"),
      ("for i in 1 { rect size 1x1 }", SemaCodes.wrongValueKind, "1"),
      ("if \"yes\" { rect size 1x1 }", SemaCodes.wrongValueKind, "\"yes\""),
      ("text \"\\([1, 2])\" at 0,0", SemaCodes.wrongValueKind, "[1, 2]"),
    ]
    for (source, code, expected) in cases {
      let diagnostics = compile(source).diagnostics
      XCTAssertEqual(diagnostics.map(\.code), [code], source)
      XCTAssertEqual(diagnostics.first.map { text($0.range, in: source) }, expected, source)
    }
  }

  func testNamesAndScopes() throws {
    let misspelt = "let pitch = 72\nrect at 10 + ptch, 0 size 10x10"
    let unknown = try XCTUnwrap(compile(misspelt).diagnostics.first { $0.code == SemaCodes.unknownName })
    XCTAssertEqual(text(unknown.range, in: misspelt), "ptch")
    XCTAssertEqual(unknown.fixes.first?.edits.first?.newText, "pitch")
    let early = "rect at gap, 0 size 10x10\nlet gap = 4"
    let tooEarly = try XCTUnwrap(compile(early).diagnostics.first { $0.code == SemaCodes.unknownName })
    XCTAssertTrue(tooEarly.message.contains("visible only after its statement"), tooEarly.message)
    XCTAssertEqual(tooEarly.notes.first.flatMap(\.range).map { text($0, in: early) }, "gap")
    XCTAssertEqual(tooEarly.notes.first?.range?.start, early.utf8.count - "gap = 4".utf8.count)
    // A let in a loop body is new in each iteration and gone after the loop.
    let body = "for i in 0..<3 { let x = i * 10\n rect at x, 0 size 5x5 fill=red }\nlet x = 1\nrect at x, 9 size 1x1"
    let starts = ir(body).split(separator: "\n").filter { $0.hasPrefix("  M ") }
    XCTAssertEqual(starts, ["  M 0 0", "  M 10 0", "  M 20 0", "  M 1 9"])
    // Shadowing warns, with a note at the hidden name; the picture is made.
    let shadow = "let i = 3\nfor i in 0..<2 { rect at i, 0 size 1x1 }\nrect at i, 0 size 1x1"
    let compilation = compile(shadow)
    XCTAssertNotNil(compilation.scene)
    XCTAssertEqual(compilation.diagnostics.map(\.code), [SemaCodes.shadowedName])
    XCTAssertEqual(compilation.diagnostics.first?.range.start, 14)
    XCTAssertEqual(compilation.diagnostics.first?.notes.first?.range, SourceRange(4, 5))
    // An unused let in a loop body is reported once, not once per iteration.
    let unused = compile("for i in 0..<1000 { let spare = i\n rect at i, 0 size 1x1 }").diagnostics
    XCTAssertEqual(unused.map(\.code), [SemaCodes.unusedLet])
    // Declared twice in one block.
    let twice = "vstack at 0,0 size 9x9 { let a = 1\n let a = 2\n rect size a x a }"
    XCTAssertEqual(compile(twice).diagnostics.map(\.code), [LanguageCodes.redeclared])
  }

  /// A problem in a loop body is reported once per place, naming the
  /// first iteration that met it.
  func testOncePerLocationInALongLoop() throws {
    let source = """
      let xs = [0.5, 1, 0.25]
      for i in 0..<1000 {
        rect at i, 0 size 1x1 fill=i
        rect at 0, 0 size 1x1 fill=red opacity=xs[i % 4]
      }
      """
    let diagnostics = compile(source).diagnostics
    XCTAssertEqual(diagnostics.map(\.code), [SemaCodes.wrongValueKind, SemaCodes.indexOutOfRange])
    guard diagnostics.count == 2 else { return }
    XCTAssertEqual(text(diagnostics[0].range, in: source), "i")
    XCTAssertEqual(text(diagnostics[1].range, in: source), "i % 4")
    let loopVariable = SourceRange(28, 29)
    XCTAssertEqual(text(loopVariable, in: source), "i")
    for (diagnostic, item) in zip(diagnostics, [0, 3]) {
      let note = try XCTUnwrap(diagnostic.notes.last)
      XCTAssertEqual(note.message, "reported once; first found when 'i' is item \(item) (counting from 0)")
      XCTAssertEqual(note.range, loopVariable)
    }
  }

  func testLoopsInStacksAreLaidOutLikeWrittenChildren() {
    let looped = ir(
      """
      hstack at 10,10 size 200x50 spacing=4 {
        for w, i in [20, 30, 40] { rect size w x 10 + i * 5 fill=hsb(i / 3, 1, 1) }
        vstack spacing=2 { for j in 1...2 { let s = j * 6
          rect size s x s fill=blue } }
      }
      """)
    let written = ir(
      """
      hstack at 10,10 size 200x50 spacing=4 {
        rect size 20x10 fill=hsb(0 / 3, 1, 1)
        rect size 30x15 fill=hsb(1 / 3, 1, 1)
        rect size 40x20 fill=hsb(2 / 3, 1, 1)
        vstack spacing=2 { rect size 6x6 fill=blue; rect size 12x12 fill=blue }
      }
      """)
    XCTAssertEqual(withoutSources(looped), withoutSources(written))
    XCTAssertEqual(looped.components(separatedBy: "\npath ").count, 6)
    // An empty sequence adds nothing, and the stack is laid out without it.
    XCTAssertEqual(
      withoutSources(ir("vstack at 0,0 size 50x50 { for i in [] { rect size 9x9 }\n rect size 10x10 }")),
      withoutSources(ir("vstack at 0,0 size 50x50 { rect size 10x10 }")))
  }

  func testIfElseChoosesOneBranch() {
    let source = """
      let n = 2
      if n > 5 { rect size 1x1 } else if n == 2 { rect size 2x2 } else { rect size 3x3 }
      if false { rect size 4x4 } else if 1 / 1 > 5 { rect size 5x5 }
      else { rect size 6x6 }
      if n < 0 { rect size 7x7 }
      zstack at 0,0 size 20x20 { if n % 2 == 0 { rect size 8x8 } else { rect size 9x9 } }
      """
    // Each rect's first corner after its start: one branch of each `if` ran.
    let lines = ir(source).components(separatedBy: "\n  M ").dropFirst().map { $0.split(separator: "\n")[1] }
    XCTAssertEqual(lines, ["  L 2 0", "  L 6 0", "  L 14 6"])
    // A condition never taken is not evaluated: its errors are not met.
    XCTAssertEqual(compile("if false { rect size 1x1 fill=1 }\nrect size 1x1").diagnostics.map(\.code), [])
  }

  /// The prelude's pencil draws exactly what the built-in one did, from a
  /// loop too: only the items' source ranges differ.
  func testPreludePencilFromALoopIsByteIdentical() {
    let direct = ir("pencil color=.red at 0,0 size 100x400")
    let looped = ir("for c in [.red] { pencil color=c at 0,0 size 100x400 }")
    let data = { (ir: String) in ir.split(separator: "\n").filter { !$0.hasPrefix("path ") } }
    XCTAssertEqual(data(direct), data(looped))
    XCTAssertEqual(direct.split(separator: "\n").count, 22)
    XCTAssertEqual(withoutSources(direct), withoutSources(looped))
    XCTAssertFalse(looped.contains("calls="), "the prelude's items name no call sites")
    XCTAssertTrue(looped.contains("source=18..52"), looped)
  }

  func testComponentDefaultsFrameAndCallSites() {
    let source = """
      component tile(color: Color = .red, edge: Color = color.mix(black, 0.5), n: Number = 2) {
        rect size width x height fill=edge
        rect at 1, 1 size width - 2 x height - 2 fill=color opacity=n / 4
      }
      tile at 10, 20 size 30x40
      tile color=blue n=4 at 100, 0 size 10x10
      """
    let result = ir(source)
    let first = "calls=\(span("tile at 10, 20 size 30x40", in: source))"
    XCTAssertTrue(
      result.contains("opacity=1 source=\(span("rect size width x height fill=edge", in: source)) "), result)
    XCTAssertTrue(
      result.contains("\(first)\n  paint solid #801e18\n  M 10 20\n  L 40 20\n  L 40 60\n  L 10 60\n"), result)
    XCTAssertTrue(result.contains("opacity=0.5 source="), result)
    XCTAssertTrue(result.contains("\(first)\n  paint solid #ff3b30\n  M 11 21\n  L 39 21\n  L 39 59\n"), result)
    XCTAssertTrue(result.contains("paint solid #000080\n  M 100 0\n  L 110 0\n  L 110 10\n"), result)
    XCTAssertTrue(result.contains("paint solid #0000ff\n  M 101 1\n  L 109 1\n"), result)
  }

  func testNestedComponentsTextListsAndOptionals() {
    let source = """
      gradient shine rgb top to bottom { stop red; stop blue }
      component label(t: String = "hi", g: Gradient? = none) { rect fill=red gradient=g
        text "\\(t)!" at 5, 10 color=white }
      component card(names: [String], show: Bool = true) {
        for t, i in names { label t=t at i * 10, 10 size 8x8 }
        if show { label g=shine at 0, 0 size 5x5 }
      }
      card names=["a", "b"] at 100, 200 size 50x50
      card names=[] show=false at 0, 0 size 1x1
      """
    let result = ir(source)
    let outer = span("card names=[\"a\", \"b\"] at 100, 200 size 50x50", in: source)
    let inner = span("label t=t at i * 10, 10 size 8x8", in: source)
    XCTAssertTrue(result.contains("text \"a!\" at 105 220 size=17 weight=regular align=leading color=#ffffff"), result)
    XCTAssertTrue(result.contains("text \"b!\" at 115 220 "), result)
    XCTAssertTrue(result.contains("calls=\(outer),\(inner)\n  paint solid #ff0000\n  M 110 210\n  L 118 210\n"), result)
    XCTAssertTrue(result.contains("  paint linear 102.5 200 -> 102.5 205\n"), result)
    XCTAssertEqual(result.components(separatedBy: "\ntext ").count, 4)
    XCTAssertEqual(result.components(separatedBy: "\npath ").count, 4)
  }

  func testComponentUseErrors() throws {
    let missing = "component badge(label: String, n: Number) { text label at 0, 12 }\nbadge at 0,0 size 40x20"
    let diagnostic = try XCTUnwrap(compile(missing).diagnostics.first)
    XCTAssertEqual(diagnostic.code, LanguageCodes.missingArgument)
    XCTAssertEqual(text(diagnostic.range, in: missing), "badge")
    XCTAssertEqual(diagnostic.range.start, missing.utf8.count - "badge at 0,0 size 40x20".utf8.count)
    XCTAssertTrue(diagnostic.message.contains("'label', 'n'"), diagnostic.message)
    XCTAssertEqual(diagnostic.fixes.first?.edits.first?.newText, " label=\"\" n=1")
    XCTAssertEqual(diagnostic.notes.first?.range.map { text($0, in: missing) }, "badge")
    // A default may use earlier parameters, never later ones.
    let later = "component c(a: Number = b, b: Number = 1) { rect opacity=a }"
    let order = try XCTUnwrap(compile(later).diagnostics.first { $0.code == LanguageCodes.laterParameter })
    XCTAssertEqual(order.range, SourceRange(24, 25))
    XCTAssertEqual(order.notes.first?.range.map { text($0, in: later) }, "b")
    XCTAssertEqual(order.notes.first?.range?.start, 27)
    let earlier = "component c(b: Number = 0.5, a: Number = b / 2) { rect fill=red opacity=a }\nc at 0,0 size 1x1"
    XCTAssertTrue(ir(earlier).contains("path rule=nonzero opacity=0.25 "))
    // width and height are the frame's: a stack's share, decided by layout.
    let sized = "component bar() { rect size width x 4 fill=red }\nhstack at 0,0 size 100x40 spacing=0 { bar; bar }"
    XCTAssertTrue(ir(sized).contains("M 50 18\n  L 100 18"), ir(sized))
    XCTAssertNotNil(compile("component bar() { rect size width x 4 }\nhstack at 0,0 size 9x9 { bar size 8x8 }").scene)
    // A component nobody uses is still checked, once.
    let unused = compile("component never() { rect fill=5\n rect fill=5 }").diagnostics
    XCTAssertEqual(unused.map(\.code), [SemaCodes.wrongValueKind, SemaCodes.wrongValueKind])
    // A problem in a body is reported once, at the first use that meets it.
    let uses =
      "component dim(o: Number = 0.5) { rect fill=red opacity=o * 4 }\ndim at 0,0 size 1x1\n"
      + "dim at 1,0 size 1x1\ndim o=0.1 at 2,0 size 1x1"
    let once = compile(uses).diagnostics
    XCTAssertEqual(once.map(\.code), [SemaCodes.valueOutOfRange])
    XCTAssertEqual(once.first.map { text($0.range, in: uses) }, "o * 4")
    XCTAssertEqual(once.first?.notes.last?.message, "reported once; first found in this use of 'dim'")
    XCTAssertEqual(once.first?.notes.last?.range.map { text($0, in: uses) }, "dim at 0,0 size 1x1")
    XCTAssertEqual(compile("component pencil() { rect }").diagnostics.map(\.code), [SemaCodes.redefinesBuiltin])
    XCTAssertEqual(
      compile("component c(x: Numbr) { rect }").diagnostics.first?.fixes.first?.edits.first?.newText, "Number")
  }

  func testParametricShapes() {
    let source = """
      shape poly(sides: Number = 4, open: Bool = false) {
        move 0.5 + 0.5 * cos(0), 0.5 + 0.5 * sin(0)
        for i in 1..<sides {
          let angle = i * 360 / sides
          line 0.5 + 0.5 * cos(angle), 0.5 + 0.5 * sin(angle)
        }
        if !open { close }
      }
      poly at 0,0 size 100x100 fill=gold
      poly sides=3 open=true at 200,0 size 100x100 fill=gold
      poly at 0,0 size 100x100 fill=gold
      """
    let result = ir(source)
    XCTAssertTrue(result.contains("  paint solid #ffd700\n  M 100 50\n  L 50 100\n  L 0 50\n  L 50 0\n  Z\n"), result)
    XCTAssertTrue(result.contains("  M 300 50\n  L 225 93.3013\n  L 225 6.6987\npath "), result)
    let items = result.components(separatedBy: "\npath ")
    XCTAssertEqual(items.count, 4)
    // A repeated use makes the same path.
    XCTAssertEqual(withoutSources(items[1]) + "\n", withoutSources(items[3]))
    let bad = compile(
      "shape s(n: Number = 2) { move 0, 0\n for i in 0..<n { line i, sqrt(0 - n) } }\ns at 0,0 size 1x1")
    XCTAssertEqual(bad.diagnostics.map(\.code), [SemaCodes.valueOutOfRange])
  }
}
