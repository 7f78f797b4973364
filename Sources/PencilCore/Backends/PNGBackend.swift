/// PNG, 8-bit RGBA with straight alpha, from our own encoder.
struct PNGBackend: Backend {
  let name = "png"
  let fileExtensions = ["png"]

  func writesBinary(_ options: RenderOptions) -> Bool { true }

  func render(_ scene: Scene, options: RenderOptions, diagnostics: inout [Diagnostic]) -> [UInt8]? {
    guard let canvas = RasterRenderer.render(scene, options: options, diagnostics: &diagnostics) else { return nil }
    return PNGEncoder.encode(canvas)
  }
}
