// The font reader's libFuzzer target (issue 26): every input is read as a
// font file, each of its faces (at most 4) as a font, every glyph's
// outline (at most 400), a range of characters mapped, advanced and
// kerned, and the face described from its tables as the font index does.
// A malformed font must be a FontError: a trap, an overflow or an
// out-of-bounds access is a crash, which libFuzzer saves.
//
// Built by scripts/fuzz-fonts.sh with the files of PencilSupport,
// PencilGeometry and PencilOpenType as one module (PencilFontFuzz), their
// names empty stub modules so their imports resolve.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func pencilFontFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  guard let faces = try? FontFile.faceOffsets(bytes) else { return 0 }
  for face in 0..<min(faces.count, 4) {
    guard let font = try? OpenTypeFont(bytes, face: face) else { continue }
    for glyph in 0..<min(font.glyphCount, 400) {
      _ = try? font.outline(of: UInt16(glyph))
      if !font.hasCFFOutlines { _ = try? font.contours(of: UInt16(glyph)) }
    }
    var previous: UInt16 = 0
    for value in UInt32(0x20)..<0x250 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let glyph = font.glyph(for: scalar)
      _ = font.advance(of: glyph)
      _ = font.kerning(previous, glyph)
      previous = glyph
    }
    _ = font.glyph(for: "😀")
    _ = FaceDescription(font, path: "fuzz", face: face)
  }
  return 0
}
