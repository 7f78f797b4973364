/// The shape IR: a flat, backend-neutral display list with layout fully
/// resolved. Backends see only this.

/// An sRGB colour quantized to 8 bits per channel, with straight alpha.
public struct IRColor: Equatable, Sendable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8
  public var alpha: Double

  init(_ color: Color) {
    func channel(_ value: Double) -> UInt8 { UInt8(truncatingIfNeeded: clampedInt((value * 255).rounded(), 0, 255)) }
    red = channel(color.red)
    green = channel(color.green)
    blue = channel(color.blue)
    alpha = min(1, max(0, (color.alpha * 10_000).rounded() / 10_000))
  }

  /// `#rrggbb`.
  public var hex: String {
    let writer = ByteWriter()
    writer.writeHex(self)
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}

/// One colour of a gradient at its position along the gradient's axis.
public struct GradientStopIR: Equatable, Sendable {
  /// In 0…1, never decreasing along the list.
  public var offset: Double
  public var color: IRColor
}

/// A linear gradient between two absolute points, with pad spread.
public struct LinearGradientIR: Equatable, Sendable {
  public var start: Point
  public var end: Point
  public var stops: [GradientStopIR]
}

/// What fills a path.
public enum Paint: Equatable, Sendable {
  case solid(IRColor)
  case linearGradient(LinearGradientIR)
}

/// A filled outline.
public struct PathItem: Equatable, Sendable {
  /// Absolute coordinates in points.
  public var segments: [PathSegment]
  public var paint: Paint
  public var fillRule: FillRule
  /// Multiplies the paint's alpha; 0…1.
  public var opacity: Double
  /// Where in the source the item came from.
  public var sourceRange: SourceRange
}

/// A run of text (one or more lines) in a text style.
public struct TextItem: Equatable, Sendable {
  public var text: String
  /// The anchor on the baseline; see `alignment`.
  public var position: Point
  public var fontSize: Double
  public var bold: Bool
  public var alignment: TextAlignment
  public var color: IRColor
  public var sourceRange: SourceRange

  /// The text split at `\n`; each line's baseline is `lineHeight` below
  /// the one before.
  public var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

  /// 1.2 em, the usual default line spacing.
  public var lineHeight: Double { fontSize * 1.2 }

  /// An estimate for layout checks and the automatic canvas, since the
  /// real font is the viewer's: 0.6 em per character, ascent 0.8 em,
  /// descent 0.2 em.
  var estimatedBounds: Rect {
    let lines = self.lines
    let width = 0.6 * fontSize * Double(lines.map(\.count).max() ?? 0)
    let x: Double
    switch alignment {
    case .leading: x = position.x
    case .center: x = position.x - width / 2
    case .trailing: x = position.x - width
    }
    return Rect(
      x: x, y: position.y - 0.8 * fontSize, width: width,
      height: fontSize + lineHeight * Double(lines.count - 1))
  }
}

/// One entry of the display list.
public enum DisplayItem: Equatable, Sendable {
  case path(PathItem)
  case text(TextItem)
}

/// A compiled picture.
public struct Scene: Equatable, Sendable {
  /// The visible area in user space; its size is the picture's size.
  public var viewport: Rect
  /// nil: transparent.
  public var background: IRColor?
  /// The `canvas` statement, if there is one.
  public var canvasRange: SourceRange?
  /// In paint order.
  public var items: [DisplayItem]
}
