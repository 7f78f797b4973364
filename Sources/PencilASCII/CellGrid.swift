import PencilDiagnostics
import PencilGeometry
import PencilIR
import PencilRaster
import PencilSupport

/// The characters and colours of a text picture, and how they are printed.
struct CellGrid {
  struct RGB: Equatable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8
  }

  struct Cell {
    var character: Character = " "
    var foreground: RGB?
    var background: RGB?
    /// Drawn as a thin line or an arrowhead, which corners join up.
    var isLine = false
    /// Stroke ink that the line test could not read as one line (a corner,
    /// a crossing): `+` where lines meet at it, see `joinLines`.
    var isJunction = false
  }

  let columns: Int
  let rows: Int
  private(set) var cells: [Cell]
  /// A cell with nothing drawn in it, and the darkness of the background:
  /// a space on white paper, but with `--invert` (light ink on a dark
  /// terminal) a white background is the ramp's darkest. What arrowheads
  /// and junctions take for an empty cell.
  var paper: (character: Character, darkness: Double) = (" ", 0)

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    cells = [Cell](repeating: Cell(), count: columns * rows)
  }

  /// A cell by position, for what is written over the picture (arrowheads).
  subscript(column: Int, row: Int) -> Cell {
    get { cells[row * columns + column] }
    set { cells[row * columns + column] = newValue }
  }

  /// Darkness of a pixel: 1 − luminance over white, or with `invert`
  /// (light ink on a dark terminal) luminance over black.
  @inline(__always) static func darkness(_ pixel: UInt32, invert: Bool) -> Double {
    // Premultiplied channels are the pixel composited onto black.
    let channels = PixelCanvas.channels(pixel)
    let (r, g, b) = invert ? (channels.r, channels.g, channels.b) : PixelCanvas.onWhite(pixel)
    let luminance = (0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b)) / 255
    return invert ? luminance : 1 - luminance
  }

  /// The colour of a pixel composited on white.
  @inline(__always) static func color(_ pixel: UInt32) -> (Double, Double, Double) {
    let (r, g, b) = PixelCanvas.onWhite(pixel)
    return (Double(r), Double(g), Double(b))
  }

  /// Classifies every cell of `canvas`. `strokes`, when the scene has
  /// strokes, is the same picture with every stroke in black and every
  /// fill in white (`ASCIIBackend.strokesOnly`): where it has ink, a thin line is
  /// drawn as its line character (`ThinLine`), and lines that meet as `+`.
  /// Fills — a pencil's shading, a thin rect — never read as lines.
  mutating func fill(from canvas: PixelCanvas, strokes: PixelCanvas?, charset: ASCIICharset, invert: Bool, color: Bool)
  {
    let sampleColumns = CellClassifier.columns
    let sampleRows = CellClassifier.rows
    var samples = [Double](repeating: 0, count: sampleColumns * sampleRows)
    var colors = [(Double, Double, Double)](repeating: (0, 0, 0), count: sampleColumns * sampleRows)
    var window = [Double](repeating: 0, count: ThinLine.windowColumns * ThinLine.windowRows)
    var scratch = window
    canvas.withPixels { pixels in
      for row in 0..<rows {
        for column in 0..<columns {
          for y in 0..<sampleRows {
            for x in 0..<sampleColumns {
              let pixel = pixels[(row * sampleRows + y) * canvas.width + column * sampleColumns + x]
              samples[y * sampleColumns + x] = CellGrid.darkness(pixel, invert: invert)
              colors[y * sampleColumns + x] = CellGrid.color(pixel)
            }
          }
          guard charset == .ascii else {
            let strokeQuadrants = strokes.map { CellGrid.strokeQuadrants($0, column: column, row: row) }
            cells[row * columns + column] = CellGrid.blockCell(samples, colors, strokes: strokeQuadrants, color: color)
            continue
          }
          let (character, split) = samples.withUnsafeBufferPointer { CellClassifier.classify($0) }
          var cell = Cell(character: character)
          if let strokes, CellGrid.readWindow(into: &window, strokes, column, row) {
            cell = CellGrid.strokeCell(cell, window: window, scratch: &scratch, samples: samples)
          }
          // Colour the ink with its own colour: a line's, or the darker
          // side's of an edge.
          if color, cell.character != " " {
            if cell.isLine {
              cell.foreground =
                CellGrid.mean(colors) { CellGrid.isStroke(window, $0) } ?? CellGrid.mean(colors) { _ in true }
            } else {
              cell.foreground = CellGrid.mean(colors) { index in split.map { samples[index] > $0 } ?? true }
            }
          }
          cells[row * columns + column] = cell
        }
      }
    }
  }

  /// A cell where strokes are: `+` where lines meet, its line, nothing
  /// where the line is the neighbour's (then what lies around the line
  /// shows, by the ramp), or the classifier's `cell` for anything else.
  private static func strokeCell(_ cell: Cell, window: [Double], scratch: inout [Double], samples: [Double]) -> Cell {
    var cell = cell
    if let junction = window.withUnsafeBufferPointer({ ThinLine.junction($0) }) {
      cell.character = junction
      cell.isLine = true
      return cell
    }
    window.withUnsafeBufferPointer { window in
      scratch.withUnsafeMutableBufferPointer { scratch in
        _ = scratch.update(fromContentsOf: window)
        ThinLine.clearNeighbours(window, into: scratch)
      }
    }
    switch scratch.withUnsafeBufferPointer({ ThinLine.classify($0) }) {
    case .line(let line):
      cell.character = line
      cell.isLine = true
    case .neighbours:
      var sum = 0.0
      var count = 0.0
      for index in samples.indices where !isStroke(window, index) {
        sum += samples[index]
        count += 1
      }
      if count > 0 { cell.character = ASCIIGlyphs.rampCharacter(for: sum / count) }
    case .other: cell.isJunction = true
    }
    return cell
  }

  /// Whether the cell's sample `index` is stroke ink in the stroke window.
  private static func isStroke(_ window: [Double], _ index: Int) -> Bool {
    let (x, y) = (index % CellClassifier.columns, index / CellClassifier.columns)
    return window[(y + ThinLine.marginRows) * ThinLine.windowColumns + x + ThinLine.marginColumns] >= 0.25
  }

  /// The stroke picture's darkness in a cell and the margins around it
  /// that `ThinLine` reads (0 beyond the picture); false, with the window
  /// unread, when the cell itself has no stroke ink.
  private static func readWindow(into window: inout [Double], _ strokes: PixelCanvas, _ column: Int, _ row: Int)
    -> Bool
  {
    let (width, height) = (strokes.width, strokes.height)
    let x0 = column * CellClassifier.columns - ThinLine.marginColumns
    let y0 = row * CellClassifier.rows - ThinLine.marginRows
    return strokes.withPixels { pixels in
      // Most cells have no stroke: their samples are all paper white
      // (opaque white, packed premultiplied).
      let white: UInt32 = 0xFFFF_FFFF
      var inked = false
      for y in ThinLine.marginRows..<(ThinLine.marginRows + CellClassifier.rows) where !inked {
        for x in ThinLine.marginColumns..<(ThinLine.marginColumns + CellClassifier.columns) {
          let pixel = pixels[(y0 + y) * width + x0 + x]
          inked = inked || (pixel != white && darkness(pixel, invert: false) >= ThinLine.minimumContrast)
        }
      }
      guard inked else { return false }
      window.withUnsafeMutableBufferPointer { window in
        for y in 0..<ThinLine.windowRows {
          let py = y0 + y
          for x in 0..<ThinLine.windowColumns {
            let px = x0 + x
            let inside = px >= 0 && px < width && py >= 0 && py < height
            window[y * ThinLine.windowColumns + x] = inside ? darkness(pixels[py * width + px], invert: false) : 0
          }
        }
      }
      return true
    }
  }

  private static func mean(_ colors: [(Double, Double, Double)], where include: (Int) -> Bool) -> RGB? {
    var sum = (0.0, 0.0, 0.0)
    var count = 0.0
    for (index, value) in colors.enumerated() where include(index) {
      sum = (sum.0 + value.0, sum.1 + value.1, sum.2 + value.2)
      count += 1
    }
    guard count > 0 else { return nil }
    func byte(_ value: Double) -> UInt8 { clampedByte(value / count) }
    return RGB(red: byte(sum.0), green: byte(sum.1), blue: byte(sum.2))
  }

  /// Quadrants of 2 × 4 samples: with colour, the two tones of the cell
  /// as foreground and background; without, a quadrant is inked when it
  /// is more than half dark, and a cell of even tone gets a shade. Where
  /// a thin stroke runs (`strokes`, see `strokeQuadrants`), its quadrants
  /// are inked too, in the stroke's colour.
  private static func blockCell(
    _ samples: [Double], _ colors: [(Double, Double, Double)], strokes: (mask: Int, ink: [Bool])?, color: Bool
  ) -> Cell {
    func quadrant(_ index: Int) -> Int { (index % 4) / 2 + (index / 4 >= 4 ? 2 : 0) }
    var quadrantDarkness = [0.0, 0.0, 0.0, 0.0]
    for (index, value) in samples.enumerated() { quadrantDarkness[quadrant(index)] += value / 8 }
    if let strokes, strokes.mask != 0 {
      var mask = strokes.mask
      for (index, value) in quadrantDarkness.enumerated() where value > 0.5 { mask |= 1 << index }
      let character = ASCIIGlyphs.quadrants[mask]
      guard color else { return Cell(character: character) }
      let inked = { (index: Int) in strokes.ink[index] || quadrantDarkness[quadrant(index)] > 0.5 }
      return Cell(
        character: character, foreground: self.mean(colors, where: inked),
        background: self.mean(colors) { mask & (1 << quadrant($0)) == 0 })
    }
    let low = quadrantDarkness.min() ?? 0
    let high = quadrantDarkness.max() ?? 0
    let mean = quadrantDarkness.reduce(0, +) / 4
    if high - low < 0.15 {
      let shade = ASCIIGlyphs.shades[clampedInt((mean * 4).rounded(), 0, 4)]
      guard color, shade != " " else { return Cell(character: shade) }
      return Cell(character: "█", foreground: self.mean(colors) { _ in true })
    }
    let threshold = color ? (high + low) / 2 : 0.5
    var mask = 0
    for (index, value) in quadrantDarkness.enumerated() where value > threshold { mask |= 1 << index }
    let character = ASCIIGlyphs.quadrants[mask]
    guard color else { return Cell(character: character) }
    let inked = { (index: Int) in mask & (1 << quadrant(index)) != 0 }
    return Cell(
      character: character, foreground: self.mean(colors, where: inked),
      background: self.mean(colors) { !inked($0) })
  }

  /// Writes a text element's characters at its anchor and alignment,
  /// clipped at the edges; characters the charset cannot show become `?`.
  ///
  /// A character is rarely as wide as a glyph, so the written text is
  /// narrower (or wider) than the drawn one. The written lines, as one
  /// block, keep the edge of the drawn box that layout lined the text up
  /// by (`boxAlignment`): a title a stack centres is written in the
  /// middle of its box (its anchor is the box's leading edge, so the
  /// anchor alone would put it at the left), a leading stack's labels
  /// share their left column, a trailing stack's their right one. Text
  /// nothing lined up is centred in its box when narrower and grows from
  /// its anchor when wider. Every line moves by the same amount, so the
  /// lines of a paragraph keep their own alignment with each other.
  mutating func write(
    _ text: TextItem, viewport: Rect, cellWidth: Double, cellHeight: Double, charset: ASCIICharset,
    diagnostics: inout [Diagnostic]
  ) {
    var replaced: Unicode.Scalar? = nil
    let lines = text.lines
    let measured = lines.map { TextMetrics.width(of: $0, size: text.fontSize) }.max() ?? 0
    let written = Double(lines.map { $0.unicodeScalars.count }.max() ?? 0)
    let shift = CellGrid.shift(of: text, room: measured / cellWidth - written)
    for (index, line) in lines.enumerated() {
      // The middle of the x-height sits about 0.35 em above the baseline.
      let y = text.position.y + Double(index) * text.lineHeight - 0.35 * text.fontSize
      // Far-off positions clamp to just outside the grid, so the
      // arithmetic below cannot overflow.
      let limit = largestSafeCount
      let row = clampedInt(((y - viewport.y) / cellHeight).rounded(.down), -1, rows)
      let scalars = Array(line.unicodeScalars)
      let anchor = (text.position.x - viewport.x) / cellWidth
      var start: Int
      switch text.alignment {
      case .leading: start = clampedInt((anchor + shift).rounded(), -limit, limit)
      case .center: start = clampedInt((anchor + shift - Double(scalars.count) / 2).rounded(), -limit, limit)
      case .trailing: start = clampedInt((anchor + shift).rounded(), -limit, limit) - scalars.count
      }
      // A cell may be narrower than a glyph: a run that would be cut at an
      // edge of the grid is moved inside it when it fits.
      if scalars.count <= columns, start < columns, start + scalars.count > 0 {
        start = min(max(start, 0), columns - scalars.count)
      }
      guard row >= 0, row < rows else { continue }
      for (offset, scalar) in scalars.enumerated() {
        let column = start + offset
        guard column >= 0, column < columns else { continue }
        var character = Character(scalar)
        if scalar == "\t" { character = " " }
        if !CellGrid.fits(scalar, charset) {
          replaced = replaced ?? scalar
          character = "?"
        }
        cells[row * columns + column] = Cell(
          character: character, foreground: RGB(red: text.color.red, green: text.color.green, blue: text.color.blue))
      }
    }
    if let replaced {
      diagnostics.append(
        Diagnostic(
          BackendCodes.characterReplaced, text.sourceRange,
          "'\(replaced)' cannot be shown with --charset \(charset.rawValue); it is written as '?'"))
    }
  }

  /// How far (in cells) the written block moves from where the text's
  /// own alignment puts it at its anchor, so that it keeps the edge of
  /// the drawn box layout lined the text up by. `room` is the drawn box's
  /// width less the block's, in cells (negative: the block is wider).
  static func shift(of text: TextItem, room: Double) -> Double {
    func fraction(_ alignment: TextAlignment) -> Double {
      switch alignment {
      case .leading: 0
      case .center: 0.5
      case .trailing: 1
      }
    }
    // Nothing lined it up: centred in its box when narrower, from its anchor when wider.
    guard let box = text.boxAlignment else { return (0.5 - fraction(text.alignment)) * max(0, room) }
    return (fraction(box) - fraction(text.alignment)) * room
  }

  private static func fits(_ scalar: Unicode.Scalar, _ charset: ASCIICharset) -> Bool {
    if scalar == "\t" { return true }
    switch charset {
    case .ascii: return scalar.value >= 32 && scalar.value < 127
    // One column wide and harmless on a terminal: no controls (C0, DEL,
    // C1), no format characters (bidirectional overrides, zero-width
    // spaces and joiners), no line separators, no combining marks, nothing
    // East Asian wide.
    case .blocks:
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .nonspacingMark, .spacingMark, .enclosingMark,
        .surrogate, .privateUse, .unassigned:
        return false
      default:
        return scalar.value < 0x0300 || (scalar.value >= 0x0370 && scalar.value < 0x1100)
          || (scalar.value >= 0x2000 && scalar.value < 0x2E80)
      }
    }
  }

  /// One line per row, no trailing spaces, a newline at the end; with
  /// colour, 24-bit ANSI escapes, reset at the end of every line.
  func serialize(color: Bool) -> [UInt8] {
    var out = ByteWriter(expectedSize: rows * (columns + 1) * (color ? 20 : 1))
    for row in 0..<rows {
      let line = cells[(row * columns)..<((row + 1) * columns)]
      let last = line.lastIndex { $0.character != " " || (color && $0.background != nil) }
      var current: (foreground: RGB?, background: RGB?) = (nil, nil)
      var styled = false
      if let last {
        for cell in line[line.startIndex...last] {
          if color, cell.foreground != current.foreground || cell.background != current.background {
            out.write("\u{1B}[0m")
            if let fg = cell.foreground { CellGrid.escape(&out, 38, fg) }
            if let bg = cell.background { CellGrid.escape(&out, 48, bg) }
            current = (cell.foreground, cell.background)
            styled = true
          }
          out.writeString(String(cell.character))
        }
      }
      if styled { out.write("\u{1B}[0m") }
      out.write("\n")
    }
    return out.bytes
  }

  private static func escape(_ out: inout ByteWriter, _ kind: Int, _ rgb: RGB) {
    out.write("\u{1B}[")
    out.write(kind)
    out.write(";2;")
    out.write(Int(rgb.red))
    out.write(";")
    out.write(Int(rgb.green))
    out.write(";")
    out.write(Int(rgb.blue))
    out.write("m")
  }
}
