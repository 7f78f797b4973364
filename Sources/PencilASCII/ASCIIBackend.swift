import PencilDiagnostics
import PencilGeometry
import PencilIR
import PencilRaster
import PencilSupport

/// Scenes as text: the picture is rasterized at 4 × 8 samples per
/// character cell through the same coverage engine as PPM and PNG, each
/// cell becomes the character that matches its pattern (see
/// `CellClassifier`) or, where a stroke runs, the line it runs along
/// (`ThinLine`, read from a second raster of the strokes alone);
/// arrowheads are written as `>` `<` `^` `v` (`Arrowhead`), and text
/// elements as their own characters on top.
public struct ASCIIBackend: Backend {
  public let name = "ascii"
  public let fileExtensions = ["txt"]
  public var options: ASCIIOptions

  public init(options: ASCIIOptions = ASCIIOptions()) {
    self.options = options
  }

  /// The most cells drawn: at 4 × 8 samples a cell, the raster behind
  /// them stays within the raster backends' pixel limit.
  static let maximumCells = RasterRenderer.maximumPixels / (CellClassifier.columns * CellClassifier.rows)

  public func render(_ scene: Scene, diagnostics: inout [Diagnostic]) -> [UInt8]? {
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
    // Arrowheads are written as characters, not drawn (see `Arrowhead`).
    let (heads, items) = Arrowhead.separate(
      scene.items, cell: Point(cellWidth, box.height / Double(rows)))
    var drawn = scene
    if !heads.isEmpty { drawn.items = items }
    let space = SampleSpace(
      origin: Point(box.x, box.y), scaleX: Double(width) / box.width, scaleY: Double(height) / box.height)
    // Both pictures count towards the output's bound on raster work.
    let sampleSpace = DeviceSpace(
      scaleX: space.scaleX, scaleY: space.scaleY, origin: space.origin, width: width, height: height,
      bandHeight: RasterRenderer.bandHeight)
    // Both charsets read thin strokes from a picture of the strokes alone.
    let strokeScene = ASCIIBackend.strokesOnly(drawn)
    var work = RasterWork.check(drawn, space: sampleSpace, drawText: false, maximum: options.maximumRasterWork)
    if let strokeScene, case .within(let spent) = work {
      work = RasterWork.check(
        strokeScene, space: sampleSpace, drawText: false, maximum: options.maximumRasterWork, alreadySpent: spent)
    }
    if case .refused(let refusal) = work {
      diagnostics.append(refusal)
      return nil
    }
    var ignored: [Diagnostic] = []
    let canvas = RasterRenderer.render(
      drawn, width: width, height: height, scaleX: space.scaleX, scaleY: space.scaleY, diagnostics: &ignored,
      // Shadows and blurs would be faint noise in text cells: left out.
      drawText: false, filters: false)
    let strokes = strokeScene.map {
      RasterRenderer.render(
        $0, width: width, height: height, scaleX: space.scaleX, scaleY: space.scaleY, diagnostics: &ignored,
        drawText: false, filters: false)
    }
    var grid = CellGrid(columns: columns, rows: rows)
    let paper = PixelCanvas(width: 1, height: 1, background: scene.background)
      .withPixels { CellGrid.darkness($0[0], invert: options.invert) }
    grid.paper = (
      options.charset == .ascii
        ? ASCIIGlyphs.rampCharacter(for: paper) : ASCIIGlyphs.shades[clampedInt((paper * 4).rounded(), 0, 4)],
      paper
    )
    grid.fill(from: canvas, strokes: strokes, charset: options.charset, invert: options.invert, color: options.color)
    grid.draw(heads, canvas: canvas, space: space, invert: options.invert, color: options.color)
    if options.charset == .ascii { grid.joinLines() }
    // Invisible text (opacity 0, `.clear`) is not written either.
    for case .text(let text) in scene.items where text.color.alpha > 0 {
      grid.write(
        text, viewport: box, cellWidth: cellWidth, cellHeight: box.height / Double(rows), charset: options.charset,
        diagnostics: &diagnostics)
    }
    return grid.serialize(color: options.color)
  }
}

extension ASCIIBackend {
  /// The scene's visible strokes as black on white, for the line test:
  /// every stroke that shows at all in solid black (a line character has
  /// no shade: a faint separator is a line too, a `.clear` stroke none),
  /// every fill in white as opaque as it was (so what covers a stroke
  /// hides it here too), no text. Nil without strokes. Arrowheads are
  /// left out as in the picture: an arrow's line ends at its head's base,
  /// so a head that touches a box makes no junction there and the box
  /// keeps its side (`---->|`).
  static func strokesOnly(_ scene: Scene) -> Scene? {
    guard scene.items.contains(where: { if case .path(let path) = $0 { path.stroke != nil } else { false } }) else {
      return nil
    }
    func alpha(_ paint: Paint) -> Double { if case .solid(let color) = paint { color.alpha } else { 1 } }
    func gray(_ level: Double, _ alpha: Double) -> Paint {
      .solid(IRColor(Color(red: level, green: level, blue: level, alpha: alpha)))
    }
    var strokes = scene
    strokes.background = IRColor(Color(red: 1, green: 1, blue: 1, alpha: 1))
    strokes.items = []
    strokes.items.reserveCapacity(scene.items.count)
    for case .path(let path) in scene.items {
      // A path keeps its geometry (with any transform and clip the item
      // carries): only its paints change. The fill and the stroke become
      // two items, as they are drawn one after the other, so the fill
      // keeps its opacity and the stroke is black whatever its own.
      var fill = path
      fill.paint = gray(1, alpha(path.paint))
      fill.stroke = nil
      strokes.items.append(.path(fill))
      guard let stroke = path.stroke, alpha(stroke.paint) > 0, path.opacity > 0 else { continue }
      var line = path
      line.paint = gray(1, 0)
      line.opacity = 1
      line.stroke = StrokeIR(paint: gray(0, 1), style: stroke.style)
      strokes.items.append(.path(line))
    }
    return strokes
  }
}
