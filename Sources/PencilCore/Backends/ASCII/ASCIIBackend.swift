/// Scenes as text: the picture is rasterized at 4 × 8 samples per
/// character cell through the same coverage engine as PPM and PNG, each
/// cell becomes the character that matches its pattern (see
/// `CellClassifier`), and text elements are written as their own
/// characters on top.
struct ASCIIBackend: Backend {
  let name = "ascii"
  let fileExtensions = ["txt"]

  /// The most cells drawn: at 4 × 8 samples a cell, the raster behind
  /// them stays within the raster backends' pixel limit.
  static let maximumCells = RasterRenderer.maximumPixels / (CellClassifier.columns * CellClassifier.rows)

  func render(_ scene: Scene, options: RenderOptions, diagnostics: inout [Diagnostic]) -> [UInt8]? {
    let box = scene.viewport
    let range = scene.canvasRange ?? SourceRange(0, 0)
    guard box.width > 0, box.height > 0 else {
      diagnostics.append(
        Diagnostic(BackendCodes.emptyPicture, range, "the picture is empty; add a canvas or something to draw"))
      return nil
    }
    let columns = min(max(1, options.columns), ASCIIBackend.maximumCells)
    let cellWidth = box.width / Double(columns)
    // Counted in floating point and compared before any conversion: a
    // tall, thin canvas asks for more rows than an Int holds.
    let exactRows = max(1, (box.height / (cellWidth * options.cellAspect)).rounded())
    guard exactRows.isFinite, Double(columns) * exactRows <= Double(ASCIIBackend.maximumCells) else {
      diagnostics.append(
        Diagnostic(
          BackendCodes.pictureTooLarge, range,
          "the text picture would be \(columns)x\(formatNumber(exactRows)) characters; the limit is \(ASCIIBackend.maximumCells) cells"
        ))
      return nil
    }
    let rows = clampedInt(exactRows, 1, ASCIIBackend.maximumCells)
    let width = columns * CellClassifier.columns
    let height = rows * CellClassifier.rows
    var ignored: [Diagnostic] = []
    let canvas = RasterRenderer.render(
      scene, width: width, height: height, scaleX: Double(width) / box.width, scaleY: Double(height) / box.height,
      diagnostics: &ignored, drawText: false)
    var grid = CellGrid(columns: columns, rows: rows)
    grid.fill(from: canvas, charset: options.charset, invert: options.invert, color: options.color)
    // Invisible text (opacity 0, `.clear`) is not written either.
    for case .text(let text) in scene.items where text.color.alpha > 0 {
      grid.write(
        text, viewport: box, cellWidth: cellWidth, cellHeight: box.height / Double(rows), charset: options.charset,
        diagnostics: &diagnostics)
    }
    return grid.serialize(color: options.color)
  }
}

/// Which characters the ASCII backend may use.
public enum ASCIICharset: String, Sendable {
  /// 7-bit ASCII only.
  case ascii
  /// Unicode quadrant and half blocks: twice the resolution each way.
  case blocks
}
