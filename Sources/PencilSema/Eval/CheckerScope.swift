import PencilSyntax

/// What the code being checked sees and whose code it is: the file's
/// statements, a block inside them, or the body of a component or a
/// parametric shape. A body runs in a scope of its own (its parameters
/// and the `let`s of its file that precede its definition, never its
/// caller's names) and gives the caller's back when it ends, so entering
/// and leaving a body swaps this one value (see Checker+Expansion and
/// Checker+Shapes).
struct CheckerScope {
  /// Parameters, loop variables and the `let`s of blocks, innermost last.
  var locals = LocalBindings()
  /// Where the innermost block's names start in `locals`.
  var blockStart = 0
  /// Whether a `let` declared now is the file's (outside any block and
  /// body) rather than a block's.
  var atFileLevel = true
  /// The `let`s of the file whose code runs: this file's, or, inside a
  /// component from an imported file, that file's (see `LetStore`).
  var lets = LetStore()
  /// How many of `lets` the statement being checked can see: all that
  /// precede it, also when it waited for the end of the file.
  var visibleFileLets = Int.max
  /// The element names the code can anchor to: the file's, or those of
  /// the use of a component whose body runs (see ElementNames.swift).
  var elementNames: [Name: ElementName] = [:]
  /// Whose code it is: the file's, or a component's body for one use or
  /// on its own.
  var code = CheckedCode.file
}
