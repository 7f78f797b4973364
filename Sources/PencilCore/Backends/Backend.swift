/// Options that backends may honour; each ignores the ones that do not
/// concern it.
public struct RenderOptions: Sendable {
  /// Pixels per point for raster output (2 for a HiDPI picture).
  public var scale: Double = 1
  /// PPM as plain text (P3) instead of binary (P6).
  public var plainPPM = false
  /// SVG: draw text as outlines in the built-in font instead of `<text>`.
  public var textAsPaths = false
  /// Raster output: how many threads draw (and compress) the picture; nil
  /// for one per online processor. The pixels are the same at any count.
  public var threads: Int?
  /// ASCII: the width of the picture in characters.
  public var columns = 80
  /// ASCII: how many times taller than wide a character cell is.
  public var cellAspect = 2.0
  /// ASCII: which characters to draw with.
  public var charset = ASCIICharset.ascii
  /// ASCII: 24-bit ANSI colour per cell.
  public var color = false
  /// ASCII: light ink on a dark background (when colour is off).
  public var invert = false
  /// Raster output: the most pixels the elements may cover in all, each
  /// counted by its bounding box on the canvas (see `RasterWork`, E0303).
  public var maximumRasterWork = RasterWork.defaultMaximum
  /// SVG: annotate each item with its source for `pencilc preview`; never in normal output.
  public var preview = false

  public init() {}
}

/// Turns a scene into the bytes of one output format. A backend is a thin
/// function over the shape IR: it sees nothing of the source language.
public protocol Backend: Sendable {
  /// The name given to `-f`.
  var name: String { get }
  /// File extensions (without the dot) that select it from `-o`.
  var fileExtensions: [String] { get }
  /// The bytes of the picture, or nil after appending an error.
  func render(_ scene: Scene, options: RenderOptions, diagnostics: inout [Diagnostic]) -> [UInt8]?
  /// The same bytes handed to `write` in blocks as they are made, so a
  /// caller writing a file need not hold the whole picture; false (and
  /// nothing written) after appending an error.
  func render(
    _ scene: Scene, options: RenderOptions, diagnostics: inout [Diagnostic],
    write: @escaping (UnsafeBufferPointer<UInt8>) -> Void
  ) -> Bool
  /// Whether the output is binary, not text, with these options; the
  /// command line will not write binary output to a terminal.
  func writesBinary(_ options: RenderOptions) -> Bool
}

extension Backend {
  public func writesBinary(_ options: RenderOptions) -> Bool { false }

  /// Backends whose picture is one buffer anyway (the raster ones) hand it
  /// over in one block.
  public func render(
    _ scene: Scene, options: RenderOptions, diagnostics: inout [Diagnostic],
    write: @escaping (UnsafeBufferPointer<UInt8>) -> Void
  ) -> Bool {
    guard let bytes = render(scene, options: options, diagnostics: &diagnostics) else { return false }
    bytes.withUnsafeBufferPointer(write)
    return true
  }
}

/// Every backend. A new backend is one new file plus one line here.
public enum Backends {
  public static let all: [any Backend] = [
    SVGBackend(),
    PPMBackend(),
    PNGBackend(),
    ASCIIBackend(),
  ]

  public static func named(_ name: String) -> (any Backend)? {
    all.first { $0.name == name.lowercased() }
  }

  public static func forPath(_ path: String) -> (any Backend)? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    let fileExtension = path[path.index(after: dot)...].lowercased()
    return all.first { $0.fileExtensions.contains(fileExtension) }
  }
}
