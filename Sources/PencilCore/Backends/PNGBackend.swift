/// PNG from our own encoder: 8-bit RGB when the picture is opaque, RGBA
/// with straight alpha otherwise, compressed on every core (`PNGEncoder`).
struct PNGBackend: Backend {
  let name = "png"
  let fileExtensions = ["png"]

  func writesBinary(_ options: RenderOptions) -> Bool { true }

  func render(_ scene: Scene, options: RenderOptions, diagnostics: inout [Diagnostic]) -> [UInt8]? {
    guard let canvas = RasterRenderer.render(scene, options: options, diagnostics: &diagnostics) else { return nil }
    return PNGEncoder.encode(canvas, threads: options.threads ?? ThreadPool.processorCount)
  }
}
