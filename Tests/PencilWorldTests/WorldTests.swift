import Foundation
import PencilDiagnostics
import XCTest

@testable import PencilCore
@testable import PencilWorld

/// The one way files are read: only regular files, opened without
/// blocking (E0409), each file known by its identity whatever the
/// spelling of its path, the imports of a compilation bounded in total
/// (E0410), editor overlays before the disk, and the watch list.
final class WorldTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("pencil-disk-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

  private func write(_ text: String, _ name: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// Runs `body` on a thread of its own and fails when it has not returned
  /// within `seconds`: a read that blocks is a failure, not a hung test.
  private func finishes<T: Sendable>(within seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
    let done = DispatchSemaphore(value: 0)
    let box = Box<T>()
    Thread {
      box.value = body()
      done.signal()
    }.start()
    guard done.wait(timeout: .now() + seconds) == .success else {
      XCTFail("still blocked after \(seconds) s")
      return nil
    }
    return box.value
  }

  func testAFIFOIsRefusedWithoutWaitingForAWriter() throws {
    let fifo = folder.appendingPathComponent("pipe.pencil").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let result = finishes(within: 20) { RegularFileReader.read(fifo) }
    guard case .failure(let failure)? = result else { return XCTFail("a FIFO was read: \(String(describing: result))") }
    XCTAssertEqual(failure.code.id, "E0409")
    XCTAssertTrue(failure.reason.contains("FIFO"), failure.reason)
  }

  func testDevicesAreRefusedWithoutBeingRead() throws {
    for device in ["/dev/zero", "/dev/null", "/dev/./zero", "/dev/../dev/urandom"] {
      let started = Date()
      guard case .failure(let failure) = RegularFileReader.read(device) else { return XCTFail(device) }
      XCTAssertEqual(failure.code.id, "E0409", device)
      XCTAssertTrue(failure.reason.contains("character device"), failure.reason)
      XCTAssertLessThan(Date().timeIntervalSince(started), 1, "\(device) was read")
    }
    guard case .failure(let folderFailure) = RegularFileReader.read(folder.path) else { return XCTFail() }
    XCTAssertEqual(folderFailure.code.id, "E0402")
  }

  func testARegularFileIsReadWholeAndBoundedByTheLimit() throws {
    let path = try write("rect size 1x1\n", "a.pencil")
    guard case .success(let contents) = RegularFileReader.read(path) else { return XCTFail() }
    XCTAssertEqual(contents.bytes, Array("rect size 1x1\n".utf8))
    XCTAssertEqual(contents.identity, FileIdentity(path: path))
    guard case .failure(let failure) = RegularFileReader.read(path, limit: 4) else { return XCTFail() }
    XCTAssertEqual(failure.code.id, "E0403")
  }

  func testEverySpellingOfAFileIsOneFile() throws {
    let library = try write("let tint = #ff0000\n", "lib.pencil")
    XCTAssertEqual(symlink(library, folder.appendingPathComponent("link.pencil").path), 0)
    XCTAssertEqual(link(library, folder.appendingPathComponent("hard.pencil").path), 0)
    let root = SourceFile(name: folder.appendingPathComponent("scene.pencil").path, text: "")
    let world = World(main: root)
    let first = try world.load(library, from: root).get()
    for spelling in ["link.pencil", "hard.pencil", "lib.pencil"] {
      let again = try world.load(folder.appendingPathComponent(spelling).path, from: root).get()
      XCTAssertTrue(again === first, spelling)
      XCTAssertEqual(again.name, library)
    }
  }

  /// The compiled file, which no loader read, is known by its identity
  /// too: importing it by another spelling gives it back (a cycle).
  func testTheCompiledFileIsKnownByItsIdentity() throws {
    let path = try write("import \"./scene.pencil\"\n", "scene.pencil")
    XCTAssertEqual(symlink(path, folder.appendingPathComponent("alias.pencil").path), 0)
    let root = SourceFile(name: path, text: "import \"./scene.pencil\"\n")
    let world = World(main: root)
    XCTAssertTrue(try world.load(folder.appendingPathComponent("alias.pencil").path, from: root).get() === root)
  }

  func testTheImportsOfACompilationAreBoundedInTotal() throws {
    let root = SourceFile(name: folder.appendingPathComponent("scene.pencil").path, text: "")
    let world = World(main: root, totalLimit: 100)
    let a = try write(String(repeating: "#", count: 60), "a.pencil")
    let b = try write(String(repeating: "#", count: 60), "b.pencil")
    XCTAssertNoThrow(try world.load(a, from: root).get())
    // The same file again costs nothing: it is read once.
    XCTAssertNoThrow(try world.load(folder.appendingPathComponent("./a.pencil").path, from: root).get())
    guard case .failure(let failure) = world.load(b, from: root) else { return XCTFail("over the limit") }
    XCTAssertEqual(failure.code?.id, "E0410")
  }

  /// An editor's unsaved text shadows the file on disk, and is not counted
  /// towards the total (the editor holds it already).
  func testAnOverlayShadowsTheDisk() throws {
    let library = try write("let tint = #ff0000\n", "lib.pencil")
    let root = SourceFile(name: folder.appendingPathComponent("scene.pencil").path, text: "")
    let world = World(main: root, overlays: [library: Array("let tint = #00ff00\n".utf8)], totalLimit: 4)
    let file = try world.load("./lib.pencil", from: root).get()
    XCTAssertEqual(file.bytes, Array("let tint = #00ff00\n".utf8))
    XCTAssertTrue(try world.load("lib.pencil", from: root).get() === file)
  }

  /// Files have ids in the order they were met, the main file first.
  func testEveryFileHasAnIdMainFirst() throws {
    let a = try write("", "a.pencil")
    let b = try write("", "b.pencil")
    let root = SourceFile(name: folder.appendingPathComponent("scene.pencil").path, text: "")
    let world = World(main: root)
    let second = try world.load(b, from: root).get()
    let third = try world.load(a, from: root).get()
    XCTAssertEqual(world.id(of: root), FileID.main)
    XCTAssertEqual(world.id(of: second), FileID(1))
    XCTAssertEqual(world.id(of: third), FileID(2))
    XCTAssertTrue(world.source(FileID(2)) === third)
    XCTAssertNil(world.source(FileID(3)))
    XCTAssertEqual(world.files.map(\.name), [root.name, b, a])
  }

  /// A watched World keeps every path asked for, found or not, with its
  /// stamp from before it was read; an unwatched one only the paths.
  func testTheWatchListHoldsEveryPathAskedWithItsStamp() throws {
    let a = try write("", "a.pencil")
    let missing = folder.appendingPathComponent("missing.pencil").path
    let root = SourceFile(name: folder.appendingPathComponent("scene.pencil").path, text: "")
    let watched = World(main: root, watched: true)
    _ = watched.load(a, from: root)
    guard case .failure = watched.load(missing, from: root) else { return XCTFail("a missing file was read") }
    XCTAssertEqual(watched.askedPaths, [a, missing])
    XCTAssertEqual(watched.watchList, [a: FileStamp(a), missing: FileStamp(missing)])
    XCTAssertEqual(watched.watchList[missing]?.exists, false)
    let unwatched = World(main: root)
    _ = unwatched.load(a, from: root)
    XCTAssertEqual(unwatched.askedPaths, [a])
    XCTAssertEqual(unwatched.watchList, [:])
  }

  /// A test's files in memory: read by path, a missing one told by `stat`.
  func testFilesInMemoryAreReadByPath() throws {
    let disk = Disk.inMemory(files: { $0 == "/virtual/lib.pencil" ? Array("let a = 1\n".utf8) : nil })
    let root = SourceFile(name: "/virtual/scene.pencil", text: "")
    let world = World(main: root, disk: disk)
    XCTAssertEqual(try world.load("lib.pencil", from: root).get().bytes, Array("let a = 1\n".utf8))
    guard case .failure(let failure) = world.load("none.pencil", from: root) else { return XCTFail() }
    XCTAssertNil(failure.code)
    XCTAssertEqual(try World.readMain("/virtual/lib.pencil", disk: disk).get().bytes, Array("let a = 1\n".utf8))
  }

  func testTheNewCodesAreExplained() {
    for id in ["E0409", "E0410"] {
      let code = DiagnosticCode.find(id)
      XCTAssertNotNil(code, id)
      XCTAssertTrue(code?.explanation.contains("    ") == true, "\(id) has an example")
    }
  }
}

// Unchecked: the thread sets `value`, then signals; the test reads it only after the signal.
private final class Box<T>: @unchecked Sendable {
  var value: T?
}
