import PencilDiagnostics
import PencilGeometry
import PencilIR
import PencilSupport

/// SVG 1.1 that resvg, rsvg-convert and browsers render alike. Every shape
/// is a `<path>`, every gradient a `linearGradient` or `radialGradient` in
/// user space, and the output is byte-identical on every run.
public struct SVGBackend: Backend {
  public let name = "svg"
  public let fileExtensions = ["svg"]
  public var options: SVGOptions

  public init(options: SVGOptions = SVGOptions()) {
    self.options = options
  }

  static let fontFamily: StaticString = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif"

  public func render(_ scene: Scene, diagnostics: inout [Diagnostic]) -> [UInt8]? {
    if let empty = SVGBackend.emptyPicture(scene) {
      diagnostics.append(empty)
      return nil
    }
    var writer = SVGWriter(
      out: ByteWriter(expectedSize: SVGBackend.expectedSize(of: scene)), textAsPaths: options.textAsPaths,
      annotator: options.annotator)
    writer.document(scene)
    return writer.out.bytes
  }

  /// Streams the document in blocks as it is written: memory stays flat
  /// however large the picture.
  public func render(
    _ scene: Scene, diagnostics: inout [Diagnostic], write: @escaping (UnsafeBufferPointer<UInt8>) -> Void
  ) -> Bool {
    if let empty = SVGBackend.emptyPicture(scene) {
      diagnostics.append(empty)
      return false
    }
    var writer = SVGWriter(
      out: ByteWriter(sink: write), textAsPaths: options.textAsPaths, annotator: options.annotator)
    writer.document(scene)
    writer.out.flush()
    return true
  }

  /// E0302 for a picture with no area, as the raster formats give: a file
  /// that draws nothing and has no canvas is a mistake in every format.
  static func emptyPicture(_ scene: Scene) -> Diagnostic? {
    guard !(scene.viewport.width > 0 && scene.viewport.height > 0) else { return nil }
    return Diagnostic(
      BackendCodes.emptyPicture, scene.canvasRange ?? SourceRange(0, 0),
      "the picture is \(formatNumber(max(scene.viewport.width, 0)))x\(formatNumber(max(scene.viewport.height, 0))) points; add a canvas or something to draw"
    )
  }

  /// A generous estimate of the output size, so the output array is
  /// allocated once; unused capacity is never touched and costs nothing.
  static func expectedSize(of scene: Scene) -> Int {
    var size = 512
    for item in scene.items {
      switch item {
      case .path(let path):
        size += 96 + 40 * path.segmentCount
        switch path.paint {
        case .solid: break
        case .linearGradient(let gradient): size += 128 + 64 * gradient.stops.count
        case .radialGradient(let gradient): size += 192 + 64 * gradient.stops.count
        }
      case .text(let text):
        size += 256 + 8 * text.text.utf8.count
      }
    }
    return size
  }
}

struct SVGWriter: ~Copyable {
  var out: ByteWriter
  /// `--text-as-paths`: each glyph's outline is defined once per size and
  /// weight, on first use, and every character is a `<use>` of it.
  var glyphDefinitions: [GlyphKey: Int] = [:]
  var gradientCount = 0
  /// Recently written gradients (see SVGGradients): a pencil's tip and body share one.
  var recentGradients: [(gradient: Paint, dark: Paint?, id: Int)] = []
  private let textAsPaths: Bool
  /// Set for a scene with colours per appearance (see SVGAppearance).
  var appearanceClasses: AppearanceClasses?
  /// The scene's dark appearance, for the shadows' colours (SVGLayers).
  var darkVariant: AppearanceVariant?
  /// The clip group open around the items being written, and the ids of
  /// the clips defined (with the clips, so no identifier is reused).
  var openClip: ClipIR?
  var clipIDs: [ObjectIdentifier: (id: Int, clip: ClipIR)] = [:]
  /// The layers open around the items being written (outermost first),
  /// the filters written, and each layer's items' box (see SVGLayers).
  var openLayers: [LayerIR] = []
  var filterCount = 0
  var layerRegions: [ObjectIdentifier: Rect] = [:]
  /// `SVGOptions.annotator`: what writes extra attributes (the preview's
  /// source annotations), and the item whose first element is to carry them.
  var annotator: (any SVGAnnotator)?
  var pendingAnnotation: (item: DisplayItem, index: Int)?

  init(out: consuming ByteWriter, textAsPaths: Bool, annotator: (any SVGAnnotator)? = nil) {
    self.out = out
    self.textAsPaths = textAsPaths
    self.annotator = annotator
  }

