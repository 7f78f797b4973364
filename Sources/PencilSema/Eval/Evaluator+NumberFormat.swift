import PencilDiagnostics
import PencilGeometry
import PencilSupport
import PencilSyntax

/// `"\(x, decimals: 1, separator: ",")"`: a number put in a string the
/// way the user asks, as Swift's custom string interpolations take
/// labelled arguments (SwiftUI's `Text("\(x, specifier: "%.1f")")`).
extension Evaluator {
  /// The most digits after the point: a number is at most 1e9, so with
  /// six more digits it is still a whole number a Double holds exactly.
  static let maximumDecimals = 6
  /// The longest separator, in UTF-8 bytes.
  static let maximumSeparator = 8
  static let formatOptionNames = ["decimals", "separator"]

  /// The value written with its options: a string, `.unknown` while a
  /// component is checked alone, nil after reporting a problem.
  mutating func format(_ expression: Expr, _ options: [FormatOption]) -> Computed? {
    // The value first, then every option: each problem is reported.
    let value = evaluate(expression)
    var decimals: Int? = nil
    var separator: String? = nil
    var seen: [Name: SourceRange] = [:]
    var failed = false
    var unknown = false
    for option in options {
      if let first = seen[option.name.key] {
        diagnostics.append(
          Diagnostic(ExpressionCodes.formatOption, option.name.range, "'\(option.name.name)' is given twice")
            .withNote("first given here", at: first))
        markNamesRead(in: option.value)
        failed = true
        continue
      }
      seen[option.name.key] = option.name.range
      switch option.name.name {
      case "decimals":
        guard let count = number(option.value, "'decimals:' is a whole number of digits") else {
          failed = true
          continue
        }
        guard let count else {
          unknown = true
          continue
        }
        guard count == count.rounded(), count >= 0, count <= Double(Evaluator.maximumDecimals) else {
          report(
            SemaCodes.valueOutOfRange, option.value.range,
            "'decimals:' is a whole number from 0 to \(Evaluator.maximumDecimals), found \(formatNumber(count))")
          failed = true
          continue
        }
        decimals = clampedInt(count, 0, Evaluator.maximumDecimals)
      case "separator":
        guard let value = evaluate(option.value) else {
          failed = true
          continue
        }
        switch value {
        case .string(let text) where text.utf8.count <= Evaluator.maximumSeparator: separator = text
        case .string:
          report(
            SemaCodes.valueOutOfRange, option.value.range,
            "a separator is at most \(Evaluator.maximumSeparator) bytes long")
          failed = true
        case .unknown, .typed(.string): unknown = true
        default:
          report(
            SemaCodes.wrongValueKind, option.value.range,
            "'separator:' is a string, like \",\", found \(value.description)")
          failed = true
        }
      default:
        var diagnostic = Diagnostic(
          ExpressionCodes.formatOption, option.name.range,
          "'\(option.name.name)' is no option of a number in a string; the options are decimals: and separator:")
        if let guess = Suggestions.closest(to: option.name.name, among: Evaluator.formatOptionNames) {
          diagnostic = diagnostic.withFix("did you mean '\(guess)'?", replacing: option.name.range, with: guess)
        }
        diagnostics.append(diagnostic)
        markNamesRead(in: option.value)
        failed = true
      }
    }
    guard let value, !failed else { return nil }
    switch value {
    case .number(let number):
      guard !unknown else { return .unknown }
      return .string(Evaluator.write(number, decimals: decimals, separator: separator))
    case .unknown, .typed(.number): return .unknown
    default:
      report(
        SemaCodes.wrongValueKind, expression.range,
        "only a number is written with decimals: or separator:, found \(value.description)")
      return nil
    }
  }

  /// `number` with `decimals` digits after the point (rounded half away
  /// from zero; as `formatNumber` writes it when nil), its whole part's
  /// digits grouped by three with `separator`.
  static func write(_ number: Double, decimals: Int?, separator: String?) -> String {
    var text: String
    var scale = 1.0
    for _ in 0..<(decimals ?? 0) { scale *= 10 }
    let scaled = (number * scale).rounded(.toNearestOrAwayFromZero)
    // Past what a Double holds as a whole number with the decimals (a
    // frame's width may be, where nothing else is; NaN fails the test
    // too): written as `formatNumber` writes it. Below 9e15 the
    // conversions are exact.
    if let decimals, scaled.magnitude < 9e15 {
      let whole = Int64(scaled.magnitude)
      let unit = Int64(scale)
      text = (scaled < 0 ? "-" : "") + String(whole / unit)
      if decimals > 0 {
        // Leading zeros: at most `decimals` digits, padded to that many.
        let fraction = String(whole % unit)
        text += "." + String(repeating: "0", count: max(0, decimals - fraction.count)) + fraction
      }
    } else {
      text = formatNumber(number)
    }
    guard let separator, !separator.isEmpty else { return text }
    let negative = text.hasPrefix("-")
    let digits = negative ? text.dropFirst() : Substring(text)
    let point = digits.firstIndex(of: ".") ?? digits.endIndex
    let wholePart = digits[..<point]
    var grouped = ""
    for (index, digit) in wholePart.enumerated() {
      if index > 0, (wholePart.count - index) % 3 == 0 { grouped += separator }
      grouped.append(digit)
    }
    return (negative ? "-" : "") + grouped + digits[point...]
  }
}
