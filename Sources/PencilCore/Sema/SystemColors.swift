/// Apple's system colours in their light appearance, as listed in the Human
/// Interface Guidelines (Color - Specifications), written with a leading
/// dot like SwiftUI's `Color.blue`. The light values are the right ones for
/// a picture that is rendered once, with no appearance to adapt to.
enum SystemColors {
  static let table: [(name: String, rgba: UInt32)] = [
    ("black", 0x0000_00FF), ("blue", 0x007A_FFFF), ("brown", 0xA284_5EFF),
    ("clear", 0x0000_0000), ("cyan", 0x32AD_E6FF), ("gray", 0x8E8E_93FF),
    ("green", 0x34C7_59FF), ("indigo", 0x5856_D6FF), ("mint", 0x00C7_BEFF),
    ("orange", 0xFF95_00FF), ("pink", 0xFF2D_55FF), ("purple", 0xAF52_DEFF),
    ("red", 0xFF3B_30FF), ("systemGray", 0x8E8E_93FF), ("systemGray2", 0xAEAE_B2FF),
    ("systemGray3", 0xC7C7_CCFF), ("systemGray4", 0xD1D1_D6FF), ("systemGray5", 0xE5E5_EAFF),
    ("systemGray6", 0xF2F2_F7FF), ("teal", 0x30B0_C7FF), ("white", 0xFFFF_FFFF),
    ("yellow", 0xFFCC_00FF),
  ]

  static func rgba(named name: String) -> UInt32? {
    table.first { $0.name == name }?.rgba
  }

  static let names: [String] = table.map(\.name)
}
