import Foundation
import PencilCore
import PencilDiagnostics
import XCTest

@testable import PencilSema

/// The reference pages made from the compiler's tables match the committed
/// ones (`PENCIL_RECORD=1 swift test --filter ReferencePagesTests` rewrites
/// them), and the tables they are made from say something for every entry.
/// docs/reference/command-line.md is pinned by PencilCLITests, which runs
/// the binary.
final class ReferencePagesTests: XCTestCase {
  static let folder = Repository.root.appendingPathComponent("docs/reference")

  func testElementsPageMatchesTheAttributeTables() {
    assertGolden(ReferencePages.elementsPage(), Self.folder.appendingPathComponent("elements.md"))
  }

  func testFunctionsPageMatchesTheLibraryTables() {
    assertGolden(ReferencePages.functionsPage(), Self.folder.appendingPathComponent("functions.md"))
  }

  func testDiagnosticsPageMatchesTheCatalogue() {
    assertGolden(ReferencePages.diagnosticsPage(), Self.folder.appendingPathComponent("diagnostics.md"))
  }

  func testEveryElementHasASummaryAnExampleOfItselfAndDocumentedAttributes() {
    let elements = ReferencePages.elements
    XCTAssertEqual(Set(elements.map(\.name)), Checker.builtinElementNames)
    XCTAssertEqual(ElementKinds.catalogue.map(\.name), ElementKinds.nonShapeKinds)
    for element in elements {
      XCTAssertFalse("\(element.summary)".isEmpty, element.name)
      let example = "\(element.example)"
      XCTAssertTrue(
        example.split(separator: "\n").contains { line in
          line.split(separator: " ").contains { $0 == element.name }
        }, "the example of \(element.name) draws one")
      XCTAssertFalse(element.attributes.isEmpty, element.name)
      for spec in element.attributes {
        XCTAssertFalse("\(spec.summary)".isEmpty, "\(element.name): \(spec.name) needs a summary")
        XCTAssertFalse("\(spec.defaultValue)".isEmpty, "\(element.name): \(spec.name) needs a default")
      }
    }
  }

  /// `pencil` is a component of the prelude: its table must list the
  /// prelude's parameters, with their defaults.
  func testPencilTableMatchesThePreludeComponent() throws {
    let signature = try XCTUnwrap(
      Prelude.source.split(separator: "\n").first { $0.hasPrefix("component pencil(") })
    let parameters = ElementKinds.pencil.filter { $0.name != "at" && $0.name != "size" }
    XCTAssertEqual(signature.components(separatedBy: ": ").count - 1, parameters.count)
    for parameter in parameters {
      let start = try XCTUnwrap(signature.range(of: "\(parameter.name): "), parameter.name)
      let rest = signature[start.upperBound...]
      let defaultValue = "\(parameter.defaultValue)".replacingOccurrences(of: "`", with: "")
      let equals = try XCTUnwrap(rest.range(of: " = "), parameter.name)
      XCTAssertTrue(rest[equals.upperBound...].hasPrefix(defaultValue), "\(parameter.name) = \(defaultValue)")
    }
  }

  func testEveryFunctionAndMemberHasASummaryAndAnExampleThatUsesIt() {
    XCTAssertTrue(Evaluator.functionNames.contains("point") && Evaluator.functionNames.contains("size"))
    for function in Evaluator.libraryFunctions {
      XCTAssertFalse("\(function.summary)".isEmpty, function.name)
      XCTAssertTrue("\(function.example)".contains("\(function.name)("), function.name)
    }
    for member in Evaluator.libraryMembers {
      XCTAssertFalse("\(member.summary)".isEmpty, member.name)
      XCTAssertTrue("\(member.example)".contains(".\(member.name)"), member.name)
    }
  }
}
