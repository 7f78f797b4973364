import Foundation
import XCTest

/// The generated parts of docs/reference/command-line.md are what the
/// binary prints for `--help` (`PENCIL_RECORD=1 swift test --filter
/// ReferencePagesTests` makes them again), and each entry of docs/reference/diagnostics.md (pinned by
/// PencilCoreTests against the catalogue) says what `pencilc explain`
/// prints for its code.
final class ReferencePagesTests: XCTestCase {
  static let folder = CLI.root.appendingPathComponent("docs/reference")

  func testCommandLinePageShowsWhatTheHelpPrints() throws {
    let help = try CLI.run(["--help"])
    let preview = try CLI.run(["preview", "--help"])
    let format = try CLI.run(["fmt", "--help"])
    XCTAssertEqual([help.status, preview.status, format.status], [0, 0, 0])
    let parts = CommandLinePage.parts(help: help.stdout, previewHelp: preview.stdout, formatHelp: format.stdout)
    let file = Self.folder.appendingPathComponent("command-line.md")
    let committed = try String(contentsOf: file, encoding: .utf8)
    let (page, missing) = CommandLinePage.filled(committed, with: parts)
    XCTAssertEqual(missing, [], "command-line.md lacks these generated parts, or does not end one")
    try assertPage(page, file)
  }

  /// The hand-written "options in detail" table explains every option
  /// `--help` lists, and no other: a new option cannot miss its details.
  func testDetailedOptionTableNamesEveryOptionOfTheHelp() throws {
    let help = try CLI.run(["--help"])
    let page = try String(contentsOf: Self.folder.appendingPathComponent("command-line.md"), encoding: .utf8)
    let detailed = try XCTUnwrap(
      page.components(separatedBy: "## The options in detail").last?.components(separatedBy: "\n## ").first)
    func flags(_ text: String) -> Set<String> {
      let pattern = try? NSRegularExpression(pattern: "(?<![\\w-])(--?[a-z][a-z-]*)")
      let range = NSRange(text.startIndex..., in: text)
      return Set(
        (pattern?.matches(in: text, range: range) ?? []).compactMap {
          Range($0.range(at: 1), in: text).map { String(text[$0]) }
        })
    }
    let listed = help.stdout.split(separator: "\n").filter { $0.hasPrefix("  -") }.map(String.init)
    let offered = flags(listed.joined(separator: "\n"))
    let rows = detailed.split(separator: "\n").filter { $0.hasPrefix("| `-") }.map {
      String($0.split(separator: "|")[0])
    }
    XCTAssertGreaterThan(offered.count, 15)
    XCTAssertEqual(flags(rows.joined(separator: "\n")), offered)
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

/// The generated parts of docs/reference/command-line.md, which is
/// otherwise written by hand: each part lies between a line
/// `<!-- generated NAME -->` and a line `<!-- end generated -->`, and is
/// made from what the binary prints: the help verbatim, and its OPTIONS
/// section as a table.
enum CommandLinePage {
  static func parts(help: String, previewHelp: String, formatHelp: String) -> [String: String] {
    [
      "pencilc --help": "`pencilc --help` prints:\n\n" + fenced(help) + "\n" + optionTable(help),
      "pencilc fmt --help": formatHelp == help
        ? "`pencilc fmt --help` prints the same text as `pencilc --help`, above.\n"
        : "`pencilc fmt --help` prints:\n\n" + fenced(formatHelp),
      "pencilc preview --help": "`pencilc preview --help` prints:\n\n" + fenced(previewHelp) + "\n"
        + optionTable(previewHelp),
    ]
  }

  /// `page` with each generated part made again, and what is missing:
  /// the names of parts the page lacks, and the end marker when a part
  /// is not ended.
  static func filled(_ page: String, with parts: [String: String]) -> (page: String, missing: [String]) {
    var lines: [String] = []
    var found: Set<String> = []
    var skipping = false
    for line in page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if skipping {
        guard line == endMarker else { continue }
        skipping = false
      }
      lines.append(line)
      if line.hasPrefix(startMarker), line.hasSuffix(" -->") {
        let name = String(line.dropFirst(startMarker.count).dropLast(" -->".count))
        guard let part = parts[name] else { continue }
        found.insert(name)
        lines += part.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        skipping = true
      }
    }
    let missing = parts.keys.filter { !found.contains($0) }.sorted() + (skipping ? [endMarker] : [])
    return (lines.joined(separator: "\n"), missing)
  }

  static let startMarker = "<!-- generated "
  static let endMarker = "<!-- end generated -->"

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
