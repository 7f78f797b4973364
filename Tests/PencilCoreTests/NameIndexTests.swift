import PencilDiagnostics
import XCTest

@testable import PencilCore
@testable import PencilQueries
@testable import PencilSema

/// Definition, references and rename (`NameIndex`, `RenamePlan`): each
/// name as the checker resolved it, with shadowing, loops, parameters,
/// element names, colour sets and imports.
final class NameIndexTests: XCTestCase {
  private let main = "main.pencil"

  private func index(_ text: String, _ files: [String: String] = [:]) -> NameIndex {
    NameIndex(SourceFile(name: main, text: text), importer: MemoryImportLoader(files: files))
  }

  /// The byte offset of the `nth` (from 0) `needle` in `text`, plus `within`.
  private func offset(_ text: String, _ needle: String, _ nth: Int = 0, within: Int = 0) -> Int {
    var searched = text[...]
    var base = 0
    for _ in 0..<nth {
      guard let found = searched.range(of: needle) else { return -1 }
      base += searched.utf8.distance(from: searched.startIndex, to: found.upperBound)
      searched = searched[found.upperBound...]
    }
    guard let found = searched.range(of: needle) else { return -1 }
    return base + searched.utf8.distance(from: searched.startIndex, to: found.lowerBound) + within
  }

  /// The starts of every occurrence of the symbol at `needle`'s `nth` place.
  private func occurrences(_ text: String, _ needle: String, _ nth: Int = 0, _ files: [String: String] = [:])
    -> [Int]
  {
    let names = index(text, files)
    guard let symbol = names.symbol(at: offset(text, needle, nth), in: main) else { return [] }
    return names.occurrences(of: symbol).filter { $0.file == main }.map(\.range.start)
  }

  func testALetItsUsesAndTheDefinitionFromAUse() {
    let text = "let side = 20\nrect at side, 0 size side x side fill=.red\n"
    let names = index(text)
    let symbol = names.symbol(at: offset(text, "side", 1), in: main)
    XCTAssertEqual(symbol?.name, "side")
    XCTAssertEqual(symbol?.kind, .letBinding)
    XCTAssertEqual(symbol?.declaration, NameIndex.Location(file: main, range: SourceRange(4, 8)))
    XCTAssertEqual(
      occurrences(text, "side"), [4, offset(text, "side", 1), offset(text, "side", 2), offset(text, "side", 3)])
    // A cursor just after a name still finds it.
    XCTAssertEqual(names.symbol(at: 8, in: main)?.name, "side")
    XCTAssertNil(names.symbol(at: offset(text, "rect"), in: main))
  }

  func testShadowingSeparatesTheTwoNames() {
    let text = """
      let w = 10
      vstack {
        let w = 20
        rect size w x 5 fill=.red
      }
      rect size w x 5 fill=.blue

      """
    XCTAssertEqual(occurrences(text, "w"), [offset(text, "w"), offset(text, "w", 3)])
    XCTAssertEqual(occurrences(text, "w", 2), [offset(text, "w", 1), offset(text, "w", 2)])
  }

  func testLoopVariablesAndTheirIndex() {
    let text = "for c, i in [.red, .blue] {\n  rect at i * 10, 0 size 5x5 fill=c\n}\n"
    XCTAssertEqual(occurrences(text, "c,"), [offset(text, "c,"), offset(text, "=c", within: 1)])
    XCTAssertEqual(index(text).symbol(at: offset(text, "i *"), in: main)?.kind, .loopVariable)
  }

  func testComponentsTheirUsesLabelsAndParameters() {
    let text = """
      component badge(tint: Color = .red) {
        rect fill=tint
      }
      badge tint=.blue at 0,0 size 10x10
      vstack { badge }

      """
    XCTAssertEqual(
      occurrences(text, "badge"), [offset(text, "badge"), offset(text, "badge", 1), offset(text, "badge", 2)])
    // The parameter, its use in the body and the argument label at a use.
    XCTAssertEqual(occurrences(text, "tint"), [offset(text, "tint"), offset(text, "tint", 1), offset(text, "tint", 2)])
    XCTAssertEqual(index(text).symbol(at: offset(text, "badge", 1), in: main)?.kind, .component)
    // The frame's `width` is declared by nothing the user wrote.
    XCTAssertNil(index("component c() { rect size width x 4 }\nc at 0,0 size 4x4\n").symbol(at: 22, in: main))
  }

