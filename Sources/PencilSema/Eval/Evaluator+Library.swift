import PencilDiagnostics
import PencilGeometry
import PencilSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The standard library: colour functions, maths, `count`, `mix`, and the
/// members of colours and lists (listed in `LibraryTable.swift`). Angles
/// are in degrees, as in SwiftUI's `.degrees`, TikZ and Pikchr.
extension Evaluator {
  mutating func callFunction(_ function: Identifier, _ arguments: [Expr], _ range: SourceRange) -> Computed? {
    switch function.name {
    case "hsb", "rgb": return colorFunction(function, arguments, range)
    case "count":
      guard argumentCount(arguments, 1...1, of: "count", range), let list = evaluate(arguments[0]) else { return nil }
      if list.isUnknown { return .unknown }
      guard let count = list.count else {
        report(
          SemaCodes.wrongValueKind, arguments[0].range, "count() takes a list or a range, found \(list.description)")
        return nil
      }
      return .number(Double(count))
    case "point", "size":
      // For Point and Size parameters and lets: `at p`, `size s`.
      guard argumentCount(arguments, 2...2, of: function.name, range),
        let x = number(arguments[0], "the arguments of \(function.name)() are numbers"),
        let y = number(arguments[1], "the arguments of \(function.name)() are numbers")
      else { return nil }
      guard let x, let y else { return .unknown }
      return function.name == "point" ? .point(Point(x, y)) : .size(Point(x, y))
    case "mix":
      guard argumentCount(arguments, 3...3, of: "mix", range) else { return nil }
      return mix(arguments[0], arguments[1], arguments[2], range)
    case "sum":
      guard argumentCount(arguments, 1...1, of: "sum", range) else { return nil }
      return aggregate(function, arguments[0], range)
    case "min", "max":
      guard argumentCount(arguments, 1...16, of: function.name, range) else { return nil }
      if arguments.count == 1 { return aggregate(function, arguments[0], range) }
      var result: Double? = nil
      for argument in arguments {
        guard let value = number(argument, "the arguments of \(function.name)() are numbers") else { return nil }
        guard let value else {
          namesRead.skipped = true
          return .unknown
        }
        result = result.map { function.name == "min" ? Swift.min($0, value) : Swift.max($0, value) } ?? value
      }
      return result.map(Computed.number)
    case "atan2":
      guard argumentCount(arguments, 2...2, of: "atan2", range),
        let y = number(arguments[0], "the arguments of atan2() are numbers"),
        let x = number(arguments[1], "the arguments of atan2() are numbers")
      else { return nil }
      guard let y, let x else { return .unknown }
      return checked(atan2(y, x) * 180 / Double.pi, range)
    case "abs", "round", "floor", "ceil", "sqrt", "sin", "cos":
      guard argumentCount(arguments, 1...1, of: function.name, range),
        let value = number(arguments[0], "the argument of \(function.name)() is a number")
      else { return nil }
      if function.name == "sin" || function.name == "cos" { warnAboutRadians(arguments[0], function) }
      guard let x = value else { return .unknown }
      let result: Double
      switch function.name {
      case "abs": result = Swift.abs(x)
      case "round": result = x.rounded()
      case "floor": result = x.rounded(.down)
      case "ceil": result = x.rounded(.up)
      case "sin": result = Evaluator.sine(degrees: x)
      case "cos": result = Evaluator.sine(degrees: x + 90)
      default:
        guard x >= 0 else {
          report(SemaCodes.valueOutOfRange, arguments[0].range, "sqrt() of a negative number, \(formatNumber(x))")
          return nil
        }
        result = x.squareRoot()
      }
      return checked(result, range)
    default:
      reportUnknownFunction(function)
      return nil
    }
  }

  /// Sine of an angle in degrees, exact at multiples of 90°.
  static func sine(degrees: Double) -> Double { sineOf(degrees: degrees) }

  private mutating func reportUnknownFunction(_ function: Identifier) {
    let colorAlias = ["rgba": "rgb", "hsba": "hsb", "hsv": "hsb", "hsl": "hsb"][function.name]
    var diagnostic = Diagnostic(
      SemaCodes.unknownFunction, function.range,
      colorAlias == nil
        ? "unknown function '\(function.name)'; the functions are \(Evaluator.documentedFunctionNames.joined(separator: ", "))"
        : "unknown colour function '\(function.name)'; use hsb(h, s, b[, alpha]) or rgb(r, g, b[, alpha])")
    let alias = ["sine": "sin", "cosine": "cos", "len": "count", "length": "count", "lerp": "mix", "blend": "mix"]
    let suggestion =
      colorAlias ?? alias[function.name]
      ?? Suggestions.closest(to: function.name, among: Evaluator.documentedFunctionNames)
    if let suggestion {
      diagnostic = diagnostic.withFix("did you mean '\(suggestion)'?", replacing: function.range, with: suggestion)
    }
    if definitions.components[function.key] != nil || definitions.shapeStatements[function.key] != nil {
      diagnostic = diagnostic.withNote(
        "'\(function.name)' is drawn as an element with name=value arguments: \(function.name) at X,Y size WxH")
    }
    diagnostics.append(diagnostic)
  }

