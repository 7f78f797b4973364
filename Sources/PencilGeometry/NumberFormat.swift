import PencilSupport

/// Formats a number the one way every output uses: rounded to at most four
/// decimals, the shortest form of that (`0.5`, `12`, `-3.1416`), never
/// `-0` and never an exponent. Same bytes on every run and machine; the
/// work is done by `ByteWriter.write(_: Double)`.
package func formatNumber(_ value: Double) -> String {
  var writer = ByteWriter()
  writer.write(value)
  return String(decoding: writer.bytes, as: UTF8.self)
}