  func testGradientsShapesAndElementNames() {
    let text = """
      rect size 4x4 gradient=shine
      gradient shine rgb top to bottom { stop .red; stop .blue }
      shape tab { move 0,0; line 1,0; line 1,1; close }
      box: tab at 0,0 size 10x10 fill=.red
      zstack at 20,0 size 10x10 clip=tab { rect fill=.blue }
      arrow from box.trailing to 20,5

      """
    XCTAssertEqual(occurrences(text, "shine"), [offset(text, "shine"), offset(text, "shine", 1)])
    XCTAssertEqual(occurrences(text, "tab", 1), [offset(text, "tab"), offset(text, "tab", 1), offset(text, "tab", 2)])
    XCTAssertEqual(occurrences(text, "box.", 0), [offset(text, "box"), offset(text, "box.")])
    XCTAssertEqual(index(text).symbol(at: offset(text, "box"), in: main)?.kind, .element)
  }

  func testColourSetsAndImportedDefinitions() {
    let library = "color ink light=#111111 dark=#eeeeee\ngradient fade rgb top to bottom { stop .red; stop .blue }\n"
    let text = "import \"lib.pencil\"\nrect size 4x4 fill=ink\nrect size 4x4 gradient=fade\n"
    let names = index(text, ["lib.pencil": library])
    let ink = names.symbol(at: offset(text, "ink"), in: main)
    XCTAssertEqual(ink?.kind, .colorSet)
    XCTAssertEqual(ink?.declaration, NameIndex.Location(file: "lib.pencil", range: SourceRange(6, 9)))
    XCTAssertEqual(names.symbol(at: offset(text, "fade"), in: main)?.declaration.file, "lib.pencil")
    // From the declaration in the imported file, the main file's use.
    let fromLibrary = names.symbol(at: offset(library, "fade"), in: "lib.pencil")
    XCTAssertEqual(fromLibrary.map { names.occurrences(of: $0).count }, 2)
    XCTAssertEqual(names.text(NameIndex.Location(file: "lib.pencil", range: SourceRange(6, 9))), "ink")
  }

  func testAComponentFromAnImportResolvesInItsOwnFile() {
    let library = "let pad = 2\ncomponent chip(tint: Color = .red) {\n  rect at pad, pad size 4x4 fill=tint\n}\n"
    let text = "import \"lib.pencil\"\nchip tint=.blue at pad, 0 size 10x10\n"
    let names = index(text, ["lib.pencil": library])
    XCTAssertEqual(names.errorCount, 0)
    let libraryPad = names.symbol(at: offset(library, "pad"), in: "lib.pencil")
    XCTAssertEqual(
      libraryPad.map { names.occurrences(of: $0).map(\.file) }, ["lib.pencil", "lib.pencil", "lib.pencil", main])
    XCTAssertEqual(names.symbol(at: offset(text, "pad"), in: main)?.declaration.file, "lib.pencil")
    XCTAssertEqual(names.symbol(at: offset(text, "tint"), in: main)?.declaration.file, "lib.pencil")
  }

  // MARK: rename

  private func rename(_ text: String, at needle: String, _ nth: Int = 0, to newName: String) -> Result<String, Refusal>
  {
    let before = index(text)
    guard let symbol = before.symbol(at: offset(text, needle, nth), in: main) else { return .failure(Refusal("none")) }
    if let problem = RenamePlan.problem(with: newName, for: symbol) { return .failure(Refusal(problem)) }
    let ranges = RenamePlan.ranges(of: symbol, in: [before])
    let renamed = RenamePlan.apply(ranges[main] ?? [], newName: newName, to: Array(text.utf8))
    let after = NameIndex(SourceFile(name: main, bytes: renamed), importer: nil)
    if let problem = RenamePlan.verify(before: before, after: after, ranges: ranges, newName: newName) {
      return .failure(Refusal(problem))
    }
    return .success(String(decoding: renamed, as: UTF8.self))
  }

