import PencilDiagnostics
import PencilSyntax
import Testing

@testable import PencilGeometry
@testable import PencilSema

/// Number formatting and suggestions, as Swift Testing parameterized tests.
struct FormattingTests {
  @Test(arguments: [
    (0.0, "0"), (-0.0, "0"), (12, "12"), (0.5, "0.5"), (42.4, "42.4"), (-3.14159, "-3.1416"),
    (0.00004, "0"), (-0.00004, "0"), (1e12, "1000000000000"), (123456.78901, "123456.789"),
    (.infinity, "0"), (0.1 + 0.2, "0.3"), (0.0005, "0.0005"), (9.99995, "10"), (1000.05, "1000.05"),
  ])
  func numbersAreShortAndStable(value: Double, expected: String) {
    #expect(formatNumber(value) == expected)
  }

  @Test(arguments: [("salmn", "salmon"), ("SALMON", "salmon"), ("rebecapurple", "rebeccapurple"), ("whte", "white")])
  func colourSuggestions(typo: String, expected: String) {
    #expect(Suggestions.closest(to: typo, among: CSSColors.names) == expected)
  }

  @Test func noSuggestionWhenNothingIsClose() {
    #expect(Suggestions.closest(to: "xyz", among: ["pencil", "rect"]) == nil)
    #expect(Suggestions.closest(to: "pencl", among: ["pencil", "rect"]) == "pencil")
  }

  @Test func transpositionsCountOnce() {
    #expect(Suggestions.editDistance(Array("ab".utf8), Array("ba".utf8)) == 1)
  }

  @Test func namesCompareByKey() {
    #expect(Name("gradient") == Name("gradient"))
    #expect(Name("gradient") != Name("gradients"))
    #expect(Name("gradienx") != Name("gradient"))
    #expect(Name("at") != Name("a"))
  }
}

/// AttributeValues looks names up by key alone, which is exact only while
/// no two attribute names share a key.
@Test func attributeNamesHaveDistinctKeys() {
  let specs =
    ElementKinds.shapeAttributes + ElementKinds.pencil + ElementKinds.hstack + ElementKinds.vstack
    + ElementKinds.zstack + ElementKinds.text + ElementKinds.spacer
    + ElementKinds.canvas + Checker.hsbStopAttributes + ShapeKinds.builtins.flatMap(\.extraAttributes)
  var byKey: [UInt64: String] = [:]
  for spec in specs {
    if let other = byKey[spec.key.key] { #expect(other == spec.name) }
    byKey[spec.key.key] = spec.name
  }
}
