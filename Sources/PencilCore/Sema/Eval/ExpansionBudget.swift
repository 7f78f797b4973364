/// The limits on what loops and components may expand to. Each has its own
/// code; the first crossing is reported at the loop, use or import that
/// crossed it, and expansion stops there, so hostile input costs bounded
/// time and memory.
struct ExpansionBudget {
  static let maximumElements = 1_000_000
  static let maximumIterations = 1_000_000
  static let maximumNesting = 64
  static let maximumPathCommands = 10_000

  /// Elements generated so far: those made inside a loop or a user
  /// component's body, each time one is made. Elements written out are
  /// bounded by the size of the file (a v1 scene of a million written
  /// pencils keeps compiling), and the parts of the prelude's `pencil`
  /// are one element, as the built-in pencil was.
  var elements = 0
  var iterations = 0
  /// Loops and component bodies being expanded: elements made while it is
  /// above zero are generated ones.
  var generating = 0
  /// Component uses being expanded, innermost last.
  var nesting = 0
  /// Set once a limit is crossed: nothing more is expanded.
  var exhausted = false
}

extension Checker {
  /// Counts `count` elements; false (reported once) past the limit.
  mutating func spendElements(_ count: Int, at range: SourceRange) -> Bool {
    guard !checkingAlone, budget.generating > 0 else { return true }
    guard !budget.exhausted else { return false }
    budget.elements += count
    guard budget.elements <= ExpansionBudget.maximumElements else {
      budget.exhausted = true
      report(
        LanguageCodes.tooManyElements, range,
        "this expands the file past \(ExpansionBudget.maximumElements) elements; expansion stops here")
      return false
    }
    return true
  }

  /// Counts a loop's iterations before it runs; false (reported) past the limit.
  mutating func spendIterations(_ count: Int, at range: SourceRange) -> Bool {
    guard !checkingAlone else { return true }
    guard !budget.exhausted else { return false }
    budget.iterations += count
    guard budget.iterations <= ExpansionBudget.maximumIterations else {
      budget.exhausted = true
      report(
        LanguageCodes.tooManyIterations, range,
        "this loop takes the file past \(ExpansionBudget.maximumIterations) loop iterations in all (it runs \(count) times); expansion stops here"
      )
      return false
    }
    return true
  }
}