  struct Refusal: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
  }

  func testRenameEditsEveryUseAndNothingElse() {
    let text = "let w = 10\nvstack {\n  let w = 20\n  rect size w x 5 fill=.red\n}\nrect size w x 5 fill=.blue\n"
    XCTAssertEqual(
      try rename(text, at: "w", to: "side").get(),
      "let side = 10\nvstack {\n  let w = 20\n  rect size w x 5 fill=.red\n}\nrect size side x 5 fill=.blue\n")
    let component = "component a(t: Color = .red) { rect fill=t }\na t=.blue at 0,0 size 4x4\n"
    XCTAssertEqual(
      try rename(component, at: "t:", to: "tint").get(),
      "component a(tint: Color = .red) { rect fill=tint }\na tint=.blue at 0,0 size 4x4\n")
  }

  func testRenameRefusesWhatWouldChangeTheMeaning() {
    // The outer `w` renamed to the inner's name would be hidden by it.
    let hidden = "let w = 10\nlet v = 3\nvstack {\n  let v = 20\n  rect size w x v fill=.red\n}\n"
    guard case .failure(let refusal) = rename(hidden, at: "w", to: "v") else { return XCTFail("renamed") }
    XCTAssertTrue(refusal.message.contains("would"), refusal.message)
    // Two gradients of one name.
    let twice =
      "gradient a rgb top to bottom { stop .red; stop .blue }\ngradient b rgb top to bottom { stop .red; stop .blue }\nrect size 4x4 gradient=a\nrect size 4x4 gradient=b\n"
    if case .failure(let refusal) = rename(twice, at: "a rgb") { XCTFail(refusal.message) }
    if case .success = rename(twice, at: "a rgb", to: "b") { XCTFail("two gradients named b") }
    XCTAssertEqual(rename(hidden, at: "w", to: "let"), .failure(Refusal("'let' is a word of the language, not a name")))
    XCTAssertTrue(rename(hidden, at: "w", to: "9w").isFailure)
    let component = "component a() { rect }\na at 0,0 size 4x4\n"
    XCTAssertEqual(rename(component, at: "a(", to: "rect"), .failure(Refusal("'rect' is a built-in element")))
  }

  private func rename(_ text: String, at needle: String) -> Result<String, Refusal> {
    rename(text, at: needle, to: "fresh")
  }

  func testTheRecorderKeepsAtMostItsLimit() {
    let recorder = NameRecorder(limit: 3)
    for start in stride(from: 0, to: 40, by: 2) {
      recorder.use(
        NameRecorder.Place(file: 0, range: SourceRange(start + 100, start + 101)),
        declaredAt: NameRecorder.Place(file: 0, range: SourceRange(0, 1)), as: .letBinding)
    }
    XCTAssertEqual(recorder.uses.count + recorder.declarations.count, 3)
    XCTAssertTrue(recorder.overflowed)
  }
}

extension Result {
  fileprivate var isFailure: Bool {
    if case .failure = self { return true }
    return false
  }
}

/// `PercentEscapes`, shared by the language server's URIs and the preview's requests.
final class PercentEscapesTests: XCTestCase {
  func testStrictAndLenientDecoding() {
    func decode(_ text: String, plus: Bool = false, strict: Bool) -> String? {
      PercentEscapes.decode(text.utf8, plusIsSpace: plus, strict: strict).map { String(decoding: $0, as: UTF8.self) }
    }
    XCTAssertEqual(decode("/a%20b%2Fc%e2%9c%93", strict: true), "/a b/c✓")
    XCTAssertEqual(decode("a+b", plus: true, strict: true), "a b")
    XCTAssertEqual(decode("a+b", strict: true), "a+b")
    XCTAssertNil(decode("%2", strict: true))
    XCTAssertNil(decode("%zz", strict: true))
    XCTAssertEqual(decode("100%", strict: false), "100%")
    XCTAssertEqual(decode("%zz%41", strict: false), "%zzA")
  }
}

