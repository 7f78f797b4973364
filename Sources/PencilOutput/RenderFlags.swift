import PencilASCII
import PencilIR
import PencilRaster

/// The flags that shape a picture, each read by the backends it concerns
/// (`OutputFormat.backend` hands each its own).
package struct RenderFlags: Sendable {
  /// `--scale`: pixels per point for raster output.
  package var scale: Double = 1
  /// `--ppm-plain`.
  package var plainPPM = false
  /// `--text-as-paths` (SVG).
  package var textAsPaths = false
  /// `--threads` (PNG, PPM); nil for one per online processor.
  package var threads: Int?
  /// `--columns` (ASCII).
  package var columns = 80
  /// `--cell-aspect` (ASCII).
  package var cellAspect = 2.0
  /// `--charset` (ASCII).
  package var charset = ASCIICharset.ascii
  /// `--color` (ASCII), decided by the driver.
  package var color = false
  /// `--invert` (ASCII).
  package var invert = false
  /// `--max-raster-work` (PNG, PPM, ASCII).
  package var maximumRasterWork = RasterOptions().maximumRasterWork

  package init() {}

  package var raster: RasterOptions {
    var options = RasterOptions()
    options.scale = scale
    options.threads = threads
    options.maximumRasterWork = maximumRasterWork
    return options
  }

  /// The backend of the format named `name` (as `-f` takes it), with these flags.
  package func backend(_ name: String) -> (any Backend)? { OutputFormat.named(name)?.backend(self) }
}
