import Foundation
import XCTest

/// docs/reference/command-line.md is what the binary prints for `--help`
/// (`PENCIL_RECORD=1 swift test --filter ReferencePagesTests` rewrites
/// it), and each entry of docs/reference/diagnostics.md (pinned by
/// PencilCoreTests against the catalogue) says what `pencilc explain`
/// prints for its code.
final class ReferencePagesTests: XCTestCase {
  static let folder = CLI.root.appendingPathComponent("docs/reference")

  func testCommandLinePageMatchesTheHelp() throws {
    let help = try CLI.run(["--help"])
    let preview = try CLI.run(["preview", "--help"])
    let format = try CLI.run(["fmt", "--help"])
    XCTAssertEqual([help.status, preview.status, format.status], [0, 0, 0])
    let page = CommandLinePage.make(help: help.stdout, previewHelp: preview.stdout, formatHelp: format.stdout)
    try assertPage(page, Self.folder.appendingPathComponent("command-line.md"))
  }

  func testDiagnosticsPageSaysWhatExplainPrints() throws {
    let page = try String(contentsOf: Self.folder.appendingPathComponent("diagnostics.md"), encoding: .utf8)
    let entries = page.components(separatedBy: "\n## ").dropFirst()
    XCTAssertGreaterThanOrEqual(entries.count, 50)
    for entry in entries {
      let lines = entry.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let code = lines.first, lines.count > 2 else {
        XCTFail("an entry without its text: \(entry.prefix(40))")
        continue
      }
      let explain = try CLI.run(["explain", code])
      XCTAssertEqual(explain.status, 0, code)
      var printed = explain.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      let title = printed.isEmpty ? "" : printed.removeFirst()
      // `**unknown colour** (error)` on the page; `E0201: unknown colour (error)` printed.
      XCTAssertEqual(
        "\(code): " + lines[1].replacingOccurrences(of: "**", with: ""), title, "the title of \(code)")
      // The examples are fenced on the page and indented when printed.
      let shown = lines.dropFirst(2).filter { !$0.isEmpty && $0 != "```" && $0 != "```text" }
      XCTAssertEqual(shown, printed.filter { !$0.isEmpty }, "the explanation of \(code)")
    }
  }

  /// Compares with the committed page; with PENCIL_RECORD=1 rewrites it
  /// and fails, so that a recording run is not taken for a passing one.
  private func assertPage(_ page: String, _ file: URL, line: UInt = #line) throws {
    let committed = try? String(contentsOf: file, encoding: .utf8)
    if ProcessInfo.processInfo.environment["PENCIL_RECORD"] == "1" {
      guard committed != page else { return }
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(page.utf8).write(to: file)
      XCTFail("recorded \(file.lastPathComponent); run again without PENCIL_RECORD", line: line)
      return
    }
    guard let committed else {
      XCTFail("missing \(file.path); run with PENCIL_RECORD=1 to create it", line: line)
      return
    }
    let expected = committed.split(separator: "\n", omittingEmptySubsequences: false)
    let actual = page.split(separator: "\n", omittingEmptySubsequences: false)
    guard
      let index = zip(expected, actual).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
        ?? (expected.count == actual.count ? nil : min(expected.count, actual.count))
    else { return }
    let shown = { (lines: [Substring]) in index < lines.count ? String(lines[index]) : "<end>" }
    XCTFail(
      "\(file.lastPathComponent) differs at line \(index + 1):\n  expected: \(shown(expected))\n  actual:   \(shown(actual))\n(PENCIL_RECORD=1 rewrites it)",
      line: line)
  }
}

/// docs/reference/command-line.md, made from what the binary prints: the
/// help verbatim, and its OPTIONS section as a table.
enum CommandLinePage {
  static func make(help: String, previewHelp: String, formatHelp: String) -> String {
    var page =
      "*Generated from `pencilc --help` and `pencilc preview --help` (`Sources/pencilc`) by `PENCIL_RECORD=1 swift test --filter ReferencePagesTests`; edit the help text, not this page.*\n"
    page += """

      # Command line

      `pencilc --help` prints:

      """
    page += fenced(help) + "\n## Options\n\n" + optionTable(help)
    page += "\n## pencilc fmt\n\n"
    page +=
      formatHelp == help
      ? "`pencilc fmt --help` prints the same text as `pencilc --help`, above.\n"
      : "`pencilc fmt --help` prints:\n\n" + fenced(formatHelp)
    page += "\n## pencilc preview\n\n`pencilc preview --help` prints:\n\n" + fenced(previewHelp)
    page += "\n" + optionTable(previewHelp)
    page += """

      ## pencilc explain

      `pencilc explain CODE` prints the entry of a diagnostic code, as
      [the diagnostics page](diagnostics.md) lists them.

      """
    return page
  }

  private static func fenced(_ text: String) -> String {
    "```text\n" + (text.hasSuffix("\n") ? text : text + "\n") + "```\n"
  }

  /// The OPTIONS section (`  -o, --output PATH   Write …`, continued on
  /// lines indented further) as a table of option and description.
  static func optionTable(_ help: String) -> String {
    var rows: [(option: String, text: String)] = []
    var inOptions = false
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "OPTIONS:" {
        inOptions = true
        continue
      }
      guard inOptions else { continue }
      if line.isEmpty { break }
      let body = line.drop { $0 == " " }
      let indent = line.count - body.count
      if indent <= 2, body.hasPrefix("-") {
        let option = body.components(separatedBy: "  ").first ?? String(body)
        let text = body.dropFirst(option.count).trimmingCharacters(in: .whitespaces)
        rows.append((option, text))
      } else if let last = rows.indices.last {
        rows[last].text += (rows[last].text.isEmpty ? "" : " ") + body
      }
    }
    var table = "| Option | What it does |\n|---|---|\n"
    for row in rows {
      let cells = ["`\(row.option)`", row.text].map { $0.replacingOccurrences(of: "|", with: "\\|") }
      table += "| \(cells[0]) | \(cells[1]) |\n"
    }
    return table
  }
}
