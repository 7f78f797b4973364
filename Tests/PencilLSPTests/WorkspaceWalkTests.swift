import Dispatch
import Foundation
import PencilWorld
import XCTest

@testable import PencilLSP

/// The walk of the workspace's folders for references and rename, on a
/// real disk: links to `.` and `..` (each folder once, by device and
/// inode) and files that are not regular files (skipped, never waited on).
final class WorkspaceWalkTests: XCTestCase {
  private var root = ""
  private let library = "let pad = 2\n"

  override func setUpWithError() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-walk-\(getpid())-\(name.hashValue)").path
    try FileManager.default.createDirectory(atPath: root + "/parts", withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: root + "/lib.pencil", contents: Data(library.utf8))
    FileManager.default.createFile(
      atPath: root + "/main.pencil", contents: Data("import \"lib.pencil\"\nrect at pad, 0 size 4x4\n".utf8))
    FileManager.default.createFile(
      atPath: root + "/parts/closed.pencil", contents: Data("import \"../lib.pencil\"\nrect at pad, 1 size 4x4\n".utf8))
    // Six links to the workspace itself, two from below to it, a link to a
    // file already there: without identities, 7^8 paths to walk.
    for name in ["a", "b", "c", "d", "e", "f"] {
      try FileManager.default.createSymbolicLink(atPath: root + "/" + name, withDestinationPath: ".")
    }
    try FileManager.default.createSymbolicLink(atPath: root + "/parts/up", withDestinationPath: "..")
    try FileManager.default.createSymbolicLink(atPath: root + "/parts/up2", withDestinationPath: "../parts/..")
    try FileManager.default.createSymbolicLink(
      atPath: root + "/parts/same.pencil", withDestinationPath: "closed.pencil")
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: root)
  }

  private func server() -> Session {
    let session = Session(server: LanguageServer())
    _ = session.call(
      "initialize",
      .object([
        "capabilities": .object([:]),
        "workspaceFolders": .array([.object(["uri": .string("file://" + root), "name": .string("w")])]),
      ]))
    session.open("file://" + root + "/lib.pencil", library)
    _ = session.publish()
    return session
  }

  /// The answer of `call`, failing if it takes past a generous deadline
  /// (a walk that blocks); `unblock` then frees the stuck server.
  private func answer(
    within seconds: Double, unblock: @escaping () -> Void = {}, _ call: @escaping () -> JSONValue
  ) -> JSONValue? {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: JSONValue?
    // This thread touches nothing `call` captures until it answers (or `unblock` frees it).
    nonisolated(unsafe) let call = call
    DispatchQueue.global().async {
      result = call()
      done.signal()
    }
    guard done.wait(timeout: .now() + seconds) == .success else {
      XCTFail("no answer in \(seconds) s")
      unblock()
      _ = done.wait(timeout: .now() + seconds)
      return nil
    }
    return result
  }

  private func references(_ session: Session) -> [String]? {
    let params = JSONValue.object([
      "textDocument": .object(["uri": .string("file://" + root + "/lib.pencil")]),
      "position": position(0, 5), "context": .object(["includeDeclaration": .bool(true)]),
    ])
    return answer(within: 60) { session.call("textDocument/references", params) }?["result"]?.array?.compactMap {
      $0["uri"]?.string
    }
  }

  func testEachFolderAndFileIsWalkedOnceWhateverLinksLeadToIt() throws {
    let session = server()
    XCTAssertEqual(
      session.server.workspaceFiles(),
      [root + "/lib.pencil", root + "/main.pencil", root + "/parts/closed.pencil"])
    XCTAssertEqual(
      references(session),
      ["file://" + root + "/lib.pencil", "file://" + root + "/main.pencil", "file://" + root + "/parts/closed.pencil"])
  }

  func testFIFOsAndDevicesInTheWorkspaceAreSkipped() throws {
    XCTAssertEqual(mkfifo(root + "/fifo.pencil", 0o644), 0)
    try FileManager.default.createSymbolicLink(atPath: root + "/stdin.pencil", withDestinationPath: "/dev/stdin")
    try FileManager.default.createSymbolicLink(atPath: root + "/null.pencil", withDestinationPath: "/dev/null")
    let session = server()
    // Were the FIFO opened to be read, opening it for writing frees the reader.
    let unblock = { [root] in
      let writer = open(root + "/fifo.pencil", O_WRONLY | O_NONBLOCK)
      if writer >= 0 { close(writer) }
    }
    let files = answer(within: 60, unblock: unblock) { .array(session.server.workspaceFiles().map(JSONValue.string)) }
    // `/dev/stdin` is a pipe, a terminal or /dev/null under a test runner;
    // were it a regular file (`swift test < file`), reading it is harmless.
    var input = stat()
    let stdinIsRegular = stat("/dev/stdin", &input) == 0 && input.st_mode & S_IFMT == S_IFREG
    XCTAssertEqual(
      files?.array?.compactMap(\.string),
      [root + "/lib.pencil", root + "/main.pencil"] + (stdinIsRegular ? [root + "/stdin.pencil"] : [])
        + [root + "/parts/closed.pencil"])
    XCTAssertEqual(references(session)?.count, 3)
    let rename = answer(within: 60, unblock: unblock) {
      session.call(
        "textDocument/rename",
        .object([
          "textDocument": .object(["uri": .string("file://" + self.root + "/lib.pencil")]),
          "position": position(0, 5), "newName": .string("gap"),
        ]))
    }
    XCTAssertEqual(rename?["result"]?["changes"]?.object?.count, 3, "\(String(describing: rename))")
    // The reader itself refuses what is not a regular file, even named directly.
    XCTAssertNil(try? Disk.system.read(root + "/fifo.pencil").get())
    XCTAssertNil(try? Disk.system.read(root + "/null.pencil").get())
    XCTAssertEqual(try? Disk.system.read(root + "/lib.pencil").get(), Array(library.utf8))
  }
}
