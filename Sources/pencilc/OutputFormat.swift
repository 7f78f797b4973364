import PencilASCII
import PencilCore
import PencilPNG
import PencilRaster
import PencilSVG

/// The picture formats `-f` names and `-o`'s extension selects, each
/// written by its own backend.
enum OutputFormat: String, CaseIterable {
  case svg, ppm, png, ascii

  /// The name given to `-f`.
  var name: String { rawValue }

  /// File extensions (without the dot) that select it from `-o`; the first
  /// is the one an output written beside its input gets.
  var fileExtensions: [String] {
    switch self {
    case .svg: ["svg"]
    case .ppm: ["ppm"]
    case .png: ["png"]
    case .ascii: ["txt"]
    }
  }

  static func named(_ name: String) -> OutputFormat? { OutputFormat(rawValue: name.lowercased()) }

  static func forPath(_ path: String) -> OutputFormat? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    let fileExtension = path[path.index(after: dot)...].lowercased()
    return allCases.first { $0.fileExtensions.contains(fileExtension) }
  }

  /// The backend that writes this format, with the options the flags give it.
  func backend(_ flags: RenderFlags) -> any Backend {
    switch self {
    case .svg:
      return SVGBackend(options: SVGOptions(textAsPaths: flags.textAsPaths))
    case .ppm:
      var options = PPMOptions()
      options.raster = flags.raster
      options.plain = flags.plainPPM
      return PPMBackend(options: options)
    case .png:
      return PNGBackend(options: flags.raster)
    case .ascii:
      var options = ASCIIOptions()
      options.columns = flags.columns
      options.cellAspect = flags.cellAspect
      options.charset = flags.charset
      options.color = flags.color
      options.invert = flags.invert
      options.maximumRasterWork = flags.maximumRasterWork
      return ASCIIBackend(options: options)
    }
  }
}

/// The flags that shape a picture, each read by the backends it concerns
/// (`OutputFormat.backend` hands each its own).
struct RenderFlags {
  /// `--scale`: pixels per point for raster output.
  var scale: Double = 1
  /// `--ppm-plain`.
  var plainPPM = false
  /// `--text-as-paths` (SVG).
  var textAsPaths = false
  /// `--threads` (PNG, PPM); nil for one per online processor.
  var threads: Int?
  /// `--columns` (ASCII).
  var columns = 80
  /// `--cell-aspect` (ASCII).
  var cellAspect = 2.0
  /// `--charset` (ASCII).
  var charset = ASCIICharset.ascii
  /// `--color` (ASCII), decided by the driver.
  var color = false
  /// `--invert` (ASCII).
  var invert = false
  /// `--max-raster-work` (PNG, PPM, ASCII).
  var maximumRasterWork = RasterOptions().maximumRasterWork

  var raster: RasterOptions {
    var options = RasterOptions()
    options.scale = scale
    options.threads = threads
    options.maximumRasterWork = maximumRasterWork
    return options
  }
}
