import Foundation
import XCTest

@testable import PencilCore

/// The one reader of scenes and imports from disk: only regular files,
/// opened without blocking (E0409), each file known by its identity
/// whatever the spelling of its path, and the imports of a compilation
/// bounded in total (E0410).
final class DiskImportsTests: XCTestCase {
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
    let imports = DiskImports()
    let first = try imports.load(library, importer: root).get()
    for spelling in ["link.pencil", "hard.pencil", "lib.pencil"] {
      let again = try imports.load(folder.appendingPathComponent(spelling).path, importer: root).get()
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
    let imports = DiskImports()
    XCTAssertTrue(try imports.load(folder.appendingPathComponent("alias.pencil").path, importer: root).get() === root)
  }

  func testTheImportsOfACompilationAreBoundedInTotal() throws {
    let root = SourceFile(name: folder.appendingPathComponent("scene.pencil").path, text: "")
    let imports = DiskImports(totalLimit: 100)
    let a = try write(String(repeating: "#", count: 60), "a.pencil")
    let b = try write(String(repeating: "#", count: 60), "b.pencil")
    XCTAssertNoThrow(try imports.load(a, importer: root).get())
    // The same file again costs nothing: it is read once.
    XCTAssertNoThrow(try imports.load(folder.appendingPathComponent("./a.pencil").path, importer: root).get())
    guard case .failure(let failure) = imports.load(b, importer: root) else { return XCTFail("over the limit") }
    XCTAssertEqual(failure.code?.id, "E0410")
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