  mutating func argumentCount(
    _ arguments: [Expr], _ count: ClosedRange<Int>, of function: String, _ range: SourceRange
  ) -> Bool {
    guard count.contains(arguments.count) else {
      let expected =
        count.lowerBound == count.upperBound
        ? "\(count.lowerBound)"
        : count.upperBound == count.lowerBound + 1
          ? "\(count.lowerBound) or \(count.upperBound)" : "\(count.lowerBound) to \(count.upperBound)"
      report(
        SemaCodes.wrongArgumentCount, range,
        "\(function)() takes \(expected) argument\(count.upperBound == 1 ? "" : "s"), found \(arguments.count)")
      return false
    }
    return true
  }

  private mutating func colorFunction(_ function: Identifier, _ arguments: [Expr], _ range: SourceRange) -> Computed? {
    let maximum: Double = function.name == "hsb" ? 1 : 255
    guard argumentCount(arguments, 3...4, of: function.name, range) else { return nil }
    // Read the numbers without building arrays: this runs for every hsb().
    var values = (0.0, 0.0, 0.0, 1.0)
    var valid = true
    var unknown = false
    for (index, argument) in arguments.enumerated() {
      let value: Double
      if case .number(let literal, _) = argument {
        value = literal
      } else {
        guard let computed = number(argument, "the arguments of \(function.name)() are numbers") else { return nil }
        guard let computed else {
          unknown = true
          continue
        }
        value = computed
      }
      let limit = index == 3 ? 1 : maximum
      if value < 0 || value > limit {
        let names =
          function.name == "hsb" ? ["hue", "saturation", "brightness", "alpha"] : ["red", "green", "blue", "alpha"]
        _ = checkRange(
          value, argument.range, minimum: 0, maximum: limit, positive: false,
          what: "the \(names[index]) of \(function.name)()")
        valid = false
      }
      switch index {
      case 0: values.0 = value
      case 1: values.1 = value
      case 2: values.2 = value
      default: values.3 = value
      }
    }
    guard valid else { return nil }
    if unknown { return .unknown }
    if maximum == 1 {
      return .color(Color(hue: values.0, saturation: values.1, brightness: values.2, alpha: values.3))
    }
    return .color(Color(red: values.0 / 255, green: values.1 / 255, blue: values.2 / 255, alpha: values.3))
  }

  /// `mix(a, b, t)`: each sRGB channel and alpha from a (t = 0) to b (t = 1).
  private mutating func mix(_ first: Expr, _ second: Expr, _ amount: Expr, _ range: SourceRange) -> Computed? {
    let a = resolveColor(first, for: "mix")
    let b = resolveColor(second, for: "mix")
    guard let t = number(amount, "the amount of mix() is a number") else { return nil }
    guard let a, let b, let t else { return nil }
    guard let amount = checkRange(t, amount.range, minimum: 0, maximum: 1, positive: false, what: "the amount of mix()")
    else { return nil }
    func blend(_ x: Double, _ y: Double) -> Double { x + (y - x) * amount }
    func mixed(_ a: Color, _ b: Color) -> Color {
      Color(
        red: blend(a.red, b.red), green: blend(a.green, b.green), blue: blend(a.blue, b.blue),
        alpha: blend(a.alpha, b.alpha))
    }
    return .color(imports.palette?.map(a, b, mixed) ?? mixed(a, b))
  }

