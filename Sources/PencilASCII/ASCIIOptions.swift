import PencilRaster

/// What the ASCII backend is asked for.
public struct ASCIIOptions: Sendable {
  /// The width of the picture in characters.
  public var columns = 80
  /// How many times taller than wide a character cell is.
  public var cellAspect = 2.0
  /// Which characters to draw with.
  public var charset = ASCIICharset.ascii
  /// 24-bit ANSI colour per cell.
  public var color = false
  /// Light ink on a dark background (when colour is off).
  public var invert = false
  /// The most pixels the elements may cover in all, in the raster behind
  /// the cells (see `RasterWork`, E0303).
  public var maximumRasterWork = RasterWork.defaultMaximum

  public init() {}
}

/// Which characters the ASCII backend may use.
public enum ASCIICharset: String, Sendable {
  /// 7-bit ASCII only.
  case ascii
  /// Unicode quadrant and half blocks: twice the resolution each way.
  case blocks
}
