/// The characters the ASCII backend draws with, and the darkness (share of
/// a cell covered by ink, 0…1) each one stands for. The quality script
/// (`scripts/ascii-quality.py`) reads this table from this file.
enum ASCIIGlyphs {
  /// Interiors: a density ramp from empty to full.
  static let ramp: [(character: Character, darkness: Double)] = [
    (" ", 0.0), (".", 0.1), (":", 0.2), ("-", 0.3), ("=", 0.4), ("+", 0.5), ("*", 0.6), ("#", 0.75),
    ("%", 0.85), ("@", 1.0),
  ]

  /// Edges, drawn where they run, and small marks.
  static let edges: [(character: Character, darkness: Double)] = [
    ("/", 0.3), ("\\", 0.3), ("|", 0.3), ("(", 0.3), (")", 0.3), ("_", 0.2), ("'", 0.1), (",", 0.1),
  ]

  static func rampCharacter(for darkness: Double) -> Character {
    var best = ramp[0]
    for entry in ramp where abs(entry.darkness - darkness) < abs(best.darkness - darkness) { best = entry }
    return best.character
  }

  /// Quadrant blocks by mask: top-left 1, top-right 2, bottom-left 4, bottom-right 8.
  static let quadrants: [Character] = [
    " ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█",
  ]

  /// Shades for cells of one even tone.
  static let shades: [Character] = [" ", "░", "▒", "▓", "█"]
}
