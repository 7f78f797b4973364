import PencilDiagnostics

/// The limits on values (issue 21): eighteen `let`s that each double a
/// string or a list, or put a list in itself twice, would grow
/// exponentially. Every string and list the evaluator builds is measured
/// (E0256, E0258), and so is all the work of building and comparing them
/// (E0257), so a value costs time and memory linear in its size and a
/// file costs at most the work limit.
enum ValueLimits {
  /// Units of one value: a byte of a string, an item of a list.
  static let maximumSize = 1_000_000
  /// Lists inside lists: comparing, printing a fingerprint of and checking
  /// a value recurse once per level.
  static let maximumDepth = 64
  /// Units measured in all, for values built and values compared.
  static let maximumWork = 100_000_000
}

/// A value's size and depth, as the limits count them.
struct ValueMeasure {
  var size = 0
  var depth = 0
}

extension Computed {
  /// The units of the value: a string's UTF-8 bytes; a list's items, one
  /// each, plus their own units (a list that appears twice counts twice:
  /// sharing its storage does not make comparing it cheaper); 0 for the
  /// rest. The walk stops once past `limit`, so it costs at most `limit`
  /// steps whatever the value; past it, `size` is only known to exceed it.
  func measure(upTo limit: Int) -> ValueMeasure {
    switch self {
    case .string(let text): return ValueMeasure(size: text.utf8.count, depth: 0)
    case .list(let items):
      var total = ValueMeasure(size: items.count, depth: 1)
      for item in items {
        guard total.size <= limit else { break }
        let inner = item.measure(upTo: limit - total.size)
        total.size += inner.size
        total.depth = max(total.depth, inner.depth + 1)
      }
      return total
    default: return ValueMeasure()
    }
  }
}

extension Evaluator {
  /// `value`, built by the expression at `range`, if it is within the
  /// limits; nil after reporting the one it crosses. Measuring spends
  /// work as much as the value's size.
  mutating func bounded(_ value: Computed, builtAt range: SourceRange) -> Computed? {
    let measure = value.measure(upTo: ValueLimits.maximumSize)
    guard withinSize(measure.size, at: range), spendValueWork(measure.size, at: range) else { return nil }
    guard measure.depth <= ValueLimits.maximumDepth else {
      report(
        LanguageCodes.listsTooDeep, range,
        "this list nests lists \(measure.depth) levels deep; lists nest at most \(ValueLimits.maximumDepth) levels")
      return nil
    }
    return value
  }

  /// Whether a value of `size` units may be built at `range` (E0256).
  /// Strings are checked before they are joined, so the text past the
  /// limit is never made.
  mutating func withinSize(_ size: Int, at range: SourceRange) -> Bool {
    guard size > ValueLimits.maximumSize else { return true }
    report(
      LanguageCodes.valueTooLarge, range,
      "this builds a value of more than \(ValueLimits.maximumSize) units (string bytes and list items, nested lists counted whole); a value holds at most \(ValueLimits.maximumSize)"
    )
    return false
  }

  /// Counts `units` of work on values; false (reported once, and
  /// expansion stops) past the limit (E0257).
  mutating func spendValueWork(_ units: Int, at range: SourceRange) -> Bool {
    // Only this limit's crossing stops values: past another limit the
    // file's own lets and lists still evaluate (and report their errors).
    guard budget.valueWork <= budget.limits.valueWork else { return false }
    budget.valueWork += units
    guard budget.valueWork <= budget.limits.valueWork else {
      budget.exhausted = true
      report(
        LanguageCodes.tooMuchValueWork, range,
        "this takes the work of building and comparing values past \(budget.limits.valueWork) units in all; expansion stops here"
      )
      return false
    }
    return true
  }

  /// Whether `a` equals `b` as a comparison sees them (colours by their
  /// light value), after spending the work of walking both: linear in
  /// their sizes, which are bounded as built. Nil past the work limit.
  mutating func compareValues(_ a: Computed, _ b: Computed, at range: SourceRange) -> Bool? {
    let work = a.measure(upTo: ValueLimits.maximumSize).size + b.measure(upTo: ValueLimits.maximumSize).size
    guard spendValueWork(work, at: range) else { return nil }
    return a.lightValue == b.lightValue
  }
}
