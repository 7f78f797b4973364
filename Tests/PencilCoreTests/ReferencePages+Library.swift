import PencilDiagnostics

@testable import PencilSema

/// docs/reference/functions.md: the functions and members of the standard
/// library (`LibraryTable.swift`) and the anchors of named elements
/// (`ElementKinds.directions`).
extension ReferencePages {
  static func functionsPage() -> String {
    var page = generatedHead(
      "Functions and members",
      from: "the library's tables in `Sources/PencilSema` (`Eval/LibraryTable.swift`, `ElementKinds.swift`)")
    page += """

      Expressions are evaluated when the file is compiled. Angles are in
      degrees.

      ## Functions

      | Function | What it returns |
      |---|---|

      """
    for function in Evaluator.libraryFunctions {
      page += "| [`\(cell("\(function.signature)"))`](#\(function.name)) | \(cell("\(function.summary)")) |\n"
    }
    for function in Evaluator.libraryFunctions {
      page += "\n### \(function.name)\n\n`\(function.signature)`\n\n\(function.summary)"
      if !function.isTaught {
        page += " It works in files written with it, but messages do not offer it."
      }
      page += "\n\n" + pencilBlock(function.example)
    }
    page += """

      ## Members

      A member is written after a value: `.blue.opacity(0.5)`, `hues.count`.

      | Member | Of | What it is |
      |---|---|---|

      """
    for member in Evaluator.libraryMembers {
      page +=
        "| [`\(member.signature)`](#member-\(member.name)) | \(member.receiver) | \(cell("\(member.summary)")) |\n"
    }
    for member in Evaluator.libraryMembers {
      page += "\n### Member .\(member.name)\n\n`\(member.signature)` of a \(member.receiver)\n\n\(member.summary)\n\n"
      page += pencilBlock(member.example)
    }
    return page + anchorsSection()
  }

  /// `NAME.ANCHOR`: the unit points of a named element's frame.
  private static func anchorsSection() -> String {
    let coordinates = PeerSpellings.coordinates.sorted().map { "`.\($0)`" }
    var section = """

      ## Anchors

      An element named with `NAME:` before it has anchors, the points of its
      frame that `at`, `from` and `to` take once layout has placed it:
      `arrow from start.bottom to check.top`. An anchor is a point known
      only after layout, so no expression reads a coordinate of it
      (\(ListFormat.or(coordinates)) are errors).

      | Anchor | Unit point (0,0 top-leading, 1,1 bottom-trailing) |
      |---|---|

      """
    for direction in ElementKinds.directions {
      section += "| `.\(direction.name)` | \(number(direction.point.x)),\(number(direction.point.y)) |\n"
    }
    return section + "\n" + pencilBlock(anchorExample)
  }

  static let anchorExample: StaticString = """
    start: roundrect at 10,10 size 80x40 fill=.blue
    end: ellipse at 160,80 size 60x40 fill=.orange
    arrow from start.bottomTrailing to end.topLeading
    line from start.trailing to end.top route=elbow dash=[4, 2]
    """
}

extension ListFormat {
  static func or(_ items: [String]) -> String {
    guard let last = items.last else { return "" }
    return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " or " + last
  }
}
