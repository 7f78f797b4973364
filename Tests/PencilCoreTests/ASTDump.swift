import PencilDiagnostics
import PencilSyntax

/// Every field of the statements the checker reads, ranges included, one
/// line a part: the views over the tree must give what the AST gave.
enum ASTDump {
  static func dump(_ statements: some Sequence<Statement>) -> String {
    var out = ""
    for statement in statements { self.statement(statement, 0, &out) }
    return out
  }

  private static func span(_ range: SourceRange) -> String { "[\(range.start),\(range.end))" }
  private static func id(_ identifier: Identifier) -> String { "\(identifier.name)\(span(identifier.range))" }

  private static func statement(_ statement: Statement, _ depth: Int, _ out: inout String) {
    let pad = String(repeating: " ", count: depth)
    func block(_ body: some Sequence<Statement>) { for child in body { self.statement(child, depth + 1, &out) } }
    func attributes(_ list: some Sequence<Attribute>) {
      for attribute in list {
        out += "\(pad) attr \(id(attribute.name)) \(span(attribute.range)) = \(expr(attribute.value))\n"
      }
    }
    out += pad + span(statement.range) + " "
    switch statement {
    case .element(let e):
      out += "element \(id(e.kind)) name=\(e.name.map(id) ?? "-") label=\(e.label.map(expr) ?? "-")"
      out +=
        " recovered=\(e.recovered) children=\(e.childrenRange.map(span) ?? "-") \(e.children == nil ? "none" : "some")\n"
      attributes(e.attributes)
      if let children = e.children { block(children) }
    case .gradient(let g):
      out +=
        "gradient \(id(g.name)) \(id(g.space)) \(id(g.from)) \(id(g.to)) radial=\(g.isRadial) recovered=\(g.recovered)\n"
      attributes(g.attributes)
      for stop in g.stops {
        out += "\(pad) stop \(span(stop.range)) \(stop.color.map(expr) ?? "-")\n"
        attributes(stop.attributes)
      }
    case .shape(let s):
      out +=
        "shape \(id(s.name)) recovered=\(s.recovered) params=\(s.parameters.map { $0.map(parameter).joined(separator: "; ") } ?? "none")\n"
      block(s.body)
    case .component(let c):
      out +=
        "component \(id(c.name)) recovered=\(c.recovered) params=\(c.parameters.map(parameter).joined(separator: "; "))\n"
      block(c.body)
    case .importFile(let i):
      out += "import \(i.path) \(span(i.pathRange))\n"
    case .letBinding(let l):
      out += "let \(id(l.name)) = \(expr(l.value))\n"
    case .forLoop(let f):
      out += "for \(id(f.variable)) \(f.index.map(id) ?? "-") in \(expr(f.sequence))\n"
      block(f.body)
    case .conditional(let c):
      for branch in c.branches {
        out += "if \(span(branch.range)) \(expr(branch.condition))\n"
        block(branch.body)
      }
      if let body = c.elseBody {
        out += "\(pad) else\n"
        block(body)
      }
      out += "\n"
    case .pathCommand(let p):
      out += "path \(id(p.verb)) \(p.points.map(expr).joined(separator: " | "))\n"
    }
  }

  private static func parameter(_ p: Parameter) -> String {
    "\(id(p.name)) \(span(p.range)): \(id(p.type.name)) list=\(p.type.isList) opt=\(p.type.isOptional) \(span(p.type.range)) = \(p.defaultValue.map(expr) ?? "-")"
  }

  static func expr(_ e: Expr) -> String {
    let body: String
    switch e.form {
    case .number(let v, _): body = "num \(v)"
    case .size(let w, let h, _): body = "size \(w)x\(h)"
    case .point(let x, let y, _): body = "point \(x),\(y)"
    case .string(let s, _): body = "str \(s.debugDescription)"
    case .hexColor(let c, _): body = "hex \(c.map { String($0, radix: 16) } ?? "bad")"
    case .name(let n): body = "name \(id(n))"
    case .dotName(let n, _): body = "dot \(id(n))"
    case .call(let f, let args, _): body = "call \(id(f))(\(args.map(expr).joined(separator: ", ")))"
    case .member(let b, let m, let args, _):
      body = "member (\(expr(b))).\(id(m))\(args.map { "(" + $0.map(expr).joined(separator: ", ") + ")" } ?? "")"
    case .binary(let op, let a, let b, _): body = "(\(expr(a)) \(op.rawValue) \(expr(b)))"
    case .negate(let a, _): body = "neg \(expr(a))"
    case .not(let a, _): body = "not \(expr(a))"
    case .conditional(let c, let a, let b, _): body = "cond \(expr(c)) ? \(expr(a)) : \(expr(b))"
    case .pair(let a, let b, let kind, _): body = "pair \(kind) \(expr(a)) & \(expr(b))"
    case .list(let items, _): body = "[\(items.map(expr).joined(separator: ", "))]"
    case .index(let a, let b, _): body = "\(expr(a))[\(expr(b))]"
    case .interpolated(let parts, _):
      body =
        "interp "
        + parts.map { part in
          switch part {
          case .text(let t): t.debugDescription
          case .expression(let x): "\\(\(expr(x)))"
          case .formatted(let x, let options):
            "\\(\(expr(x))" + options.map { ", \($0.name.name)\(span($0.name.range)): \(expr($0.value))" }.joined()
              + ")"
          }
        }.joined(separator: " ")
    case .colorSet(let light, let dark, _): body = "set \(expr(light)) / \(expr(dark))"
    case .invalid: body = "invalid"
    }
    return body + span(e.range)
  }
}
