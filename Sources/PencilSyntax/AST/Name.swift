/// A name with a precomputed key, so that the checker, which compares
/// every attribute and element name against its tables, compares integers
/// instead of taking Swift's slow path for unequal strings.
///
/// The key packs the first six bytes, the last one and the length; names
/// of up to seven bytes are equal exactly when their keys are, longer ones
/// compare their text when the keys match.
///
/// Public, with its conformances, only so that the stages above compare
/// and hash names inline: across targets, a package conformance is called
/// through its witness table (7% more instructions for a compile).
public struct Name: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  package let text: String
  package let key: UInt64

  package init(_ text: String) {
    // The key from the string's own UTF-8 storage: no array copied out.
    var text = text
    key = text.withUTF8 { Name.key(of: $0) }
    self.text = text
  }

  /// For the parser, which has the bytes at hand already.
  package init(_ text: String, utf8 bytes: ArraySlice<UInt8>) {
    self.text = text
    key = Name.key(of: bytes)
  }

  /// The name spelled by `bytes` (a token's, in the source): its text
  /// and its key made from them in one go.
  package init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    text = String(sourceUTF8: bytes)
    key = Name.key(of: bytes)
  }

  /// The key of a name spelled by `bytes`, without making its string.
  package static func key(of bytes: ArraySlice<UInt8>) -> UInt64 {
    bytes.withUnsafeBufferPointer { key(of: $0) }
  }

  /// The key of a name spelled by `bytes`: read through a pointer, a
  /// handful of instructions a byte, where the slice's generic `prefix`
  /// and `last` cost about a hundred a name.
  static func key(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let count = bytes.count
    guard let base = bytes.baseAddress, count > 0 else { return 0 }
    var key: UInt64 = 0
    for index in 0..<min(count, 6) {
      key |= UInt64(base[index]) << UInt64(8 * index)
    }
    // The last byte too: names that differ only at their end
    // (padding.trailing, padding.vertical) keep distinct keys.
    key |= UInt64(base[count - 1]) << 48
    return key | UInt64(min(count, 255)) << 56
  }

  public init(stringLiteral text: String) { self.init(text) }

  public var description: String { text }

  public static func == (a: Name, b: Name) -> Bool {
    a.key == b.key && (a.key >> 56 <= 7 || a.text == b.text)
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// The names the checker looks for, built once.
extension Name {
  package static let at = Name("at")
  package static let size = Name("size")
  package static let fill = Name("fill")
  package static let color = Name("color")
  package static let gradient = Name("gradient")
  package static let opacity = Name("opacity")
  package static let timber = Name("timber")
  package static let fillRule = Name("fillrule")
  package static let spacing = Name("spacing")
  package static let radius = Name("radius")
  package static let font = Name("font")
  package static let align = Name("align")
  package static let background = Name("background")
  package static let offset = Name("offset")
  package static let rotation = Name("rotation")
  package static let scale = Name("scale")
  package static let anchor = Name("anchor")
  package static let clip = Name("clip")
  package static let cornerRadius = Name("cornerRadius")
  package static let hue = Name("h")
  package static let saturation = Name("s")
  package static let brightness = Name("b")
  package static let pencil = Name("pencil")
  package static let text = Name("text")
  package static let hstack = Name("hstack")
  package static let vstack = Name("vstack")
  package static let zstack = Name("zstack")
  package static let content = Name("content")
  package static let shape = Name("shape")
  package static let canvas = Name("canvas")
  package static let component = Name("component")
  package static let importKeyword = Name("import")
  package static let letKeyword = Name("let")
  package static let forKeyword = Name("for")
  package static let ifKeyword = Name("if")
  package static let elseKeyword = Name("else")
  package static let inKeyword = Name("in")
  package static let width = Name("width")
  package static let spacer = Name("spacer")
  package static let stroke = Name("stroke")
  package static let from = Name("from")
  package static let to = Name("to")
  package static let line = Name("line")
  package static let arrow = Name("arrow")
  package static let path = Name("path")
  package static let arrowheads = Name("arrowheads")
  package static let label = Name("label")
  package static let route = Name("route")
  package static let lineWidth = Name("lineWidth")
  package static let lineCap = Name("lineCap")
  package static let lineJoin = Name("lineJoin")
  package static let miterLimit = Name("miterLimit")
  package static let dash = Name("dash")
  package static let dashPhase = Name("dashPhase")
  package static let alignment = Name("alignment")
  package static let minLength = Name("minLength")
  package static let lineLimit = Name("lineLimit")
  package static let appearance = Name("appearance")
  package static let height = Name("height")
  package static let start = Name("start")
  package static let end = Name("end")
  package static let value = Name("value")
  package static let total = Name("total")
  package static let after = Name("after")
  package static let innerRadius = Name("innerRadius")
  package static let angularInset = Name("angularInset")
  package static let bend = Name("bend")
  package static let loop = Name("loop")
  package static let shadow = Name("shadow")
  package static let shadowColor = Name("shadow.color")
  package static let shadowX = Name("shadow.x")
  package static let shadowY = Name("shadow.y")
  package static let blur = Name("blur")
}
