/// A name with a precomputed key, so that the checker, which compares
/// every attribute and element name against its tables, compares integers
/// instead of taking Swift's slow path for unequal strings.
///
/// The key packs the first six bytes, the last one and the length; names
/// of up to seven bytes are equal exactly when their keys are, longer ones
/// compare their text when the keys match.
struct Name: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  let text: String
  let key: UInt64

  init(_ text: String) {
    self.init(text, utf8: Array(text.utf8)[...])
  }

  /// For the parser, which has the bytes at hand already.
  init(_ text: String, utf8 bytes: ArraySlice<UInt8>) {
    self.text = text
    key = Name.key(of: bytes)
  }

  /// The key of a name spelled by `bytes`, without making its string.
  static func key(of bytes: ArraySlice<UInt8>) -> UInt64 {
    var key: UInt64 = 0
    var shift: UInt64 = 0
    for byte in bytes.prefix(6) {
      key |= UInt64(byte) << shift
      shift += 8
    }
    // The last byte too: names that differ only at their end
    // (padding.trailing, padding.vertical) keep distinct keys.
    key |= UInt64(bytes.last ?? 0) << 48
    return key | UInt64(min(bytes.count, 255)) << 56
  }

  init(stringLiteral text: String) { self.init(text) }

  var description: String { text }

  static func == (a: Name, b: Name) -> Bool {
    a.key == b.key && (a.key >> 56 <= 7 || a.text == b.text)
  }

  func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// The names the checker looks for, built once.
extension Name {
  static let at = Name("at")
  static let size = Name("size")
  static let fill = Name("fill")
  static let color = Name("color")
  static let gradient = Name("gradient")
  static let opacity = Name("opacity")
  static let timber = Name("timber")
  static let fillRule = Name("fillrule")
  static let spacing = Name("spacing")
  static let radius = Name("radius")
  static let font = Name("font")
  static let align = Name("align")
  static let background = Name("background")
  static let offset = Name("offset")
  static let rotation = Name("rotation")
  static let scale = Name("scale")
  static let anchor = Name("anchor")
  static let clip = Name("clip")
  static let cornerRadius = Name("cornerRadius")
  static let hue = Name("h")
  static let saturation = Name("s")
  static let brightness = Name("b")
  static let pencil = Name("pencil")
  static let text = Name("text")
  static let hstack = Name("hstack")
  static let vstack = Name("vstack")
  static let zstack = Name("zstack")
  static let shape = Name("shape")
  static let canvas = Name("canvas")
  static let component = Name("component")
  static let importKeyword = Name("import")
  static let letKeyword = Name("let")
  static let forKeyword = Name("for")
  static let ifKeyword = Name("if")
  static let elseKeyword = Name("else")
  static let inKeyword = Name("in")
  static let width = Name("width")
  static let spacer = Name("spacer")
  static let stroke = Name("stroke")
  static let from = Name("from")
  static let to = Name("to")
  static let line = Name("line")
  static let arrow = Name("arrow")
  static let path = Name("path")
  static let arrowheads = Name("arrowheads")
  static let label = Name("label")
  static let route = Name("route")
  static let lineWidth = Name("lineWidth")
  static let lineCap = Name("lineCap")
  static let lineJoin = Name("lineJoin")
  static let miterLimit = Name("miterLimit")
  static let dash = Name("dash")
  static let dashPhase = Name("dashPhase")
  static let alignment = Name("alignment")
  static let minLength = Name("minLength")
  static let lineLimit = Name("lineLimit")
  static let appearance = Name("appearance")
  static let height = Name("height")
}