  mutating func document(_ scene: Scene) {
    let box = scene.viewport
    out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    out.write("<svg xmlns=\"http://www.w3.org/2000/svg\"")
    if textAsPaths, scene.items.contains(where: { if case .text = $0 { true } else { false } }) {
      out.write(" xmlns:xlink=\"http://www.w3.org/1999/xlink\"")
    }
    out.write(" version=\"1.1\" width=\"")
    out.write(box.width)
    out.write("\" height=\"")
    out.write(box.height)
    out.write("\" viewBox=\"")
    numbers(box.x, box.y, box.width, box.height)
    out.write("\">\n")
    annotator?.start(scene)
    if let dark = scene.dark {
      let classes = AppearanceClasses(light: scene, dark: dark)
      appearanceStyle(classes)
      appearanceClasses = classes
    }
    if let background = scene.background {
      out.write("<rect x=\"")
      out.write(box.x)
      out.write("\" y=\"")
      out.write(box.y)
      out.write("\" width=\"")
      out.write(box.width)
      out.write("\" height=\"")
      out.write(box.height)
      out.write("\"")
      fill(background, opacity: 1)
      appearanceClass(.fill, background, scene.dark?.background)
      out.write("/>\n")
    }
    let darkVariant = scene.dark
    self.darkVariant = darkVariant
    // Asked once: comparing the optional existential with nil copies it.
    let annotating = annotator != nil
    if scene.hasLayers { layerRegions = LayerIR.regions(of: scene.items) }
    for index in scene.items.indices {
      let item = scene.items[index]
      let dark = darkVariant?.item(at: index, light: item)
      if !layerRegions.isEmpty { enterLayers(item.layers, item: index) }
      enterClip(item.clip)
      if annotating { pendingAnnotation = (item, index) }
      if case .text(let text) = item, let transform = text.transform {
        out.write("<g")
        transformAttribute(transform)
        writeAnnotation()
        out.write(">\n")
      }
      switch item {
      case .path(let path): self.path(path, dark: dark)
      case .text(let text) where textAsPaths: outlinedText(text, dark: dark)
      case .text(let text): self.text(text, dark: dark)
      }
      if case .text(let text) = item, text.transform != nil { out.write("</g>\n") }
    }
    enterLayers([], item: scene.items.count)
    enterClip(nil)
    out.write("</svg>\n")
  }

  private mutating func numbers(_ values: Double...) {
    for (index, value) in values.enumerated() {
      if index > 0 { out.write(byte: UInt8(ascii: " ")) }
      out.write(value)
    }
  }

  /// After `out.reserve(2 * ByteWriter.maximumNumberLength + 2)`.
  private mutating func uncheckedPoint(_ p: Point) {
    out.uncheckedWrite(p.x)
    out.uncheckedWrite(byte: UInt8(ascii: ","))
    out.uncheckedWrite(p.y)
  }

  mutating func color(_ color: IRColor) {
    out.writeHex(color)
  }

  /// ` fill="#rrggbb"` and, when not opaque, ` fill-opacity="a"`.
  mutating func fill(_ color: IRColor, opacity: Double) {
    colorAttributes(color, opacity: opacity, " fill=\"", " fill-opacity=\"")
  }

  /// A colour attribute and, when not opaque, its opacity attribute:
  /// fills and strokes alike.
  mutating func colorAttributes(
    _ color: IRColor, opacity: Double, _ attribute: StaticString, _ opacityAttribute: StaticString
  ) {
    out.write(attribute)
    self.color(color)
    out.write("\"")
    let alpha = color.alpha * opacity
    if alpha < 1 {
      out.write(opacityAttribute)
      out.write(alpha)
      out.write("\"")
    }
  }

  private mutating func path(_ item: PathItem, dark: DisplayItem?) {
    var darkPaint: Paint? = nil
    if case .path(let darkPath)? = dark { darkPaint = darkPath.paint }
    let gradientID = gradient(item.paint, dark: darkPaint)
    // A gradient stroke's gradient is defined before the path, as the fill's is.
    var strokeGradientID: Int? = nil
    if let stroke = item.stroke {
      var darkStroke: Paint? = nil
      if case .path(let darkPath)? = dark { darkStroke = darkPath.stroke?.paint }
      strokeGradientID = gradient(stroke.paint, dark: darkStroke)
    }
    out.write("<path d=\"")
    let (outline, map) = item.outlineAndMap
    if let map {
      pathData(outline, map)
    } else {
      pathData(outline, IdentityMap())
    }
    out.write("\"")
    switch item.paint {
    case .solid(let solid):
      // A line, an arrow or a path without a fill, or `fill=.clear`:
      // nothing to paint in either appearance.
      var darkClear = true
      if case .path(let darkPath)? = dark {
        if case .solid(let darkSolid) = darkPath.paint { darkClear = darkSolid.alpha == 0 } else { darkClear = false }
      }
      if solid.alpha == 0, darkClear {
        out.write(" fill=\"none\"")
      } else {
        fill(solid, opacity: item.opacity)
      }

    case .linearGradient, .radialGradient:
      out.write(" fill=\"url(#g")
      out.write(gradientID ?? 0)
      out.write(")\"")
      if item.opacity < 1 {
        out.write(" fill-opacity=\"")
        out.write(item.opacity)
        out.write("\"")
      }
    }
    if item.fillRule == .evenodd { out.write(" fill-rule=\"evenodd\"") }
    if let transform = item.transform { transformAttribute(transform) }
    var classes: [Int?] = []
    if let appearanceClasses, case .path(let darkPath)? = dark {
      if case .solid(let solid) = item.paint, case .solid(let darkSolid) = darkPath.paint {
        classes.append(appearanceClasses.id(.fill, solid, darkSolid, opacity: item.opacity))
      }
      if case .solid(let color)? = item.stroke?.paint, case .solid(let darkColor)? = darkPath.stroke?.paint {
        classes.append(appearanceClasses.id(.stroke, color, darkColor, opacity: item.opacity))
      }
    }
    if let stroke = item.stroke { strokeAttributes(stroke, opacity: item.opacity, gradientID: strokeGradientID) }
    writeClasses(classes)
    writeAnnotation()
    out.write("/>\n")
  }

