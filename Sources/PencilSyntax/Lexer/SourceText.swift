extension String {
  /// The text `String(decoding:as: UTF8.self)` makes of `bytes`, made the
  /// cheaper way for what the source mostly holds: up to 15 bytes (a small
  /// string) of ASCII, which the standard library stores without
  /// validating them first (about 110 instructions where decoding takes
  /// 150). Other bytes are repaired as `String(decoding:as:)` repairs them.
  init(sourceUTF8 bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count <= 15 else {
      self.init(decoding: bytes, as: UTF8.self)
      return
    }
    self.init(unsafeUninitializedCapacity: bytes.count) { buffer in
      // Byte by byte: a name is a few bytes, where `initialize(fromContentsOf:)`
      // calls `memcpy`.
      for index in 0..<bytes.count { buffer[index] = bytes[index] }
      return bytes.count
    }
  }
}
