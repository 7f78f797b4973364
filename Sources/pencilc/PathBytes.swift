#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// File names are bytes, not text: `\xFF.pencil` is a valid name. A Swift
/// `String` holds only valid Unicode, so a name is carried as a string in
/// which every byte that is not part of valid UTF-8 stands for itself as
/// a private-use scalar U+10FF80…U+10FFFF (as Python's "surrogateescape"
/// does). The mapping is one-to-one: a scalar of that range in a valid name
/// is escaped byte by byte too, so every name comes back as the same bytes
/// when a file is opened, and paths built from it (`\xFF.svg` beside
/// `\xFF.pencil`) keep them.
enum PathBytes {
  private static let escapeBase: UInt32 = 0x10FF00
  private static let escapes: ClosedRange<UInt32> = 0x10FF80...0x10FFFF

  /// The arguments after the program name, each read from the raw bytes of
  /// argv (`CommandLine.arguments` replaces invalid bytes by U+FFFD).
  static func arguments() -> [String] {
    (1..<Int(CommandLine.argc)).map { index in
      guard let argument = CommandLine.unsafeArgv[index] else { return "" }
      return decode(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
    }
  }

  /// The string standing for a name's bytes.
  static func decode(_ bytes: some Collection<UInt8>) -> String {
    let bytes = Array(bytes)
    var result = String.UnicodeScalarView()
    var index = 0
    func escape(_ byte: UInt8) {
      result.append(Unicode.Scalar(escapeBase + UInt32(byte)) ?? "\u{FFFD}")
    }
    while index < bytes.count {
      let lead = bytes[index]
      let length =
        switch lead {
        case 0..<0x80: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
      let end = index + length
      if length > 0, end <= bytes.count,
        let text = String(validating: bytes[index..<end], as: UTF8.self),
        let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1
      {
        if escapes.contains(scalar.value) {
          bytes[index..<end].forEach(escape)
        } else {
          result.append(scalar)
        }
        index = end
      } else {
        escape(lead)
        index += 1
      }
    }
    return String(result)
  }

  /// The bytes a string from `decode` stands for.
  static func encode(_ path: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(path.utf8.count)
    for scalar in path.unicodeScalars {
      if escapes.contains(scalar.value) {
        bytes.append(UInt8(truncatingIfNeeded: scalar.value - escapeBase))
      } else {
        bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    return bytes
  }

  /// Calls `body` with the path as the NUL-terminated bytes the C API takes.
  static func withCString<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows
    -> Result
  {
    let bytes = encode(path).map { CChar(bitPattern: $0) } + [0]
    return try body(bytes)
  }

  /// Text for a person to read: every escaped byte shown as U+FFFD, as a
  /// name that is not UTF-8 is shown by other tools.
  static func shown(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { escapes.contains($0.value) }) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      result.append(escapes.contains(scalar.value) ? "\u{FFFD}" : scalar)
    }
    return String(result)
  }
}
