/// Prints the syntax tree as indented text, one node a line, each with its
/// byte range (`pencilc --emit ast`).
enum ASTPrinter {
  static func print(_ unit: SourceUnit) -> String {
    var lines: [String] = []
    for statement in unit.statements {
      switch statement {
      case .gradient(let gradient):
        lines.append(
          "gradient \(gradient.name.name) \(gradient.space.name) \(gradient.from.name) to \(gradient.to.name) \(span(gradient.range))\(gradient.recovered ? " recovered" : "")"
        )
        for stop in gradient.stops {
          lines.append("  stop \(span(stop.range))")
          if let color = stop.color { lines.append("    color \(expression(color))") }
          for attribute in stop.attributes { lines.append("    \(self.attribute(attribute))") }
        }
      case .shape(let shape):
        lines.append("shape \(shape.name.name) \(span(shape.range))\(shape.recovered ? " recovered" : "")")
        for command in shape.commands {
          let points = command.points.map { "\(formatNumber($0.x)),\(formatNumber($0.y))" }
          lines.append("  \(([command.verb.name] + points).joined(separator: " ")) \(span(command.range))")
        }
      case .element(let element):
        self.element(element, depth: 0, into: &lines)
      }
    }
    return lines.map { $0 + "\n" }.joined()
  }

  private static func element(_ element: ElementStatement, depth: Int, into lines: inout [String]) {
    let indent = String(repeating: "  ", count: depth)
    lines.append("\(indent)\(element.kind.name) \(span(element.range))\(element.recovered ? " recovered" : "")")
    if let label = element.label { lines.append("\(indent)  label \(expression(label))") }
    for attribute in element.attributes { lines.append("\(indent)  \(self.attribute(attribute))") }
    for child in element.children ?? [] { self.element(child, depth: depth + 1, into: &lines) }
  }

  private static func attribute(_ attribute: Attribute) -> String {
    "\(attribute.name.name) = \(expression(attribute.value))"
  }

  private static func span(_ range: SourceRange) -> String { "@\(range.start)..\(range.end)" }

  static func expression(_ expression: Expr) -> String {
    switch expression {
    case .number(let value, _): return formatNumber(value)
    case .size(let width, let height, _): return "\(formatNumber(width))x\(formatNumber(height))"
    case .point(let x, let y, _): return "\(formatNumber(x)),\(formatNumber(y))"
    case .string(let text, _): return jsonString(text)
    case .hexColor(let rgba, _):
      guard let rgba else { return "#<invalid>" }
      let hex = String(rgba, radix: 16)
      return "#" + String(repeating: "0", count: 8 - hex.count) + hex
    case .name(let identifier): return identifier.name
    case .dotName(let identifier, _): return "." + identifier.name
    case .call(let function, let arguments, _):
      return "\(function.name)(\(arguments.map(self.expression).joined(separator: ", ")))"
    case .member(let base, let member, let arguments, _):
      let call = arguments.map { "(\($0.map(self.expression).joined(separator: ", ")))" } ?? ""
      return "\(self.expression(base)).\(member.name)\(call)"
    case .binary(let op, let left, let right, _):
      return "(\(self.expression(left)) \(op.rawValue) \(self.expression(right)))"
    case .negate(let operand, _): return "-\(self.expression(operand))"
    case .pair(let first, let second, let kind, _):
      return "\(self.expression(first))\(kind == .point ? ", " : " x ")\(self.expression(second))"
    case .invalid: return "<invalid>"
    }
  }
}
