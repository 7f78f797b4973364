import PencilDiagnostics
import PencilSema

/// The generated pages of docs/reference/, made from the tables the
/// compiler itself reads, so that they cannot drift from it (issue 23).
/// `ReferencePagesTests` pins them; `PENCIL_RECORD=1 swift test --filter
/// ReferencePagesTests` rewrites them.
enum ReferencePages {
  static let recordCommand = "`PENCIL_RECORD=1 swift test --filter ReferencePagesTests`"

  /// The head of every page: its title, then what it is made from and how.
  static func generatedHead(_ title: String, from source: String) -> String {
    "# \(title)\n\n*Generated from \(source) by \(recordCommand); edit those, not this page.*\n"
  }

  /// A fenced block of pencil source, which the docs' tests compile.
  static func pencilBlock(_ source: StaticString) -> String {
    "```pencil\n\(source)\n```\n"
  }

  /// A table cell: Markdown tables split cells at `|`, even in code spans.
  static func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|")
  }

  static func code(_ text: String) -> String { "`\(text)`" }

  /// What an attribute accepts, as the reference words it.
  static func typeName(_ kind: ValueKind) -> String {
    switch kind {
    case .color: "colour"
    case .bool: "Bool"
    case .string: "string"
    case .list(let item): "list of \(typeName(item))"
    case .number(let minimum, let maximum, let positive):
      switch (minimum, maximum) {
      case (let low?, let high?): "number \(number(low))…\(number(high))"
      case (let low?, nil): positive ? "number > \(number(low))" : "number ≥ \(number(low))"
      case (nil, let high?): "number ≤ \(number(high))"
      case (nil, nil): "number"
      }
    case .gradient: "gradient name"
    case .point: "point `X,Y`"
    case .unitPoint: "unit point"
    case .size: "size `WxH`"
    case .keyword(let words): words.map(code).joined(separator: " | ")
    case .font: "text style or number"
    case .paint: "colour or gradient name"
    case .length: "number or `fill`"
    case .scale: "number or `X,Y`"
    case .clipShape: "`rect` | `roundrect` | `ellipse` | `capsule` | shape name"
    }
  }

  /// A bound as written in a range: `1000000`, not `1e+06`.
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  static func attributeTable(_ specs: [AttributeSpec]) -> String {
    var lines = ["| Attribute | Type | Default | What it does |", "|---|---|---|---|"]
    for spec in specs {
      let columns = [code(spec.name), typeName(spec.kind), "\(spec.defaultValue)", "\(spec.summary)"]
      lines.append("| " + columns.map(cell).joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
