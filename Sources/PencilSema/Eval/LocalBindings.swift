import PencilSyntax

/// The names bound inside blocks, innermost last, indexed by name as the
/// file's `let`s are (`LetStore`): a block of 64,000 `let`s would
/// otherwise scan every earlier one for each new name. A value, so saving
/// and restoring it around a component's body shares its storage.
struct LocalBindings {
  private(set) var bindings: [Binding] = []
  /// The slots of each name in `bindings`, ascending.
  private var slots: [Name: [Int]] = [:]
  var count: Int { bindings.count }

  mutating func append(_ binding: Binding) {
    slots[binding.name, default: []].append(bindings.count)
    bindings.append(binding)
  }

  /// Leaves the first `mark` bindings: a block's names go when it ends.
  mutating func truncate(to mark: Int) {
    while bindings.count > mark, let last = bindings.popLast() {
      slots[last.name]?.removeLast()
      if slots[last.name]?.isEmpty == true { slots[last.name] = nil }
    }
  }

  /// Changes the innermost binding in place; its name stays.
  mutating func updateLast(_ change: (inout Binding) -> Void) {
    guard !bindings.isEmpty else { return }
    change(&bindings[bindings.count - 1])
  }

  /// The innermost binding of `name` at or after slot `start`: one
  /// dictionary lookup, whatever the number of names.
  func last(named name: Name, from start: Int) -> Binding? {
    guard let slot = slots[name]?.last, slot >= start else { return nil }
    return bindings[slot]
  }
}
