import PencilDiagnostics
import PencilIR
import PencilRaster
import PencilSupport

/// PNG from our own encoder: 8-bit RGB when the picture is opaque, RGBA
/// with straight alpha otherwise, compressed on every core (`PNGEncoder`).
/// It has no options of its own: only the raster's.
public struct PNGBackend: Backend {
  public let name = "png"
  public let fileExtensions = ["png"]
  public var options: RasterOptions

  public init(options: RasterOptions = RasterOptions()) {
    self.options = options
  }

  public var writesBinary: Bool { true }

  public func render(_ scene: Scene, diagnostics: inout [Diagnostic]) -> [UInt8]? {
    guard let canvas = RasterRenderer.render(scene, options: options, diagnostics: &diagnostics) else { return nil }
    return PNGEncoder.encode(canvas, threads: options.threads ?? ThreadPool.processorCount)
  }
}
