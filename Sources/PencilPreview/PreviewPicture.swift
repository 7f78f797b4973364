import PencilASCII
import PencilCore
import PencilDiagnostics
import PencilIR
import PencilPNG
import PencilRaster
import PencilSVG
import PencilSema
import PencilSupport

/// The forms a picture is offered in, each made by the backend the
/// command line uses for it.
enum PictureKind: Hashable, Sendable {
  /// nil: the adaptive SVG (following the viewer's light or dark mode).
  case svg(Appearance?)
  /// `scale` pixels per point, 1 to 4.
  case png(Appearance, scale: Int)
  /// The ASCII backend at its defaults (80 columns, no colour).
  case txt(Appearance)

  var fileExtension: String {
    switch self {
    case .svg: "svg"
    case .png: "png"
    case .txt: "txt"
    }
  }

  var contentType: String {
    switch self {
    case .svg: "image/svg+xml"
    case .png: "image/png"
    case .txt: "text/plain; charset=utf-8"
    }
  }
}

/// One good compile's picture, in both appearances. Each form is rendered
/// the first time it is asked for, off the event loop, and kept: bytes
/// are made once per compile, however many clients download them.
final class PreviewPicture: Sendable {
  /// The adaptive scene (`appearance: nil`), as `pencilc scene.pencil` makes it.
  let scene: Scene
  /// The scene compiled in dark, when its colours depend on the appearance.
  let darkScene: Scene?
  /// The adaptive SVG with the preview's annotations, for `/state.json`.
  let previewSVG: String
  /// Held while rendering: two requests for one form render it once.
  private let renderLock = Lock()
  /// Locked only for a look-up, never while rendering, since the event
  /// loop calls `cached`.
  private let made = Locked<[PictureKind: [UInt8]]>([:])

  init(scene: Scene, darkScene: Scene?, previewSVG: String) {
    self.scene = scene
    self.darkScene = darkScene
    self.previewSVG = previewSVG
  }

  var adaptive: Bool { scene.dark != nil }

  /// The bytes, if already made.
  func cached(_ kind: PictureKind) -> [UInt8]? { made.withLock { $0[kind] } }

  /// The bytes of `kind`, rendering them the first time (nil when the
  /// backend refuses the picture, e.g. too large a raster).
  func bytes(_ kind: PictureKind) -> [UInt8]? {
    renderLock.withLock {
      if let known = cached(kind) { return known }
      let rendered = render(kind)
      if let rendered { made.withLock { $0[kind] = rendered } }
      return rendered
    }
  }

  private func render(_ kind: PictureKind) -> [UInt8]? {
    let backend: any Backend
    let appearance: Appearance?
    switch kind {
    case .svg(let chosen):
      backend = SVGBackend()
      appearance = chosen
    case .png(let chosen, let scale):
      var options = RasterOptions()
      options.scale = Double(scale)
      backend = PNGBackend(options: options)
      appearance = chosen
    case .txt(let chosen):
      backend = ASCIIBackend()
      appearance = chosen
    }
    var diagnostics: [Diagnostic] = []
    return Pencil.render(picture(in: appearance), with: backend, diagnostics: &diagnostics)
  }

  /// The scene to draw: adaptive for nil, else the scene in one
  /// appearance, without the other's colours (as `--appearance` gives).
  private func picture(in appearance: Appearance?) -> Scene {
    guard let appearance else { return scene }
    var fixed = appearance == .dark ? darkScene ?? scene : scene
    fixed.dark = nil
    return fixed
  }
}
