import PencilDiagnostics

/// The limits on what loops and components may expand to. Each has its own
/// code; the first crossing is reported at the loop, use or import that
/// crossed it, and expansion stops there, so hostile input costs bounded
/// time and memory.
package struct ExpansionBudget {
  static let maximumElements = 1_000_000
  static let maximumIterations = 1_000_000
  static let maximumNesting = 64
  /// Elements inside one another, through stacks and component bodies
  /// together (E0245): each checked element is a few frames of the stack.
  static let maximumDepth = 256
  static let maximumPathCommands = 10_000
  /// Evaluation steps of generated code (E0259): expressions evaluated,
  /// statements run and loop iterations, inside loops and component
  /// bodies. The other limits bound how often a body runs and how large
  /// its values grow, not how long the body is: 200 `let`s of 60 terms run
  /// a million times stayed within all of them for minutes.
  static let maximumSteps = 30_000_000
  /// Size computations layout may make for one compilation (E0244): 30
  /// for each of a million elements. Layout reads it from here.
  package static let maximumLayoutAnswers = 30_000_000

  /// The limits in force. The fuzzer compiles with smaller element and
  /// iteration limits (`fuzzing`): each of its inputs must run in seconds
  /// under AddressSanitizer, and what it explores is the same.
  package struct Limits {
    var elements = ExpansionBudget.maximumElements
    var iterations = ExpansionBudget.maximumIterations
    /// Size computations layout may make (E0244; see `Layout`).
    package var layoutAnswers = ExpansionBudget.maximumLayoutAnswers
    /// Units of values built and compared (E0257; see `ValueLimits`).
    var valueWork = ValueLimits.maximumWork
    /// Evaluation steps of generated code (E0259).
    var steps = ExpansionBudget.maximumSteps

    package static let standard = Limits()
    static let fuzzing = Limits(
      elements: 20_000, iterations: 20_000, layoutAnswers: 2_000_000, valueWork: 2_000_000, steps: 2_000_000)
  }

  var limits = Limits.standard

  /// Elements generated so far: those made inside a loop or a user
  /// component's body, each time one is made. Elements written out are
  /// bounded by the size of the file (a v1 scene of a million written
  /// pencils keeps compiling), and the parts of the prelude's `pencil`
  /// are one element, as the built-in pencil was.
  var elements = 0
  var iterations = 0
  var valueWork = 0
  var steps = 0
  /// Loops and component bodies being expanded: elements made while it is
  /// above zero are generated ones.
  var generating = 0
  /// Component uses being expanded, innermost last.
  var nesting = 0
  /// Elements being checked, inside one another.
  var depth = 0
  /// Set once a limit is crossed: nothing more is expanded.
  var exhausted = false
}

extension Evaluator {
  /// Counts `count` elements; false (reported once) past the limit.
  mutating func spendElements(_ count: Int, at range: SourceRange) -> Bool {
    guard budget.generating > 0 else { return true }
    return spend(count, on: \.elements, limit: budget.limits.elements, LanguageCodes.tooManyElements, at: range) {
      "this expands the file past \($0) elements; expansion stops here"
    }
  }

  /// Counts a loop's iterations before it runs; false (reported) past the limit.
  mutating func spendIterations(_ count: Int, at range: SourceRange) -> Bool {
    spend(count, on: \.iterations, limit: budget.limits.iterations, LanguageCodes.tooManyIterations, at: range) {
      "this loop takes the file past \($0) loop iterations in all (it runs \(count) times); expansion stops here"
    }
  }

  /// Counts one evaluation step at `range` (an expression, a statement or
  /// an iteration) when it is generated code's; false past the limit,
  /// which is reported once (unless another limit was crossed first) and
  /// stops all further expansion. Written-out code is bounded by the size
  /// of the file and counts nothing, as for elements.
  @inline(__always)
  mutating func spendStep(at range: @autoclosure () -> SourceRange) -> Bool {
    guard budget.generating > 0 else { return true }
    budget.steps += 1
    guard budget.steps > budget.limits.steps else { return true }
    if !budget.exhausted {
      budget.exhausted = true
      report(
        LanguageCodes.tooManySteps, range(),
        "this takes the file past \(budget.limits.steps) evaluation steps of loops and components; expansion stops here"
      )
    }
    return false
  }

  /// Adds `count` to a counter of the budget; the first time it passes
  /// `limit`, reports (`message` gets the limit) and stops all further
  /// expansion.
  private mutating func spend(
    _ count: Int, on counter: WritableKeyPath<ExpansionBudget, Int>, limit: Int, _ code: DiagnosticCode,
    at range: SourceRange, _ message: (Int) -> String
  ) -> Bool {
    guard !budget.exhausted else { return false }
    budget[keyPath: counter] += count
    guard budget[keyPath: counter] <= limit else {
      budget.exhausted = true
      report(code, range, message(limit))
      return false
    }
    return true
  }
}
