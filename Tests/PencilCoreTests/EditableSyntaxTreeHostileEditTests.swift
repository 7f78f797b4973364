import PencilDiagnostics
import PencilSyntax
import XCTest

/// Edits no editor would make on purpose, still exactly a whole parse:
/// bytes that are not UTF-8, NUL, halves of a multi-byte character or of
/// a CRLF, very long names and numbers, deep nesting, and ranges that are
/// out of the text or inverted (those parse whole).
final class EditableSyntaxTreeHostileEditTests: XCTestCase {
  /// Byte strings that upset a lexer: each is inserted whole, and random
  /// edit ranges split the multi-byte characters and CRLFs around them.
  static let insertions: [[UInt8]] = [
    [0], [0xFF], [0xC3], [0xA9], [0xE2, 0x82], [0xF0, 0x9F, 0x98, 0x80], Array("é×".utf8), [13], [10], [13, 10],
    Array(repeating: UInt8(ascii: "n"), count: 300), Array(repeating: UInt8(ascii: "9"), count: 400),
    Array("1.".utf8) + Array(repeating: UInt8(ascii: "0"), count: 30) + [UInt8(ascii: "1")],
    Array("100x".utf8), Array("100x-".utf8), Array("1e9 ".utf8), Array("30deg".utf8), Array("#12g".utf8),
    Array(repeating: UInt8(ascii: "{"), count: 70), Array(repeating: UInt8(ascii: "("), count: 70),
    Array("color c ".utf8), Array(" light= #fff".utf8), Array("= #000\n".utf8), Array("\"\\(\"\\(1)\")\"".utf8),
    Array("\"\\(".utf8), Array("'a'".utf8), Array("/*".utf8), Array("*/".utf8), Array("//".utf8), Array("}".utf8),
    Array(";".utf8), Array("import \"x.pencil\"\n".utf8), Array("..<".utf8), Array("\t \r\n\r\n".utf8),
  ]

  /// Every corpus file, and a few with CR or CRLF line ends and
  /// multi-byte characters, edited at random byte offsets.
  func testHostileEditsMatchAWholeParse() throws {
    var random = SplitMix(seed: 2026)
    var files = try SyntaxTreeRoundTripTests.corpus().filter { $0.bytes.count < 20_000 }
    for (name, bytes) in files.prefix(12) {
      files.append(("\(name), CRLF", Self.replacingLineFeeds(in: bytes, with: [13, 10])))
      files.append(("\(name), CR", Self.replacingLineFeeds(in: bytes, with: [13])))
    }
    files.append(("accents", Array("text \"été\" at 1,2\nlet é = 1\r\nrect size 10×10\n".utf8)))
    var partial = 0
    var edits = 0
    for (name, original) in files {
      var bytes = original
      var edited = EditableSyntaxTree(SourceFile(name: name, bytes: bytes))
      for step in 0..<40 {
        let from = Int.random(in: 0...bytes.count, using: &random)
        let to = min(bytes.count, from + [0, 1, 1, 2, 3, 17].randomElement(using: &random)!)
        let inserted = step % 3 == 2 ? [] : Self.insertions.randomElement(using: &random)!
        bytes.replaceSubrange(from..<to, with: inserted)
        edited.replace(from, to, insertedCount: inserted.count, giving: SourceFile(name: name, bytes: bytes))
        edits += 1
        if edited.lastParsedBytes < bytes.count { partial += 1 }
        try EditableSyntaxTreeTests.expectWholeParse(edited, bytes, "\(name) after edit \(step) at \(from)..<\(to)")
      }
    }
    print("hostile edits: \(partial) of \(edits) spliced")
    XCTAssertGreaterThan(partial, edits / 3, "most hostile edits still splice (few files reach the cap)")
  }

  /// Around the cap of 50 errors a statement's parse reads how many were
  /// kept (`DiagnosticList.errorCount`): edits that add and remove errors
  /// across it either splice exactly or parse whole.
  func testEditsAcrossTheCapOfDiagnosticsMatchAWholeParse() throws {
    var random = SplitMix(seed: 50)
    var bytes = Array(String(repeating: "rect @\ncomponent c(a: number) { rect size a x\n}\n", count: 24).utf8)
    var edited = EditableSyntaxTree(SourceFile(name: "cap", bytes: bytes))
    let insertions = ["@", "rect @\n", "x", "\n", "}", "{", "\"", ""]
    for step in 0..<300 {
      let from = Int.random(in: 0...bytes.count, using: &random)
      let to = min(bytes.count, from + Int.random(in: 0...8, using: &random))
      let inserted = Array(insertions.randomElement(using: &random)!.utf8)
      bytes.replaceSubrange(from..<to, with: inserted)
      edited.replace(from, to, insertedCount: inserted.count, giving: SourceFile(name: "cap", bytes: bytes))
      try EditableSyntaxTreeTests.expectWholeParse(edited, bytes, "near the cap, edit \(step) at \(from)..<\(to)")
    }
  }

  /// A range the text does not have (a caller's mistake) is no edit the
  /// tree can splice: the new text is parsed whole, and nothing traps.
  func testRangesOutsideTheTextParseTheNewTextWhole() throws {
    let old = Array("rect size 10x10\nlet a = 1\n".utf8)
    let new = Array("let b = 2\n".utf8)
    let ranges: [(Int, Int, Int)] = [
      (-1, 3, 2), (3, 1, 0), (0, old.count + 1, 0), (Int.min, Int.max, 0), (0, 0, Int.max), (Int.max, Int.max, 1),
      (0, Int.min, Int.max),
    ]
    for (from, to, inserted) in ranges {
      var edited = EditableSyntaxTree(SourceFile(name: "old", bytes: old))
      edited.replace(from, to, insertedCount: inserted, giving: SourceFile(name: "new", bytes: new))
      XCTAssertEqual(edited.lastParsedBytes, new.count, "\(from)..<\(to) + \(inserted)")
      try EditableSyntaxTreeTests.expectWholeParse(edited, new, "\(from)..<\(to) + \(inserted)")
    }
  }

  static func replacingLineFeeds(in bytes: [UInt8], with lineEnd: [UInt8]) -> [UInt8] {
    var replaced: [UInt8] = []
    replaced.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      if byte == 10 { replaced += lineEnd } else { replaced.append(byte) }
    }
    return replaced
  }
}
