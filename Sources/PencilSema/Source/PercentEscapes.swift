/// `%XX` escapes on bytes, for the shells that meet them: the language
/// server's `file:` URIs and the preview server's request paths and
/// queries decode with this one piece.
public enum PercentEscapes {
  /// `bytes` with each `%XX` replaced by its byte, and `+` by a space when
  /// `plusIsSpace` (a query's form encoding). A malformed escape makes the
  /// whole nil when `strict` (a request, refused with 400); otherwise it
  /// is kept as written (a URI from an editor, read as leniently as it can be).
  public static func decode(_ bytes: some Collection<UInt8>, plusIsSpace: Bool = false, strict: Bool) -> [UInt8]? {
    let input = Array(bytes)
    var decoded: [UInt8] = []
    decoded.reserveCapacity(input.count)
    var index = 0
    while index < input.count {
      let byte = input[index]
      if byte == UInt8(ascii: "%") {
        if index + 2 < input.count, let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2]) {
          decoded.append(high << 4 | low)
          index += 3
          continue
        }
        if strict { return nil }
        decoded.append(byte)
      } else if plusIsSpace, byte == UInt8(ascii: "+") {
        decoded.append(UInt8(ascii: " "))
      } else {
        decoded.append(byte)
      }
      index += 1
    }
    return decoded
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
