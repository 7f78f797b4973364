// Every backend's options at once, named as the command line's flags, for
// what draws one scene in every format: the fuzz harness (an input's
// options line) and the tests. Each backend is handed its own part.
//
// Shared like FuzzChecks.swift (symbolic link in Tests/PencilCoreTests).

#if !PENCIL_FUZZER
  @testable import PencilASCII
  @testable import PencilCore
  @testable import PencilPNG
  @testable import PencilRaster
  @testable import PencilSVG
#endif

struct RenderSettings {
  var scale: Double = 1
  var plainPPM = false
  var textAsPaths = false
  var threads: Int?
  var columns = 80
  var cellAspect = 2.0
  var charset = ASCIICharset.ascii
  var color = false
  var invert = false
  var maximumRasterWork = RasterWork.defaultMaximum

  /// The formats, in the command line's order.
  static let formats = ["svg", "ppm", "png", "ascii"]

  var svg: SVGOptions { SVGOptions(textAsPaths: textAsPaths) }

  var raster: RasterOptions {
    var options = RasterOptions()
    options.scale = scale
    options.threads = threads
    options.maximumRasterWork = maximumRasterWork
    return options
  }

  var ppm: PPMOptions {
    var options = PPMOptions()
    options.raster = raster
    options.plain = plainPPM
    return options
  }

  var ascii: ASCIIOptions {
    var options = ASCIIOptions()
    options.columns = columns
    options.cellAspect = cellAspect
    options.charset = charset
    options.color = color
    options.invert = invert
    options.maximumRasterWork = maximumRasterWork
    return options
  }

  /// The backend `-f format` names, with these settings.
  func backend(_ format: String) -> (any Backend)? {
    switch format {
    case "svg": SVGBackend(options: svg)
    case "ppm": PPMBackend(options: ppm)
    case "png": PNGBackend(options: raster)
    case "ascii": ASCIIBackend(options: ascii)
    default: nil
    }
  }
}
