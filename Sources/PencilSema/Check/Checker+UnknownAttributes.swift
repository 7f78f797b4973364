import PencilDiagnostics
import PencilSyntax

extension Checker {
  /// E0205, with a fix: pencil's spelling of a word from another tool
  /// (`rotate` → `rotation`, `weight=bold` → `font=headline`; see
  /// `PeerSpellings`), else the closest attribute by edit distance.
  mutating func reportUnknownAttribute(
    _ attribute: Attribute, among attributes: [Attribute], _ specs: [AttributeSpec], of kind: String
  ) {
    let name = attribute.name
    if name.key == .clip {
      // A clip cuts children; an element without them has nothing to cut.
      return evaluator.diagnostics.append(
        Diagnostic(
          SemaCodes.unknownAttribute, name.range,
          "'\(kind)' has no attribute 'clip': a clip cuts the children of a stack or a component's use, and '\(kind)' has none; put it in a zstack with clip="
        ).withFix("remove 'clip='", replacing: removalRange(attribute.range), with: ""))
    }
    // The modifiers every element takes are suggested, not listed.
    let accepted = specs.lazy.filter { !$0.isModifier }.map(\.name)
    let suggestible = specs.map(\.name)
    var diagnostic = Diagnostic(
      SemaCodes.unknownAttribute, name.range,
      "'\(kind)' has no attribute '\(name.name)'; it takes \(accepted.joined(separator: ", "))")
    if let peers = PeerSpellings.attributes[name.name] {
      if let fixed = peerFix(
        attribute, among: attributes, peers: peers, suggestible: suggestible, diagnostic, of: kind)
      {
        diagnostic = fixed
      }
      return evaluator.diagnostics.append(diagnostic)
    }
    // fill and color are easy to swap: shapes are filled, pencils and text
    // coloured. A misspelling of the other word points to the right one.
    let swaps = ["color": "fill", "fill": "color"].filter { suggestible.contains($0.value) }
    let guess = Suggestions.closest(to: name.name, among: suggestible + swaps.keys.sorted())
    if let suggestion = guess.map({ swaps[$0] ?? $0 }) {
      diagnostic = diagnostic.withFix("did you mean '\(suggestion)'?", replacing: name.range, with: suggestion)
    }
    evaluator.diagnostics.append(diagnostic)
  }

  /// The fix for an attribute another tool spells `attribute.name`, if the
  /// element takes pencil's spelling of it.
  private func peerFix(
    _ attribute: Attribute, among attributes: [Attribute], peers: [String], suggestible: [String],
    _ diagnostic: Diagnostic, of kind: String
  ) -> Diagnostic? {
    guard let peer = peers.first(where: { suggestible.contains($0) }) else { return nil }
    let name = attribute.name
    guard peer == "font", name.name != "fontSize" else {
      // The word is known: name pencil's spelling, not every attribute.
      var named = diagnostic
      named.message = "'\(kind)' has no attribute '\(name.name)'; pencil calls it '\(peer)'"
      return named.withFix("did you mean '\(peer)'?", replacing: name.range, with: peer)
    }
    // A weight: text styles have fixed weights, and the bold one is
    // headline (17 points, as body).
    var explained = diagnostic
    explained.message += "; a text style has its own weight, and the bold one is font=headline"
    let hasFont = attributes.contains { $0.name.key == .font }
    guard case .name(let weight) = attribute.value, PeerSpellings.boldWeights.contains(weight.name), !hasFont else {
      return explained.withFix(
        "remove '\(name.name)='", replacing: removalRange(attribute.range), with: "")
    }
    return explained.withFix("write font=headline", replacing: attribute.range, with: "font=headline")
  }

  /// `font=body.bold` and `font=.body` (SwiftUI's `.font(.body.bold())`):
  /// E0213 with a fix to the style alone, or to headline, the bold style,
  /// for body's size. False when the expression is none of these.
  mutating func reportStyleWithWeight(_ expression: Expr) -> Bool {
    guard case .member(let base, let member, _, let range) = expression else { return false }
    let style: Identifier
    switch base {
    case .name(let identifier), .dotName(let identifier, _): style = identifier
    default: return false
    }
    guard evaluator.binding(style.key) == nil, evaluator.scope.elementNames[style.key] == nil,
      ElementKinds.fontStyles.contains(where: { $0.name == style.name })
    else { return false }
    let bold = PeerSpellings.boldWeights.contains(member.name) || member.name == "weight"
    let replacement = bold && (style.name == "body" || style.name == "headline") ? "headline" : style.name
    evaluator.diagnostics.append(
      Diagnostic(
        SemaCodes.unknownFont, range,
        "a text style has no '.\(member.name)': each style has its own weight, and the bold one is headline (17 points, as body)"
      ).withFix("write \(replacement)", replacing: range, with: replacement))
    return true
  }
}
