@testable import PencilSema

/// docs/reference/elements.md: every element, every attribute it takes
/// (its type, default and what it does) and an example, from
/// `ElementKinds`, `ShapeKinds` and `AttributeSpec`.
extension ReferencePages {
  /// An element as the page shows it.
  struct Element {
    var name: String
    var summary: StaticString
    var example: StaticString
    var attributes: [AttributeSpec]
  }

  /// The elements in the page's order: the pencil, the shapes, then the rest.
  static var elements: [Element] {
    let others = ElementKinds.catalogue.map {
      Element(name: $0.name, summary: $0.summary, example: $0.example, attributes: $0.attributes)
    }
    let shapes = ShapeKinds.builtins.map {
      Element(
        name: $0.name, summary: $0.summary, example: $0.example,
        attributes: ElementKinds.shapeAttributes + $0.extraAttributes)
    }
    return others.prefix(1) + shapes + others.dropFirst()
  }

  /// The attributes many elements share, shown once in their own section.
  static let sharedGroups: [(title: String, anchor: String, attributes: [AttributeSpec])] = [
    ("Stroke", "stroke", ElementKinds.stroke), ("Modifiers", "modifiers", AttributeSpec.modifiers),
    ("Effects", "effects", AttributeSpec.effects),
    ("Clip", "clip", [AttributeSpec.clip]),
  ]

  static func elementsPage() -> String {
    var page = generatedHead(
      "Elements and attributes",
      from:
        "the attribute tables in `Sources/PencilSema` (`ElementKinds.swift`, `ShapeKinds.swift`, `Attributes.swift`)")
    page += """

      Each element is written as its name, then its attributes as `name=value`
      (`at X,Y` and `size WxH` are written without `=`). A shape defined with
      `shape NAME { … }` takes the attributes of [`rect`](#rect).

      | Element | What it is |
      |---|---|

      """
    for element in elements {
      page += "| [`\(element.name)`](#\(element.name)) | \(cell("\(element.summary)")) |\n"
    }
    for element in elements {
      page += "\n## \(element.name)\n\n\(element.summary)\n\n" + pencilBlock(element.example)
      let groups = sharedGroups.filter { group in group.attributes.allSatisfy(element.attributes.contains) }
      let own = element.attributes.filter { spec in !groups.contains { $0.attributes.contains(spec) } }
      if !own.isEmpty { page += "\n" + attributeTable(own) }
      if !groups.isEmpty {
        let links = groups.map { "[\($0.title.lowercased())](#\($0.anchor))" }
        page += "\nIt also takes the \(ListFormat.and(links)).\n"
      }
    }
    for group in sharedGroups {
      let takers = elements.filter { element in group.attributes.allSatisfy(element.attributes.contains) }
      page += "\n## \(group.title)\n\n"
      page += "Taken by \(ListFormat.and(takers.map { "[`\($0.name)`](#\($0.name))" })).\n\n"
      page += attributeTable(group.attributes)
    }
    return page
  }
}

/// English lists: `a`, `a and b`, `a, b and c`.
enum ListFormat {
  static func and(_ items: [String]) -> String {
    guard let last = items.last else { return "" }
    return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
  }
}
