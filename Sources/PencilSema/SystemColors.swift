import PencilGeometry

/// Which of a colour set's values a picture uses: iOS's light or dark
/// appearance (`--appearance`, `canvas … appearance=`).
public enum Appearance: String, Sendable, CaseIterable {
  case light, dark
}

/// Apple's system colours, written with a leading dot like SwiftUI's
/// `Color.blue`, with their value in each appearance. The values are iOS
/// 15–18's, from the Human Interface Guidelines (Color → Specifications)
/// and UIKit's runtime values for the semantic colours, which the HIG
/// names but does not number; `docs/design/system-colors.md` has the
/// sources and why iOS 26's newer hues are not used.
package enum SystemColors {
  package struct Entry {
    package let name: String
    package let light: Color
    package let dark: Color
    package var adapts: Bool { light != dark }
  }

  /// `0xRRGGBB`, with an alpha in 0…1 kept as the decimal the sources give.
  private static func rgb(_ value: UInt32, _ alpha: Double = 1) -> Color {
    Color(
      red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255, blue: Double(value & 0xFF) / 255,
      alpha: alpha)
  }

  private static func entry(_ name: String, _ light: UInt32, _ dark: UInt32) -> Entry {
    Entry(name: name, light: rgb(light), dark: rgb(dark))
  }

  private static func entry(_ name: String, _ light: (UInt32, Double), _ dark: (UInt32, Double)) -> Entry {
    Entry(name: name, light: rgb(light.0, light.1), dark: rgb(dark.0, dark.1))
  }

  package static let table: [Entry] = [
    // Fixed colours.
    entry("black", 0x000000, 0x000000), entry("white", 0xFFFFFF, 0xFFFFFF),
    entry("clear", (0x000000, 0), (0x000000, 0)),
    // The system colours (SwiftUI's `.red` is UIKit's `systemRed`).
    entry("blue", 0x007AFF, 0x0A84FF), entry("brown", 0xA2845E, 0xAC8E68),
    entry("cyan", 0x32ADE6, 0x64D2FF), entry("gray", 0x8E8E93, 0x8E8E93),
    entry("green", 0x34C759, 0x30D158), entry("indigo", 0x5856D6, 0x5E5CE6),
    entry("mint", 0x00C7BE, 0x63E6E2), entry("orange", 0xFF9500, 0xFF9F0A),
    entry("pink", 0xFF2D55, 0xFF375F), entry("purple", 0xAF52DE, 0xBF5AF2),
    entry("red", 0xFF3B30, 0xFF453A), entry("teal", 0x30B0C7, 0x40C8E0),
    entry("yellow", 0xFFCC00, 0xFFD60A),
    entry("systemGray", 0x8E8E93, 0x8E8E93), entry("systemGray2", 0xAEAEB2, 0x636366),
    entry("systemGray3", 0xC7C7CC, 0x48484A), entry("systemGray4", 0xD1D1D6, 0x3A3A3C),
    entry("systemGray5", 0xE5E5EA, 0x2C2C2E), entry("systemGray6", 0xF2F2F7, 0x1C1C1E),
    // Semantic colours: what a UI element is, not what it looks like.
    entry("label", 0x000000, 0xFFFFFF),
    entry("secondaryLabel", (0x3C3C43, 0.6), (0xEBEBF5, 0.6)),
    entry("tertiaryLabel", (0x3C3C43, 0.3), (0xEBEBF5, 0.3)),
    entry("quaternaryLabel", (0x3C3C43, 0.18), (0xEBEBF5, 0.16)),
    entry("placeholderText", (0x3C3C43, 0.3), (0xEBEBF5, 0.3)),
    entry("link", 0x007AFF, 0x0984FF),
    entry("systemBackground", 0xFFFFFF, 0x000000),
    entry("secondarySystemBackground", 0xF2F2F7, 0x1C1C1E),
    entry("tertiarySystemBackground", 0xFFFFFF, 0x2C2C2E),
    entry("systemGroupedBackground", 0xF2F2F7, 0x000000),
    entry("secondarySystemGroupedBackground", 0xFFFFFF, 0x1C1C1E),
    entry("tertiarySystemGroupedBackground", 0xF2F2F7, 0x2C2C2E),
    entry("separator", (0x3C3C43, 0.29), (0x545458, 0.6)),
    entry("opaqueSeparator", 0xC6C6C8, 0x38383A),
    entry("systemFill", (0x787880, 0.2), (0x787880, 0.36)),
    entry("secondarySystemFill", (0x787880, 0.16), (0x787880, 0.32)),
    entry("tertiarySystemFill", (0x767680, 0.12), (0x767680, 0.24)),
    entry("quaternarySystemFill", (0x747480, 0.08), (0x767680, 0.18)),
  ]

  package static func entry(named name: String) -> Entry? {
    table.first { $0.name == name }
  }

  static let names: [String] = table.map(\.name)
}
