import Foundation
import XCTest

@testable import PencilLSP

/// The server reads imports from disk only when they are regular files:
/// `import "/dev/stdin"` (the server's own JSON-RPC input) and a FIFO get
/// a diagnostic (E0409) at once instead of blocking the server for good,
/// and every spelling of one file is one file.
final class ImportReadingTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("pencil-lsp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

  /// The diagnostics published after opening `text`, on a thread of its
  /// own: nil (and a failure) when the server is still blocked after 30 s.
  private func publishedDiagnostics(of text: String, in file: String = "scene.pencil") -> [JSONValue]? {
    let uri = "file://" + folder.appendingPathComponent(file).path
    let published = Published()
    Thread {
      let session = Session(readingTheDisk: ())
      session.initialize()
      session.open(uri, text)
      published.diagnostics = diagnostics(for: uri, in: session.publish())
      published.done.signal()
    }.start()
    guard published.done.wait(timeout: .now() + 30) == .success else {
      XCTFail("the server was still blocked after 30 s")
      return nil
    }
    return published.diagnostics
  }

  func testImportingStandardInputOrAFIFOIsADiagnosticNotAHang() throws {
    let fifo = folder.appendingPathComponent("pipe.pencil").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    var status = stat()
    let standardInputIsAFile = fstat(0, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    let imports = (standardInputIsAFile ? [] : ["/dev/stdin"]) + ["pipe.pencil", "/dev/zero"]
    let text = imports.map { "import \"\($0)\"\n" }.joined() + "rect size 1x1\n"
    let found = try XCTUnwrap(publishedDiagnostics(of: text))
    XCTAssertEqual(found.count, imports.count, "\(found)")
    for (line, diagnostic) in found.enumerated() {
      XCTAssertEqual(diagnostic["code"], .string("E0409"), "\(diagnostic)")
      XCTAssertEqual(diagnostic["range"]?["start"]?["line"], .int(line))
      XCTAssertTrue(diagnostic["message"]?.string?.contains("not a regular file") == true, "\(diagnostic)")
    }
  }

  func testEverySpellingOfAFileIsOneFile() throws {
    try Data("let tint = #ff0000\n".utf8).write(to: folder.appendingPathComponent("palette.pencil"))
    XCTAssertEqual(symlink("palette.pencil", folder.appendingPathComponent("link.pencil").path), 0)
    let scene = folder.appendingPathComponent("scene.pencil")
    try Data().write(to: scene)
    let text =
      "import \"palette.pencil\"\nimport \"./link.pencil\"\nimport \"./scene.pencil\"\nrect size 1x1 fill=tint\n"
    let found = try XCTUnwrap(publishedDiagnostics(of: text))
    // The scene importing itself is the one problem: a cycle, no clash.
    XCTAssertEqual(found.map { $0["code"] }, [.string("E0235")], "\(found)")
  }
}

// Unchecked: one thread sets `diagnostics`, then signals `done`, which the reader waits for first.
private final class Published: @unchecked Sendable {
  var diagnostics: [JSONValue]?
  let done = DispatchSemaphore(value: 0)
}
