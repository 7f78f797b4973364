import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// File names are bytes: a name that is not UTF-8 (here byte 0xFF) can be
/// compiled and formatted, outputs beside it are named from the same
/// bytes, and messages show the name with U+FFFD in place of the byte.
final class NonUTF8NameCLITests: XCTestCase {
  /// `directory/` followed by the raw bytes of `name`, NUL-terminated.
  private func rawPath(_ directory: URL, _ name: [UInt8]) -> [CChar] {
    (Array((directory.path + "/").utf8) + name + [0]).map { CChar(bitPattern: $0) }
  }

  private func create(_ directory: URL, _ name: [UInt8], _ text: String) {
    let descriptor = open(rawPath(directory, name), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    XCTAssertGreaterThanOrEqual(descriptor, 0)
    let bytes = Array(text.utf8)
    XCTAssertEqual(write(descriptor, bytes, bytes.count), bytes.count)
    close(descriptor)
  }

  private func contents(_ directory: URL, _ name: [UInt8]) -> String? {
    let descriptor = open(rawPath(directory, name), O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    let count = read(descriptor, &buffer, buffer.count)
    return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
  }

  private let ff: [UInt8] = [0xFF]

  func testANameThatIsNotUTF8CompilesBesideItself() throws {
    let directory = try CLI.temporaryDirectory()
    create(directory, ff + Array(".pencil".utf8), "canvas 10x10\nrect at 1,1 size 2x2 fill=red\n")
    create(directory, Array("b.pencil".utf8), "canvas 10x10\n")
    // One input: the picture on standard output.
    let single = try Background.shell("\"$0\" \"$(printf '\\377.pencil')\"", in: directory)
    XCTAssertEqual(single.status, 0, single.stderr)
    XCTAssertTrue(single.stdout.hasPrefix("<?xml"), single.stdout)
    // Two: each beside its input, named from the same bytes.
    let two = try Background.shell("\"$0\" \"$(printf '\\377.pencil')\" b.pencil", in: directory)
    XCTAssertEqual(two.status, 0, two.stderr)
    XCTAssertTrue(contents(directory, ff + Array(".svg".utf8))?.hasPrefix("<?xml") ?? false)
    XCTAssertNil(contents(directory, Array("\u{FFFD}.svg".utf8)))
    XCTAssertEqual(Background.hiddenFiles(in: directory), [])
  }

  func testDiagnosticsShowTheNameWithAReplacementCharacter() throws {
    let directory = try CLI.temporaryDirectory()
    create(directory, ff + Array(".pencil".utf8), "canvas 10x10\nrect fill=nosuchcolour\n")
    let result = try Background.shell(
      "\"$0\" --check --diagnostic-format short \"$(printf '\\377.pencil')\"", in: directory)
    XCTAssertEqual(result.status, 1, result.stderr)
    XCTAssertTrue(result.stderr.hasPrefix("\u{FFFD}.pencil:2:"), result.stderr)
    let missing = try Background.shell("\"$0\" \"$(printf 'no\\377.pencil')\"", in: directory)
    XCTAssertEqual(missing.status, 2)
    XCTAssertTrue(missing.stderr.contains("cannot read 'no\u{FFFD}.pencil'"), missing.stderr)
  }

  func testANameThatIsNotUTF8IsFormattedInPlace() throws {
    let directory = try CLI.temporaryDirectory()
    let name = Array("x".utf8) + ff + Array(".pencil".utf8)
    create(directory, name, "canvas 100x100\nrect   at 1 , 2 size 3x3\n")
    let result = try Background.shell("\"$0\" fmt \"$(printf 'x\\377.pencil')\"", in: directory)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(contents(directory, name), "canvas 100x100\nrect at 1,2 size 3x3\n")
    XCTAssertEqual(Background.hiddenFiles(in: directory), [])
  }
}
