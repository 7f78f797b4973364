/// One picture the plugin makes from a scene: a PNG at a whole scale, or
/// an SVG. Chosen per scene by a line comment in it,
/// `// pencil-outputs: png png@2x svg`; without one a scene makes `png`.
struct SceneOutput: Equatable {
  enum Format: String {
    case png, svg
  }

  var format: Format
  /// Pixels per point; always 1 for SVG, which has no pixels.
  var scale: Int

  static let standard = [SceneOutput(format: .png, scale: 1)]

  /// `icon.png`, `icon@2x.png`, `icon.svg`: the names Apple's asset
  /// conventions use, so `@2x` pictures sit beside their 1x ones.
  func fileName(stem: String) -> String {
    scale == 1 ? "\(stem).\(format.rawValue)" : "\(stem)@\(scale)x.\(format.rawValue)"
  }

  /// pencilc's flags for this output (the format follows the extension of -o).
  var arguments: [String] { scale == 1 ? [] : ["--scale", "\(scale)"] }

  /// The outputs a directive's text names, in its order without repeats,
  /// or why it cannot be read. Words are separated by blanks or commas.
  static func parse(_ text: String) -> Result<[SceneOutput], DirectiveError> {
    var outputs: [SceneOutput] = []
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
    for word in words {
      guard let output = SceneOutput(word: String(word)) else {
        return .failure(
          DirectiveError(
            message: "unknown output '\(word)' after \(SceneScan.directive); expected png, png@2x, png@3x … or svg"))
      }
      if !outputs.contains(output) { outputs.append(output) }
    }
    if outputs.isEmpty {
      return .failure(DirectiveError(message: "\(SceneScan.directive) names no outputs; expected e.g. png png@2x svg"))
    }
    return .success(outputs)
  }

  /// `png`, `svg`, or `png@Nx` with N a whole number from 1 to 64
  /// (pencilc's largest --scale).
  init?(word: String) {
    let parts = word.split(separator: "@", maxSplits: 1)
    guard let first = parts.first, let format = Format(rawValue: String(first)) else { return nil }
    var scale = 1
    if parts.count == 2 {
      guard format == .png, parts[1].hasSuffix("x"), let number = Int(parts[1].dropLast()), (1...64).contains(number)
      else { return nil }
      scale = number
    }
    self.init(format: format, scale: scale)
  }

  init(format: Format, scale: Int) {
    self.format = format
    self.scale = scale
  }
}

struct DirectiveError: Error {
  var message: String
}