  /// The `d` attribute's value. One capacity check per segment, for the
  /// longest a segment can be: a check for the whole path would reserve
  /// ~300 bytes per segment at once (gigabytes for a megabyte of text).
  /// Generic over the map so that each kind gets its own specialized loop.
  mutating func pathData<Map: PointMap>(_ segments: [PathSegment], _ map: Map) {
    let perSegment = 6 * ByteWriter.maximumNumberLength + 8
    for segment in segments {
      out.reserve(perSegment)
      switch segment {
      case .move(let p):
        out.uncheckedWrite(byte: UInt8(ascii: "M"))
        uncheckedPoint(map.apply(p))
      case .line(let p):
        out.uncheckedWrite(byte: UInt8(ascii: "L"))
        uncheckedPoint(map.apply(p))
      case .cubic(let c1, let c2, let to):
        out.uncheckedWrite(byte: UInt8(ascii: "C"))
        uncheckedPoint(map.apply(c1))
        out.uncheckedWrite(byte: UInt8(ascii: " "))
        uncheckedPoint(map.apply(c2))
        out.uncheckedWrite(byte: UInt8(ascii: " "))
        uncheckedPoint(map.apply(to))
      case .close:
        out.uncheckedWrite(byte: UInt8(ascii: "Z"))
      }
    }
  }

  private mutating func text(_ item: TextItem, dark: DisplayItem?) {
    out.write("<text x=\"")
    out.write(item.position.x)
    out.write("\" y=\"")
    out.write(item.position.y)
    out.write("\" font-family=\"")
    out.write(SVGBackend.fontFamily)
    out.write("\" font-size=\"")
    out.write(item.fontSize)
    out.write("\"")
    if item.bold { out.write(" font-weight=\"bold\"") }
    switch item.alignment {
    case .leading: break
    case .center: out.write(" text-anchor=\"middle\"")
    case .trailing: out.write(" text-anchor=\"end\"")
    }
    fill(item.color, opacity: 1)
    if case .text(let darkText)? = dark { appearanceClass(.fill, item.color, darkText.color) }
    // One line (most text) is written from the text itself, not from a
    // split copy of it.
    let oneLine = !item.text.utf8.contains(UInt8(ascii: "\n"))
    if oneLine { textLength(of: item.text, item.fontSize) }
    writeAnnotation()
    out.write(" xml:space=\"preserve\">")
    if oneLine {
      out.writeEscaped(item.text)
    } else {
      for (index, line) in item.lines.enumerated() {
        out.write("<tspan x=\"")
        out.write(item.position.x)
        out.write("\" y=\"")
        out.write(item.position.y + Double(index) * item.lineHeight)
        out.write("\"")
        textLength(of: line, item.fontSize)
        out.write(">")
        out.writeEscaped(line)
        out.write("</tspan>")
      }
    }
    out.write("</text>\n")
  }

  /// Asks the viewer to hold its font to the width layout measured with
  /// the built-in font, so a background sized to the text fits it where
  /// `textLength` is honoured (resvg and browsers). librsvg (rsvg-convert),
  /// CairoSVG, androidsvg and canvg ignore it: there the viewer's font
  /// keeps its own width, and a wide line overflows its background
  /// (`scripts/text-box-check.py`; `--text-as-paths` is exact everywhere).
  private mutating func textLength(of line: String, _ fontSize: Double) {
    let width = TextMetrics.width(of: line[...], size: fontSize)
    guard width > 0 else { return }
    out.write(" textLength=\"")
    out.write(width)
    out.write("\" lengthAdjust=\"spacingAndGlyphs\"")
  }
}
