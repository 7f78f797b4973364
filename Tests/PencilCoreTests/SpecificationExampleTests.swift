import Foundation
import PencilDiagnostics
import XCTest

@testable import PencilCore
@testable import PencilGeometry
@testable import PencilIR
@testable import PencilLayout
@testable import PencilSema

/// The example programs the language, its layout and appearances, and its
/// graphics were specified by, each exactly as written in its
/// specification (Fixtures/language-spec, layout-appearance-spec and
/// graphics-spec): each compiles and draws what it says.
final class SpecificationExampleTests: XCTestCase {
  /// The language's example, beside the palette it imports: it compiles
  /// without a problem and draws what it says.
  func testLanguageSpecificationExampleCompilesAsWritten() throws {
    let folder = Repository.fixtures.appendingPathComponent("language-spec")
    let url = folder.appendingPathComponent("example.pencil")
    let compilation = Pencil.compile(
      SourceFile(name: "example.pencil", bytes: Array(try Data(contentsOf: url))),
      importer: FolderLoader(folder: folder))
    XCTAssertEqual(compilation.diagnostics.map(\.message), [])
    let scene = try XCTUnwrap(compilation.scene)
    let paths = scene.items.filter { if case .path = $0 { true } else { false } }
    let texts = scene.items.compactMap { item -> String? in
      if case .text(let text) = item { return text.text }
      return nil
    }
    // 7 pencils of 3 parts; 10 crayons of 4 shapes (tip, timber, body and
    // the band; the label is text) and 10 shadows; 7 swatches.
    XCTAssertEqual(paths.count, 7 * 3 + 10 * 4 + 10 + 7)
    XCTAssertEqual(texts, ["Rainbow Pencil Set"] + (1...10).map { "\($0)" })
    // Crayon labels come from a component: they keep their use.
    let labels = scene.items.compactMap { item -> TextItem? in
      if case .text(let text) = item, text.text != "Rainbow Pencil Set" { return text }
      return nil
    }
    XCTAssertTrue(labels.allSatisfy { $0.callSites.count == 1 })
  }

  /// The layout and appearance example (a form and the article's
  /// ColorPencilSetView): no problem in either appearance, the form's
  /// fields full width, the Save bar at the bottom, text adapting.
  func testLayoutAndAppearanceSpecificationExampleCompilesAsWritten() throws {
    let url = Repository.fixtures.appendingPathComponent("layout-appearance-spec/example.pencil")
    let source = SourceFile(name: "example.pencil", bytes: Array(try Data(contentsOf: url)))
    for appearance in Appearance.allCases {
      let compilation = Pencil.compile(source, appearance: appearance)
      XCTAssertEqual(compilation.diagnostics.map(\.message), [], "\(appearance)")
      let scene = try XCTUnwrap(compilation.scene)
      let boxes = scene.items.compactMap { item -> Rect? in
        guard case .path(let path) = item else { return nil }
        return path.userSpaceBounds
      }
      // Four field backgrounds, the bar, then 2 pencils of 3 parts.
      XCTAssertEqual(boxes.count, 4 + 1 + 2 * 3)
      for field in boxes[0..<4] {
        XCTAssertEqual(field.x, 15, accuracy: 1e-9)
        XCTAssertEqual(field.width, 390 - 30, accuracy: 1e-9)
      }
      XCTAssertEqual(boxes[4].maxY, 460, accuracy: 1e-9)
      XCTAssertEqual(boxes[4].width, 390, accuracy: 1e-9)
      // The pencils share the 400-point row below the title, one a half.
      for (index, part) in boxes[5...].enumerated() {
        let half = index < 3 ? 400.0 : 604.0
        XCTAssertGreaterThanOrEqual(part.x, half, "part \(index)")
        XCTAssertLessThanOrEqual(part.maxX, half + 196, "part \(index)")
        XCTAssertGreaterThanOrEqual(part.y, 40.8, "part \(index)")
      }
      let label = try XCTUnwrap(
        scene.items.compactMap { if case .text(let t) = $0, t.text == "Name" { t } else { nil } }.first)
      XCTAssertEqual(label.color.hex, appearance == .dark ? "#ffffff" : "#000000")
    }
    XCTAssertNotNil(Pencil.compile(source, appearance: nil).scene?.dark)
  }

  /// The graphics example: it compiles and draws, with one honest warning
  /// pair — its star passes radians (`k * pi / points`) to sin and cos,
  /// which take degrees in pencil.
  func testGraphicsSpecificationExampleCompilesAsWritten() throws {
    let url = Repository.fixtures.appendingPathComponent("graphics-spec/example.pencil")
    let compilation = Pencil.compile(SourceFile(name: "example.pencil", bytes: Array(try Data(contentsOf: url))))
    XCTAssertEqual(
      compilation.diagnostics.map(\.code), [GraphicsCodes.radiansInDegrees, GraphicsCodes.radiansInDegrees])
    XCTAssertEqual(compilation.diagnostics.first?.fixes.first?.edits.map(\.newText), ["180"])
    // sin(a) and cos(a) read one `let a`: its edit is offered once.
    XCTAssertEqual(compilation.diagnostics.last?.fixes.count, 0)
    XCTAssertTrue(compilation.diagnostics.last?.notes.contains { $0.message == "the fix is offered here" } == true)
    let scene = try XCTUnwrap(compilation.scene)
    let paths = scene.items.compactMap { item -> PathItem? in if case .path(let path) = item { path } else { nil } }
    // The seven fanned pencils (3 parts each) turn about their bottom centre.
    let turned = paths.filter { $0.transform != nil }
    XCTAssertEqual(turned.count, 7 * 3 + 1)
    for path in turned.prefix(21) {
      let pivot = try XCTUnwrap(path.transform).apply(Point(420, 380))
      XCTAssertEqual(pivot.x, 420, accuracy: 1e-9)
      XCTAssertEqual(pivot.y, 380, accuracy: 1e-9)
    }
    // The elbow leaves done's bottom downwards and enters start's bottom upwards.
    let elbow = try XCTUnwrap(paths.first { $0.segments.count == 4 && $0.stroke != nil })
    XCTAssertEqual(elbow.segments.first, .move(Point(480, 170 + ConnectorGeometry.arrowheadLength(forLineWidth: 1))))
    // The clipped zstack's two rects are cut to its ellipse; the top one is radial.
    let clipped = paths.filter { $0.clip != nil }
    XCTAssertEqual(clipped.count, 2)
    guard case .radialGradient = clipped[1].paint else { return XCTFail("the glint is a radial gradient") }
  }
}
