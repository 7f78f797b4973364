/// A JSON value, as JSON-RPC carries it. Objects are dictionaries and are
/// written with their keys sorted, so the server's output is deterministic.
public enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])
  /// An array of integers, stored and written without a `JSONValue` each
  /// (semantic tokens' data: five integers a token). It equals the
  /// `.array` of the same numbers, and reads as one.
  case integers([Int32])

  public static func == (a: JSONValue, b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): true
    case (.bool(let x), .bool(let y)): x == y
    case (.number(let x), .number(let y)): x == y
    case (.string(let x), .string(let y)): x == y
    case (.object(let x), .object(let y)): x == y
    case (.integers(let x), .integers(let y)): x == y
    case (.array, .array), (.array, .integers), (.integers, .array): a.array == b.array
    default: false
    }
  }

  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  public var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  public var number: Double? {
    if case .number(let value) = self { return value }
    return nil
  }

  /// A number that is a whole, representable integer (LSP's `integer`,
  /// `uinteger`); nil for anything else, so a client's `1.5` or `1e300`
  /// is refused rather than trapped on.
  public var integer: Int? {
    guard case .number(let value) = self, value == value.rounded(), abs(value) < 9_007_199_254_740_992 else {
      return nil
    }
    return Int(value)
  }

  public var bool: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  public var array: [JSONValue]? {
    if case .array(let items) = self { return items }
    if case .integers(let items) = self { return items.map { .int(Int($0)) } }
    return nil
  }

  public var object: [String: JSONValue]? {
    if case .object(let members) = self { return members }
    return nil
  }

  /// `.number` from an integer.
  public static func int(_ value: Int) -> JSONValue { .number(Double(value)) }
}

extension JSONValue {
  /// The value as compact JSON text, UTF-8 encoded.
  public var serialized: [UInt8] {
    var output: [UInt8] = []
    write(into: &output)
    return output
  }

  public var text: String { String(decoding: serialized, as: UTF8.self) }

  func write(into output: inout [UInt8]) {
    switch self {
    case .null: output += Array("null".utf8)
    case .bool(let value): output += Array((value ? "true" : "false").utf8)
    case .number(let value):
      // Semantic tokens write five integers a token: without a String each.
      if value == value.rounded(), abs(value) < 1e15 {
        JSONValue.writeInteger(Int(value), into: &output)
      } else {
        output += Array(JSONValue.format(value).utf8)
      }
    case .string(let value): JSONValue.writeString(value, into: &output)
    case .array(let items):
      output.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        item.write(into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .integers(let items):
      output.reserveCapacity(output.count + items.count * 3 + 2)
      output.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        JSONValue.writeInteger(Int(item), into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      output.append(UInt8(ascii: "{"))
      for (index, key) in members.keys.sorted().enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        JSONValue.writeString(key, into: &output)
        output.append(UInt8(ascii: ":"))
        members[key]?.write(into: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// Whole numbers without a fraction (`3`, not `3.0`); JSON has no
  /// infinity or NaN, so those are written as null.
  static func format(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return "\(value)"
  }

  /// `value` in decimal, as `String(value)` writes it.
  static func writeInteger(_ value: Int, into output: inout [UInt8]) {
    if value < 0 { output.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    let first = output.count
    repeat {
      output.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    output[first...].reverse()
  }

  static func writeString(_ value: String, into output: inout [UInt8]) {
    let hex = Array("0123456789abcdef".utf8)
    output.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case UInt8(ascii: "\n"): output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case UInt8(ascii: "\r"): output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case UInt8(ascii: "\t"): output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0..<0x20:
        output += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
