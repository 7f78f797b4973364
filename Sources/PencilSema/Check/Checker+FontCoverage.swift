import PencilDiagnostics
import PencilGeometry
import PencilSyntax

extension Checker {
  /// W0006 where a text's character is not in the built-in font, which
  /// the raster formats (and SVG with --text-as-paths) draw it with: at the
  /// character itself when the text is a string literal, else at the text
  /// expression. Checked here, not while drawing, so `--check` and editors
  /// show it; `pencilc` leaves it out of an SVG that keeps text as text.
  mutating func warnAboutMissingGlyphs(in text: String, label: Expr) {
    guard let missing = text.unicodeScalars.first(where: { $0 != "\n" && !GlyphAdvances.advance(of: $0).covered })
    else { return }
    let range = literalRange(of: missing, in: label) ?? label.range
    evaluator.diagnostics.append(
      Diagnostic(
        InterfaceCodes.glyphReplaced, range,
        "'\(missing)' is not in the built-in font (ASCII, Latin-1, Latin Extended-A, typographic punctuation); PNG, PPM, ASCII and --text-as-paths draw it as a box"
      ))
  }

  /// The bytes of `scalar`'s first occurrence inside a string literal, if
  /// `label` is one whose source here reads as such (a literal of an
  /// imported component is in another file: then nil).
  private func literalRange(of scalar: Unicode.Scalar, in label: Expr) -> SourceRange? {
    guard case .string(_, let range) = label, range.start >= 0, range.end <= evaluator.bytes.count,
      range.end - range.start >= 2,
      evaluator.bytes[range.start] == UInt8(ascii: "\""), evaluator.bytes[range.end - 1] == UInt8(ascii: "\"")
    else { return nil }
    let encoded = Array(String(scalar).utf8)
    var index = range.start + 1
    while index + encoded.count <= range.end - 1 {
      if evaluator.bytes[index] == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if evaluator.bytes[index] == encoded[0], Array(evaluator.bytes[index..<index + encoded.count]) == encoded {
        return SourceRange(index, index + encoded.count)
      }
      index += 1
    }
    return nil
  }
}
