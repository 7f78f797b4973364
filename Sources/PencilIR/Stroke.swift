import PencilGeometry

/// A path's stroke: its paint and style, in a box shared by reference so
/// that a path without one stays as small as it was.
public final class StrokeIR: Equatable, Sendable {
  public let paint: Paint
  public let style: StrokeStyle

  package init(paint: Paint, style: StrokeStyle) {
    self.paint = paint
    self.style = style
  }

  public static func == (a: StrokeIR, b: StrokeIR) -> Bool { a === b || (a.paint == b.paint && a.style == b.style) }
}
