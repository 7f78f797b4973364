import PencilSyntax

/// Where a component's body passes a `Color` parameter straight to a
/// shape's `fill=`, and nowhere else: a use whose arguments differ from the
/// component's last expansion only in such colours is that expansion with
/// the fills swapped, and the body need not run again.
///
/// Why: the expansion cache is keyed by the arguments, so a loop that gives
/// every `pencil` its own hue never hits it, and ran the prelude's body (three
/// shapes, each with its attributes resolved and checked) 100,000 times;
/// swapping a colour in three copied shapes costs about what a cache hit does.
///
/// Only bodies where nothing else can depend on the colour qualify: every
/// statement a plain element with no name, label or children (no `let`,
/// `for` or `if`), each shape fed the colour taking only `fill`, `gradient`,
/// `opacity`, `at` and `size` (a stroke or background may derive from the
/// fill), and no parameter's default reading the colour. A colour checks
/// without diagnostics wherever `fill=` takes one, so the swapped expansion
/// reports what running the body would: nothing.
struct ColorSlots: Equatable {
  /// Per parameter: the body statements whose `fill=` is that parameter
  /// (each statement makes one child), empty where it cannot be swapped.
  let fills: [[Int]]
  /// How many statements the body has, so children a problem left out
  /// (none are then swapped) are noticed.
  let statements: Int

  private static let quietAttributes: [Name] = [.fill, .gradient, .opacity, .at, .size]

  /// Nil where no parameter can be swapped.
  init?(_ component: ComponentStatement, types: [DeclaredType?]) {
    var elements: [ElementStatement] = []
    for statement in component.body {
      guard case .element(let element) = statement, element.children == nil, element.label == nil,
        element.name == nil
      else { return nil }
      elements.append(element)
    }
    var fills: [[Int]] = []
    for (index, parameter) in component.parameters.enumerated() {
      let key = parameter.name.key
      guard index < types.count, types[index] == .color else {
        fills.append([])
        continue
      }
      var reads = 0
      SyntaxWalk.names(in: component.body) { if $0 == key { reads += 1 } }
      for other in component.parameters {
        if let defaultValue = other.defaultValue { SyntaxWalk.names(in: defaultValue) { if $0 == key { reads += 1 } } }
      }
      var slots: [Int] = []
      for (position, element) in elements.enumerated() {
        let fed = element.attributes.contains {
          guard $0.name.key == .fill, case .name(let name) = $0.value else { return false }
          return name.key == key
        }
        guard fed else { continue }
        guard element.attributes.allSatisfy({ ColorSlots.quietAttributes.contains($0.name.key) }) else {
          slots = []
          break
        }
        slots.append(position)
      }
      fills.append(slots.count == reads ? slots : [])
    }
    guard fills.contains(where: { !$0.isEmpty }) else { return nil }
    self.fills = fills
    statements = elements.count
  }

  /// `children` (the expansion for `previous`) recoloured for `arguments`;
  /// nil unless the two differ only in colours this can swap, and each
  /// swapped child is a shape filled with the previous colour.
  func recolor(_ children: [ElementModel], from previous: [Computed], to arguments: [Computed]) -> [ElementModel]? {
    guard previous.count == arguments.count, arguments.count == fills.count, children.count == statements else {
      return nil
    }
    var result = children
    for index in arguments.indices where previous[index] != arguments[index] {
      guard !fills[index].isEmpty, case .color(let old) = previous[index], case .color(let new) = arguments[index]
      else { return nil }
      for position in fills[index] {
        guard case .shape(var shape) = result[position].content, shape.fill.color == old else { return nil }
        shape.fill.color = new
        result[position].content = .shape(shape)
      }
    }
    return result
  }
}
