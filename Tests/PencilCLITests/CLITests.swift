import Foundation
import XCTest

final class CLITests: XCTestCase {
  let rainbow = "samples/rainbow-pencils.pencil"
  let broken = "rect at 0,0 size 10x10 fill=salmn\npencil color=#ggg at 0,0 size 10x40\n"

  func testCompilesASampleToStdout() throws {
    let result = try CLI.run([rainbow])
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.stderr, "")
    let golden = try String(
      contentsOf: CLI.root.appendingPathComponent("Tests/PencilCoreTests/Golden/rainbow-pencils.svg"), encoding: .utf8)
    XCTAssertEqual(result.stdout, golden)
  }

  func testWritesTheOutputFileAtomically() throws {
    let directory = try CLI.temporaryDirectory()
    let output = directory.appendingPathComponent("out.svg")
    XCTAssertEqual(try CLI.run([rainbow, "-o", output.path]).status, 0)
    let first = try Data(contentsOf: output)
    XCTAssertTrue(String(decoding: first, as: UTF8.self).hasPrefix("<?xml"))
    // A failing compile leaves the earlier file exactly as it was.
    let failed = try CLI.run(["-", "-o", output.path], stdin: broken)
    XCTAssertEqual(failed.status, 1)
    XCTAssertEqual(try Data(contentsOf: output), first)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    XCTAssertEqual(leftovers, ["out.svg"], "no temporary files are left behind")
  }

  func testErrorsExitOneInShortFormatWhenNotATerminal() throws {
    let result = try CLI.run(["-", "--stdin-filename", "scene.pencil"], stdin: broken)
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stdout, "")
    XCTAssertEqual(
      result.stderr,
      """
      scene.pencil:1:29: error: unknown colour 'salmn' [E0201]
      scene.pencil:2:14: error: invalid hex colour '#ggg': 'g' is not a hex digit [E0006]

      """)
  }

  func testHumanFormat() throws {
    let result = try CLI.run(["-", "--diagnostic-format", "human", "--stdin-filename", "s.pencil"], stdin: broken)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.stderr.hasPrefix(
        """
        s.pencil:1:29: error: unknown colour 'salmn' [E0201]
         1 | rect at 0,0 size 10x10 fill=salmn
           |                             ^^^^^
          = help: did you mean 'salmon'?

        """), result.stderr)
  }

  func testJSONLinesOnStdoutOnly() throws {
    let result = try CLI.run(["-", "--diagnostic-format=json", "--stdin-filename", "s.pencil"], stdin: broken)
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stderr, "")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 3)
    let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
    XCTAssertEqual(objects.map { $0["type"] as? String }, ["diagnostic", "diagnostic", "summary"])
    XCTAssertEqual(objects[0]["code"] as? String, "E0201")
    XCTAssertEqual(objects[0]["file"] as? String, "s.pencil")
    let start = (objects[0]["range"] as? [String: Any])?["start"] as? [String: Any]
    XCTAssertEqual(start?["line"] as? Int, 1)
    XCTAssertEqual(start?["column"] as? Int, 29)
    XCTAssertEqual(start?["offset"] as? Int, 28)
    let fixes = objects[0]["fixes"] as? [[String: Any]]
    XCTAssertEqual((fixes?.first?["edits"] as? [[String: Any]])?.first?["newText"] as? String, "salmon")
    XCTAssertEqual(objects[2]["errors"] as? Int, 2)
  }

  func testJSONModeWritesNoPictureToStdout() throws {
    let result = try CLI.run([rainbow, "--diagnostic-format", "json"])
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(
      result.stdout, "{\"version\":1,\"type\":\"summary\",\"files\":1,\"errors\":0,\"warnings\":0,\"notes\":0}\n")
  }

  func testUTF16ColumnsForEditors() throws {
    let result = try CLI.run(["-", "--diagnostic-format", "json"], stdin: "text \"🖍é\" at 0,0 font=huge\n")
    let first = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
    let object = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any]
    let start = (object?["range"] as? [String: Any])?["start"] as? [String: Any]
    // "huge" starts after 26 bytes: 🖍 is 4 bytes and 2 UTF-16 units, é 2 bytes and 1 unit.
    XCTAssertEqual(start?["column"] as? Int, 27)
    XCTAssertEqual(start?["utf16Column"] as? Int, 24)
  }

  /// Two processes get different hash seeds, so any output that depended
  /// on hash-table order would differ between these runs.
  func testOutputIsByteIdenticalAcrossProcesses() throws {
    let showcase = "samples/showcase.pencil"
    for arguments in [["-f", "svg"], ["-f", "png"], ["-f", "ppm"], ["-f", "ascii"], ["--emit", "ir"]] {
      let first = try CLI.run([showcase] + arguments)
      let second = try CLI.run([showcase] + arguments)
      XCTAssertEqual(first.status, 0, arguments.joined(separator: " "))
      XCTAssertFalse(first.stdoutBytes.isEmpty)
      XCTAssertEqual(first.stdoutBytes, second.stdoutBytes, arguments.joined(separator: " "))
    }
  }

  func testCheckWritesNothing() throws {
    let result = try CLI.run(["--check", rainbow])
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.stdout, "")
  }

  func testWarningsStillSucceed() throws {
    let result = try CLI.run(["-", "--check"], stdin: "gradient g rgb top to bottom { stop red }\n")
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.stderr.contains("<stdin>:1:10: warning: gradient 'g' is never used"), result.stderr)
  }

  func testEmitIRMatchesGolden() throws {
    let result = try CLI.run(["--emit", "ir", rainbow])
    XCTAssertEqual(result.status, 0)
    let golden = try String(
      contentsOf: CLI.root.appendingPathComponent("Tests/PencilCoreTests/Golden/rainbow-pencils.ir"), encoding: .utf8)
    XCTAssertEqual(result.stdout, golden)
  }

  func testEmitASTEvenWithErrors() throws {
    let result = try CLI.run(["--emit", "ast", "-"], stdin: broken)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stdout.hasPrefix("rect @0..33\n"), result.stdout)
  }

  func testEmitTreeMatchesTheTreeGolden() throws {
    let sample = CLI.root.appendingPathComponent("samples/components.pencil").path
    let result = try CLI.run(["--emit", "tree", sample])
    XCTAssertEqual(result.status, 0, result.stderr)
    let golden = try String(
      contentsOf: CLI.root.appendingPathComponent("Tests/PencilCoreTests/Golden/tree/components.tree"), encoding: .utf8)
    XCTAssertEqual(result.stdout, golden)
  }

  func testEmitTreeEvenWithErrors() throws {
    let result = try CLI.run(["--emit", "tree", "-"], stdin: "let = 3\nrect fill=\n")
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.stdout,
      "sourceFile <end>\n  letBinding 'let'\n    error '=' '3' ⏎\n  element 'rect' 'fill' '='\n    error ⏎\n")
    XCTAssertTrue(result.stderr.contains("expected a name after 'let'"), result.stderr)
  }

  func testSeveralInputsAreWrittenBesideThemselves() throws {
    let directory = try CLI.temporaryDirectory()
    for name in ["a", "b"] {
      try "rect at 0,0 size 4x4 fill=red\n".write(
        to: directory.appendingPathComponent("\(name).pencil"), atomically: true, encoding: .utf8)
    }
    let result = try CLI.run(["a.pencil", "b.pencil"], in: directory)
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.stdout, "")
    for name in ["a.svg", "b.svg"] {
      XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path), name)
    }
  }

  func testOneBadFileDoesNotStopTheOthers() throws {
    let directory = try CLI.temporaryDirectory()
    try "rect at 0,0 size 4x4 fill=red\n".write(
      to: directory.appendingPathComponent("good.pencil"), atomically: true, encoding: .utf8)
    let result = try CLI.run(["missing.pencil", "good.pencil"], in: directory)
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(result.stderr.contains("cannot read 'missing.pencil'"), result.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("good.svg").path))
  }

  func testUsageErrorsExitTwo() throws {
    let cases: [[String]] = [
      [], ["--bogus", rainbow], ["-f", "gif", rainbow], ["-o"], ["--emit", "tokens", rainbow],
      [rainbow, "-o", "/tmp/out.unknown"], ["a.pencil", "b.pencil", "-o", "x.svg"], ["explain", "E9999"],
      ["--diagnostic-format", "xml", rainbow],
    ]
    for arguments in cases {
      let result = try CLI.run(arguments)
      XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
      XCTAssertEqual(result.stdout, "", arguments.joined(separator: " "))
      XCTAssertTrue(result.stderr.hasPrefix("pencilc: error:"), result.stderr)
    }
  }

  func testExplain() throws {
    let result = try CLI.run(["explain", "e0201"])
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.stdout.hasPrefix("E0201: unknown colour (error)\n"), result.stdout)
    XCTAssertTrue(result.stdout.contains("fill=salmon"))
  }

  /// An unknown code is echoed like any other message: an escape sequence
  /// in it is shown, not sent to the terminal.
  func testExplainShowsEscapesInAnUnknownCode() throws {
    let result = try CLI.run(["explain", "\u{1B}[31mE0101\u{9B}2J"])
    XCTAssertEqual(result.status, 2)
    XCTAssertFalse(result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B }, result.stderr)
    XCTAssertTrue(result.stderr.contains("'<U+001B>[31mE0101<U+009B>2J'"), result.stderr)
    XCTAssertTrue(result.stderr.hasSuffix("[E0401]\n"), result.stderr)
  }

  func testHelpAndVersion() throws {
    let help = try CLI.run(["--help"])
    XCTAssertEqual(help.status, 0)
    XCTAssertTrue(help.stdout.contains("USAGE: pencilc"))
    XCTAssertTrue(help.stdout.contains("--emit ast|tree|ir"), help.stdout)
    let version = try CLI.run(["--version"])
    XCTAssertEqual(version.status, 0)
    XCTAssertTrue(version.stdout.hasPrefix("pencilc "))
  }
}