/// Renames of every kind of name, checked by compiling the result.
final class RenameKindsTests: XCTestCase {
  private func renamed(_ text: String, at needle: String, to newName: String) -> String? {
    let source = SourceFile(name: "main.pencil", text: text)
    let before = NameIndex(source, importer: nil)
    guard let found = text.range(of: needle) else { return nil }
    let offset = text.utf8.distance(from: text.startIndex, to: found.lowerBound)
    guard let symbol = before.symbol(at: offset, in: "main.pencil") else { return nil }
    let ranges = RenamePlan.ranges(of: symbol, in: [before])
    let bytes = RenamePlan.apply(ranges["main.pencil"] ?? [], newName: newName, to: source.bytes)
    let after = NameIndex(SourceFile(name: "main.pencil", bytes: bytes), importer: nil)
    guard RenamePlan.verify(before: before, after: after, ranges: ranges, newName: newName) == nil else { return nil }
    let result = String(decoding: bytes, as: UTF8.self)
    XCTAssertFalse(Pencil.compile(SourceFile(name: "main.pencil", text: result)).hasErrors, result)
    return result
  }

  func testShapeParametersElementNamesLoopsAndComponents() {
    let star = """
      shape star(points: Number = 5) {
        move 0.5, 0
        for i in 1..<points * 2 { line 0.5 + i / 100, 1 }
        close
      }
      star points=7 at 0,0 size 20x20 fill=.red

      """
    XCTAssertEqual(
      renamed(star, at: "points:", to: "tips"),
      star.replacingOccurrences(of: "points", with: "tips"))
    let named = "box: rect at 0,0 size 10x10 fill=.red\narrow from box.trailing to 40,5\n"
    XCTAssertEqual(renamed(named, at: "box.", to: "card"), named.replacingOccurrences(of: "box", with: "card"))
    let loop = "for item in [1, 2] { rect at item * 10, 0 size 4x4 fill=.red }\n"
    XCTAssertEqual(renamed(loop, at: "item *", to: "n"), loop.replacingOccurrences(of: "item", with: "n"))
    let component = "component chip() { rect fill=.red }\nhstack at 0,0 size 40x10 { chip; chip }\n"
    XCTAssertEqual(
      renamed(component, at: "chip;", to: "tag"), component.replacingOccurrences(of: "chip", with: "tag"))
  }
}

/// Code the values do not run — an untaken branch, a loop that runs no
/// time — still has its names found, and renamed.
final class UntakenCodeNameTests: XCTestCase {
  private func starts(_ text: String, of needle: String) -> [Int] {
    let names = NameIndex(SourceFile(name: "m.pencil", text: text), importer: nil)
    guard let found = text.range(of: needle) else { return [] }
    let offset = text.utf8.distance(from: text.startIndex, to: found.lowerBound)
    guard let symbol = names.symbol(at: offset, in: "m.pencil") else { return [] }
    return names.occurrences(of: symbol).map(\.range.start)
  }

  func testUntakenBranchesAndEmptyLoops() {
    let text =
      "let k = 4\nfor i in 0..<0 {\n  rect size k x k\n}\nif false {\n  rect size k x 1\n} else if k > 9 {\n  let q = k\n  rect size q x q\n}\nfor i in 0..<3 { if i > 5 { rect size k x k } }\nrect size k x 2 fill=.red\n"
    XCTAssertEqual(starts(text, of: "k = 4").count, 9)
    // A name declared in an untaken branch is found too.
    XCTAssertEqual(starts(text, of: "q = k").count, 3)
    // A loop over nothing still declares its variable, and its uses.
    XCTAssertEqual(starts("for j in [] { rect size j x j }\n", of: "j in").count, 3)
    // The diagnostics are the compiler's: nothing from the code run for names.
    let (compiled, _) = Pencil.compileIndexingNames(SourceFile(name: "m.pencil", text: text), importer: nil)
    XCTAssertEqual(
      compiled.diagnostics.map(\.code.id),
      Pencil.compile(SourceFile(name: "m.pencil", text: text)).diagnostics.map(\.code.id))
  }

  func testAnUntakenBranchOfAShapesPath() {
    let text =
      "shape s(n: Number = 1) {\n  move 0,0\n  if n > 5 { line n / 10, 1 }\n  line 1,1\n  close\n}\ns at 0,0 size 4x4 fill=.red\n"
    XCTAssertEqual(starts(text, of: "n:").count, 3)
  }
}
