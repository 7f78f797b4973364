/// What a raster picture (PNG, PPM) is drawn with.
public struct RasterOptions: Sendable {
  /// Pixels per point (2 for a HiDPI picture).
  public var scale: Double = 1
  /// How many threads draw (and compress) the picture; nil for one per
  /// online processor. The pixels are the same at any count.
  public var threads: Int?
  /// The most pixels the elements may cover in all, each counted by its
  /// bounding box on the canvas (see `RasterWork`, E0303).
  public var maximumRasterWork = RasterWork.defaultMaximum

  public init() {}
}