  /// `.opacity(x)`, `.mix(c, t)`, `.hue`, `.saturation`, `.brightness`,
  /// `.alpha` on colours; `.count` on lists and ranges.
  mutating func evaluateMember(_ base: Expr, _ member: Identifier, _ arguments: [Expr]?, _ range: SourceRange)
    -> Computed?
  {
    if let anchor = evaluateAnchor(base, member, arguments) { return anchor }
    guard let value = evaluate(base, expecting: .color) else { return nil }
    if value.isUnknown { return .unknown }
    if member.name == "count", arguments == nil, let count = value.count { return .number(Double(count)) }
    if case .anchor = value, PeerSpellings.coordinates.contains(member.name) {
      // `box.center.x`: an anchor is known only after layout, as a point.
      diagnostics.append(
        Diagnostic(
          SemaCodes.wrongValueKind, SourceRange(base.range.end, range.end),
          "an anchor is a point known after layout, and pencil reads no coordinate of it; use the anchor where a point goes (from, to, at)"
        ).withFix("use the anchor", replacing: SourceRange(base.range.end, range.end), with: ""))
      return nil
    }
    if let result = listMember(value, member, arguments, base, range) { return result }
    if let result = vectorMember(value, member, arguments) { return result }
    guard case .color(let color) = value else {
      let lists = value.count != nil ? "; lists have .count, .reversed() and .sorted()" : ""
      report(
        SemaCodes.wrongValueKind, base.range,
        "'.\(member.name)' is a member of colours\(member.name == "count" ? " (and .count of lists)" : ""), found \(value.description)\(lists)"
      )
      return nil
    }
    switch (member.name, arguments) {
    case ("opacity", let arguments):
      let arguments = arguments ?? []
      guard argumentCount(arguments, 1...1, of: ".opacity", range),
        let value = number(arguments[0], "the arguments of .opacity() are numbers")
      else { return nil }
      guard let value else { return .unknown }
      guard
        let opacity = checkRange(value, arguments[0].range, minimum: 0, maximum: 1, positive: false, what: "opacity")
      else { return nil }
      return .color(imports.palette?.map(color) { $0.withOpacity(opacity) } ?? color.withOpacity(opacity))
    case ("mix", let arguments?):
      guard argumentCount(arguments, 2...2, of: ".mix", range) else { return nil }
      return mix(base, arguments[0], arguments[1], range)
    case ("hue", nil): return .number(component(of: color, \.hsb.hue))
    case ("saturation", nil): return .number(component(of: color, \.hsb.saturation))
    case ("brightness", nil): return .number(component(of: color, \.hsb.brightness))
    case ("alpha", nil): return .number(component(of: color, \.alpha))
    default:
      let members = ["opacity", "mix", "hue", "saturation", "brightness", "alpha"]
      var diagnostic = Diagnostic(
        SemaCodes.unknownFunction, member.range,
        "unknown colour modifier '.\(member.name)'; colours have .opacity(x), .mix(colour, t), .hue, .saturation, .brightness and .alpha"
      )
      if let suggestion = Suggestions.closest(to: member.name, among: members) {
        diagnostic = diagnostic.withFix("did you mean '\(suggestion)'?", replacing: member.range, with: suggestion)
      }
      diagnostics.append(diagnostic)
      return nil
    }
  }
}

extension Evaluator {
  /// W0013: `sin(k * pi / 5)` reads as radians, but sin takes degrees.
  mutating func warnAboutRadians(_ argument: Expr, _ function: Identifier) {
    let uses = piUses(in: argument)
    guard !uses.isEmpty else { return }
    let edits = uses.map { TextEdit(range: $0, newText: "180") }
    var diagnostic = Diagnostic(
      GraphicsCodes.radiansInDegrees, argument.range,
      "\(function.name)() takes degrees, and this argument uses pi as radians do; write 180 for pi"
    )
    if let outside = uses.first(where: { $0.start < argument.range.start || $0.end > argument.range.end }) {
      diagnostic = diagnostic.withNote("the value is computed with pi here", at: outside)
    }
    // A `let` read by sin and cos is fixed once: two fixes with one edit
    // would be applied twice by a tool that applies them all.
    if uses.allSatisfy({ radiansFixes[$0] != nil }), let first = uses.first.flatMap({ radiansFixes[$0] }),
      first != argument.range
    {
      diagnostics.append(diagnostic.withNote("the fix is offered here", at: first))
      return
    }
    for use in uses where radiansFixes[use] == nil { radiansFixes[use] = argument.range }
    diagnostics.append(diagnostic.withFix("write 180 for pi", edits))
  }

  /// Where `pi` (not a name of the user's) is used in `expression`,
  /// directly or in the `let`s it names, in this file.
  func piUses(in expression: Expr) -> [SourceRange] {
    var uses: [SourceRange] = []
    collectPi(expression, into: &uses)
    return uses
  }

  private func collectPi(_ expression: Expr, into uses: inout [SourceRange]) {
    switch expression {
    case .name(let identifier):
      if let binding = binding(identifier.key) {
        if binding.file == .main || binding.file == currentFile { uses += binding.piUses }
      } else if identifier.name == "pi" {
        uses.append(identifier.range)
      }
    case .binary(_, let left, let right, _), .pair(let left, let right, _, _), .index(let left, let right, _):
      collectPi(left, into: &uses)
      collectPi(right, into: &uses)
    case .negate(let operand, _), .not(let operand, _): collectPi(operand, into: &uses)
    case .conditional(let condition, let whenTrue, let whenFalse, _):
      for part in [condition, whenTrue, whenFalse] { collectPi(part, into: &uses) }
    case .call(_, let arguments, _): for argument in arguments { collectPi(argument, into: &uses) }
    default: break
    }
  }
}

extension Evaluator {
  /// A number read from a colour, in light; from an adaptive colour it may
  /// differ in dark, so the dark picture is compiled on its own.
  fileprivate func component(of color: Color, _ part: KeyPath<Color, Double>) -> Double {
    imports.palette?.use(adaptive: color.variant != 0)
    return color[keyPath: part]
  }
}
