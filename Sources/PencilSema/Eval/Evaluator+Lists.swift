import PencilDiagnostics
import PencilSupport
import PencilSyntax

/// Maths on lists and ranges: `sum(list)`, `min(list)` and `max(list)`,
/// slices `list[a..<b]`, `.reversed()` and `.sorted()`. Each is linear in
/// the items it reads (sorting is n log n, counted as value work, E0257);
/// a range is never made into a list by `sum`, `min`, `max` or a slice.
extension Evaluator {
  /// `sum(list)`, or `min(list)`/`max(list)` (`function`): the numbers of
  /// a list or range. nil after an error; `.unknown` when the list is.
  mutating func aggregate(_ function: Identifier, _ argument: Expr, _ range: SourceRange) -> Computed? {
    guard let list = evaluate(argument) else { return nil }
    if list.isUnknown { return .unknown }
    let name = function.name
    switch list {
    case .range(let lower, let upper):
      guard upper > lower else { return name == "sum" ? .number(0) : emptyList(name, argument) }
      switch name {
      case "sum":
        // The sum of whole numbers lower..<upper, in doubles: exact well
        // past the limit `checked` applies.
        let count = Double(upper - lower)
        return checked((Double(lower) + Double(upper - 1)) * count / 2, range)
      case "min": return .number(Double(lower))
      default: return .number(Double(upper - 1))
      }
    case .list(let items):
      guard !items.isEmpty else { return name == "sum" ? .number(0) : emptyList(name, argument) }
      var result: Double? = nil
      for item in items {
        guard case .number(let value) = item else {
          if item.isUnknown { return .unknown }
          let verb = name == "sum" ? "adds up" : "compares"
          report(
            SemaCodes.wrongValueKind, argument.range,
            "\(name)() of a list \(verb) numbers, found \(item.description) in it")
          return nil
        }
        switch name {
        case "sum": result = (result ?? 0) + value
        case "min": result = Swift.min(result ?? value, value)
        default: result = Swift.max(result ?? value, value)
        }
      }
      return result.flatMap { checked($0, range) }
    case .number where name != "sum":
      // `min(1)`: one number is too few numbers, as before lists.
      report(SemaCodes.wrongArgumentCount, range, "\(name)() takes 2 to 16 numbers, or one list, found 1 number")
      return nil
    default:
      report(
        SemaCodes.wrongValueKind, argument.range,
        name == "sum"
          ? "sum() takes a list or a range of numbers, found \(list.description)"
          : "\(name)() takes a list or range, or 2 to 16 numbers; found \(list.description)")
      return nil
    }
  }

  private mutating func emptyList(_ name: String, _ argument: Expr) -> Computed? {
    diagnostics.append(
      Diagnostic(ExpressionCodes.emptyList, argument.range, "\(name)() of an empty list has no value"))
    return nil
  }

  /// `list[lower..<upper]`: the items from `lower` up to, not including,
  /// `upper` (a range of a range stays a range).
  mutating func slice(_ list: Computed, lower: Int, upper: Int, _ index: Expr, _ range: SourceRange) -> Computed? {
    guard let count = list.count else { return nil }
    guard lower >= 0, lower <= upper, upper <= count else {
      report(
        SemaCodes.indexOutOfRange, index.range,
        "slice \(lower)..<\(upper) is out of range; the list has \(count) item\(count == 1 ? "" : "s"), so a slice is within 0...\(count)"
      )
      return nil
    }
    switch list {
    case .range(let start, _): return .range(lower: start + lower, upper: start + upper)
    case .list(let items):
      guard spendValueWork(upper - lower, at: range) else { return nil }
      return .list(Array(items[lower..<upper]))
    default: return nil
    }
  }

  /// `.reversed()` and `.sorted()` of a list or range; nil (and nothing
  /// reported) when `member` is neither.
  mutating func listMember(
    _ value: Computed, _ member: Identifier, _ arguments: [Expr]?, _ base: Expr, _ range: SourceRange
  ) -> Computed?? {
    guard member.name == "reversed" || member.name == "sorted", let count = value.count else { return .none }
    guard arguments?.isEmpty ?? false else {
      diagnostics.append(
        Diagnostic(
          SemaCodes.wrongArgumentCount, range,
          arguments == nil
            ? ".\(member.name)() is called with its parentheses: write '.\(member.name)()'"
            : ".\(member.name)() takes no arguments, found \(arguments?.count ?? 0)"
        ).withFix(
          "write '.\(member.name)()'", replacing: SourceRange(member.range.start, range.end),
          with: "\(member.name)()"))
      return .some(nil)
    }
    // n items, and n log n comparisons for a sort, as value work.
    let work = member.name == "sorted" ? count * Swift.max(1, Int.bitWidth - count.leadingZeroBitCount) : count
    guard spendValueWork(work, at: range) else { return .some(nil) }
    let items = (0..<count).map(value.item)
    if member.name == "reversed" { return .some(bounded(.list(items.reversed()), builtAt: range)) }
    if items.allSatisfy({ if case .number = $0 { true } else { false } }) {
      return .some(
        .list(
          items.sorted { a, b in
            if case .number(let x) = a, case .number(let y) = b { x < y } else { false }
          }))
    }
    if items.allSatisfy({ if case .string = $0 { true } else { false } }) {
      return .some(
        .list(
          items.sorted { a, b in
            // By Unicode scalar values: the same order on every machine.
            if case .string(let x) = a, case .string(let y) = b {
              x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars)
            } else {
              false
            }
          }))
    }
    if items.contains(where: \.isUnknown) { return .some(.unknown) }
    let other = items.first { if case .number = $0 { false } else if case .string = $0 { false } else { true } }
    report(
      SemaCodes.wrongValueKind, base.range,
      ".sorted() sorts numbers or strings, all of one kind; found \(other?.description ?? "numbers and strings")")
    return .some(nil)
  }
}
