import Foundation
import XCTest

/// `--diagnostic-format sarif` on the built binary: one SARIF 2.1.0 log on
/// standard output for the whole run (scripts/check-sarif.py validates it
/// against the schema; these tests pin its shape).
final class SARIFCLITests: XCTestCase {
  private let scene = """
    canvas 100x100
    gradient shine rgb top to bottom { stop red }
    gradient shine rgb top to bottom { stop blue }
    rect at 0,0 size 10x10 fill=salmn gradient=shine

    """
  private let outside = "canvas 100x100\nrect at 200,0 size 10x10\n"

  private struct Log {
    var status: Int32
    var run: [String: Any]
    var results: [[String: Any]] { run["results"] as? [[String: Any]] ?? [] }
    var invocation: [String: Any] { (run["invocations"] as? [[String: Any]])?.first ?? [:] }
    var rules: [[String: Any]] {
      ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]] ?? []
    }
  }

  private func sarif(_ arguments: [String], stdin: String? = nil, in directory: URL? = nil) throws -> Log {
    let result = try CLI.run(["--diagnostic-format", "sarif"] + arguments, stdin: stdin, in: directory)
    XCTAssertEqual(result.stderr, "", "standard error stays empty")
    let log = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any], result.stdout)
    XCTAssertEqual(log["version"] as? String, "2.1.0")
    XCTAssertEqual((log["$schema"] as? String)?.hasSuffix("sarif-schema-2.1.0.json"), true)
    let runs = try XCTUnwrap(log["runs"] as? [[String: Any]])
    XCTAssertEqual(runs.count, 1)
    return Log(status: result.status, run: runs[0])
  }

  private func directory(_ files: [String: String]) throws -> URL {
    let directory = try CLI.temporaryDirectory()
    for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
    return directory
  }

  private func value(_ object: Any?, _ path: String) -> Any? {
    var current = object
    for key in path.split(separator: ".") {
      if let index = Int(key) {
        guard let array = current as? [Any], index < array.count else { return nil }
        current = array[index]
      } else {
        current = (current as? [String: Any])?[String(key)]
      }
    }
    return current
  }

  private func region(_ object: Any?) -> [Int] {
    ["startLine", "startColumn", "endLine", "endColumn"].map { (object as? [String: Any])?[$0] as? Int ?? -1 }
  }

  func testAnErrorWithAFixAndANoteWithARelatedLocation() throws {
    let log = try sarif(["--check", "scene.pencil"], in: directory(["scene.pencil": scene]))
    XCTAssertEqual(log.status, 1)
    XCTAssertEqual(log.results.map { $0["ruleId"] as? String }, ["E0204", "E0201"])
    XCTAssertEqual(log.invocation["executionSuccessful"] as? Bool, true, "errors in the input are results")
    XCTAssertEqual(log.invocation["exitCode"] as? Int, 1)

    let duplicate = log.results[0]
    XCTAssertEqual(duplicate["level"] as? String, "error")
    XCTAssertEqual(value(duplicate, "message.text") as? String, "gradient 'shine' is defined twice")
    XCTAssertEqual(value(duplicate, "locations.0.physicalLocation.artifactLocation.uri") as? String, "scene.pencil")
    XCTAssertEqual(
      value(duplicate, "locations.0.physicalLocation.artifactLocation.uriBaseId") as? String, "%SRCROOT%")
    XCTAssertEqual(region(value(duplicate, "locations.0.physicalLocation.region")), [3, 10, 3, 15])
    let related = try XCTUnwrap(duplicate["relatedLocations"] as? [[String: Any]])
    XCTAssertEqual(related.count, 1)
    XCTAssertEqual(value(related[0], "message.text") as? String, "first defined here")
    XCTAssertEqual(region(value(related[0], "physicalLocation.region")), [2, 10, 2, 15])
    XCTAssertNotNil(related[0]["id"] as? Int)

    let colour = log.results[1]
    let index = try XCTUnwrap(colour["ruleIndex"] as? Int)
    XCTAssertEqual(log.rules[index]["id"] as? String, "E0201")
    XCTAssertEqual(region(value(colour, "locations.0.physicalLocation.region")), [4, 29, 4, 34])
    let fixes = try XCTUnwrap(colour["fixes"] as? [[String: Any]])
    XCTAssertEqual(fixes.count, 1)
    XCTAssertEqual(value(fixes[0], "description.text") as? String, "did you mean 'salmon'?")
    XCTAssertEqual(value(fixes[0], "artifactChanges.0.artifactLocation.uri") as? String, "scene.pencil")
    let replacement = value(fixes[0], "artifactChanges.0.replacements.0")
    XCTAssertEqual(region(value(replacement, "deletedRegion")), [4, 29, 4, 34])
    XCTAssertEqual(value(replacement, "insertedContent.text") as? String, "salmon")
  }

  func testTwoFilesAndAMissingOneInInputOrderWithAWarning() throws {
    let directory = try directory(["a.pencil": scene, "b.pencil": outside])
    let log = try sarif(["--check", "-j", "2", "b.pencil", "missing.pencil", "a.pencil"], in: directory)
    XCTAssertEqual(log.status, 2)
    XCTAssertEqual(log.results.map { $0["ruleId"] as? String }, ["W0001", "E0204", "E0201"])
    XCTAssertEqual(
      log.results.map { value($0, "locations.0.physicalLocation.artifactLocation.uri") as? String },
      ["b.pencil", "a.pencil", "a.pencil"])
    let warning = log.results[0]
    XCTAssertEqual(warning["level"] as? String, "warning")
    XCTAssertEqual(region(value(warning, "locations.0.physicalLocation.region")).prefix(2), [2, 1])
    XCTAssertNil(warning["fixes"])
    // The unreadable file is the invocation's failure, not a result.
    XCTAssertEqual(log.invocation["executionSuccessful"] as? Bool, false)
    XCTAssertEqual(log.invocation["exitCode"] as? Int, 2)
    let notifications = try XCTUnwrap(log.invocation["toolExecutionNotifications"] as? [[String: Any]])
    XCTAssertEqual(notifications.count, 1)
    XCTAssertEqual(value(notifications[0], "descriptor.id") as? String, "E0402")
    XCTAssertEqual(notifications[0]["level"] as? String, "error")
    XCTAssertEqual(
      value(notifications[0], "locations.0.physicalLocation.artifactLocation.uri") as? String, "missing.pencil")
    // The same log whatever the number of jobs.
    let serial = try CLI.run(
      ["--diagnostic-format", "sarif", "--check", "-j", "1", "b.pencil", "missing.pencil", "a.pencil"], in: directory)
    let parallel = try CLI.run(
      ["--diagnostic-format", "sarif", "--check", "-j", "2", "b.pencil", "missing.pencil", "a.pencil"], in: directory)
    XCTAssertEqual(serial.stdout, parallel.stdout)
  }

  /// SARIF columns count UTF-16 code units: 日 and 本 are one each, 😀 two
  /// (a surrogate pair), where the byte column counts 3, 3 and 4.
  func testColumnsAreUTF16CodeUnits() throws {
    let source = "text \"日本😀\" at 0,20 color=.rde\n"
    let short = try CLI.run(
      ["--check", "--diagnostic-format", "short", "--stdin-filename", "wide.pencil", "-"], stdin: source)
    XCTAssertTrue(short.stderr.contains("wide.pencil:1:33: error: unknown colour '.rde'"), short.stderr)
    let log = try sarif(["--check", "--stdin-filename", "wide.pencil", "-"], stdin: source)
    XCTAssertEqual(log.run["columnKind"] as? String, "utf16CodeUnits")
    // The first result is W0006 at 日, which the built-in font lacks.
    let result = try XCTUnwrap(log.results.first { ($0["ruleId"] as? String) == "E0201" })
    XCTAssertEqual(region(value(result, "locations.0.physicalLocation.region")), [1, 27, 1, 31])
    XCTAssertEqual(region(value(result, "fixes.0.artifactChanges.0.replacements.0.deletedRegion")), [1, 27, 1, 31])
    let prefix = source.utf16.prefix(26)
    XCTAssertEqual(String(decoding: Array(prefix), as: UTF16.self), "text \"日本😀\" at 0,20 color=")
  }

  func testEveryCodeIsARuleWithItsExplanation() throws {
    let log = try sarif(["--check", "-"], stdin: "canvas 10x10\n")
    XCTAssertEqual(log.status, 0)
    XCTAssertEqual(log.results.count, 0)
    XCTAssertEqual(value(log.run, "tool.driver.name") as? String, "pencilc")
    XCTAssertNotNil(value(log.run, "tool.driver.version") as? String)
    let ids = log.rules.compactMap { $0["id"] as? String }
    XCTAssertEqual(ids, ids.sorted())
    XCTAssertEqual(Set(ids).count, ids.count)
    XCTAssertGreaterThan(ids.count, 50)
    for id in ["E0001", "E0201", "E0401", "W0001"] { XCTAssertTrue(ids.contains(id), id) }
    let rule = try XCTUnwrap(log.rules.first { $0["id"] as? String == "E0201" })
    let explain = try CLI.run(["explain", "E0201"])
    XCTAssertTrue(explain.stdout.hasPrefix("E0201: unknown colour (error)\n\n"), explain.stdout)
    XCTAssertEqual(value(rule, "shortDescription.text") as? String, "unknown colour")
    XCTAssertEqual(rule["name"] as? String, "UnknownColour")
    XCTAssertEqual(
      (value(rule, "help.text") as? String).map { "E0201: unknown colour (error)\n\n\($0)\n" }, explain.stdout)
    XCTAssertEqual((value(rule, "help.markdown") as? String)?.contains("```"), true)
    XCTAssertEqual(value(rule, "defaultConfiguration.level") as? String, "error")
    let warning = try XCTUnwrap(log.rules.first { $0["id"] as? String == "W0001" })
    XCTAssertEqual(value(warning, "defaultConfiguration.level") as? String, "warning")
  }

  func testAbsolutePathsInTheWorkingDirectoryBecomeRelative() throws {
    let directory = try directory(["in dir#1.pencil": outside])
    let path = directory.appendingPathComponent("in dir#1.pencil").path
    let inside = try sarif(["--check", path], in: directory)
    XCTAssertEqual(
      value(inside.results.first, "locations.0.physicalLocation.artifactLocation.uri") as? String, "in%20dir%231.pencil"
    )
    let outsideRun = try sarif(["--check", path])
    let uri = value(outsideRun.results.first, "locations.0.physicalLocation.artifactLocation.uri") as? String
    XCTAssertEqual(uri?.hasPrefix("file:///"), true, uri ?? "")
    XCTAssertEqual(uri?.hasSuffix("/in%20dir%231.pencil"), true, uri ?? "")
  }

  func testAUsageErrorIsALogWithANotification() throws {
    let log = try sarif(["--bogus"])
    XCTAssertEqual(log.status, 2)
    XCTAssertEqual(log.results.count, 0)
    XCTAssertEqual(log.invocation["executionSuccessful"] as? Bool, false)
    XCTAssertEqual(
      value(log.invocation, "toolExecutionNotifications.0.descriptor.id") as? String, "E0401")
    XCTAssertEqual(
      value(log.invocation, "toolExecutionNotifications.0.message.text") as? String, "unknown option '--bogus'")
  }

  /// Standard output carries the log only: no picture is written there.
  func testNoPictureOnStandardOutput() throws {
    let log = try sarif(["samples/flow.pencil"])
    XCTAssertEqual(log.status, 0)
  }
}
