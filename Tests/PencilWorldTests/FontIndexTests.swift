import Foundation
import PencilOpenType
import XCTest

@testable import PencilWorld

/// The font index: faces found in folders (collections too), described
/// from their tables, matched by family and style, and kept in a cache
/// file that spares reading a font again until it changes. On the
/// system's DejaVu (fonts-dejavu-core) and Noto Sans CJK where installed.
final class FontIndexTests: XCTestCase {
  private var scratch: URL!

  override func setUpWithError() throws {
    scratch = FileManager.default.temporaryDirectory.appendingPathComponent("font-index-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: scratch) }

  private func installed(_ path: String) throws -> String {
    guard FileManager.default.fileExists(atPath: path) else {
      throw XCTSkip("\(path) is not installed (apt-get install fonts-dejavu-core fonts-noto-cjk)")
    }
    return path
  }

  func testAFamilysFacesAreFoundAndMatchedByWeightAndStyle() throws {
    let folder = try installed("/usr/share/fonts/truetype/dejavu")
    let index = FontIndex.scan([folder], cache: nil)
    let sans = index.family("dejavu sans")
    XCTAssertGreaterThanOrEqual(sans.count, 4)
    XCTAssertEqual(
      index.best(family: "DejaVu Sans", weight: 700, italic: true)?.path, "\(folder)/DejaVuSans-BoldOblique.ttf")
    XCTAssertEqual(index.best(family: "DejaVu Sans", weight: 400)?.path, "\(folder)/DejaVuSans.ttf")
    // 600 looks heavier first: Bold.
    XCTAssertEqual(index.best(family: "DejaVu Sans", weight: 600)?.weight, 700)
    XCTAssertNil(index.best(family: "No Such Family", weight: 400))
  }

  func testEachFaceOfACollectionIsIndexed() throws {
    let path = try installed("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
    let faces = FontIndex.describe(path)
    XCTAssertEqual(faces.map(\.face), Array(0..<10))
    XCTAssertTrue(faces.contains { $0.family == "Noto Sans CJK JP" && $0.weight == 400 })
  }

  /// The second scan reads nothing; a font whose time changed is read
  /// again; a file that is not a font is indexed with no faces, once.
  func testTheCacheSparesReadingAFontUntilItChanges() throws {
    let source = try installed("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    let fonts = scratch.appendingPathComponent("fonts")
    try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
    let copy = fonts.appendingPathComponent("Copy.ttf")
    try FileManager.default.copyItem(atPath: source, toPath: copy.path)
    try Data("not a font".utf8).write(to: fonts.appendingPathComponent("Broken.otf"))
    let cache = scratch.appendingPathComponent("cache/pencilc/fonts-1.tsv").path
    let first = FontIndex.scan([fonts.path], cache: cache)
    XCTAssertEqual(first.filesRead, 2)
    XCTAssertEqual(first.faces.map(\.family), ["DejaVu Sans"])
    let second = FontIndex.scan([fonts.path], cache: cache)
    XCTAssertEqual(second.filesRead, 0)
    XCTAssertEqual(second.faces, first.faces)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: copy.path)
    let third = FontIndex.scan([fonts.path], cache: cache)
    XCTAssertEqual(third.filesRead, 1)
    XCTAssertEqual(third.faces, first.faces)
  }
}
