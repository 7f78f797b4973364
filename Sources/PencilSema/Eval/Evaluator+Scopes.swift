import PencilDiagnostics
import PencilSyntax

/// Names bound by `let`, loops and parameters. Scopes are a stack: a
/// block pushes a mark and pops back to it; lookups go innermost first,
/// then to the file's `let`s visible where the statement stands.
struct Binding {
  enum Kind { case letBinding, loopVariable, parameter, imported }

  let name: Name
  var value: Computed
  /// Where the name is declared (for "shadows" and "unused" warnings).
  let declaration: SourceRange
  /// Where the value came from: for a parameter, the argument at the
  /// call site. The prelude reports value errors there, since its own
  /// source is not the user's.
  let origin: SourceRange
  var kind: Kind
  /// A file-level `let` that waits for a definition further on.
  var pending = false
  /// The file it is declared in.
  var file = FileID.main
  /// Where a `let`'s value uses `pi`, directly or through other lets: a
  /// value in radians, which `sin` and `cos` warn about (W0013).
  var piUses: [SourceRange] = []
  /// `width` and `height` in a component's body: the frame's, declared
  /// by nothing the user wrote.
  var implicit = false
  /// Declared by `color NAME …`.
  var isColorSet = false
}

/// A file's `let`s in order. A class, so a component keeps the table of
/// the file it was defined in (with how many it sees) wherever it is used.
///
/// Indexed by name, so finding a name costs the same with 64,000 `let`s
/// as with ten: a scan from the end made each new name (the "hides"
/// check, the "declared twice" check) cost the number of earlier `let`s,
/// and a file of N `let`s cost N² (issue 21).
final class LetStore {
  private(set) var bindings: [Binding] = []
  /// The slots of each name in `bindings`, ascending. A slot's name never
  /// changes, so appending is the only thing that moves the index.
  private var slots: [Name: [Int]] = [:]
  /// Slots examined by lookups, counted only when a test sets it (a
  /// file of N `let`s must cost O(N) of them; `LetLookupTests` checks it
  /// without timing anything). Nil otherwise: a component's store is read
  /// by the light and dark compilations at once, and reads write nothing.
  var probes: Int? = nil

  func append(_ binding: Binding) {
    slots[binding.name, default: []].append(bindings.count)
    bindings.append(binding)
  }

  /// Changes a binding in place; its name stays (it is a `let`).
  func update(_ slot: Int, _ change: (inout Binding) -> Void) {
    change(&bindings[slot])
  }

  /// The last slot of `name` below `visible` that `accepts`, if any.
  func lastSlot(of name: Name, below visible: Int, where accepts: (Binding) -> Bool = { _ in true }) -> Int? {
    guard let named = slots[name] else { return nil }
    // Slots ascend: skip, by halving, those the statement cannot see.
    var low = 0
    var high = named.count
    while low < high {
      probes? += 1
      let middle = (low + high) / 2
      if named[middle] < visible { low = middle + 1 } else { high = middle }
    }
    // A name has a slot per declaration (and one while it waits), so this
    // walks a handful at most.
    for slot in named[..<low].reversed() {
      probes? += 1
      if accepts(bindings[slot]) { return slot }
    }
    return nil
  }
}

extension Evaluator {
  /// The innermost binding of `name`, locals first, then the file's
  /// visible `let`s (an imported file's come first among them).
  func binding(_ name: Name) -> Binding? {
    if let local = scope.locals.last(named: name, from: 0) { return local }
    return scope.lets.lastSlot(of: name, below: scope.visibleFileLets).map { fileLets[$0] }
  }

  /// Binds a name in the innermost scope (the file's, outside any block),
  /// warning when it hides another.
  mutating func bind(
    _ identifier: Identifier, _ value: Computed, kind: Binding.Kind, origin: SourceRange? = nil, pending: Bool = false,
    implicit: Bool = false, colorSet: Bool = false
  ) {
    // Parameters may hide file-level names, as Swift's do; lets and loop
    // variables that hide a name are warned about.
    if !scope.code.isPrelude, kind == .letBinding || kind == .loopVariable, let hidden = binding(identifier.key) {
      diagnostics.append(
        Diagnostic(
          SemaCodes.shadowedName, identifier.range,
          "'\(identifier.name)' hides \(hidden.kind == .parameter ? "a parameter" : "an earlier name") of the same name"
        ).withNote("the hidden '\(identifier.name)' is declared here", at: hidden.declaration)
          .inFile(hidden.file == currentFile ? nil : hidden.file))
    }
    var binding = Binding(
      name: identifier.key, value: value, declaration: identifier.range, origin: origin ?? identifier.range,
      kind: kind)
    binding.pending = pending
    // The file whose code declares it: a component's body runs in its own
    // file's names, wherever it is used.
    binding.file = currentFile
    binding.implicit = implicit
    binding.isColorSet = colorSet
    if !implicit {
      let declared: NameKind =
        switch kind {
        case .letBinding, .imported: colorSet ? .colorSet : .letBinding
        case .loopVariable: .loopVariable
        case .parameter: .parameter
        }
      recordDeclaration(identifier, as: declared)
    }
    if kind == .letBinding, !scope.code.isPrelude { declaredLets.append(identifier) }
    if scope.atFileLevel {
      scope.lets.append(binding)
    } else {
      scope.locals.append(binding)
    }
  }

  /// Marks a `let` used, so it is not reported as unused.
  mutating func markUsed(_ binding: Binding) {
    guard binding.kind == .letBinding else { return }
    let start = binding.declaration.start
    if !usedLets.contains(start) { usedLets.insert(start) }
  }

  /// W0006 for every `let` nothing read; called once, at the end.
  mutating func reportUnusedLets() {
    var seen = Set<Int>()
    for name in declaredLets where !usedLets.contains(name.range.start) && seen.insert(name.range.start).inserted {
      let what = isColorSet(name) ? "colour set" : "'let'"
      diagnostics.append(
        Diagnostic(SemaCodes.unusedLet, name.range, "'\(name.name)' is never used; use it or remove its \(what)"))
    }
  }

  /// Whether the name is declared by `color NAME …` (a colour set is a
  /// file-level name like a `let`): the word before it says.
  private func isColorSet(_ name: Identifier) -> Bool {
    var end = min(name.range.start, bytes.count)
    while end > 0, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
    return end >= 5 && bytes[(end - 5)..<end].elementsEqual("color".utf8) && (end == 5 || !isWordByte(bytes[end - 6]))
  }

  private func isWordByte(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "_") || (byte >= 48 && byte <= 57) || (byte | 0x20 >= 97 && byte | 0x20 <= 122)
  }
}
