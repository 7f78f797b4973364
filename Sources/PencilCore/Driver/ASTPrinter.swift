import PencilDiagnostics
import PencilGeometry
import PencilSyntax

/// Prints the syntax tree as indented text, one node a line, each with its
/// byte range (`pencilc --emit ast`).
enum ASTPrinter {
  static func print(_ unit: SourceUnit) -> String {
    var lines: [String] = []
    for statement in unit.statements { self.statement(statement, depth: 0, into: &lines) }
    return lines.map { $0 + "\n" }.joined()
  }

  private static func statement(_ statement: Statement, depth: Int, into lines: inout [String]) {
    let indent = String(repeating: "  ", count: depth)
    func block(_ body: [Statement]) {
      for child in body { self.statement(child, depth: depth + 1, into: &lines) }
    }
    switch statement {
    case .gradient(let gradient):
      let geometry =
        gradient.isRadial || !gradient.attributes.isEmpty
        ? gradient.attributes.map { " " + attribute($0) }.joined()
        : " \(gradient.from.name) to \(gradient.to.name)"
      lines.append(
        "\(indent)gradient \(gradient.name.name) \(gradient.space.name)\(geometry) \(span(gradient.range))\(gradient.recovered ? " recovered" : "")"
      )
      for stop in gradient.stops {
        lines.append("\(indent)  stop \(span(stop.range))")
        if let color = stop.color { lines.append("\(indent)    color \(expression(color))") }
        for attribute in stop.attributes { lines.append("\(indent)    \(self.attribute(attribute))") }
      }
    case .shape(let shape):
      lines.append(
        "\(indent)shape \(shape.name.name)\(parameters(shape.parameters)) \(span(shape.range))\(shape.recovered ? " recovered" : "")"
      )
      block(shape.body)
    case .component(let component):
      lines.append(
        "\(indent)component \(component.name.name)\(parameters(component.parameters)) \(span(component.range))\(component.recovered ? " recovered" : "")"
      )
      block(component.body)
    case .importFile(let statement):
      lines.append("\(indent)import \(jsonString(statement.path)) \(span(statement.range))")
    case .element(let element):
      let name = element.name.map { "\($0.name): " } ?? ""
      lines.append(
        "\(indent)\(name)\(element.kind.name) \(span(element.range))\(element.recovered ? " recovered" : "")")
      if let label = element.label { lines.append("\(indent)  label \(expression(label))") }
      for attribute in element.attributes { lines.append("\(indent)  \(self.attribute(attribute))") }
      block(element.children ?? [])
    case .letBinding(let binding):
      lines.append("\(indent)let \(binding.name.name) = \(expression(binding.value)) \(span(binding.range))")
    case .forLoop(let loop):
      let names = [loop.variable.name] + (loop.index.map { [$0.name] } ?? [])
      lines.append(
        "\(indent)for \(names.joined(separator: ", ")) in \(expression(loop.sequence)) \(span(loop.range))")
      block(loop.body)
    case .conditional(let conditional):
      for (number, branch) in conditional.branches.enumerated() {
        lines.append("\(indent)\(number == 0 ? "if" : "else if") \(expression(branch.condition)) \(span(branch.range))")
        block(branch.body)
      }
      if let elseBody = conditional.elseBody {
        lines.append("\(indent)else")
        block(elseBody)
      }
    case .pathCommand(let command):
      let points = command.points.map { point in
        if case .pair(let x, let y, _, _) = point { return "\(expression(x)),\(expression(y))" }
        return expression(point)
      }
      lines.append("\(indent)\(([command.verb.name] + points).joined(separator: " ")) \(span(command.range))")
    }
  }

  private static func parameters(_ parameters: [Parameter]?) -> String {
    guard let parameters else { return "" }
    let list = parameters.map { parameter in
      var type = parameter.type.name.name
      if parameter.type.isList { type = "[\(type)]" }
      if parameter.type.isOptional { type += "?" }
      return "\(parameter.name.name): \(type)" + (parameter.defaultValue.map { " = \(expression($0))" } ?? "")
    }
    return "(\(list.joined(separator: ", ")))"
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
    case .not(let operand, _): return "!\(self.expression(operand))"
    case .conditional(let condition, let whenTrue, let whenFalse, _):
      return "(\(self.expression(condition)) ? \(self.expression(whenTrue)) : \(self.expression(whenFalse)))"
    case .list(let items, _): return "[\(items.map(self.expression).joined(separator: ", "))]"
    case .index(let base, let index, _): return "\(self.expression(base))[\(self.expression(index))]"
    case .interpolated(let parts, _):
      let inner = parts.map { part in
        switch part {
        case .text(let text): String(jsonString(text).dropFirst().dropLast())
        case .expression(let value): "\\(\(self.expression(value)))"
        case .formatted(let value, let options):
          "\\(\(([self.expression(value)] + options.map { "\($0.name.name): \(self.expression($0.value))" }).joined(separator: ", ")))"
        }
      }
      return "\"" + inner.joined() + "\""
    case .pair(let first, let second, let kind, _):
      return "\(self.expression(first))\(kind == .point ? ", " : " x ")\(self.expression(second))"
    case .colorSet(let light, let dark, _):
      return light == dark
        ? "color(\(self.expression(light)))" : "color(light: \(self.expression(light)), dark: \(self.expression(dark)))"
    case .invalid: return "<invalid>"
    }
  }
}
