/// Appends text and numbers to a byte buffer without building Strings,
/// which keeps the text backends fast.
struct ByteWriter {
  var bytes: [UInt8] = []

  init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

  mutating func write(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func write(_ text: String) {
    var copy = text
    copy.withUTF8 { bytes.append(contentsOf: $0) }
  }

  mutating func write(_ number: Double) { appendNumber(number, to: &bytes) }

  mutating func write(_ number: Int) {
    if number < 0 { bytes.append(UInt8(ascii: "-")) }
    appendInteger(UInt64(number.magnitude), to: &bytes)
  }

  mutating func write(byte: UInt8) { bytes.append(byte) }

  /// Text escaped for XML character data and attribute values; control
  /// characters XML 1.0 forbids are dropped.
  mutating func writeEscaped(_ text: String) {
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "&"): write("&amp;")
      case UInt8(ascii: "<"): write("&lt;")
      case UInt8(ascii: ">"): write("&gt;")
      case UInt8(ascii: "\""): write("&quot;")
      case UInt8(ascii: "'"): write("&apos;")
      case 0x09: write("&#9;")
      case 0..<0x20: break
      default: bytes.append(byte)
      }
    }
  }
}
