import PencilASCII
import PencilIR
import PencilPNG
import PencilRaster
import PencilSVG

/// The picture formats `-f` names and `-o`'s extension selects, each
/// written by its own backend.
package enum OutputFormat: String, CaseIterable, Sendable {
  case svg, ppm, png, ascii

  /// The name given to `-f`.
  package var name: String { rawValue }

  /// File extensions (without the dot) that select it from `-o`; the first
  /// is the one an output written beside its input gets.
  package var fileExtensions: [String] {
    switch self {
    case .svg: ["svg"]
    case .ppm: ["ppm"]
    case .png: ["png"]
    case .ascii: ["txt"]
    }
  }

  package static func named(_ name: String) -> OutputFormat? { OutputFormat(rawValue: name.lowercased()) }

  package static func forPath(_ path: String) -> OutputFormat? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    let fileExtension = path[path.index(after: dot)...].lowercased()
    return allCases.first { $0.fileExtensions.contains(fileExtension) }
  }

  /// The backend that writes this format, with the options the flags give it.
  package func backend(_ flags: RenderFlags) -> any Backend {
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
