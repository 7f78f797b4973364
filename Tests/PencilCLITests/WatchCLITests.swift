import Foundation
import Synchronization
import XCTest

/// `pencilc --watch` on the built binary: it rebuilds when the input or a
/// file it imports changes (also when an editor saves by renaming a new
/// file over the old one), keeps the last good output on errors, and a
/// signal ends it without leaving a temporary file.
final class WatchCLITests: XCTestCase {
  /// Collects what the process writes to standard error.
  private final class Collected: Sendable {
    private let data = Mutex(Data())
    func append(_ more: Data) { data.withLock { $0.append(more) } }
    var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }
  }

  private func waitUntil(_ what: String, timeout: TimeInterval = 30, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while try !condition() {
      guard Date() < deadline else { return XCTFail("timed out waiting for \(what)") }
      usleep(20_000)
    }
  }

  func testRebuildsOnChangesKeepsTheLastGoodPictureAndStopsOnASignal() throws {
    try watchSession(polling: false)
  }

  /// The same where inotify is not used: modification times and sizes.
  func testThePollingFallbackRebuildsToo() throws {
    try watchSession(polling: true)
  }

  private func watchSession(polling: Bool) throws {
    let directory = try CLI.temporaryDirectory()
    let scene = directory.appendingPathComponent("scene.pencil")
    let library = directory.appendingPathComponent("lib.pencil")
    let picture = directory.appendingPathComponent("scene.svg")
    try Data("let tint = #ff0000\n".utf8).write(to: library)
    try Data("import \"lib.pencil\"\nrect size 10x10 fill=tint\n".utf8).write(to: scene)
    let process = Process()
    process.executableURL = CLI.binary
    process.arguments = ["--watch", "--diagnostic-format", "short", "scene.pencil", "-o", "scene.svg"]
    process.currentDirectoryURL = directory
    if polling {
      process.environment = ProcessInfo.processInfo.environment.merging(["PENCIL_WATCH_POLLING": "1"]) { $1 }
    }
    let errors = Pipe()
    let collected = Collected()
    errors.fileHandleForReading.readabilityHandler = { collected.append($0.availableData) }
    process.standardError = errors
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    let svg = { (try? String(contentsOf: picture, encoding: .utf8)) ?? "" }
    let watching = { collected.text.components(separatedBy: "watching").count - 1 }
    // Each step waits for its own result and at least one more rebuild
    // than before (a save may be seen as two on a loaded machine, above
    // all by the polling fallback), never for an exact count.
    try waitUntil("the first picture") { svg().contains("#ff0000") && watching() >= 1 }
    XCTAssertTrue(collected.text.contains("watching 2 files"), collected.text)

    // The imported file changes: the picture follows.
    var rebuilds = watching()
    try Data("let tint = #00ff00\n".utf8).write(to: library)
    try waitUntil("the import's change") { svg().contains("#00ff00") && watching() > rebuilds }

    // An error: reported, and the last good picture stays.
    rebuilds = watching()
    try Data("import \"lib.pencil\"\nrect size 10x10 fill=tint colour=red\n".utf8).write(to: scene)
    try waitUntil("the error") { collected.text.contains("scene.pencil:2:") && watching() > rebuilds }
    XCTAssertTrue(svg().contains("#00ff00"))

    // Saved the way editors do: a new file renamed over the old one.
    let replacement = directory.appendingPathComponent(".scene.pencil.swp")
    try Data("import \"lib.pencil\"\nellipse size 10x10 fill=tint\n".utf8).write(to: replacement)
    rebuilds = watching()
    XCTAssertEqual(rename(replacement.path, scene.path), 0)
    try waitUntil("the renamed save") { svg().contains("<path") && svg().contains("C") && watching() > rebuilds }

    process.terminate()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationReason, .uncaughtSignal)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      $0.hasPrefix(".scene.svg")
    }
    XCTAssertEqual(leftovers, [])
  }

  /// `pencilc --watch ARGUMENTS` in `directory`, and what it has written
  /// to standard error so far.
  private func startWatch(_ arguments: [String], in directory: URL) throws -> (Process, Collected) {
    let process = Process()
    process.executableURL = CLI.binary
    process.arguments = ["--watch", "--diagnostic-format", "short"] + arguments
    process.currentDirectoryURL = directory
    let errors = Pipe()
    let collected = Collected()
    errors.fileHandleForReading.readabilityHandler = { collected.append($0.availableData) }
    process.standardError = errors
    try process.run()
    return (process, collected)
  }

  func testAnImportFolderDeletedAndRecreatedIsStillWatched() throws {
    let directory = try CLI.temporaryDirectory()
    let lib = directory.appendingPathComponent("lib")
    try FileManager.default.createDirectory(at: lib, withIntermediateDirectories: true)
    try Data("let tint = #ff0000\n".utf8).write(to: lib.appendingPathComponent("palette.pencil"))
    try Data("import \"lib/palette.pencil\"\nrect size 10x10 fill=tint\n".utf8).write(
      to: directory.appendingPathComponent("scene.pencil"))
    let (process, collected) = try startWatch(["scene.pencil", "-o", "scene.svg"], in: directory)
    defer { if process.isRunning { process.terminate() } }
    let picture = directory.appendingPathComponent("scene.svg")
    let svg = { (try? String(contentsOf: picture, encoding: .utf8)) ?? "" }
    try waitUntil("the first picture") { svg().contains("#ff0000") }
    try FileManager.default.removeItem(at: lib)
    try waitUntil("the missing import") { collected.text.contains("[E0236]") }
    try FileManager.default.createDirectory(at: lib, withIntermediateDirectories: true)
    try Data("let tint = #00ff00\n".utf8).write(to: lib.appendingPathComponent("palette.pencil"))
    try waitUntil("the recreated import") { svg().contains("#00ff00") }
  }

  func testEditsToTheTargetOfASymlinkedSceneAreSeen() throws {
    let directory = try CLI.temporaryDirectory()
    let elsewhere = directory.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    let target = elsewhere.appendingPathComponent("real.pencil")
    try Data("rect size 10x10 fill=#ff0000\n".utf8).write(to: target)
    XCTAssertEqual(symlink("elsewhere/real.pencil", directory.appendingPathComponent("scene.pencil").path), 0)
    let (process, _) = try startWatch(["scene.pencil", "-o", "scene.svg"], in: directory)
    defer { if process.isRunning { process.terminate() } }
    let picture = directory.appendingPathComponent("scene.svg")
    let svg = { (try? String(contentsOf: picture, encoding: .utf8)) ?? "" }
    try waitUntil("the first picture") { svg().contains("#ff0000") }
    try Data("rect size 10x10 fill=#00ff00\n".utf8).write(to: target)
    try waitUntil("the edit of the target") { svg().contains("#00ff00") }
  }

  /// Past 4096 files to watch, the scene is watched and the imports past
  /// the limit are not, and E0411 says so.
  func testTooManyFilesToWatchIsReportedAndTheSceneIsStillWatched() throws {
    let directory = try CLI.temporaryDirectory()
    let imports = (0..<4100).map { "import \"missing/m\($0).pencil\"\n" }.joined()
    let scene = directory.appendingPathComponent("scene.pencil")
    try Data((imports + "rect size 10x10\n").utf8).write(to: scene)
    let (process, collected) = try startWatch(["--check", "scene.pencil"], in: directory)
    defer { if process.isRunning { process.terminate() } }
    try waitUntil("E0411") { collected.text.contains("[E0411]") }
    XCTAssertTrue(collected.text.contains("4101 files to watch; only 4096 are"), collected.text)
    // The scene is among the files watched.
    let rebuilds = collected.text.components(separatedBy: "watching").count - 1
    try Data("rect size 10x10\n".utf8).write(to: scene)
    try waitUntil("the rebuild") { collected.text.components(separatedBy: "watching").count - 1 > rebuilds }
    XCTAssertEqual(try CLI.run(["explain", "E0411"]).status, 0)
  }

  func testStandardInputCannotBeWatched() throws {
    let result = try CLI.run(["--watch", "-"], stdin: "rect size 1x1")
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(result.stderr.contains("standard input cannot be watched"), result.stderr)
  }

  /// More input than a pipe holds, for a child that refuses it unread: the
  /// write meets a closed pipe every time, and that must be an error the
  /// run ignores, not SIGPIPE ending the test process.
  func testStandardInputRefusedUnreadEvenWhenLargerThanAPipe() throws {
    let result = try CLI.run(["--watch", "-"], stdin: String(repeating: "rect size 1x1\n", count: 100_000))
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(result.stderr.contains("standard input cannot be watched"), result.stderr)
  }
}
