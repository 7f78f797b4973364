import PencilDiagnostics
import PencilSyntax

/// A name written in an expression is used, whatever became of the
/// expression: `sqrt(v, 2)` is an arity error, and warning besides that
/// `let v` is never used (W0008) would be false. So when evaluation gives
/// up on an expression (an error), or skips part of it (`false && v`,
/// `min(unknown, v)`), or never starts (the value of an unknown or
/// repeated attribute, the arguments of an unknown element), the `let`s
/// it names are marked used from its syntax.
struct NamesReadState {
  /// `evaluate` calls inside one another: the outermost one marks.
  var depth = 0
  /// Set when an operand was skipped, until the outermost `evaluate` ends.
  var skipped = false
  /// The expressions already walked, by file and range: an expression
  /// in a loop fails once per iteration, and walking it each time would
  /// cost its size times the iterations.
  var walked: Set<WalkedExpression> = []

  struct WalkedExpression: Hashable {
    let file: FileID
    let range: SourceRange
  }
}

extension Evaluator {
  /// Marks the `let`s named in `expression`, once per expression.
  mutating func markNamesRead(inAbandoned expression: Expr) {
    namesRead.skipped = false
    markNamesRead(in: expression)
  }

  /// Marks the `let`s named in `expression` used, without evaluating it;
  /// once per place, however many iterations fail there.
  mutating func markNamesRead(in expression: Expr) {
    guard firstWalk(of: expression.range) else { return }
    SyntaxWalk.names(in: expression) { name in
      if let binding = binding(name) { markUsed(binding) }
    }
  }

  /// The same for statements never checked (an unknown element's).
  mutating func markNamesRead(in statements: [Statement]) {
    guard let first = statements.first, let last = statements.last,
      firstWalk(of: first.range.union(last.range))
    else { return }
    SyntaxWalk.names(in: statements) { name in
      if let binding = binding(name) { markUsed(binding) }
    }
  }

  /// Whether the code at `range` of the file being checked is walked for
  /// the first time (it is then recorded as walked).
  private mutating func firstWalk(of range: SourceRange) -> Bool {
    let key = NamesReadState.WalkedExpression(file: currentFile, range: range)
    return namesRead.walked.insert(key).inserted
  }
}
